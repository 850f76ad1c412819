//! One WebSocket connection: the messages it may send, checked one by one, and the states it is
//! sent, each built for its own viewer only. See `docs/web.md` for the message protocol.

use crate::live::{ActError, Live, lock};
use crate::{Inner, Slot, token};
use coupdoeil_engine::{Side, ToAct, Viewer};
use coupdoeil_games::side_letter;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tokio::sync::watch;

/// Longest action text accepted.
const MAX_TEXT: usize = 200;
/// Longest chat line accepted, in characters.
const MAX_CHAT_TEXT: usize = 500;
/// Most actions in one request.
const MAX_ACTIONS: usize = 64;

/// What was last sent to this connection, to send only what is new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sent {
    version: u64,
    epoch: u64,
    viewer: Viewer,
    events: usize,
    dice: usize,
    chat: usize,
}

/// A connection's protocol state.
pub(crate) struct Conn {
    inner: Arc<Inner>,
    slot: Option<Arc<Slot>>,
    seats: Vec<Side>,
    viewer: Viewer,
    handover: Option<Side>,
    sent: Option<Sent>,
    /// This connection's chat allowance.
    chat: crate::guard::Bucket,
}

/// What handling a message produced: messages to send, and the game to watch after a `hello`.
pub(crate) struct Reply {
    pub messages: Vec<String>,
    pub watch: Option<watch::Receiver<u64>>,
}

fn viewer_json(v: Viewer) -> Value {
    match v {
        Viewer::Side(s) => json!(side_letter(s)),
        Viewer::Spectator => json!("spectator"),
        Viewer::Referee => json!("referee"),
    }
}

fn error(req: &Value, message: impl Into<String>) -> String {
    json!({ "type": "error", "req": req, "message": message.into() }).to_string()
}

fn str_field<'a>(msg: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    match msg.get(key) {
        Some(Value::String(s)) if s.len() <= MAX_TEXT => Ok(s),
        Some(Value::String(_)) => Err(format!("`{key}` is too long")),
        Some(_) => Err(format!("`{key}` must be a string")),
        None => Err(format!("missing `{key}`")),
    }
}

fn opt_str<'a>(msg: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match msg.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => str_field(msg, key).map(Some),
    }
}

fn state_field(msg: &Map<String, Value>) -> Result<u64, String> {
    match msg.get("state") {
        Some(v) => v
            .as_u64()
            .ok_or_else(|| "`state` must be the state number you were sent".to_string()),
        None => Err("missing `state`: send back the state number you were sent".into()),
    }
}

/// Pieces of game information every connection of a game may see.
pub(crate) fn game_info(live: &Live) -> Value {
    let m = &live.m;
    json!({
        "id": live.row.id,
        "scenario": m.scenario_id(),
        "name": m.scenario_name(),
        "rules": m.game().rules_id(),
        "sides": Side::ALL.iter().map(|&s| json!({
            "side": side_letter(s),
            "id": m.side_id(s),
            "name": m.side_name(s),
            "player": live.row.seats[s.index()],
        })).collect::<Vec<_>>(),
        "auto_pass": live.row.auto_pass,
        "hotseat": live.row.hotseat,
        "public": live.row.public,
        "people": live.between_people(),
        "over": live.outcome().is_some(),
        "dice": live.dice_json(),
    })
}

pub(crate) fn to_act_json(live: &Live) -> Value {
    match live.to_act() {
        ToAct::Over => json!({ "kind": "over", "outcome": live.outcome() }),
        ToAct::Side(s) => {
            let mut v = live.m.to_act_json();
            v["human"] = json!(live.human(s));
            v
        }
        ToAct::Chance => live.m.to_act_json(),
    }
}

impl Conn {
    pub fn new(inner: Arc<Inner>) -> Conn {
        Conn {
            slot: None,
            seats: Vec::new(),
            viewer: Viewer::Spectator,
            handover: None,
            sent: None,
            chat: inner.guard.chat(),
            inner,
        }
    }

