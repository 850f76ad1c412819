//! A game in memory: the match, its agents, its dice log; rebuilt from the store by replaying
//! its steps; every change written to the store before anyone is told.

use crate::ServerError;
use crate::store::{ChatLine, GameRow, Store};
use coupdoeil_ai::{AgentSpec, ChaCha8Rng};
use coupdoeil_engine::{
    Ending, Outcome, Record, RecordStep, SeedCommitment, Side, StepKind, ToAct, seed_commitment,
};
use coupdoeil_games::{AnyAgent, AnyMatch, Audience, rng_stream};
use std::sync::Mutex;

/// One chance step: a die rolled or a card drawn.
#[derive(Clone, Debug)]
pub(crate) struct DiceEntry {
    /// Its record step.
    pub step: usize,
    /// The outcome's notation (`die 4`, `draw P03`).
    pub outcome: String,
    /// Who may see the outcome.
    pub audience: Audience,
    /// The turn and phase when it was rolled.
    pub turn: String,
}

/// Why a request was not carried out.
#[derive(Debug)]
pub(crate) enum ActError {
    /// The client asked for something the game does not allow now: nothing changed.
    Refused(String),
    /// The server failed (the store): the game must be reloaded from the store.
    Internal(ServerError),
}

impl From<ServerError> for ActError {
    fn from(e: ServerError) -> Self {
        ActError::Internal(e)
    }
}

/// A game being played.
pub(crate) struct Live {
    /// What the store holds about it (the version lives in [`Live::version`]).
    pub row: GameRow,
    /// The match: state, dice, record and event log.
    pub m: AnyMatch,
    /// The program of each side played by one (`None` for a person, or while it thinks).
    pub agents: [Option<AnyAgent>; 2],
    /// Which sides programs play.
    pub agent_seat: [bool; 2],
    /// Each program's random numbers (`None` while it thinks).
    pub rngs: [Option<ChaCha8Rng>; 2],
    /// A program is choosing now.
    pub thinking: bool,
    /// Bumped by every change; clients send it back with their requests.
    pub version: u64,
    /// Bumped by every undo (event logs shrink: clients must reload them).
    pub epoch: u64,
    /// Every chance step so far.
    pub dice: Vec<DiceEntry>,
    /// A program failed to choose: the game waits (shown to its players).
    pub stalled: Option<String>,
    /// The game ended outside the rules: a resignation or an agreed draw.
    pub ending: Option<Ending>,
    /// The side offering a draw now.
    pub draw_offer: Option<Side>,
    /// The side asking for a rematch now.
    pub rematch_offer: Option<Side>,
    /// The rematch, once made: its id and its seats' tokens (side A first; the old side A
    /// plays side B in it).
    pub rematch: Option<(String, [Option<String>; 2])>,
    /// The players' chat.
    pub chat: Vec<ChatLine>,
    /// When the game last changed (Unix seconds): idle games leave memory.
    pub touched: i64,
}

fn side_of(text: Option<&str>) -> Option<Side> {
    match text {
        Some("A") => Some(Side::A),
        Some("B") => Some(Side::B),
        _ => None,
    }
}

fn side_word(s: Option<Side>) -> Option<&'static str> {
    s.map(coupdoeil_games::side_letter)
}

/// A program's turn to choose: everything it needs, moved out of the game while it thinks.
pub(crate) struct AgentJob {
    pub side: Side,
    pub version: u64,
    pub m: AnyMatch,
    pub agent: AnyAgent,
    pub rng: ChaCha8Rng,
}

/// The programs' clock (time since the server started), for their thinking budgets: the
/// library crates read no clock themselves.
fn clock() -> coupdoeil_ai::Clock {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(std::time::Instant::now);
    std::sync::Arc::new(move || start.elapsed())
}

/// Most lines in one game's chat.
pub(crate) const MAX_CHAT: usize = 2000;

fn internal(e: impl std::fmt::Display) -> ServerError {
    ServerError::Engine(e.to_string())
}

