//! Fixtures for rule tests: the Vimeiro test scenario, positions set by hand, forced dice.
#![allow(dead_code)]

use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::state::{Gone, LeaderStatus, Morale, Stage, State};
use coupdoeil_ge::{Action, Cell, Chance, Event, GloryEmpire, LeaderId, UnitId};
use coupdoeil_hex::Facing;
use coupdoeil_scenario::{Document, Scenario};

pub const VIMEIRO: &str = include_str!("../data/vimeiro.toml");
pub const CHARTS: &str = include_str!("../../../../data/scenarios/ge/charts.toml");

pub mod golden;

/// The shipped Vimeiro scenario's files (`data/scenarios/ge/vimeiro/`) with the shared charts,
/// under their names in `data/scenarios/` (as the program embeds them).
pub const SHIPPED_VIMEIRO: [(&str, &str); 5] = [
    (
        "ge/vimeiro/scenario.toml",
        include_str!("../../../../data/scenarios/ge/vimeiro/scenario.toml"),
    ),
    (
        "ge/vimeiro/map.toml",
        include_str!("../../../../data/scenarios/ge/vimeiro/map.toml"),
    ),
    (
        "ge/vimeiro/oob.toml",
        include_str!("../../../../data/scenarios/ge/vimeiro/oob.toml"),
    ),
    (
        "ge/vimeiro/setup.toml",
        include_str!("../../../../data/scenarios/ge/vimeiro/setup.toml"),
    ),
    ("ge/charts.toml", CHARTS),
];

/// The shipped Roliça scenario's files (`data/scenarios/ge/rolica/`) with the shared charts,
/// under their names in `data/scenarios/` (as the program embeds them).
pub const SHIPPED_ROLICA: [(&str, &str); 5] = [
    (
        "ge/rolica/scenario.toml",
        include_str!("../../../../data/scenarios/ge/rolica/scenario.toml"),
    ),
    (
        "ge/rolica/map.toml",
        include_str!("../../../../data/scenarios/ge/rolica/map.toml"),
    ),
    (
        "ge/rolica/oob.toml",
        include_str!("../../../../data/scenarios/ge/rolica/oob.toml"),
    ),
    (
        "ge/rolica/setup.toml",
        include_str!("../../../../data/scenarios/ge/rolica/setup.toml"),
    ),
    ("ge/charts.toml", CHARTS),
];

const VIMEIRO_BATTALION: (&str, &str) = (
    "ge/vimeiro-battalion/scenario.toml",
    include_str!("../../../../data/scenarios/ge/vimeiro-battalion/scenario.toml"),
);

/// A shipped scenario: the base files, then each extending `scenario.toml` laid over the result
/// in order (as the program resolves `extends`).
fn shipped(base: &[(&str, &str)], overlays: &[(&str, &str)]) -> GloryEmpire {
    let mut doc = Document::parse(base).unwrap_or_else(|e| panic!("{e}"));
    for &file in overlays {
        let over = Document::parse(&[file]).unwrap_or_else(|e| panic!("{e}"));
        doc = coupdoeil_scenario::merge(doc, over);
    }
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("validates: {e}"));
    GloryEmpire::new(&sc).unwrap_or_else(|e| panic!("loads: {e}"))
}

/// The shipped Vimeiro scenario.
pub fn shipped_vimeiro() -> GloryEmpire {
    shipped(&SHIPPED_VIMEIRO, &[])
}

/// The shipped Vimeiro scenario played as the Battalion Game
/// (`data/scenarios/ge/vimeiro-battalion/`, extending the Soldiers scenario).
pub fn shipped_vimeiro_battalion() -> GloryEmpire {
    shipped(&SHIPPED_VIMEIRO, &[VIMEIRO_BATTALION])
}

/// The shipped Vimeiro scenario played as the Brigade Game
/// (`data/scenarios/ge/vimeiro-brigade/`, extending the Battalion scenario).
pub fn shipped_vimeiro_brigade() -> GloryEmpire {
    shipped(
        &SHIPPED_VIMEIRO,
        &[
            VIMEIRO_BATTALION,
            (
                "ge/vimeiro-brigade/scenario.toml",
                include_str!("../../../../data/scenarios/ge/vimeiro-brigade/scenario.toml"),
            ),
        ],
    )
}

