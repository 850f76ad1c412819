//! 4 Sequence of Play: the Command Segment (4.1), the two Player Turns with their Recovery,
//! Fire, Non-Phasing Artillery, Movement, Reserve and Close Combat Segments (4.2), the End of
//! Turn Segment (4.3); and the state machine that runs forced steps forward to the next
//! decision or die.
//!
//! RULING: the Weather step (4, 16) has no procedure in the text: the scenario's clock gives
//! twilight and night.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Counter, Formation, LeaderId, UnitId};
use crate::event::Event;
use crate::formation::facing_ok;
use crate::state::{
    CheckKind, FireKind, Frame, GarrisonState, Leader, LeaderStatus, Morale, SideState, Stage,
    State, Troop,
};
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::Facing;

impl GloryEmpire {
    /// The state before the first decision: every counter set up, turn 1's Command Segment
    /// begun.
    #[must_use]
    pub fn new_state(&self) -> State {
        let d = &self.data;
        let mut troops: Vec<Troop> = d
            .troops
            .iter()
            .map(|t| Troop {
                cell: None,
                pos: 0,
                steps: t.full(),
                facing: Facing::ALL[0],
                formation: if t.arm() == Arm::Artillery {
                    Formation::Limbered
                } else {
                    Formation::Column
                },
                skirmishers: 0,
                morale: Morale::Normal,
                gone: Some(crate::state::Gone::Absent),
                ooc: false,
                commanded: true,
                moved: false,
                spent: 0,
                fired: 0,
                fired_at: None,
                assault: None,
                adjacent_start: false,
                amv: false,
                ammo: 0,
                followed_on: false,
                prolonged: false,
                charge: None,
                attached: None,
                arrived: false,
                fortifying: false,
                inverted: false,
                column: None,
                refused: 0,
                prone: false,
                used: [0; 4],
                howitzer: false,
                canister: false,
                detached: None,
                left_gtf: None,
                phase_mp: 0,
                gtf_place: None,
            })
            .collect();
        let mut leaders: Vec<Leader> = d
            .leaders
            .iter()
            .map(|_| Leader {
                cell: None,
                status: LeaderStatus::Absent,
                repl: false,
                in_command: true,
                order: None,
                moved: false,
                adc_moved: None,
                initiative_rolled: false,
                orders_checked: false,
                order_limited: false,
                fatigue: crate::state::Fatigue::default(),
                gtf: crate::gtf::Gtf::default(),
            })
            .collect();
        let mut next = 1_000_000u32;
        for dep in &d.deploy {
            match dep.counter {
                Counter::Unit(u) => {
                    let t = &mut troops[u.ix()];
                    t.cell = Some(dep.cell);
                    t.pos = next;
                    next += 1;
                    t.steps = dep.steps;
                    t.gone = None;
                    t.facing = dep.facing;
                    t.formation = dep.formation;
                    t.skirmishers = dep.skirmishers;
                }
                Counter::Leader(l) => {
                    leaders[l.ix()].cell = Some(dep.cell);
                    leaders[l.ix()].status = LeaderStatus::OnMap;
                }
            }
        }
        let mut s = State {
            turn: 1,
            phasing: Side::A,
            first: Side::A,
            second: false,
            stage: Stage::Initiative,
            acting: Side::A,
            initiative: None,
            event: None,
            pending: Vec::new(),
            troops,
            leaders,
            sides: BySide::new(SideState::default(), SideState::default()),
            garrisons: vec![GarrisonState::default(); d.garrisons.len()],
            fortified: d.posts.iter().map(|p| p.fortified).collect(),
            moving: None,
            fire_results: Vec::new(),
            fires: Vec::new(),
            trains: d
                .trains
                .iter()
                .map(|t| crate::state::TrainState {
                    cell: Some(t.at),
                    ..Default::default()
                })
                .collect(),
            caissons: Vec::new(),
            dummies: Vec::new(),
            blaze: crate::state::Blaze::default(),
            bombard: crate::bombard::Bombardment::default(),
            queue: Vec::new(),
            entered: Vec::new(),
            charged: Vec::new(),
            charge_watch: Vec::new(),
            reaction_charges: Vec::new(),
            first_assault: Vec::new(),
            next_pos: (1_000_000, next),
            holders: d.objectives.iter().map(|o| o.owner).collect(),
            vp: BySide::new(0, 0),
            returning: Vec::new(),
            closing: false,
            ending: None,
        };
        let mut ev = Vec::new();
        self.auto_road_column(
            &mut s,
            &(0..d.troops.len())
                .map(|i| UnitId(i as u8))
                .collect::<Vec<_>>(),
        );
        self.check_garrisons(&mut s, &mut ev);
        // G17.2 The scenario's GTF markers.
        for &(l, kind) in &d.gtfs {
            s.leaders[l.ix()].gtf.kind = Some(kind);
        }
        // RULING: the set-up is followed by a Command Status Phase for both sides.
        for side in Side::ALL {
            self.command_status_phase(&mut s, side, false, &mut ev);
        }
        self.begin_turn(&mut s, &mut ev);
        self.settle(&mut s, &mut ev);
        s
    }