impl Live {
    /// Rebuilds a game from its row and steps. Chance steps are rolled again with the match's
    /// own dice (seeded as before, so they come out the same and the dice go on where they
    /// stopped); every chained hash is checked against the stored one. Dice that no longer come
    /// out the same (another rules version) are an error: forcing the stored outcomes would make
    /// a record that no longer proves itself.
    pub fn rebuild(row: GameRow, steps: &[RecordStep]) -> Result<Live, ServerError> {
        Self::replay(row, steps, true)
    }

    fn replay(row: GameRow, steps: &[RecordStep], roll: bool) -> Result<Live, ServerError> {
        let loaded = coupdoeil_games::load(&row.scenario).map_err(internal)?;
        let mut m = loaded.new_match(row.seed);
        // A secret seed is committed to in the record's header (the salt stays out of it).
        m.set_commitment(row.salt.as_ref().map(|salt| SeedCommitment {
            sha256: seed_commitment(row.seed, salt),
            salt: None,
        }));
        let game = m.game();
        let mut agents: [Option<AnyAgent>; 2] = [None, None];
        let mut agent_seat = [false; 2];
        for side in Side::ALL {
            let spec: AgentSpec = row.seats[side.index()].parse().map_err(internal)?;
            agents[side.index()] = game.agent_with_clock(spec, Some(clock()));
            agent_seat[side.index()] = agents[side.index()].is_some();
        }
        let offers = (
            side_of(row.draw_offer.as_deref()),
            side_of(row.rematch_offer.as_deref()),
        );
        let mut live = Live {
            rngs: [
                Some(rng_stream(row.seed ^ row.version, 1)),
                Some(rng_stream(row.seed ^ row.version, 2)),
            ],
            version: row.version,
            row,
            m,
            agents,
            agent_seat,
            thinking: false,
            epoch: 0,
            dice: Vec::new(),
            stalled: None,
            ending: None,
            draw_offer: offers.0,
            rematch_offer: offers.1,
            rematch: None,
            chat: Vec::new(),
            touched: crate::now(),
        };
        live.ending = match &live.row.ending {
            Some(text) => Some(serde_json::from_str(text).map_err(internal)?),
            None => None,
        };
        for (i, step) in steps.iter().enumerate() {
            let n = i + 1;
            let bad = |message: String| ServerError::Replay {
                game: live.row.id.clone(),
                step: n,
                message,
            };
            match step.kind {
                StepKind::Action => {
                    live.m.apply(&step.value).map_err(|e| bad(e.to_string()))?;
                }
                StepKind::Chance => {
                    let turn = live.m.turn_label();
                    let r = if roll {
                        live.m.roll()
                    } else {
                        live.m.force(&step.value)
                    }
                    .map_err(|e| bad(e.to_string()))?;
                    if r.outcome != step.value {
                        return Err(ServerError::DiceDiffer);
                    }
                    live.dice.push(DiceEntry {
                        step: n,
                        outcome: r.outcome,
                        audience: r.audience,
                        turn,
                    });
                }
            }
            let hash = live.m.record().steps.last().map(|s| s.hash.clone());
            if hash.as_deref() != Some(step.hash.as_str()) {
                return Err(bad(format!(
                    "hash {} differs from the stored {}",
                    hash.unwrap_or_default(),
                    step.hash
                )));
            }
        }
        Ok(live)
    }

    /// Loads a game from the store: its steps replayed, its chat, its rematch.
    pub fn load(store: &Mutex<Store>, id: &str) -> Result<Option<Live>, ServerError> {
        let (row, steps, chat, rematch) = {
            let st = lock(store);
            let Some(row) = st.game(id)? else {
                return Ok(None);
            };
            let steps = st.steps(id)?;
            let chat = st.chat_lines(id)?;
            let rematch = match &row.rematch {
                Some(r) => st.game(r)?.map(|g| (g.id, g.tokens)),
                None => None,
            };
            (row, steps, chat, rematch)
        };
        let mut live = Live::rebuild(row, &steps)?;
        live.chat = chat;
        live.rematch = rematch;
        Ok(Some(live))
    }