/// The shipped Vimeiro Brigade scenario with the optional Limited Intelligence
/// (`data/scenarios/ge/vimeiro-brigade-li/`, extending the Brigade scenario).
pub fn shipped_vimeiro_brigade_li() -> GloryEmpire {
    shipped(
        &SHIPPED_VIMEIRO,
        &[
            VIMEIRO_BATTALION,
            (
                "ge/vimeiro-brigade/scenario.toml",
                include_str!("../../../../data/scenarios/ge/vimeiro-brigade/scenario.toml"),
            ),
            (
                "ge/vimeiro-brigade-li/scenario.toml",
                include_str!("../../../../data/scenarios/ge/vimeiro-brigade-li/scenario.toml"),
            ),
        ],
    )
}

/// The shipped Roliça scenario.
pub fn shipped_rolica() -> GloryEmpire {
    shipped(&SHIPPED_ROLICA, &[])
}

/// The shipped Roliça scenario played as the Battalion Game
/// (`data/scenarios/ge/rolica-battalion/`, extending the Soldiers scenario).
pub fn shipped_rolica_battalion() -> GloryEmpire {
    shipped(
        &SHIPPED_ROLICA,
        &[(
            "ge/rolica-battalion/scenario.toml",
            include_str!("../../../../data/scenarios/ge/rolica-battalion/scenario.toml"),
        )],
    )
}

/// The shipped Roliça scenario played as the Brigade Game
/// (`data/scenarios/ge/rolica-brigade/`, extending the Battalion scenario).
pub fn shipped_rolica_brigade() -> GloryEmpire {
    shipped(
        &SHIPPED_ROLICA,
        &[
            (
                "ge/rolica-battalion/scenario.toml",
                include_str!("../../../../data/scenarios/ge/rolica-battalion/scenario.toml"),
            ),
            (
                "ge/rolica-brigade/scenario.toml",
                include_str!("../../../../data/scenarios/ge/rolica-brigade/scenario.toml"),
            ),
        ],
    )
}

/// The conformance kit over random games of a Battalion- or Brigade-level scenario, with the
/// mutants that are usually illegal there (passing a leader's order, ending a move unasked).
pub fn battalion_playouts(
    g: GloryEmpire,
    opts: &coupdoeil_engine::testkit::Options,
) -> coupdoeil_engine::testkit::Report {
    coupdoeil_engine::testkit::check_random_playouts(
        g,
        opts,
        |_, _| vec![Action::PassOrder(LeaderId(0)), Action::EndMove],
        |_, _| Vec::new(),
    )
}

pub const B: Side = Side::A;
pub const F: Side = Side::B;

/// The Vimeiro test scenario with the shared charts, with `extra` TOML laid over it.
pub fn game_with(extra: &str) -> GloryEmpire {
    let mut doc = Document::parse(&[("vimeiro.toml", VIMEIRO), ("charts.toml", CHARTS)])
        .unwrap_or_else(|e| panic!("{e}"));
    if !extra.is_empty() {
        let over = Document::parse(&[("extra.toml", extra)]).unwrap_or_else(|e| panic!("{e}"));
        doc = coupdoeil_scenario::merge(doc, over);
    }
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("scenario validates: {e}"));
    GloryEmpire::new(&sc).unwrap_or_else(|e| panic!("scenario loads: {e}"))
}

pub fn game() -> GloryEmpire {
    game_with("")
}

/// The load errors of the scenario with `extra` laid over it.
pub fn load_errors(extra: &str) -> String {
    let doc = Document::parse(&[("vimeiro.toml", VIMEIRO), ("charts.toml", CHARTS)]).unwrap();
    let over = Document::parse(&[("extra.toml", extra)]).unwrap_or_else(|e| panic!("{e}"));
    let doc = coupdoeil_scenario::merge(doc, over);
    match Scenario::from_document(doc) {
        Err(e) => e.to_string(),
        Ok(sc) => match GloryEmpire::new(&sc) {
            Err(e) => e.to_string(),
            Ok(_) => String::new(),
        },
    }
}