    /// Who decides next, `None` at a die.
    #[must_use]
    pub fn decider(&self, s: &State) -> Option<Side> {
        if let Some(f) = s.pending.last() {
            return match f {
                Frame::Retreat(r) => Some(self.data.troops[r.units[0].ix()].side),
                Frame::React(w) => Some(w.side),
                Frame::Combat(c) => self.combat_decider(c),
                Frame::Face { units, .. } => Some(self.data.troops[units[0].ix()].side),
                Frame::OrdersPass(p) => Some(self.data.leaders[p.leader.ix()].side),
                Frame::ChargeMove(cm) => Some(self.data.troops[cm.units[0].ix()].side),
                Frame::PickUp { leader, .. } => Some(self.data.leaders[leader.ix()].side),
                Frame::OrdersRoll(_)
                | Frame::Resupply(_)
                | Frame::Fatigue(_)
                | Frame::Howitzer(_)
                | Frame::Rolling(_)
                | Frame::Evolution(..)
                | Frame::Check(_)
                | Frame::FireRoll(_)
                | Frame::FireApply(_)
                | Frame::Leader(_)
                | Frame::Step(_)
                | Frame::Form(_)
                | Frame::ReactMove(_) => None,
                Frame::Waves(w) if !w.launched => Some(self.data.troops[w.units[0].ix()].side),
                Frame::Waves(_) => None,
            };
        }
        match s.stage {
            Stage::ChooseFirst => s.initiative,
            Stage::Attachment | Stage::Orders | Stage::OrdersInitiative => Some(s.acting),
            Stage::Fire
            | Stage::AttackOrders
            | Stage::Movement
            | Stage::Charges
            | Stage::Assaults
            | Stage::FatigueRecovery => Some(s.phasing),
            Stage::NpFire | Stage::ReserveOrders | Stage::ReserveMovement => {
                Some(s.phasing.other())
            }
            Stage::LeaderReplacement => {
                s.returning.first().map(|&l| self.data.leaders[l.ix()].side)
            }
            Stage::Initiative
            | Stage::RandomEvent
            | Stage::FireFighting
            | Stage::Rally
            | Stage::ArtillerySupply
            | Stage::FatigueCheck
            | Stage::Over => None,
        }
    }

