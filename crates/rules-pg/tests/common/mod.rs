//! Fixtures for rule tests: the small test field, positions set by hand, forced dice.
#![allow(dead_code)]

use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_pg::state::{Morale, Stage, State};
use coupdoeil_pg::{Action, Cell, Chance, Event, PrussiasGlory, UnitId};
use coupdoeil_scenario::{Document, Scenario};

pub const FIELD: &str = include_str!("../data/field.toml");
pub const CHARTS: &str = include_str!("../../../../data/scenarios/pg/charts.toml");

/// The test field with the shared charts, with `extra` TOML laid over it (may be empty).
pub fn field_with(extra: &str) -> PrussiasGlory {
    let mut doc = Document::parse(&[("field.toml", FIELD), ("charts.toml", CHARTS)])
        .unwrap_or_else(|e| panic!("{e}"));
    if !extra.is_empty() {
        let over = Document::parse(&[("extra.toml", extra)]).unwrap_or_else(|e| panic!("{e}"));
        doc = coupdoeil_scenario::merge(doc, over);
    }
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("field validates: {e}"));
    PrussiasGlory::new(&sc).unwrap_or_else(|e| panic!("field loads: {e}"))
}

pub fn field() -> PrussiasGlory {
    field_with("")
}

/// A position on the test field.
pub struct Fx {
    pub game: PrussiasGlory,
    pub s: State,
    pub events: Vec<Event>,
}

impl Fx {
    /// The test field's initial state, every counter taken off the map.
    pub fn empty() -> Fx {
        let game = field();
        let mut s = game.initial_state();
        for t in &mut s.troops {
            t.cell = None;
            t.gone = Some(coupdoeil_pg::state::Gone::Absent);
        }
        for l in &mut s.leaders {
            l.cell = None;
            l.absent = true;
        }
        s.pending.clear();
        Fx {
            game,
            s,
            events: Vec::new(),
        }
    }

    /// The test field as deployed, at its first decision or die.
    pub fn deployed() -> Fx {
        let game = field();
        let s = game.initial_state();
        Fx {
            game,
            s,
            events: Vec::new(),
        }
    }

    pub fn hex(&self, label: &str) -> Cell {
        self.game
            .data
            .board
            .parse(label)
            .unwrap_or_else(|| panic!("no hex {label}"))
    }

    pub fn label(&self, c: Cell) -> String {
        self.game.data.board.label(c)
    }

    pub fn unit(&self, id: &str) -> UnitId {
        self.game
            .data
            .troop_by_id(id)
            .unwrap_or_else(|| panic!("no unit {id}"))
    }

    /// Puts a Unit on top of the stack at `hex` (or takes it off with `None`).
    pub fn put(&mut self, id: &str, hex: Option<&str>) -> UnitId {
        let u = self.unit(id);
        let c = hex.map(|h| self.hex(h));
        let pos = self.s.top_pos();
        let t = self.s.troop_mut(u);
        t.cell = c;
        t.pos = pos;
        t.gone = if c.is_some() {
            None
        } else {
            Some(coupdoeil_pg::state::Gone::Absent)
        };
        u
    }

    /// Puts a Unit at the bottom of the stack at `hex`.
    pub fn put_below(&mut self, id: &str, hex: &str) -> UnitId {
        let u = self.put(id, Some(hex));
        let pos = self.s.bottom_pos();
        self.s.troop_mut(u).pos = pos;
        u
    }

    pub fn put_leader(&mut self, id: &str, hex: Option<&str>) {
        let l = self.game.data.leader_by_id(id).unwrap();
        let c = hex.map(|h| self.hex(h));
        self.s.leaders[l.ix()].cell = c;
        self.s.leaders[l.ix()].absent = c.is_none();
    }

    pub fn steps(&mut self, id: &str, n: u8) {
        let u = self.unit(id);
        self.s.troop_mut(u).steps = n;
    }

    pub fn morale(&mut self, id: &str, m: Morale) {
        let u = self.unit(id);
        self.s.troop_mut(u).morale = m;
    }

    pub fn cell_of(&self, id: &str) -> Option<String> {
        self.s.troop(self.unit(id)).cell.map(|c| self.label(c))
    }

    pub fn steps_of(&self, id: &str) -> u8 {
        self.s.troop(self.unit(id)).steps
    }

    pub fn morale_of(&self, id: &str) -> Morale {
        self.s.troop(self.unit(id)).morale
    }