/// Plays on with the first legal action (passing where it can) and middling dice until `stop`.
pub fn drive(f: &mut Fx, stop: impl Fn(&Fx) -> bool) {
    for _ in 0..5000 {
        if stop(f) {
            return;
        }
        match f.to_act() {
            ToAct::Over => return,
            ToAct::Chance => {
                let c = match f.game.chance(&f.s).outcomes()[0].0 {
                    Chance::D10(_) => Chance::D10(5),
                    Chance::Percentile(_) => Chance::Percentile(50),
                    Chance::Pick(_) => Chance::Pick(0),
                };
                f.roll(c);
            }
            ToAct::Side(_) => {
                let legal = f.legal();
                let a = if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal[0]
                };
                f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
            }
        }
    }
    panic!("no stop: {}", f.game.waiting_text(&f.s));
}

/// A position on the test map.
#[derive(Clone)]
pub struct Fx {
    pub game: GloryEmpire,
    pub s: State,
    pub events: Vec<Event>,
}

impl Fx {
    /// The scenario's initial state, every counter off the map, nothing pending; every
    /// leader in command and on no order.
    pub fn empty() -> Fx {
        Fx::empty_with("")
    }

    pub fn empty_with(extra: &str) -> Fx {
        let game = game_with(extra);
        let mut s = game.initial_state();
        for t in &mut s.troops {
            t.cell = None;
            t.gone = Some(Gone::Absent);
            t.ooc = false;
            t.commanded = true;
        }
        for l in &mut s.leaders {
            l.cell = None;
            l.status = LeaderStatus::Absent;
            l.in_command = true;
        }
        for g in &mut s.garrisons {
            g.dissolved = true;
        }
        s.pending.clear();
        Fx {
            game,
            s,
            events: Vec::new(),
        }
    }