    /// Every legal action (unsorted; the caller sorts).
    pub(crate) fn list_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(f) = s.pending.last() {
            match f {
                Frame::Retreat(_) => self.retreat_actions(s, out),
                Frame::React(_) => self.react_actions(s, out),
                Frame::Combat(_) => self.combat_actions(s, out),
                Frame::OrdersPass(_) => self.orders_actions(s, out),
                Frame::ChargeMove(_) => self.charge_move_actions(s, out),
                Frame::Waves(_) => self.wave_actions(s, out),
                Frame::PickUp { leader, du } => {
                    out.push(Action::Pass);
                    for to in self.pickup_targets(s, *leader, *du) {
                        out.push(Action::ChangeDu {
                            leader: *leader,
                            to,
                        });
                    }
                }
                Frame::Face { units, hexside } => {
                    let f = s.troop(units[0]).formation;
                    for x in Facing::ALL {
                        if (!hexside || !x.is_vertex()) && facing_ok(f, x) {
                            out.push(Action::Face(x));
                        }
                    }
                }
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::ChooseFirst | Stage::Attachment | Stage::Orders => self.command_actions(s, out),
            Stage::OrdersInitiative | Stage::AttackOrders | Stage::ReserveOrders => {
                self.orders_actions(s, out);
            }
            Stage::Fire => self.fire_actions(s, s.phasing, false, out),
            Stage::NpFire => self.fire_actions(s, s.phasing.other(), true, out),
            Stage::Movement | Stage::ReserveMovement => self.movement_actions(s, out),
            Stage::Charges | Stage::Assaults => {
                out.extend(s.queue.iter().map(|&c| Action::Resolve(c)));
                // G20.1 Brigade Game: a Wave Charge.
                self.wave_charge_actions(s, out);
            }
            Stage::LeaderReplacement => self.replacement_actions(s, out),
            Stage::FatigueRecovery => self.recovery_actions(s, out),
            _ => {}
        }
    }

    /// Applies a decision (its legality checked by the caller).
    pub(crate) fn do_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        if let Some(f) = s.pending.last().cloned() {
            match f {
                Frame::Retreat(_) => {
                    if let Action::RetreatTo(c) = a {
                        self.do_retreat(s, c, ev);
                    }
                }
                Frame::React(_) => self.do_react(s, a, ev),
                Frame::Combat(_) => self.do_combat_action(s, a, ev),
                Frame::OrdersPass(_) => self.do_orders(s, a, ev),
                Frame::ChargeMove(_) => self.do_charge_move(s, a, ev),
                Frame::Waves(_) => self.do_wave(s, a, ev),
                Frame::PickUp { .. } => {
                    s.pending.pop();
                    if let Action::ChangeDu { leader, to } = a {
                        self.do_pickup(s, leader, to, ev);
                    }
                }
                Frame::Face { units, .. } => {
                    s.pending.pop();
                    if let Action::Face(f) = a {
                        for &u in &units {
                            s.troop_mut(u).facing = f;
                        }
                        ev.push(Event::Faced { units, facing: f });
                    }
                }
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::ChooseFirst | Stage::Attachment | Stage::Orders => self.do_command(s, a, ev),
            Stage::OrdersInitiative | Stage::AttackOrders | Stage::ReserveOrders => {
                self.do_orders(s, a, ev);
            }
            Stage::Fire | Stage::NpFire => match a {
                Action::Fire { from, target } => self.do_fire(s, from, target, None, ev),
                Action::FireRound {
                    from,
                    target,
                    round,
                } => self.do_fire(s, from, target, Some(round), ev),
                Action::RollingShot { from, ish } => self.do_rolling(s, from, ish, ev),
                Action::Pass => {
                    self.apply_noted_fire(s, FireKind::Segment, None);
                    s.closing = true;
                }
                _ => {}
            },
            Stage::Movement | Stage::ReserveMovement => self.do_movement(s, a, ev),
            Stage::Charges | Stage::Assaults => {
                if let Action::WaveCharge { unit, target } = a {
                    self.start_wave_charge(s, unit, target);
                }
                if let Action::Resolve(c) = a {
                    s.queue.retain(|&x| x != c);
                    let marker = s.stack(c).into_iter().any(|u| s.troop(u).charge == Some(c));
                    if s.stage == Stage::Charges && self.battalion() && marker {
                        // B13.2.5 A Charge marker in its own hex: the Charge Movement.
                        self.start_charge_move(s, c, ev);
                    } else {
                        self.start_combat(s, s.stage == Stage::Charges, c, ev);
                    }
                }
            }
            Stage::LeaderReplacement => {
                if let Action::Place(c) = a {
                    self.place_leader(s, c, ev);
                }
            }
            Stage::FatigueRecovery => self.do_recovery(s, a, ev),
            _ => {}
        }
    }