    /// Who acts next: nobody once the game ended, by the rules or by the players.
    pub fn to_act(&self) -> ToAct {
        if self.ending.is_some() {
            ToAct::Over
        } else {
            self.m.to_act()
        }
    }

    /// How the game ended, if it did (by the rules, a resignation or an agreement).
    pub fn outcome(&self) -> Option<Outcome> {
        match self.ending {
            Some(e) => Some(e.outcome()),
            None => self.m.outcome(),
        }
    }

    /// The game's record: once it is over with the salt that opens the seed's commitment and,
    /// when the players ended it, the ending chained in.
    pub fn record(&self) -> Record {
        let mut r = self.m.record();
        if self.outcome().is_some()
            && let Some(c) = r.commitment.as_mut()
        {
            c.salt.clone_from(&self.row.salt);
        }
        if let Some(e) = self.ending {
            r.end(e);
        }
        r
    }

    /// What everyone may know of the dice: the commitment to a secret seed (the seed and its
    /// salt once the game is over), or the seed itself when its creator chose it.
    pub fn dice_json(&self) -> serde_json::Value {
        let over = self.outcome().is_some();
        match &self.row.salt {
            Some(salt) => serde_json::json!({
                "chosen": false,
                "commitment": seed_commitment(self.row.seed, salt),
                "seed": over.then(|| self.row.seed.to_string()),
                "salt": over.then(|| salt.clone()),
                "formula": "SHA-256 of coupdoeil-seed-v1:SALT:SEED",
            }),
            None => serde_json::json!({
                "chosen": true,
                "seed": self.row.seed.to_string(),
            }),
        }
    }

    /// The step number of `side`'s latest decision (0: none yet).
    pub fn last_decision(&self, side: Side) -> usize {
        self.m.last_decision(side)
    }

    /// `side` resigns: the other side wins. Stored before anyone is told.
    pub fn resign(&mut self, store: &Mutex<Store>, side: Side) -> Result<(), ActError> {
        self.end(store, Ending::Resignation { side })
    }

    fn end(&mut self, store: &Mutex<Store>, ending: Ending) -> Result<(), ActError> {
        if self.to_act() == ToAct::Over {
            return Err(ActError::Refused("the game is over already".into()));
        }
        let outcome = serde_json::to_string(&ending.outcome()).map_err(internal)?;
        let text = serde_json::to_string(&ending).map_err(internal)?;
        let version = self.version + 1;
        lock(store).end(&self.row.id, &text, &outcome, version)?;
        self.version = version;
        self.ending = Some(ending);
        self.draw_offer = None;
        self.row.ending = Some(text);
        self.row.finished = true;
        self.row.outcome = Some(outcome);
        self.touched = crate::now();
        Ok(())
    }

    fn store_offers(&mut self, store: &Mutex<Store>) -> Result<(), ActError> {
        let version = self.version + 1;
        lock(store).set_offers(
            &self.row.id,
            side_word(self.draw_offer),
            side_word(self.rematch_offer),
            version,
        )?;
        self.version = version;
        self.touched = crate::now();
        Ok(())
    }

    /// Both sides are people (a draw can be agreed, a rematch asked for, a chat held).
    pub fn between_people(&self) -> bool {
        self.human(Side::A) && self.human(Side::B)
    }

    /// `side` offers a draw, or accepts the other side's offer (the game ends drawn).
    pub fn offer_draw(&mut self, store: &Mutex<Store>, side: Side) -> Result<bool, ActError> {
        if self.to_act() == ToAct::Over {
            return Err(ActError::Refused("the game is over already".into()));
        }
        if !self.between_people() {
            return Err(ActError::Refused(
                "a draw is agreed between two people: the computer plays on (resign instead)"
                    .into(),
            ));
        }
        match self.draw_offer {
            Some(s) if s == side => Err(ActError::Refused(
                "you have offered a draw already: wait for the answer".into(),
            )),
            Some(_) => {
                self.end(store, Ending::Agreement)?;
                Ok(true)
            }
            None => {
                self.draw_offer = Some(side);
                self.store_offers(store)?;
                Ok(false)
            }
        }
    }

