//! What graphical front ends (the web server) need beyond the text interface, and the trait
//! each rule system implements for it ([`GameUi`]): the board as plain data with pixel
//! geometry, each legal action with the hex, unit, facing or card it concerns, the hexes a unit
//! can reach this phase with their cost, a declaration's consequences previewed before it is
//! made, and a check that a sequence of actions is legal before any of it is applied.
//!
//! Everything here is derived from the scenario's public data, the legal actions, or a viewer's
//! own observation: nothing a side may not see goes into what these functions return for it.

use crate::{AnyGame, AnyMatch, GameExt, PlayError};
use coupdoeil_engine::{Game, Side, ToAct, Viewer};
use coupdoeil_hex::EdgeDir;
use serde::Serialize;
use serde_json::Value;

/// Pixel size of a hex in the board description: centre to corner.
pub const HEX_SIZE: f64 = 50.0;

/// A legal action with what a map or a panel needs to offer it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionHint {
    /// The notation to send back (`step 0712`).
    pub notation: String,
    /// The action in words.
    pub description: String,
    /// The first word of the notation (`step`, `attack`, `pass`).
    pub verb: String,
    /// The unit the action is about (its data id), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The hex to click for it (printed label), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// The hex the acting unit stands in, when it differs from `hex`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The facing it sets, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
    /// The card it plays or discards, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// A second unit the action concerns, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_unit: Option<String>,
}

/// Where a unit can end up this phase, found by a search over its own movement actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reach {
    /// The unit (data id).
    pub unit: String,
    /// Where it stands now.
    pub from: String,
    /// Its facing now.
    pub facing: String,
    /// Movement points left now, in half MP.
    pub start_half_mp: u8,
    /// Actions applied before the unit's own moves: ending another unit's move, selecting it.
    pub prefix: Vec<String>,
    /// Every hex it may stop in (the one it stands in included), in map order.
    pub hexes: Vec<ReachHex>,
    /// Moves of a whole formation that this unit leads, each one choice of many actions (a
    /// Glory and Empire GTF moved with its Directing Unit, G17.2.3); empty for most units.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub group_moves: Vec<GroupMove>,
}

/// One move of a whole formation offered with a unit's reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupMove {
    /// What it does, in words.
    pub label: String,
    /// The hex the leading unit ends in.
    pub to: String,
    /// How many stacks move.
    pub stacks: u8,
    /// The actions from the current state (prefix included).
    pub path: Vec<String>,
}

/// One hex a unit can reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReachHex {
    /// Printed label.
    pub hex: String,
    /// Movement points spent to get there by the cheapest way, in half MP.
    pub cost_half: u8,
    /// Movement points left there, in half MP.
    pub left_half: u8,
    /// Getting there ends the unit's move (a whole-allowance move, the one-hex speed limit).
    pub ends_move: bool,
    /// The actions from the current state (prefix included).
    pub path: Vec<String>,
    /// Each facing the unit can take in that hex, with its own cheapest way.
    pub facings: Vec<ReachEnd>,
}

/// One end position (hex and facing) of a unit's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReachEnd {
    /// The facing.
    pub facing: String,
    /// Movement points left, in half MP.
    pub left_half: u8,
    /// This way ends the unit's move.
    pub ends_move: bool,
    /// The actions from the current state (prefix included).
    pub path: Vec<String>,
}

impl ActionHint {
    /// The action with its notation, words and verb (the notation's first word) only; a rule
    /// system's [`GameUi::legal_hints`] fills in the hex, unit, facing or card it concerns.
    #[must_use]
    pub fn plain(notation: String, description: String) -> ActionHint {
        let verb = notation
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        ActionHint {
            notation,
            description,
            verb,
            unit: None,
            hex: None,
            from: None,
            facing: None,
            card: None,
            target_unit: None,
        }
    }
}

/// What a graphical front end needs from a rule system beyond [`GameExt`]. Each rule system's
/// module in this crate implements it; the defaults suit a system without the notion.
pub trait GameUi: GameExt {
    /// The board as plain data for drawing, all of it public (the printed map, counter sheet,
    /// cards and charts). Its `rules` field names the browser's drawing module
    /// (`web/rules/<rules id>.js`); `layout` and `hexes` follow the shared map format (see
    /// docs/web.md).
    fn board_json(&self) -> Value;