    /// Applies a die (or a random choice).
    pub(crate) fn do_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        if let Some(f) = s.pending.last().cloned() {
            match f {
                Frame::Check(ck) => {
                    s.pending.pop();
                    self.resolve_check(s, ck, v, ev);
                }
                Frame::FireRoll(_) => self.fire_roll(s, v, ev),
                Frame::FireApply(_) => self.fire_apply_roll(s, v, ev),
                Frame::Leader(_) => self.leader_roll(s, v, ev),
                Frame::Combat(_) => self.combat_roll(s, v, ev),
                Frame::OrdersRoll(_) => self.orders_roll(s, v, ev),
                Frame::Resupply(_) => self.resupply_roll(s, v, ev),
                Frame::Fatigue(_) => self.fatigue_roll(s, v, ev),
                Frame::Howitzer(_) => self.howitzer_roll(s, v, ev),
                Frame::Rolling(_) => self.rolling_roll(s, v, ev),
                Frame::Evolution(..) => self.evolution_roll(s, v, ev),
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::Initiative => self.initiative_die(s, v, ev),
            Stage::RandomEvent => self.random_event(s, v, ev),
            Stage::FireFighting => self.fire_fight_roll(s, v, ev),
            _ => {}
        }
    }

    /// Runs forced steps until a decision with a real choice, a die, or the end. A decision with
    /// a single legal action is taken at once.
    pub(crate) fn settle(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut legal = Vec::new();
        for _ in 0..100_000 {
            if s.ending.is_some() {
                return;
            }
            // G19.2, G19.3 What follows at once from where Trains and Caissons stand.
            if (!s.trains.is_empty() || !s.caissons.is_empty()) && self.sweep_trains(s, ev) {
                continue;
            }
            if self.auto_step(s, ev) {
                continue;
            }
            if self.decider(s).is_none() {
                return; // a die
            }
            if self.surely_a_choice(s) {
                return;
            }
            legal.clear();
            self.list_actions(s, &mut legal);
            legal.sort_unstable();
            legal.dedup();
            match legal.as_slice() {
                [] => {
                    // Nothing can be done here: drop the procedure, or end the stage.
                    if s.pending.pop().is_none() {
                        self.next_stage(s, ev);
                    }
                }
                [only] => {
                    let a = *only;
                    self.do_action(s, a, ev);
                }
                _ => return,
            }
        }
    }

    /// Whether `s` surely offers two different decisions, seen from the cheap part of its list:
    /// a moving group with two facings to turn to, or one and the choice to end where it is.
    /// Settling only needs to know that there is a choice, so the steps (for a GTF follower,
    /// each a search of the way to its place) are then listed only for whoever decides. Exact:
    /// these actions are listed by the same tests in [`GloryEmpire::movement_actions`].
    fn surely_a_choice(&self, s: &State) -> bool {
        if !s.pending.is_empty() || !matches!(s.stage, Stage::Movement | Stage::ReserveMovement) {
            return false;
        }
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        if m.leader.is_some() {
            return false;
        }
        let faces = self.face_options(s).len();
        faces >= 2 || faces == 1 && self.may_end_here(s)
    }

    /// Runs forced steps forward from a state set by hand (for tests).
    #[doc(hidden)]
    pub fn settle_for_tests(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.settle(s, ev);
    }

