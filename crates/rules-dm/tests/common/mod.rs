//! Fixtures for rule tests: the small test map, positions set by hand, forced dice.
#![allow(dead_code)]

use coupdoeil_dm::state::{Phase, Stage, State, Status};
use coupdoeil_dm::{Action, CardId, Cell, Chance, DrumsMuskets, Event, UnitId, What};
use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_hex::{EdgeDir, Facing};
use coupdoeil_scenario::{Document, Scenario};

pub const TEST_MAP: &str = include_str!("../data/testmap.toml");

/// The shipped Leuthen scenario (free set-up), or its historical-deployment variant.
pub fn leuthen(historical: bool) -> DrumsMuskets {
    let files = [
        (
            "scenario.toml",
            include_str!("../../../../data/scenarios/dm/leuthen/scenario.toml"),
        ),
        (
            "map.toml",
            include_str!("../../../../data/scenarios/dm/leuthen/map.toml"),
        ),
        (
            "oob.toml",
            include_str!("../../../../data/scenarios/dm/leuthen/oob.toml"),
        ),
        (
            "cards.toml",
            include_str!("../../../../data/scenarios/dm/leuthen/cards.toml"),
        ),
        (
            "charts.toml",
            include_str!("../../../../data/scenarios/dm/leuthen/charts.toml"),
        ),
    ];
    let mut doc = Document::parse(&files).unwrap_or_else(|e| panic!("{e}"));
    if historical {
        let over = [(
            "scenario.toml",
            include_str!("../../../../data/scenarios/dm/leuthen-historical/scenario.toml"),
        )];
        doc = coupdoeil_scenario::merge(
            doc,
            Document::parse(&over).unwrap_or_else(|e| panic!("{e}")),
        );
    }
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("{e}"));
    DrumsMuskets::new(&sc).unwrap_or_else(|e| panic!("{e}"))
}

pub fn test_game() -> DrumsMuskets {
    let doc = Document::parse(&[("testmap.toml", TEST_MAP)]).expect("test map parses");
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("test map validates: {e}"));
    DrumsMuskets::new(&sc).unwrap_or_else(|e| panic!("test map loads: {e}"))
}

/// A position: the test game and a state set by hand.
pub struct Fx {
    pub game: DrumsMuskets,
    pub s: State,
    pub events: Vec<Event>,
}

impl Fx {
    /// Turn 1, Prussian Movement Phase, no piece on the map, empty hands.
    pub fn new() -> Fx {
        let game = test_game();
        let mut s = game.initial_state();
        for i in 0..s.pieces.len() {
            s.put(UnitId(i as u8), None);
            s.pieces[i].gone = true;
            s.pieces[i].hidden = false;
        }
        for side in Side::ALL {
            let d = &mut s.decks[side];
            let mut all: Vec<_> = d.hand.drain(..).chain(d.draw.drain(..)).collect();
            all.sort();
            d.draw = all;
        }
        s.turn = 1;
        s.phasing = Side::A;
        s.phase = Phase::Movement;
        s.stage = Stage::Movement;
        Fx {
            game,
            s,
            events: Vec::new(),
        }
    }

    pub fn u(&self, id: &str) -> UnitId {
        UnitId(
            self.game
                .data
                .units
                .iter()
                .position(|u| u.id == id)
                .unwrap_or_else(|| panic!("no unit {id}")) as u8,
        )
    }

    pub fn c(&self, label: &str) -> Cell {
        self.game
            .data
            .board
            .parse(label)
            .unwrap_or_else(|| panic!("no hex {label}"))
    }

    pub fn label(&self, c: Cell) -> String {
        self.game.data.board.label(c)
    }

    /// The label of the neighbour of `label` in direction `d`.
    pub fn nb(&self, label: &str, d: EdgeDir) -> String {
        let c = self.c(label);
        let n = self.game.data.board.cells[c.ix()].nbr[usize::from(d.index())]
            .expect("neighbour on the map");
        self.label(n)
    }

    pub fn place(&mut self, id: &str, label: &str, facing: &str) -> UnitId {
        let u = self.u(id);
        let c = self.c(label);
        self.s.pieces[u.ix()].gone = false;
        self.s.pieces[u.ix()].facing = facing.parse::<Facing>().expect("facing");
        self.s.put(u, Some(c));
        u
    }

    pub fn hide(&mut self, id: &str) {
        let u = self.u(id);
        self.s.pieces[u.ix()].hidden = true;
    }

    pub fn status(&mut self, id: &str, st: Status) {
        let u = self.u(id);
        self.s.pieces[u.ix()].status = st;
    }

    pub fn at(&self, id: &str) -> Option<String> {
        self.s.piece(self.u(id)).cell.map(|c| self.label(c))
    }

    pub fn facing(&self, id: &str) -> String {
        self.s.piece(self.u(id)).facing.to_string()
    }

    pub fn gone(&self, id: &str) -> bool {
        self.s.piece(self.u(id)).gone
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

    pub fn can(&self, text: &str) -> bool {
        let a = self
            .game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{e}"));
        self.legal().contains(&a)
    }

    /// Plays an action given in notation; panics if it is not legal.
    pub fn act(&mut self, text: &str) {
        let a = self
            .game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            self.legal().contains(&a),
            "`{text}` is not legal at {:?}; legal: {:?}",
            self.s.stage,
            self.legal_text()
        );
        self.game
            .apply_action_unchecked(&mut self.s, &a, &mut self.events);
    }