    /// `side` declines the other side's draw offer, or takes back its own.
    pub fn decline_draw(&mut self, store: &Mutex<Store>, side: Side) -> Result<(), ActError> {
        let _ = side;
        if self.draw_offer.is_none() {
            return Err(ActError::Refused("no draw is offered".into()));
        }
        self.draw_offer = None;
        self.store_offers(store)
    }

    /// Adds a line to the players' chat.
    pub fn say(&mut self, store: &Mutex<Store>, side: Side, text: &str) -> Result<(), ActError> {
        if !self.between_people() {
            return Err(ActError::Refused(
                "the chat is between two people: the computer does not read it".into(),
            ));
        }
        if self.chat.len() >= MAX_CHAT {
            return Err(ActError::Refused(format!(
                "this game's chat is full ({MAX_CHAT} lines)"
            )));
        }
        let time = crate::now();
        let n = lock(store).chat(&self.row.id, side, time, text)?;
        self.chat.push(ChatLine {
            n,
            side,
            time,
            text: text.to_string(),
        });
        self.version += 1;
        lock(store).set_version(&self.row.id, self.version)?;
        self.touched = time;
        Ok(())
    }

    /// Is `side` played by a person?
    pub fn human(&self, side: Side) -> bool {
        !self.agent_seat[side.index()]
    }

    /// The pass to make for the person to act, who can only pass (when passes are made for
    /// them in this game).
    fn auto_pass_due(&self) -> Option<String> {
        let ToAct::Side(side) = self.to_act() else {
            return None;
        };
        if !self.row.auto_pass || !self.human(side) {
            return None;
        }
        self.m.lone_pass()
    }

    /// Runs the game forward while nobody has to choose: rolls every pending die and draws every
    /// pending card with the match's dice, and passes for a person who can only pass.
    pub fn advance(&mut self) -> Result<(), ServerError> {
        for _ in 0..100_000 {
            match self.to_act() {
                ToAct::Chance => {
                    let turn = self.m.turn_label();
                    let r = self.m.roll().map_err(internal)?;
                    self.dice.push(DiceEntry {
                        step: self.m.steps(),
                        outcome: r.outcome,
                        audience: r.audience,
                        turn,
                    });
                }
                ToAct::Side(_) => match self.auto_pass_due() {
                    Some(pass) => {
                        self.m.apply(&pass).map_err(internal)?;
                    }
                    None => return Ok(()),
                },
                _ => return Ok(()),
            }
        }
        Err(ServerError::Engine(
            "the game does not come to a decision".into(),
        ))
    }

    /// Writes the steps after the first `before` (and the new version) to the store.
    fn commit(&mut self, store: &Mutex<Store>, before: usize) -> Result<(), ServerError> {
        self.version += 1;
        self.touched = crate::now();
        let rec = self.m.record();
        let new = rec.steps.get(before..).unwrap_or(&[]);
        let outcome = self
            .m
            .outcome()
            .map(|o| serde_json::to_string(&o).unwrap_or_default());
        let result =
            lock(store).append(&self.row.id, before, new, self.version, outcome.as_deref());
        if result.is_ok() {
            self.row.finished = outcome.is_some();
            self.row.outcome = outcome;
        }
        result
    }

    /// Starts the game: the opening draws and whatever else needs no decision.
    pub fn start(&mut self, store: &Mutex<Store>) -> Result<(), ServerError> {
        let before = self.m.steps();
        self.advance()?;
        self.commit(store, before)
    }