    /// One automatic step, if the procedure or stage at hand needs no decision and no die.
    fn auto_step(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if let Some(f) = s.pending.last() {
            return match f {
                Frame::Retreat(_) => self.retreat_auto(s, ev),
                Frame::FireApply(_) => self.fire_apply_auto(s, ev),
                Frame::Step(_) => self.step_auto(s, ev),
                Frame::Form(_) => self.form_auto(s, ev),
                Frame::React(_) => self.react_auto(s),
                Frame::Combat(_) => self.combat_auto(s, ev),
                Frame::Leader(_) => self.leader_auto(s, ev),
                Frame::Check(ck) => {
                    if self.alive_in(s, &ck.units, ck.cell).is_empty() {
                        s.pending.pop();
                        true
                    } else {
                        false
                    }
                }
                Frame::Face { units, .. } => {
                    if units.iter().any(|&u| s.troop(u).cell.is_none()) {
                        s.pending.pop();
                        true
                    } else {
                        false
                    }
                }
                Frame::ChargeMove(_) => self.charge_auto(s, ev),
                Frame::ReactMove(_) => self.react_move_auto(s, ev),
                Frame::Waves(_) => self.wave_auto(s),
                Frame::FireRoll(_)
                | Frame::OrdersRoll(_)
                | Frame::OrdersPass(_)
                | Frame::Resupply(_)
                | Frame::Howitzer(_)
                | Frame::Fatigue(_)
                | Frame::Evolution(..)
                | Frame::PickUp { .. } => false,
                Frame::Rolling(_) => self.rolling_auto(s, ev),
            };
        }
        if s.closing {
            s.closing = false;
            self.next_stage(s, ev);
            return true;
        }
        match s.stage {
            Stage::Rally => {
                if s.queue.is_empty() {
                    self.after_rally(s, ev);
                } else {
                    let c = s.queue.remove(0);
                    if self.must_rally(s, c) {
                        let st = s.stack(c);
                        self.push_check(s, CheckKind::Rally, c, st, None);
                    }
                }
                true
            }
            Stage::Movement | Stage::ReserveMovement
                if s.moving
                    .as_ref()
                    .is_some_and(|m| m.halted || m.units.is_empty() && m.leader.is_none()) =>
            {
                self.end_move(s, ev);
                true
            }
            Stage::Charges | Stage::Assaults if s.queue.is_empty() => {
                self.next_stage(s, ev);
                true
            }
            Stage::ArtillerySupply => {
                self.after_resupply(s, ev);
                true
            }
            Stage::FatigueCheck => {
                self.end_player_turn(s, ev);
                true
            }
            // 16.3 The Fire Fighting Phase is over once every burning hex has had its die.
            Stage::FireFighting if s.queue.is_empty() && s.blaze.spreading.is_none() => {
                self.begin_leader_replacement(s, ev);
                true
            }
            Stage::LeaderReplacement => {
                match s.returning.first() {
                    None => self.end_of_turn(s, ev),
                    Some(&l) if self.placements(s, l).is_empty() => {
                        // RULING: with no friendly unit on the map he waits another turn.
                        s.returning.remove(0);
                        s.leaders[l.ix()].status = LeaderStatus::Returning(s.turn + 1);
                    }
                    Some(_) => return false,
                }
                true
            }
            _ => false,
        }
    }