    /// Handles one text message. Never panics on any input; a bad message gets an `error`
    /// reply and changes nothing.
    pub fn handle(&mut self, text: &str) -> Reply {
        let mut reply = Reply {
            messages: Vec::new(),
            watch: None,
        };
        let msg: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                reply
                    .messages
                    .push(error(&Value::Null, format!("not JSON: {e}")));
                return reply;
            }
        };
        let Value::Object(msg) = msg else {
            reply
                .messages
                .push(error(&Value::Null, "a message is a JSON object"));
            return reply;
        };
        // `req` is echoed back so that a client can match replies to requests.
        let req = match msg.get("req") {
            Some(v @ Value::Number(_)) => v.clone(),
            Some(Value::String(s)) if s.len() <= 64 => Value::String(s.clone()),
            _ => Value::Null,
        };
        let kind = match str_field(&msg, "type") {
            Ok(k) => k.to_string(),
            Err(e) => {
                reply.messages.push(error(&req, e));
                return reply;
            }
        };
        let r = match kind.as_str() {
            "hello" => self.hello(&msg, &req, &mut reply),
            "ping" => {
                reply
                    .messages
                    .push(json!({ "type": "pong", "req": req }).to_string());
                Ok(())
            }
            _ if self.slot.is_none() => Err("send `hello` with a game id first".to_string()),
            "act" => self.act(&msg, &req, &mut reply),
            "move" => self.do_move(&msg, &req, &mut reply),
            "undo" => self.undo(&msg, &req, &mut reply),
            "reach" => self.reach(&msg, &req, &mut reply),
            "preview" => self.preview(&msg, &req, &mut reply),
            "view" => self.view(&msg, &mut reply),
            "look" => self.look(&msg, &req, &mut reply),
            "resign" => self.resign(&req, &mut reply),
            "offer_draw" => self.offer_draw(&req, &mut reply),
            "decline_draw" => self.decline_draw(&req, &mut reply),
            "rematch" => self.ask_rematch(&req, &mut reply),
            "chat" => self.say(&msg, &req, &mut reply),
            "resync" => {
                self.sent = None;
                reply.messages.extend(self.update());
                Ok(())
            }
            other => Err(format!(
                "unknown message type `{}`",
                other.chars().take(40).collect::<String>()
            )),
        };
        if let Err(e) = r {
            reply.messages.push(error(&req, e));
        }
        reply
    }

    fn hello(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        if self.slot.is_some() {
            return Err("this connection has already joined a game".into());
        }
        let id = str_field(msg, "game")?;
        let slot = self
            .inner
            .find(id)
            .map_err(|e| format!("the server cannot load that game: {e}"))?
            .ok_or_else(|| {
                format!(
                    "there is no game `{}`",
                    id.chars().take(40).collect::<String>()
                )
            })?;
        let mut given: Vec<&str> = Vec::new();
        if let Some(t) = opt_str(msg, "token")? {
            given.push(t);
        }
        match msg.get("tokens") {
            None | Some(Value::Null) => {}
            Some(Value::Array(a)) if a.len() <= 2 => {
                for t in a {
                    given.push(
                        t.as_str()
                            .filter(|t| t.len() <= MAX_TEXT)
                            .ok_or("`tokens` must be a list of strings")?,
                    );
                }
            }
            Some(_) => return Err("`tokens` must be a list of at most two strings".into()),
        }
        let mut seats = Vec::new();
        {
            let live = lock(&slot.live);
            for t in &given {
                if t.is_empty() {
                    continue;
                }
                let side = Side::ALL.into_iter().find(|s| {
                    live.row.tokens[s.index()]
                        .as_deref()
                        .is_some_and(|stored| token::same(t, stored))
                });
                match side {
                    Some(s) if !seats.contains(&s) => seats.push(s),
                    Some(_) => {}
                    None => return Err("this link's token matches no seat of the game".into()),
                }
            }
            seats.sort();
            self.viewer = match (seats.as_slice(), live.to_act()) {
                ([], _) => Viewer::Spectator,
                ([s], _) => Viewer::Side(*s),
                (_, ToAct::Side(s)) if seats.contains(&s) && live.human(s) => Viewer::Side(s),
                _ => Viewer::Side(seats[0]),
            };
            reply.messages.push(
                json!({
                    "type": "welcome",
                    "req": req,
                    "game": game_info(&live),
                    "seats": seats.iter().map(|s| side_letter(*s)).collect::<Vec<_>>(),
                    "board": format!("/api/games/{}/board", live.row.id),
                })
                .to_string(),
            );
        }
        self.seats = seats;
        reply.watch = Some(slot.tx.subscribe());
        // A game loaded for this connection: its programs go on.
        self.inner.drive(&slot);
        self.slot = Some(slot);
        self.sent = None;
        reply.messages.extend(self.update());
        Ok(())
    }

    /// The side this connection acts for now: the side to act, if it holds that seat and its
    /// screen shows that side.
    fn acting(&self, live: &Live) -> Result<Side, String> {
        match live.to_act() {
            ToAct::Side(s) if self.seats.contains(&s) && self.viewer == Viewer::Side(s) => {
                if live.human(s) {
                    Ok(s)
                } else {
                    Err("a program plays this side".into())
                }
            }
            ToAct::Side(s) if self.seats.contains(&s) => Err(format!(
                "take over the screen as the {} player first",
                live.m.side_name(s)
            )),
            ToAct::Side(s) => Err(format!(
                "it is the {} player's decision",
                live.m.side_name(s)
            )),
            ToAct::Chance => Err("the game is rolling a die".into()),
            ToAct::Over => Err("the game is over".into()),
        }
    }

    fn fresh(live: &Live, msg: &Map<String, Value>) -> Result<(), String> {
        let state = state_field(msg)?;
        if state != live.version {
            return Err(format!(
                "stale request: the game is at state {}, you sent {state}; nothing was done",
                live.version
            ));
        }
        Ok(())
    }

    fn actions(msg: &Map<String, Value>) -> Result<Vec<String>, String> {
        match (msg.get("action"), msg.get("actions")) {
            (Some(_), None) => Ok(vec![str_field(msg, "action")?.to_string()]),
            (None, Some(Value::Array(a))) if !a.is_empty() && a.len() <= MAX_ACTIONS => a
                .iter()
                .map(|v| {
                    v.as_str()
                        .filter(|s| s.len() <= MAX_TEXT)
                        .map(str::to_string)
                        .ok_or_else(|| "`actions` must be a list of action texts".to_string())
                })
                .collect(),
            (None, None) => Err("missing `action`".into()),
            _ => Err(format!(
                "give `action` (a text) or `actions` (a list of 1 to {MAX_ACTIONS} texts)"
            )),
        }
    }

    fn slot(&self) -> Result<Arc<Slot>, String> {
        self.slot.clone().ok_or_else(|| "no game".to_string())
    }

    fn run(
        &mut self,
        req: &Value,
        reply: &mut Reply,
        f: impl FnOnce(
            &Conn,
            &mut Live,
            &std::sync::Mutex<crate::store::Store>,
        ) -> Result<Value, ActError>,
    ) -> Result<(), String> {
        let slot = self.slot()?;
        let inner = self.inner.clone();
        let me: &Conn = self;
        let done = inner.mutate(&slot, |live, store| f(me, live, store))?;
        let mut m = json!({ "type": "done", "req": req });
        if let (Value::Object(o), Value::Object(d)) = (&mut m, done) {
            o.extend(d);
        }
        reply.messages.push(m.to_string());
        reply.messages.extend(self.update());
        Ok(())
    }

    fn act(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let actions = Self::actions(msg)?;
        self.run(req, reply, |me, live, store| {
            Self::fresh(live, msg).map_err(ActError::Refused)?;
            let side = me.acting(live).map_err(ActError::Refused)?;
            live.act(store, side, &actions)?;
            Ok(json!({ "applied": actions.len(), "state": live.version }))
        })
    }

    fn do_move(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let unit = str_field(msg, "unit")?.to_string();
        let to = str_field(msg, "to")?.to_string();
        let facing = opt_str(msg, "facing")?.map(str::to_string);
        self.run(req, reply, |me, live, store| {
            Self::fresh(live, msg).map_err(ActError::Refused)?;
            let side = me.acting(live).map_err(ActError::Refused)?;
            let reach = live
                .m
                .reachable(side, &unit)
                .map_err(|e| ActError::Refused(e.to_string()))?;
            let hex = reach
                .hexes
                .iter()
                .find(|h| h.hex == to)
                .ok_or_else(|| ActError::Refused(format!("{unit} cannot reach {to} now")))?;
            let path = match &facing {
                None => hex.path.clone(),
                Some(f) => hex
                    .facings
                    .iter()
                    .find(|e| e.facing.eq_ignore_ascii_case(f))
                    .map(|e| e.path.clone())
                    .ok_or_else(|| {
                        ActError::Refused(format!("{unit} cannot end facing {f} in {to}"))
                    })?,
            };
            if path.is_empty() {
                return Err(ActError::Refused(format!("{unit} is already there")));
            }
            live.act(store, side, &path)?;
            Ok(json!({ "applied": path.len(), "actions": path, "state": live.version }))
        })
    }

    fn undo(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let count = match msg.get("count") {
            None | Some(Value::Null) => 1,
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=1000).contains(n))
                .ok_or("`count` must be a whole number from 1 to 1000")?
                as usize,
        };
        self.run(req, reply, |me, live, store| {
            Self::fresh(live, msg).map_err(ActError::Refused)?;
            let side = me.acting(live).map_err(ActError::Refused)?;
            let n = live.undo(store, side, count)?;
            Ok(json!({ "undone": n, "state": live.version }))
        })
    }

    fn reach(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let unit = str_field(msg, "unit")?;
        let slot = self.slot()?;
        let live = lock(&slot.live);
        let side = self.acting(&live)?;
        let r = live.m.reachable(side, unit).map_err(|e| e.to_string())?;
        reply.messages.push(
            json!({ "type": "reach", "req": req, "state": live.version, "reach": r }).to_string(),
        );
        Ok(())
    }

    fn preview(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let action = str_field(msg, "action")?;
        let slot = self.slot()?;
        let live = lock(&slot.live);
        let side = self.acting(&live)?;
        let attacks = live
            .m
            .preview_declaration(side, action)
            .map_err(|e| e.to_string())?;
        reply.messages.push(
            json!({
                "type": "preview", "req": req, "state": live.version,
                "action": action, "attacks": attacks,
            })
            .to_string(),
        );
        Ok(())
    }

    /// The side this connection speaks for outside the decisions (resigning, offering a draw,
    /// chatting): its seat, or in hot-seat the side its screen shows.
    fn seat_side(&self) -> Result<Side, String> {
        match (self.seats.as_slice(), self.viewer) {
            ([], _) => Err("spectators take no part: only the players may do that".into()),
            ([s], _) => Ok(*s),
            (_, Viewer::Side(s)) if self.seats.contains(&s) => Ok(s),
            (seats, _) => Ok(seats[0]),
        }
    }

    /// Runs a change that is not a decision (resign, draw, rematch, chat) under the game's
    /// lock, then replies `done` and the new state.
    fn social(
        &mut self,
        req: &Value,
        reply: &mut Reply,
        f: impl FnOnce(
            &Arc<Inner>,
            &mut Live,
            &std::sync::Mutex<crate::store::Store>,
            Side,
        ) -> Result<Value, ActError>,
    ) -> Result<(), String> {
        let side = self.seat_side()?;
        let inner = self.inner.clone();
        self.run(req, reply, |_, live, store| f(&inner, live, store, side))
    }

    fn resign(&mut self, req: &Value, reply: &mut Reply) -> Result<(), String> {
        self.social(req, reply, |_, live, store, side| {
            live.resign(store, side)?;
            Ok(json!({ "resigned": side_letter(side), "state": live.version }))
        })
    }

    fn offer_draw(&mut self, req: &Value, reply: &mut Reply) -> Result<(), String> {
        self.social(req, reply, |_, live, store, side| {
            let agreed = live.offer_draw(store, side)?;
            Ok(json!({ "agreed": agreed, "state": live.version }))
        })
    }

    fn decline_draw(&mut self, req: &Value, reply: &mut Reply) -> Result<(), String> {
        self.social(req, reply, |_, live, store, side| {
            live.decline_draw(store, side)?;
            Ok(json!({ "state": live.version }))
        })
    }

    /// Asks for a rematch, or agrees to the other player's request: made at once against a
    /// program or in hot-seat, else when both have asked.
    fn ask_rematch(&mut self, req: &Value, reply: &mut Reply) -> Result<(), String> {
        let both = self.seats.len() == 2;
        let r = self.social(req, reply, |inner, live, store, side| {
            if live.to_act() != ToAct::Over {
                return Err(ActError::Refused(
                    "a rematch is for a finished game: resign or offer a draw first".into(),
                ));
            }
            if let Some((id, _)) = &live.rematch {
                return Err(ActError::Refused(format!(
                    "the rematch is made already: game {id}"
                )));
            }
            let other = side.other();
            let ready = both || !live.human(other) || live.rematch_offer == Some(other);
            if ready {
                let id = inner.rematch(live)?;
                Ok(json!({ "rematch": id, "state": live.version }))
            } else if live.rematch_offer == Some(side) {
                Err(ActError::Refused(
                    "you have asked for a rematch already: wait for the answer".into(),
                ))
            } else {
                live.rematch_offer = Some(side);
                let version = live.version + 1;
                crate::live::lock(store).set_offers(
                    &live.row.id,
                    live.draw_offer.map(side_letter),
                    Some(side_letter(side)),
                    version,
                )?;
                live.version = version;
                Ok(json!({ "asked": true, "state": live.version }))
            }
        });
        // The rematch's programs may have the first decision.
        if let Some(slot) = &self.slot {
            let id = lock(&slot.live).rematch.as_ref().map(|r| r.0.clone());
            if let Some(id) = id
                && let Ok(Some(new)) = self.inner.find(&id)
            {
                self.inner.drive(&new);
            }
        }
        r
    }

    fn say(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let text = match msg.get("text") {
            Some(Value::String(t)) => t,
            _ => return Err("`text` must be a string".into()),
        };
        // Printable text on one line, trimmed; the page shows it as text, never as HTML.
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string();
        if text.is_empty() {
            return Err("say something".into());
        }
        if text.chars().count() > MAX_CHAT_TEXT {
            return Err(format!("a chat line is at most {MAX_CHAT_TEXT} characters"));
        }
        if !self.chat.take() {
            return Err(format!(
                "too many chat lines: wait {} s",
                self.chat.wait().max(1)
            ));
        }
        self.social(req, reply, |_, live, store, side| {
            live.say(store, side, &text)?;
            Ok(json!({ "state": live.version }))
        })
    }

    /// The position as this connection's viewer saw it after step `step`: to step through what
    /// the opponent did while one waited.
    fn look(
        &mut self,
        msg: &Map<String, Value>,
        req: &Value,
        reply: &mut Reply,
    ) -> Result<(), String> {
        let step = msg
            .get("step")
            .and_then(Value::as_u64)
            .ok_or("`step` must be a step number")? as usize;
        let slot = self.slot()?;
        let live = lock(&slot.live);
        let (observation, turn) = live
            .m
            .observe_ui_at(step, self.viewer)
            .map_err(|e| e.to_string())?;
        reply.messages.push(
            json!({
                "type": "look", "req": req, "step": step, "state": live.version,
                "observation": observation, "turn": turn,
            })
            .to_string(),
        );
        Ok(())
    }

    fn view(&mut self, msg: &Map<String, Value>, reply: &mut Reply) -> Result<(), String> {
        let side = match str_field(msg, "side")? {
            "A" | "a" => Side::A,
            "B" | "b" => Side::B,
            other => {
                let slot = self.slot()?;
                let live = lock(&slot.live);
                live.m
                    .game()
                    .side_by_name(other)
                    .ok_or("`side` must be A, B or a side id")?
            }
        };
        if !self.seats.contains(&side) {
            return Err("you do not hold that side's seat".into());
        }
        self.viewer = Viewer::Side(side);
        self.handover = None;
        self.sent = None;
        reply.messages.extend(self.update());
        Ok(())
    }

    /// The messages this connection needs after the game changed (or after it joined): a new
    /// state for its viewer, or, in a hot-seat game, a request to hand the screen over.
    pub fn update(&mut self) -> Vec<String> {
        let Some(slot) = self.slot.clone() else {
            return Vec::new();
        };
        let live = lock(&slot.live);
        if let Some(s) = self.sent
            && s.version == live.version
            && s.epoch == live.epoch
            && s.viewer == self.viewer
        {
            return Vec::new();
        }
        if live.outcome().is_some() {
            // The game is over: nothing is hidden any more.
            self.viewer = Viewer::Referee;
        } else if self.seats.len() == 2
            && let ToAct::Side(s) = live.to_act()
            && live.human(s)
            && self.viewer != Viewer::Side(s)
        {
            if self.handover == Some(s) {
                return Vec::new();
            }
            self.handover = Some(s);
            // The side on screen sees first what its own decision led to (a die rolled for it,
            // its result), in its own view, then the request to pass the screen.
            let mut out = Vec::new();
            if matches!(self.viewer, Viewer::Side(v) if self.seats.contains(&v))
                && self
                    .sent
                    .is_some_and(|x| x.version != live.version && x.viewer == self.viewer)
            {
                out.push(self.state_message(&live).to_string());
            }
            out.push(
                json!({
                    "type": "handover",
                    "to": side_letter(s),
                    "name": live.m.side_name(s),
                    "state": live.version,
                })
                .to_string(),
            );
            return out;
        }
        vec![self.state_message(&live).to_string()]
    }

    fn state_message(&mut self, live: &Live) -> Value {
        let viewer = self.viewer;
        let m = &live.m;
        let reset = !self
            .sent
            .is_some_and(|s| s.epoch == live.epoch && s.viewer == viewer);
        let (ev_from, dice_from) = match (reset, self.sent) {
            (false, Some(s)) => (s.events, s.dice),
            _ => (0, 0),
        };
        let events = m.events_after(viewer, ev_from);
        let dice: Vec<Value> = live
            .dice
            .iter()
            .skip(dice_from)
            .filter(|d| d.audience.sees(viewer))
            .map(|d| json!({ "step": d.step, "outcome": d.outcome, "turn": d.turn }))
            .collect();
        let acting = match live.to_act() {
            ToAct::Side(s)
                if self.seats.contains(&s) && viewer == Viewer::Side(s) && live.human(s) =>
            {
                Some(s)
            }
            _ => None,
        };
        let legal = acting.map(|_| m.legal_hints()).unwrap_or_default();
        let undoable = match viewer {
            Viewer::Side(s) if self.seats.contains(&s) => live.undoable(s),
            _ => 0,
        };
        // The players' own part: their chat, their last decision, the rematch's links.
        let players = !self.seats.is_empty();
        let chat_from = match (reset, self.sent) {
            (false, Some(s)) => s.chat,
            _ => 0,
        };
        let chat: Vec<Value> = if players {
            live.chat
                .iter()
                .skip(chat_from)
                .map(|c| {
                    json!({ "n": c.n, "side": side_letter(c.side), "time": c.time, "text": c.text })
                })
                .collect()
        } else {
            Vec::new()
        };
        let own = match viewer {
            Viewer::Side(s) => Some(s),
            _ if self.seats.len() == 1 => Some(self.seats[0]),
            _ => None,
        };
        let rematch = live.rematch.as_ref().map(|(id, tokens)| {
            // The rematch swaps the sides: this seat's player takes the other side there.
            let mine: Vec<&str> = self
                .seats
                .iter()
                .filter_map(|s| tokens[s.other().index()].as_deref())
                .collect();
            json!({ "id": id, "tokens": mine })
        });
        let msg = json!({
            "type": "state",
            "state": live.version,
            "viewer": viewer_json(viewer),
            "to_act": to_act_json(live),
            "your_turn": acting.is_some(),
            "turn": m.turn_label(),
            "steps": m.steps(),
            "observation": m.observe_ui(viewer),
            "legal": legal,
            "undoable": undoable,
            "events": events,
            "events_reset": reset,
            "dice": dice,
            "dice_reset": reset,
            "thinking": live.thinking,
            "stalled": live.stalled,
            "outcome": live.outcome(),
            "ending": live.ending,
            "dice_proof": live.dice_json(),
            "your_last_step": own.filter(|_| players).map(|s| live.last_decision(s)),
            "draw_offer": live.draw_offer.map(side_letter),
            "rematch_offer": live.rematch_offer.map(side_letter),
            "rematch": if players { rematch } else { None },
            "chat": chat,
            "chat_reset": reset || self.sent.is_none(),
        });
        self.sent = Some(Sent {
            version: live.version,
            epoch: live.epoch,
            viewer,
            events: m.event_count(),
            dice: live.dice.len(),
            chat: live.chat.len(),
        });
        msg
    }
}