    /// Sets the phase: side `side` phasing, stage `stage`, nothing pending.
    pub fn at(&mut self, side: Side, stage: Stage) {
        self.s.phasing = side;
        self.s.stage = stage;
        self.s.pending.clear();
        self.s.moving = None;
        self.s.combat = None;
        self.s.bombard = None;
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&self.s, &mut v);
        v
    }

    pub fn legal_text(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|a| self.game.action_notation(a))
            .collect()
    }

    /// Plays an action given in notation; panics if it is not legal.
    pub fn play(&mut self, text: &str) {
        let a = self
            .game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            self.legal().contains(&a),
            "`{text}` is not legal; legal: {:?}; waiting: {}",
            self.legal_text(),
            self.game.waiting_text(&self.s)
        );
        self.game
            .apply_action_unchecked(&mut self.s, &a, &mut self.events);
    }

    pub fn can(&self, text: &str) -> bool {
        let a = self
            .game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{e}"));
        self.legal().contains(&a)
    }

    /// Applies a die; panics unless a die is pending.
    pub fn die(&mut self, face: u8) {
        assert_eq!(
            self.game.to_act(&self.s),
            ToAct::Chance,
            "no die pending: {}",
            self.game.waiting_text(&self.s)
        );
        self.game
            .apply_chance_unchecked(&mut self.s, &Chance::Die(face), &mut self.events);
    }

    /// Resolves pending retreat choices by taking the first legal hex each time.
    pub fn first_retreats(&mut self) {
        while matches!(
            self.s.pending.last(),
            Some(coupdoeil_pg::state::Frame::Retreat(_))
        ) && self.game.to_act(&self.s) != ToAct::Chance
        {
            let legal = self.legal();
            let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::RetreatTo(_)))
                .copied()
            else {
                break;
            };
            self.game
                .apply_action_unchecked(&mut self.s, &a, &mut self.events);
        }
    }

    /// Runs forced steps forward (as the engine does after any action).
    pub fn settle(&mut self) {
        // An empty, harmless step: re-run the machinery through a no-op clone.
        let g = self.game.clone();
        let mut s = self.s.clone();
        let mut ev = Vec::new();
        g.settle_for_tests(&mut s, &mut ev);
        self.s = s;
        self.events.extend(ev);
    }

    pub fn texts(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| self.game.describe_event(e))
            .collect()
    }
}

/// A shipped battle's main scenario files (`data/scenarios/pg/<battle>/`) with the shared charts.
macro_rules! battle_files {
    ($b:literal) => {
        [
            (
                concat!("pg/", $b, "/scenario.toml"),
                include_str!(concat!(
                    "../../../../data/scenarios/pg/",
                    $b,
                    "/scenario.toml"
                )),
            ),
            (
                concat!("pg/", $b, "/map.toml"),
                include_str!(concat!("../../../../data/scenarios/pg/", $b, "/map.toml")),
            ),
            (
                concat!("pg/", $b, "/oob.toml"),
                include_str!(concat!("../../../../data/scenarios/pg/", $b, "/oob.toml")),
            ),
            (
                concat!("pg/", $b, "/setup.toml"),
                include_str!(concat!("../../../../data/scenarios/pg/", $b, "/setup.toml")),
            ),
            ("pg/charts.toml", CHARTS),
        ]
    };
}

/// A shipped battle scenario's overlay files (`data/scenarios/pg/<battle>-battle/`).
macro_rules! battle_overlay {
    ($b:literal) => {
        [
            (
                concat!("pg/", $b, "-battle/scenario.toml"),
                include_str!(concat!(
                    "../../../../data/scenarios/pg/",
                    $b,
                    "-battle/scenario.toml"
                )),
            ),
            (
                concat!("pg/", $b, "-battle/setup.toml"),
                include_str!(concat!(
                    "../../../../data/scenarios/pg/",
                    $b,
                    "-battle/setup.toml"
                )),
            ),
        ]
    };
}

fn build(files: &[(&str, &str)], overlay: Option<&[(&str, &str)]>) -> PrussiasGlory {
    let mut doc = Document::parse(files).unwrap_or_else(|e| panic!("{e}"));
    if let Some(o) = overlay {
        let over = Document::parse(o).unwrap_or_else(|e| panic!("{e}"));
        doc = coupdoeil_scenario::merge(doc, over);
    }
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("{e}"));
    PrussiasGlory::new(&sc).unwrap_or_else(|e| panic!("{e}"))
}

/// A shipped scenario by id: `rossbach`, `rossbach-battle`, `leuthen` ...
pub fn shipped(id: &str) -> PrussiasGlory {
    match id {
        "rossbach" => build(&battle_files!("rossbach"), None),
        "rossbach-battle" => build(
            &battle_files!("rossbach"),
            Some(&battle_overlay!("rossbach")),
        ),
        "leuthen" => build(&battle_files!("leuthen"), None),
        "leuthen-battle" => build(&battle_files!("leuthen"), Some(&battle_overlay!("leuthen"))),
        "zorndorf" => build(&battle_files!("zorndorf"), None),
        "zorndorf-battle" => build(
            &battle_files!("zorndorf"),
            Some(&battle_overlay!("zorndorf")),
        ),
        "torgau" => build(&battle_files!("torgau"), None),
        "torgau-battle" => build(&battle_files!("torgau"), Some(&battle_overlay!("torgau"))),
        other => panic!("no shipped scenario {other}"),
    }
}

/// Every shipped scenario's id.
pub const SHIPPED: &[&str] = &[
    "rossbach",
    "rossbach-battle",
    "leuthen",
    "leuthen-battle",
    "zorndorf",
    "zorndorf-battle",
    "torgau",
    "torgau-battle",
];