    /// Applies a person's decisions (checked together first: all or nothing), then runs the game
    /// on to the next decision, and stores it all.
    pub fn act(
        &mut self,
        store: &Mutex<Store>,
        side: Side,
        actions: &[String],
    ) -> Result<(), ActError> {
        if self.to_act() != ToAct::Side(side) {
            return Err(ActError::Refused(match self.to_act() {
                ToAct::Side(s) => format!(
                    "it is the {} player's decision, not yours",
                    self.m.side_name(s)
                ),
                ToAct::Chance => "the game is rolling a die".into(),
                ToAct::Over => "the game is over".into(),
            }));
        }
        if !self.human(side) {
            return Err(ActError::Refused("a program plays this side".into()));
        }
        if actions.is_empty() {
            return Err(ActError::Refused("no action given".into()));
        }
        self.m
            .check_sequence(side, actions)
            .map_err(|e| ActError::Refused(e.to_string()))?;
        let before = self.m.steps();
        for a in actions {
            self.m.apply(a).map_err(internal)?;
        }
        self.advance()?;
        self.commit(store, before)?;
        Ok(())
    }

    /// How many of `side`'s decisions the person may take back now.
    pub fn undoable(&self, side: Side) -> usize {
        if self.to_act() != ToAct::Side(side) || !self.human(side) {
            return 0;
        }
        self.m.undoable(side)
    }

    /// Takes back up to `count` of `side`'s latest decisions (see [`Live::undoable`]); returns
    /// how many were taken back.
    pub fn undo(
        &mut self,
        store: &Mutex<Store>,
        side: Side,
        count: usize,
    ) -> Result<usize, ActError> {
        let allowed = self.undoable(side);
        if allowed == 0 {
            let rules = self
                .m
                .final_decisions()
                .map(|w| format!(", or the rules make it final ({w})"))
                .unwrap_or_default();
            return Err(ActError::Refused(format!(
                "nothing to undo: your last decision came before a die roll, revealed \
                 information or the other side's decision{rules}"
            )));
        }
        let mut done = 0;
        let mut lowest = self.m.steps();
        while done < count.clamp(1, allowed) && self.m.undo(side) {
            done += 1;
            lowest = lowest.min(self.m.steps());
            // A pass the server made for the person is not a decision of theirs: go past it.
            while done < allowed && self.auto_pass_due().is_some() && self.m.undo(side) {
                done += 1;
                lowest = lowest.min(self.m.steps());
            }
        }
        self.advance()?;
        self.epoch += 1;
        self.version += 1;
        let version = self.version;
        let mut st = lock(store);
        st.truncate(&self.row.id, lowest, version)?;
        let new = self.m.record().steps.get(lowest..).unwrap_or(&[]).to_vec();
        if !new.is_empty() {
            st.append(&self.row.id, lowest, &new, version, None)?;
        }
        self.row.finished = false;
        self.row.outcome = None;
        Ok(done)
    }

    /// The program's turn, if a program is to choose and none is choosing yet: takes the
    /// program out of the game with a copy of the match.
    pub fn agent_job(&mut self) -> Option<AgentJob> {
        if self.thinking || self.stalled.is_some() {
            return None;
        }
        let ToAct::Side(side) = self.to_act() else {
            return None;
        };
        let i = side.index();
        let agent = self.agents[i].take()?;
        let Some(rng) = self.rngs[i].take() else {
            self.agents[i] = Some(agent);
            return None;
        };
        self.thinking = true;
        Some(AgentJob {
            side,
            version: self.version,
            m: self.m.clone(),
            agent,
            rng,
        })
    }

    /// The program has chosen: puts it back and applies its choice if the game has not moved
    /// on meanwhile (an undo, say). Returns whether anything changed.
    pub fn agent_done(
        &mut self,
        store: &Mutex<Store>,
        side: Side,
        version: u64,
        agent: AnyAgent,
        rng: ChaCha8Rng,
        choice: Result<String, String>,
    ) -> Result<bool, ServerError> {
        self.agents[side.index()] = Some(agent);
        self.rngs[side.index()] = Some(rng);
        self.thinking = false;
        if self.version != version || self.to_act() != ToAct::Side(side) {
            return Ok(false);
        }
        let action = choice.map_err(ServerError::Engine)?;
        let before = self.m.steps();
        self.m.apply(&action).map_err(|e| {
            ServerError::Engine(format!("the program chose an illegal action: {e}"))
        })?;
        self.advance()?;
        self.commit(store, before)?;
        Ok(true)
    }
}

/// Locks a mutex, going on after a panic elsewhere (the data is plain and checked on use).
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