    /// Moves past a stage that is over.
    fn next_stage(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.sudden_end(s, ev) {
            return;
        }
        // B14.4.2 Reaction Charge attempts are counted phase by phase.
        s.reaction_charges.clear();
        let np = s.phasing.other();
        match s.stage {
            Stage::Fire => {
                self.reset_fire(s, np);
                s.stage = Stage::NpFire;
                ev.push(Event::Phase {
                    side: np,
                    phase: "Non-Phasing Artillery Fire Segment (4.2.3)".into(),
                });
            }
            Stage::NpFire if self.battalion() => self.begin_attack_orders(s, ev),
            Stage::NpFire | Stage::AttackOrders => self.enter_movement(s, ev),
            Stage::Movement if self.battalion() => {
                s.moving = None;
                self.fortify_posts(s, ev);
                self.begin_reserve_orders(s, ev);
            }
            Stage::Movement | Stage::ReserveOrders => {
                s.moving = None;
                self.fortify_posts(s, ev);
                // 4.2.5 Reserve Command Status Phase: markers only placed.
                self.command_status_phase(s, np, true, ev);
                self.sed_command_checks(s, np, true);
                self.reset_moves(s, np);
                s.stage = Stage::ReserveMovement;
                ev.push(Event::Phase {
                    side: np,
                    phase: "Reserve Movement Phase (4.2.5)".into(),
                });
            }
            Stage::ReserveMovement => {
                s.moving = None;
                self.fortify_posts(s, ev);
                s.stage = Stage::Charges;
                s.queue = self.combat_targets(s, true);
                ev.push(Event::Phase {
                    side: s.phasing,
                    phase: "Charge Phase (4.2.6)".into(),
                });
            }
            Stage::Charges => {
                for t in &mut s.troops {
                    t.charge = None;
                }
                s.charged.clear();
                s.charge_watch.clear();
                s.stage = Stage::Assaults;
                s.queue = self.combat_targets(s, false);
                ev.push(Event::Phase {
                    side: s.phasing,
                    phase: "Assault Phase (4.2.6)".into(),
                });
            }
            Stage::Assaults => {
                for t in &mut s.troops {
                    t.assault = None;
                    t.adjacent_start = false;
                    t.amv = false;
                    t.followed_on = false;
                }
                s.first_assault.clear();
                // G22.1 The Brigade Game's Fatigue Check Phase closes the Player Turn.
                if !self.begin_fatigue_check(s, ev) {
                    self.end_player_turn(s, ev);
                }
            }
            Stage::FatigueRecovery => self.begin_fire_segment(s, ev),
            Stage::Attachment | Stage::Orders | Stage::ChooseFirst => {
                self.do_command(s, Action::Pass, ev);
            }
            Stage::OrdersInitiative => self.do_orders(s, Action::Pass, ev),
            Stage::LeaderReplacement => self.end_of_turn(s, ev),
            _ => {}
        }
    }

    /// RULING: a side with no combat unit on the map and none to come has lost.
    fn sudden_end(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        for side in Side::ALL {
            let any = self.data.troops.iter().enumerate().any(|(i, d)| {
                d.side == side
                    && (s.troops[i].cell.is_some()
                        || s.troops[i].gone == Some(crate::state::Gone::Absent)
                            && self
                                .data
                                .reinforcements
                                .iter()
                                .any(|r| r.counter == Counter::Unit(UnitId(i as u8))))
            });
            if !any {
                self.end_game(s, ev);
                return true;
            }
        }
        false
    }