    /// The scenario as set up, at its first decision or die.
    pub fn deployed() -> Fx {
        let game = game();
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

    pub fn leader(&self, id: &str) -> LeaderId {
        self.game
            .data
            .leader_by_id(id)
            .unwrap_or_else(|| panic!("no leader {id}"))
    }

    /// Puts a unit on top of the stack at `hex` with a formation and facing.
    pub fn put(&mut self, id: &str, hex: &str, formation: Formation, facing: &str) -> UnitId {
        let u = self.unit(id);
        let c = self.hex(hex);
        let pos = self.s.top_pos();
        let t = self.s.troop_mut(u);
        t.cell = Some(c);
        t.pos = pos;
        t.gone = None;
        t.formation = formation;
        t.facing = facing.parse::<Facing>().unwrap();
        t.morale = Morale::Normal;
        u
    }

    /// Takes a unit off the map.
    pub fn remove(&mut self, id: &str) {
        let u = self.unit(id);
        let t = self.s.troop_mut(u);
        t.cell = None;
        t.gone = Some(Gone::Absent);
    }

    pub fn put_leader(&mut self, id: &str, hex: &str) {
        let l = self.leader(id);
        let c = self.hex(hex);
        self.s.leaders[l.ix()].cell = Some(c);
        self.s.leaders[l.ix()].status = LeaderStatus::OnMap;
    }

    /// Takes leader `id` off the map (absent, as in [`Fx::empty_of`]).
    pub fn remove_leader(&mut self, id: &str) {
        let l = self.leader(id);
        self.s.leaders[l.ix()].cell = None;
        self.s.leaders[l.ix()].status = LeaderStatus::Absent;
    }

    pub fn morale(&mut self, id: &str, m: Morale) {
        let u = self.unit(id);
        self.s.troop_mut(u).morale = m;
    }

    pub fn steps(&mut self, id: &str, n: u8) {
        let u = self.unit(id);
        self.s.troop_mut(u).steps = n;
    }

    pub fn cell_of(&self, id: &str) -> Option<String> {
        self.s.troop(self.unit(id)).cell.map(|c| self.label(c))
    }

    pub fn morale_of(&self, id: &str) -> Morale {
        self.s.troop(self.unit(id)).morale
    }

    pub fn steps_of(&self, id: &str) -> u8 {
        self.s.troop(self.unit(id)).steps
    }

    pub fn formation_of(&self, id: &str) -> Formation {
        self.s.troop(self.unit(id)).formation
    }

    /// In the French Fire Phase, a fire result on `hex` with a failed Morale Check (M-10, the
    /// d100 0): the stack there, Disordered, becomes Shaken and must retreat a hex (8.4).
    pub fn driven_back(&mut self, hex: &str) {
        use coupdoeil_ge::data::FireResult;
        use coupdoeil_ge::state::PendingFire;
        self.at(F, Stage::Fire);
        let t = self.hex(hex);
        self.s.fire_results.push(PendingFire {
            target: t,
            from: t,
            result: FireResult::parse("M-10").unwrap(),
            roll: 50,
        });
        self.play("pass");
        self.d100(0);
    }

    /// Sets the phase: `side` phasing, stage `stage`, nothing pending.
    pub fn at(&mut self, side: Side, stage: Stage) {
        self.s.phasing = side;
        self.s.stage = stage;
        self.s.pending.clear();
        self.s.moving = None;
        self.s.closing = false;
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

    /// Applies a percentile roll; panics unless one is pending.
    pub fn d100(&mut self, v: u8) {
        self.roll(Chance::Percentile(v));
    }

    /// Applies a d10; panics unless one is pending.
    pub fn d10(&mut self, v: u8) {
        self.roll(Chance::D10(v));
    }

    pub fn roll(&mut self, c: Chance) {
        assert_eq!(
            self.game.to_act(&self.s),
            ToAct::Chance,
            "no die pending: {}",
            self.game.waiting_text(&self.s)
        );
        let dist = self.game.chance(&self.s);
        assert!(
            dist.outcomes().iter().any(|(o, _)| *o == c),
            "{c:?} is not an outcome of the pending roll ({})",
            self.game.waiting_text(&self.s)
        );
        self.game
            .apply_chance_unchecked(&mut self.s, &c, &mut self.events);
    }

    pub fn to_act(&self) -> ToAct {
        self.game.to_act(&self.s)
    }

    /// Runs forced steps forward (as the engine does after any action).
    pub fn settle(&mut self) {
        let g = self.game.clone();
        g.settle_for_tests(&mut self.s, &mut self.events);
    }

    /// Takes the first legal retreat hex each time until no retreat is pending.
    pub fn first_retreats(&mut self) {
        while matches!(
            self.s.pending.last(),
            Some(coupdoeil_ge::state::Frame::Retreat(_))
        ) && self.to_act() != ToAct::Chance
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

    pub fn texts(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| self.game.describe_event(e))
            .collect()
    }

    pub fn log(&self) -> String {
        self.texts().join("\n")
    }
}

/// The test scenario with the shared charts edited by `edit` (for cases that need a chart
/// value the shipped charts do not have).
pub fn game_with_charts(edit: impl Fn(&str) -> String) -> GloryEmpire {
    let charts = edit(CHARTS);
    let doc = Document::parse(&[("vimeiro.toml", VIMEIRO), ("charts.toml", &charts)])
        .unwrap_or_else(|e| panic!("{e}"));
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("scenario validates: {e}"));
    GloryEmpire::new(&sc).unwrap_or_else(|e| panic!("scenario loads: {e}"))
}

impl Fx {
    /// An empty position on a game built elsewhere.
    pub fn empty_of(game: GloryEmpire) -> Fx {
        let mut f = Fx {
            s: game.initial_state(),
            game,
            events: Vec::new(),
        };
        for t in &mut f.s.troops {
            t.cell = None;
            t.gone = Some(Gone::Absent);
            t.ooc = false;
            t.commanded = true;
        }
        for l in &mut f.s.leaders {
            l.cell = None;
            l.status = LeaderStatus::Absent;
            l.in_command = true;
        }
        for g in &mut f.s.garrisons {
            g.dissolved = true;
        }
        f.s.pending.clear();
        f
    }