    /// Forces the pending die.
    pub fn die(&mut self, face: u8) {
        assert_eq!(
            self.game.to_act(&self.s),
            ToAct::Chance,
            "no chance node at {:?}",
            self.s.stage
        );
        self.game
            .apply_chance_unchecked(&mut self.s, &Chance::Die(face), &mut self.events);
    }

    pub fn to_act(&self) -> ToAct {
        self.game.to_act(&self.s)
    }

    pub fn mp_left(&self) -> Option<f32> {
        self.s.mover.map(|m| f32::from(m.half_mp) / 2.0)
    }

    pub fn has_event(&self, f: impl Fn(&What) -> bool) -> bool {
        self.events.iter().any(|e| f(&e.what))
    }

    pub fn texts(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| self.game.describe_event(e))
            .collect()
    }

    /// Gives a side a card in hand.
    pub fn give(&mut self, side: Side, card: &str) {
        let c = coupdoeil_dm::CardId(
            self.game
                .data
                .cards
                .iter()
                .position(|x| x.id == card)
                .expect("card") as u8,
        );
        let d = &mut self.s.decks[side];
        if let Some(i) = d.draw.iter().position(|x| *x == c) {
            d.draw.remove(i);
        }
        d.hand.push(c);
        d.hand.sort();
    }

    /// Ends the Movement Phase (Discovery runs) and enters the Combat Phase.
    pub fn enter_combat(&mut self) {
        self.s.mover = None;
        self.act("end-phase");
        assert_eq!(self.s.stage, Stage::Declare);
    }
}

/// Plausible actions that may or may not be legal, to check that unlisted ones are refused.
pub fn mutants(g: &DrumsMuskets, s: &State, legal: &[Action]) -> Vec<Action> {
    let n = g.data.units.len() as u8;
    let mut v = vec![
        Action::Pass,
        Action::EndPhase,
        Action::EndMove,
        Action::NoAdvance,
        Action::EndDiscard,
    ];
    let k = (s.pieces.iter().filter(|p| p.moved).count() + legal.len()) as u8;
    let u = UnitId(k % n);
    let w = UnitId(k.wrapping_mul(7) % n);
    v.extend([
        Action::Select(u),
        Action::Rally(u),
        Action::Advance(u),
        Action::RemoveDummy(w),
    ]);
    v.push(Action::Attack {
        unit: u,
        target: s.piece(w).cell.unwrap_or(Cell(0)),
    });
    v.push(Action::Support {
        artillery: u,
        to: w,
    });
    v.push(Action::Place(k % 20));
    v.push(Action::PlayCard(CardId(k % g.data.cards.len() as u8)));
    v.push(Action::Discard(CardId(k % g.data.cards.len() as u8)));
    if let Some(c) = s.piece(u).cell {
        for &n in g.data.board.cells[c.ix()].nbr.iter().flatten() {
            v.extend([
                Action::Step(n),
                Action::Sidestep(n),
                Action::RetreatTo(n),
                Action::Resolve(n),
            ]);
        }
    }
    for f in Facing::ALL.iter().step_by(5) {
        v.extend([Action::Face(*f), Action::Wheel(*f), Action::TurnTo(*f)]);
    }
    v
}

/// States that differ from `s` only in what `side` hides: which hidden piece is which, and which
/// cards are in its hand rather than its draw pile.
pub fn variants(g: &DrumsMuskets, s: &State, side: Side) -> Vec<State> {
    let mut out = Vec::new();
    let hidden: Vec<UnitId> = (0..s.pieces.len())
        .map(|i| UnitId(i as u8))
        .filter(|&u| {
            let p = s.piece(u);
            g.data.units[u.ix()].side == side
                && p.hidden
                && !p.gone
                && p.cell.is_some()
                && !s.in_procedure(u)
        })
        .collect();
    if hidden.len() >= 2 {
        let (a, b) = (hidden[0], hidden[hidden.len() - 1]);
        let mut t = s.clone();
        let (pa, pb) = (t.pieces[a.ix()], t.pieces[b.ix()]);
        t.put(a, None);
        t.put(b, None);
        t.pieces[a.ix()] = pb;
        t.pieces[b.ix()] = pa;
        t.pieces[a.ix()].cell = None;
        t.pieces[b.ix()].cell = None;
        t.put(a, pb.cell);
        t.put(b, pa.cell);
        out.push(t);
    }
    let d = &s.decks[side];
    if let (Some(&h), Some(&x)) = (d.hand.first(), d.draw.iter().find(|c| !d.hand.contains(c))) {
        let mut t = s.clone();
        let dk = &mut t.decks[side];
        if let Some(i) = dk.hand.iter().position(|c| *c == h) {
            dk.hand.remove(i);
        }
        dk.hand.push(x);
        dk.hand.sort();
        if let Some(i) = dk.draw.iter().position(|c| *c == x) {
            dk.draw.remove(i);
        }
        dk.draw.push(h);
        dk.draw.sort();
        out.push(t);
    }
    out
}