    /// The legal actions in `state` with what a map needs to offer each one, in the order of
    /// [`Game::legal_actions`]. The default gives the notation, words and verb only.
    fn legal_hints(&self, state: &Self::State) -> Vec<ActionHint> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        legal
            .iter()
            .map(|a| ActionHint::plain(self.action_notation(a), self.describe_action(state, a)))
            .collect()
    }

    /// The hexes `unit` (a data id of one of `side`'s units) can reach this phase, with the
    /// cheapest actions to each, found from the legal actions alone.
    ///
    /// # Errors
    /// When `side` is not to act, has no such unit, or the unit cannot move now. The default:
    /// this rule system shows no movement reach.
    fn reachable(&self, state: &Self::State, side: Side, unit: &str) -> Result<Reach, PlayError> {
        let _ = (state, side, unit);
        Err(PlayError::WrongTime(format!(
            "the rule system `{}` shows no movement reach",
            self.rules_id()
        )))
    }

    /// What `side` would see of a declaration's consequences (the odds of an attack, with every
    /// modifier) after declaring `action` (trimmed notation); nothing is applied.
    ///
    /// # Errors
    /// When `side` is not to act or the action is not a legal declaration that can be
    /// previewed. The default: this rule system previews nothing.
    fn preview_declaration(
        &self,
        state: &Self::State,
        side: Side,
        action: &str,
    ) -> Result<Value, PlayError> {
        let _ = (state, side);
        Err(PlayError::Illegal {
            action: action.to_string(),
            reason: format!(
                "the rule system `{}` previews no declarations",
                self.rules_id()
            ),
        })
    }

    /// What `viewer` may know, as JSON for a graphical client. The default is the
    /// observation as it serialises.
    fn observe_ui(&self, state: &Self::State, viewer: Viewer) -> Value {
        serde_json::to_value(self.observe(state, viewer)).unwrap_or(Value::Null)
    }
}

pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