    /// The MP cost of each step open to the moving group, by hex label.
    pub fn step_costs(&self) -> Vec<(String, u8)> {
        self.game
            .step_options(&self.s)
            .into_iter()
            .map(|o| (self.label(o.to), o.cost))
            .collect()
    }

    /// The cost of a step into `hex`, if legal.
    pub fn step_cost(&self, hex: &str) -> Option<u8> {
        let c = self.hex(hex);
        self.game
            .step_options(&self.s)
            .into_iter()
            .find(|o| o.to == c)
            .map(|o| o.cost)
    }
}

/// The test scenario with its own text edited by `edit`, and the shared charts.
pub fn game_edit(edit: impl Fn(&str) -> String) -> GloryEmpire {
    let text = edit(VIMEIRO);
    let doc = Document::parse(&[("vimeiro.toml", &text), ("charts.toml", CHARTS)])
        .unwrap_or_else(|e| panic!("{e}"));
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("scenario validates: {e}"));
    GloryEmpire::new(&sc).unwrap_or_else(|e| panic!("scenario loads: {e}"))
}

impl Fx {
    /// Starts the close combat phase of `side` with the given targets queued (the markers
    /// already set on the attackers).
    pub fn combat_phase(&mut self, side: Side, charge: bool) {
        self.at(
            side,
            if charge {
                Stage::Charges
            } else {
                Stage::Assaults
            },
        );
        self.s.queue = self.game.combat_targets(&self.s, charge);
        self.settle();
    }

    /// Marks a unit as charging or assaulting `target`.
    pub fn mark(&mut self, id: &str, target: &str, charge: bool) {
        let u = self.unit(id);
        let c = self.hex(target);
        let t = self.s.troop_mut(u);
        if charge {
            t.charge = Some(c);
        } else {
            t.assault = Some(c);
        }
    }

    /// The last Cold Steel event's totals.
    pub fn cold_steel(&self) -> Option<(i16, i16, bool)> {
        self.events.iter().rev().find_map(|e| match e {
            Event::ColdSteel {
                attacker_total,
                defender_total,
                attacker_wins,
                ..
            } => Some((*attacker_total, *defender_total, *attacker_wins)),
            _ => None,
        })
    }

    /// The DRMs of the check events, in order.
    pub fn check_drms(&self) -> Vec<i16> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Check { drm, .. } => Some(*drm),
                _ => None,
            })
            .collect()
    }
}

/// The load errors with the scenario text and the charts edited.
pub fn errors_of(scenario: impl Fn(&str) -> String, charts: impl Fn(&str) -> String) -> String {
    let (a, b) = (scenario(VIMEIRO), charts(CHARTS));
    let doc = match Document::parse(&[("vimeiro.toml", &a), ("charts.toml", &b)]) {
        Ok(d) => d,
        Err(e) => return e.to_string(),
    };
    match Scenario::from_document(doc) {
        Err(e) => e.to_string(),
        Ok(sc) => match GloryEmpire::new(&sc) {
            Err(e) => e.to_string(),
            Ok(_) => String::new(),
        },
    }
}

/// The game of the test scenario and charts as edited by `scenario` and `charts`.
pub fn game_from(
    scenario: impl Fn(&str) -> String,
    charts: impl Fn(&str) -> String,
) -> GloryEmpire {
    let (a, b) = (scenario(VIMEIRO), charts(CHARTS));
    let doc = Document::parse(&[("vimeiro.toml", &a), ("charts.toml", &b)])
        .unwrap_or_else(|e| panic!("{e}"));
    let sc = Scenario::from_document(doc).unwrap_or_else(|e| panic!("scenario validates: {e}"));
    GloryEmpire::new(&sc).unwrap_or_else(|e| panic!("scenario loads: {e}"))
}