    /// 4 A Game Turn begins with its Command Segment: the Initiative Phase.
    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.sides = BySide::new(SideState::default(), SideState::default());
        s.initiative = None;
        s.event = None;
        s.stage = Stage::Initiative;
        let light = match self.light(s) {
            crate::los::Light::Day => "day",
            crate::los::Light::Twilight => "twilight (16.1)",
            crate::los::Light::Night => "night (16.2)",
        };
        ev.push(Event::TurnBegins {
            turn: s.turn,
            clock: self.data.clock(s.turn),
            light: light.into(),
        });
    }

    /// 4.2 A Player Turn begins: the Recovery Segment's Rally Phase (8.2).
    pub(crate) fn begin_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        ev.push(Event::Phase {
            side,
            phase: "Rally Phase (8.2)".into(),
        });
        s.queue = self
            .stacks_of(s, side)
            .into_iter()
            .filter(|&c| self.must_rally(s, c))
            .collect();
        s.stage = Stage::Rally;
    }

    /// 4.2.1 Cavalry Recovery Phase (one Spent marker off each), B4.2.1 the Artillery
    /// Resupply Phase of the Battalion Game, then the Fire Segment.
    fn after_rally(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for i in 0..s.troops.len() {
            if self.data.troops[i].side == side && s.troops[i].spent > 0 {
                s.troops[i].spent -= 1;
            }
        }
        if self.caissons_in_play() {
            // G19.3 Caissons replace B7.9.3's resupply roll.
            if s.caissons
                .iter()
                .any(|k| self.data.troops[k.battery.ix()].side == side)
            {
                s.stage = Stage::ArtillerySupply;
                ev.push(Event::Phase {
                    side,
                    phase: "Artillery Resupply Phase (G19.3.1)".into(),
                });
                self.fill_caissons(s, side, ev);
            }
        } else if self.battalion() {
            let batteries = self.may_resupply(s, side);
            if !batteries.is_empty() {
                s.stage = Stage::ArtillerySupply;
                ev.push(Event::Phase {
                    side,
                    phase: "Artillery Resupply Phase (B7.9.3)".into(),
                });
                s.pending.push(Frame::Resupply(batteries));
                return;
            }
        }
        self.after_resupply(s, ev);
    }

    /// G22.3 The Fatigue Recovery Phase of the Brigade Game, if there is anything in it, then
    /// the Fire Segment.
    fn after_resupply(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.begin_fatigue_recovery(s, ev) {
            self.begin_fire_segment(s, ev);
        }
    }

    /// 4.2.2 The Fire Segment begins.
    fn begin_fire_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        self.reset_fire(s, side);
        s.stage = Stage::Fire;
        ev.push(Event::Phase {
            side,
            phase: "Fire Segment (4.2.2)".into(),
        });
    }

    /// 4.2.4 The Movement Segment: the Command Status Phase, then (9.2) Broken and Routed
    /// stacks retreat again, then the Movement Phase.
    fn enter_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        self.command_status_phase(s, side, false, ev);
        self.sed_command_checks(s, side, false);
        self.reset_moves(s, side);
        s.stage = Stage::Movement;
        ev.push(Event::Phase {
            side,
            phase: "Movement Phase (4.2.4)".into(),
        });
        for c in self.stacks_of(s, side).into_iter().rev() {
            let units: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|&u| s.troop(u).morale.broken())
                .collect();
            if !units.is_empty() {
                let cav = units
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry);
                self.push_retreat(s, units, c, crate::morale::BROKEN_RETREAT[usize::from(cav)]);
            }
        }
    }

    /// 4.2 The end of a Player Turn: the other Player Turn, or 4.3 the End of Turn Segment.
    fn end_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.second {
            s.second = true;
            s.phasing = s.phasing.other();
            self.begin_player_turn(s, ev);
            return;
        }
        // 16.3 RULING: the Fire Fighting Phase opens the End of Turn Segment (ge-rulings 155).
        if !self.begin_fire_fighting(s, ev) {
            self.begin_leader_replacement(s, ev);
        }
    }

    /// 4.3 The End of Turn Segment's Leader Replacement Phase.
    fn begin_leader_replacement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut back: Vec<LeaderId> = (0..s.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| matches!(s.leader(l).status, LeaderStatus::Returning(t) if t <= s.turn))
            .collect();
        let first = s.first;
        back.sort_by_key(|&l| (self.data.leaders[l.ix()].side != first, l));
        s.returning = back;
        s.stage = Stage::LeaderReplacement;
        ev.push(Event::Phase {
            side: first,
            phase: "Leader Replacement Phase (4.3)".into(),
        });
    }

    /// 4.3 End of Turn Phase: orders and attachments removed, the turn advanced (or the game
    /// over).
    fn end_of_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        // G19.5.3 The BZ Ammo Expenditure Phase; G19.5.1 BZs failing their conditions dissolve.
        self.bz_end_of_turn(s, ev);
        for l in &mut s.leaders {
            l.order = None;
            l.adc_moved = None;
            l.initiative_rolled = false;
            l.orders_checked = false;
            l.order_limited = false;
        }
        for g in &mut s.garrisons {
            g.order = None;
        }
        for t in &mut s.troops {
            t.attached = None;
            t.arrived = false;
            t.prolonged = false;
        }
        s.entered.clear();
        if s.turn >= self.data.turns {
            self.end_game(s, ev);
            return;
        }
        s.turn += 1;
        self.begin_turn(s, ev);
    }
}