pub(crate) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Pixel offset of a corner or hexside midpoint at `bearing` degrees (clockwise from north,
/// screen y downwards) at `radius`.
pub(crate) fn polar(bearing: f64, radius: f64) -> (f64, f64) {
    let r = bearing.to_radians();
    (radius * r.sin(), -radius * r.cos())
}

/// The two corners of the hexside of a hex centred at `(x, y)` in direction `d`.
pub(crate) fn edge_points(x: f64, y: f64, d: EdgeDir) -> [f64; 4] {
    let b = f64::from(d.bearing());
    let (ax, ay) = polar(b - 30.0, HEX_SIZE);
    let (bx, by) = polar(b + 30.0, HEX_SIZE);
    [
        round1(x + ax),
        round1(y + ay),
        round1(x + bx),
        round1(y + by),
    ]
}

/// The pixel geometry of a map of flat-topped hexes in printed columns: each hex's centre, in
/// the order given, and the board's size (the shared `layout` of docs/web.md).
pub(crate) struct PixelMap {
    /// Printed column and row of each hex.
    pub offsets: Vec<(i32, i32)>,
    /// Pixel centre of each hex.
    pub centres: Vec<(f64, f64)>,
    /// The board's width and height in pixels.
    pub size: (f64, f64),
}

impl PixelMap {
    /// The geometry of `hexes` numbered by `numbering`.
    pub(crate) fn new(
        numbering: &coupdoeil_hex::MapNumbering,
        hexes: impl Iterator<Item = coupdoeil_hex::Hex>,
    ) -> PixelMap {
        let h = HEX_SIZE * 3f64.sqrt();
        let offsets: Vec<(i32, i32)> = hexes.map(|x| numbering.offset(x)).collect();
        let min_c = offsets.iter().map(|o| o.0).min().unwrap_or(0);
        let max_c = offsets.iter().map(|o| o.0).max().unwrap_or(0);
        let min_r = offsets.iter().map(|o| o.1).min().unwrap_or(0);
        let max_r = offsets.iter().map(|o| o.1).max().unwrap_or(0);
        let centres = offsets
            .iter()
            .map(|&(col, row)| {
                let x = HEX_SIZE + f64::from(col - min_c) * 1.5 * HEX_SIZE;
                let down = if numbering.column_is_down(col) {
                    h / 2.0
                } else {
                    0.0
                };
                let y = h / 2.0 + f64::from(row - min_r) * h + down;
                (round1(x), round1(y))
            })
            .collect();
        let width = round1(2.0 * HEX_SIZE + f64::from(max_c - min_c) * 1.5 * HEX_SIZE);
        let height = round1(f64::from(max_r - min_r + 1) * h + h / 2.0);
        PixelMap {
            offsets,
            centres,
            size: (width, height),
        }
    }

    /// The board description's `layout`.
    pub(crate) fn layout_json(&self) -> Value {
        serde_json::json!({
            "orientation": "flat",
            "size": HEX_SIZE,
            "hex_width": 2.0 * HEX_SIZE,
            "hex_height": round1(HEX_SIZE * 3f64.sqrt()),
            "width": self.size.0,
            "height": self.size.1,
        })
    }
}

/// Rewrites a rules crate's event, serialised, for programs: a number under a key that `name`
/// knows (`unit`, `to` ...) becomes the data id or printed label it stands for, in lists too;
/// a side letter under `side` or `winner` becomes the side's id; and `text` is added.
pub(crate) fn label_event(
    mut v: Value,
    name: impl Fn(&str, u64) -> Option<String>,
    side_id: impl Fn(Side) -> String,
    text: String,
) -> Value {
    if let Value::Object(map) = &mut v {
        for (k, x) in map.iter_mut() {
            match x {
                Value::Number(n) => {
                    if let Some(s) = n.as_u64().and_then(|n| name(k, n)) {
                        *x = Value::String(s);
                    }
                }
                Value::Array(items) => {
                    for it in items {
                        if let Some(s) = it.as_u64().and_then(|n| name(k, n)) {
                            *it = Value::String(s);
                        }
                    }
                }
                Value::String(s) if k == "side" || k == "winner" => {
                    let side = match s.as_str() {
                        "A" => Some(Side::A),
                        "B" => Some(Side::B),
                        _ => None,
                    };
                    if let Some(side) = side {
                        *x = Value::String(side_id(side));
                    }
                }
                _ => {}
            }
        }
        map.insert("text".into(), Value::String(text));
    }
    v
}

/// Checks that `actions`, applied one after the other from `state`, are each legal and all
/// decisions of `side`.
fn check_sequence<G: Game>(
    g: &G,
    state: &G::State,
    side: Side,
    actions: &[String],
) -> Result<(), PlayError> {
    let mut st = state.clone();
    let mut ev = Vec::new();
    for text in actions {
        if g.to_act(&st) != ToAct::Side(side) {
            return Err(PlayError::WrongTime(format!(
                "`{text}` would come after your decision is over"
            )));
        }
        let a = g.parse_action(text).map_err(|reason| PlayError::Parse {
            text: text.clone(),
            reason,
        })?;
        if !g.is_legal(&st, &a) {
            return Err(PlayError::Illegal {
                action: text.clone(),
                reason: "it would not be legal at that point".into(),
            });
        }
        g.apply_action_unchecked(&mut st, &a, &mut ev);
        ev.clear();
    }
    Ok(())
}

fn observe_at<G: GameUi>(
    g: &G,
    steps: &[coupdoeil_engine::RecordStep],
    step: usize,
    viewer: Viewer,
) -> Result<(Value, String), PlayError> {
    if step > steps.len() {
        return Err(PlayError::WrongTime(format!(
            "the game has {} steps, not {step}",
            steps.len()
        )));
    }
    let mut state = g.initial_state();
    let mut ev = Vec::new();
    for st in &steps[..step] {
        match st.kind {
            coupdoeil_engine::StepKind::Action => {
                let a = g
                    .parse_action(&st.value)
                    .map_err(|reason| PlayError::Parse {
                        text: st.value.clone(),
                        reason,
                    })?;
                g.apply_action_unchecked(&mut state, &a, &mut ev);
            }
            coupdoeil_engine::StepKind::Chance => {
                let c = g
                    .parse_chance(&st.value)
                    .map_err(|reason| PlayError::Parse {
                        text: st.value.clone(),
                        reason,
                    })?;
                g.apply_chance_unchecked(&mut state, &c, &mut ev);
            }
        }
        ev.clear();
    }
    Ok((g.observe_ui(&state, viewer), g.turn_label(&state)))
}

impl AnyGame {
    /// The board as plain data for drawing ([`GameUi::board_json`]): every hex with its printed
    /// label and pixel centre (flat-topped hexes in columns, [`HEX_SIZE`] centre to corner),
    /// and whatever else the rule system's map, counters and charts show. All of it is public.
    #[must_use]
    pub fn board_json(&self) -> Value {
        on_game!(self, g => g.board_json())
    }
}

impl AnyMatch {
    /// The legal actions now with what a map needs to offer each one (empty unless a side is to
    /// act). Give them only to the side to act.
    #[must_use]
    pub fn legal_hints(&self) -> Vec<ActionHint> {
        on_match!(self, s => s.game().legal_hints(s.inner().state()))
    }

    /// The hexes `unit` (a data id of one of `side`'s units) can reach this phase, with the
    /// cheapest actions to each. Reads only the legal actions, as a copy of the state is moved.
    ///
    /// # Errors
    /// When `side` is not to act, no unit of `side` has that id, it cannot move now, or the
    /// rule system has no movement reach.
    pub fn reachable(&self, side: Side, unit: &str) -> Result<Reach, PlayError> {
        on_match!(self, s => s.game().reachable(s.inner().state(), side, unit))
    }

    /// What `side` would see after declaring `action` (an attack, say), with the odds and every
    /// modifier: nothing is applied.
    ///
    /// # Errors
    /// When `side` is not to act, the action is not a legal declaration, or the rule system
    /// previews none.
    pub fn preview_declaration(&self, side: Side, action: &str) -> Result<Value, PlayError> {
        on_match!(self, s => s.game().preview_declaration(s.inner().state(), side, action.trim()))
    }

    /// Checks that `actions`, applied one after the other from now, are each legal and all
    /// decisions of `side`; nothing is applied.
    ///
    /// # Errors
    /// The first action that is unreadable or would not be legal at its point.
    pub fn check_sequence(&self, side: Side, actions: &[String]) -> Result<(), PlayError> {
        on_match!(self, s => check_sequence(s.game(), s.inner().state(), side, actions))
    }

    /// What `viewer` may know, as JSON for a graphical client ([`GameUi::observe_ui`]: the
    /// observation, with what the rule system adds for drawing).
    #[must_use]
    pub fn observe_ui(&self, viewer: Viewer) -> Value {
        on_match!(self, s => s.game().observe_ui(s.inner().state(), viewer))
    }

    /// What `viewer` knew after step `step` (0: before the first), and the turn label then:
    /// the record's steps replayed from the start on a copy. `viewer`'s own observation of a
    /// past state shows nothing it could not see at the time.
    ///
    /// # Errors
    /// When the game has fewer steps than `step`.
    pub fn observe_ui_at(&self, step: usize, viewer: Viewer) -> Result<(Value, String), PlayError> {
        on_match!(self, s => observe_at(s.game(), &s.record().steps, step, viewer))
    }
}

#[cfg(test)]
mod tests {
    //! The defaults of [`GameUi`] and [`GameExt`], on a toy rule system that overrides none of
    //! them: side A chooses a number once, and the game is over.
    use super::*;
    use crate::Audience;
    use coupdoeil_ai::Capabilities;
    use coupdoeil_engine::{Distribution, Evaluate, Outcome};
    use coupdoeil_scenario::{Diagnostics, Scenario};

    #[derive(Debug)]
    struct Pick;

    impl Game for Pick {
        type State = Option<u8>;
        type Action = u8;
        type Chance = u8;
        type Observation = Option<u8>;
        type Event = u8;

        fn rules_id(&self) -> &'static str {
            "pick"
        }
        fn rules_version(&self) -> u32 {
            1
        }
        fn scenario_id(&self) -> &str {
            "pick"
        }
        fn side_name(&self, side: Side) -> &str {
            if side == Side::A { "First" } else { "Second" }
        }
        fn initial_state(&self) -> Option<u8> {
            None
        }
        fn to_act(&self, s: &Option<u8>) -> ToAct {
            if s.is_some() {
                ToAct::Over
            } else {
                ToAct::Side(Side::A)
            }
        }
        fn outcome(&self, _: &Option<u8>) -> Option<Outcome> {
            None
        }
        fn legal_actions(&self, s: &Option<u8>, out: &mut Vec<u8>) {
            out.clear();
            if s.is_none() {
                out.extend([1, 2]);
            }
        }
        fn chance(&self, _: &Option<u8>) -> Distribution<u8> {
            unreachable!("no chance nodes")
        }
        fn apply_action_unchecked(&self, s: &mut Option<u8>, a: &u8, ev: &mut Vec<u8>) {
            *s = Some(*a);
            ev.push(*a);
        }
        fn apply_chance_unchecked(&self, _: &mut Option<u8>, _: &u8, _: &mut Vec<u8>) {}
        fn observe(&self, s: &Option<u8>, _: Viewer) -> Option<u8> {
            *s
        }
        fn event_visible(&self, _: &u8, _: Viewer) -> bool {
            true
        }
        fn describe_event(&self, e: &u8) -> String {
            format!("picked {e}")
        }
        fn action_notation(&self, a: &u8) -> String {
            format!("pick {a}")
        }
        fn parse_action(&self, text: &str) -> Result<u8, String> {
            text.strip_prefix("pick ")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| "not a pick".into())
        }
        fn chance_notation(&self, c: &u8) -> String {
            c.to_string()
        }
        fn parse_chance(&self, _: &str) -> Result<u8, String> {
            Err("no chance".into())
        }
    }

    impl Evaluate for Pick {
        fn evaluate(&self, _: &Option<u8>, _: Side) -> i32 {
            0
        }
    }

    impl GameExt for Pick {
        fn from_scenario(_: &Scenario) -> Result<Self, Diagnostics> {
            Ok(Pick)
        }
        fn scenario_name(&self) -> &str {
            "Pick"
        }
        fn side_id(&self, side: Side) -> &str {
            if side == Side::A { "first" } else { "second" }
        }
        fn chance_audience(&self, _: &Option<u8>, _: &u8) -> Audience {
            Audience::Everyone
        }
        fn render_text(&self, _: &Option<u8>, _: Viewer) -> String {
            String::new()
        }
        fn turn_label(&self, _: &Option<u8>) -> String {
            String::new()
        }
        fn capabilities() -> Capabilities<Self> {
            Capabilities::none()
        }
    }

    impl GameUi for Pick {
        fn board_json(&self) -> Value {
            serde_json::json!({ "rules": self.rules_id() })
        }
    }

    #[test]
    fn a_system_without_reach_or_preview_gets_plain_hints_and_clear_errors() {
        let g = Pick;
        let s = g.initial_state();
        let hints = g.legal_hints(&s);
        assert_eq!(
            hints,
            [
                ActionHint::plain("pick 1".into(), "pick 1".into()),
                ActionHint::plain("pick 2".into(), "pick 2".into())
            ]
        );
        assert_eq!(hints[0].verb, "pick");
        assert!(g.legal_hints(&Some(1)).is_empty());
        let e = g.reachable(&s, Side::A, "anyone").unwrap_err();
        assert!(
            e.to_string().contains("`pick` shows no movement reach"),
            "{e}"
        );
        let e = g.preview_declaration(&s, Side::A, "pick 1").unwrap_err();
        assert!(matches!(e, PlayError::Illegal { .. }), "{e}");
        assert_eq!(
            g.observe_ui(&Some(2), Viewer::Spectator),
            serde_json::json!(2)
        );
        assert_eq!(g.lone_pass(&s), None);
        assert_eq!(g.final_decisions(), None);
        check_sequence(&g, &s, Side::A, &["pick 2".into()]).unwrap();
        assert!(check_sequence(&g, &s, Side::A, &["pick 2".into(), "pick 1".into()]).is_err());
    }
}
