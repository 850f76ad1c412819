//! 3.0 Sequence of Play: the two Player Turns, the Joint Army Morale Adjustment (13) and the End
//! of Turn (14); the state machine that runs forced steps forward to the next decision or die.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Counter, GroupId, GroupKind, LeaderId, Role, UnitId, WingId};
use crate::event::Event;
use crate::state::{
    ArmyState, CombatStep, DetState, Frame, Leader, Morale, Stage, State, Troop, WingState,
};
use coupdoeil_engine::{BySide, Side};

impl PrussiasGlory {
    /// The state before the first decision: every counter placed, turn 1, the first player's
    /// Player Turn begun.
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
                morale: Morale::Formed,
                gone: Some(crate::state::Gone::Absent),
                in_column: false,
                column_wing: None,
                moved: false,
                raised: false,
                fought: false,
                fired: false,
                ooc: false,
                degraded: false,
            })
            .collect();
        let mut leaders: Vec<Leader> = d
            .leaders
            .iter()
            .map(|_| Leader {
                cell: None,
                in_column: false,
                moved: false,
                successor: false,
                absent: true,
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
                    t.in_column = dep.in_column;
                }
                Counter::Leader(l) => {
                    leaders[l.ix()].cell = Some(dep.cell);
                    leaders[l.ix()].absent = false;
                }
            }
        }
        let mut wings = vec![WingState::default(); d.wings.len()];
        for &w in &d.start_in_column {
            wings[w.ix()].in_column = true;
            for (i, t) in d.troops.iter().enumerate() {
                if t.wing == Some(w) && troops[i].cell.is_some() {
                    troops[i].in_column = true;
                }
            }
        }
        for &side in &d.commanders_in_column {
            leaders[d.armies[side].commander.ix()].in_column = true;
        }
        let army = |side: Side| {
            let a = &d.armies[side];
            ArmyState {
                // 4.1 Battle scenarios begin with both armies Activated.
                active: a.active || !d.main,
                am: a.morale,
                ..ArmyState::default()
            }
        };
        // 4.3.1, 4.3.3 An army that starts Activated (every battle scenario) has its
        // Detachments dissolved into the Basic Groups already.
        let dets: Vec<DetState> = d
            .groups
            .iter()
            .map(|g| DetState {
                dissolved: g.detachment && (d.armies[g.side].active || !d.main),
                ..DetState::default()
            })
            .collect();
        let mut s = State {
            turn: 1,
            phasing: d.first,
            second: false,
            stage: Stage::Activation,
            pending: Vec::new(),
            troops,
            leaders,
            wings,
            effective: vec![true; d.groups.len()],
            dets,
            armies: BySide::new(army(Side::A), army(Side::B)),
            locked: Vec::new(),
            bombarded: Vec::new(),
            moving: None,
            traced: Vec::new(),
            bombard: None,
            combat: None,
            next_pos: (1_000_000, next),
            special: None,
            checks: Vec::new(),
            pending_results: Vec::new(),
            sweepers: Vec::new(),
            ending: None,
        };
        let mut ev = Vec::new();
        ev.push(Event::TurnBegins {
            turn: 1,
            clock: d.clock(1),
        });
        self.begin_player_turn(&mut s, &mut ev);
        self.settle(&mut s, &mut ev);
        s
    }

    /// Who decides next, `None` at a die.
    #[must_use]
    pub fn decider(&self, s: &State) -> Option<Side> {
        if let Some(f) = s.pending.last() {
            return match f {
                Frame::Retreat(r) => Some(self.data.troops[r.unit.ix()].side),
                Frame::Losses(l) => Some(l.side),
                Frame::CdoaOffer { side, .. } | Frame::CdoaPay { side } => Some(*side),
                Frame::ForcedOffer { wing, .. } => Some(self.data.wings[wing.ix()].side),
                Frame::MoraleCheck { .. }
                | Frame::CdoaDie { .. }
                | Frame::ForcedDieColumn { .. }
                | Frame::ForcedDieMover { .. } => None,
            };
        }
        match s.stage {
            Stage::Activation
            | Stage::Deploy
            | Stage::Special(_)
            | Stage::Trace
            | Stage::Movement
            | Stage::OffensiveBombardment
            | Stage::CloseCombat => Some(s.phasing),
            Stage::DefensiveBombardment => Some(s.phasing.other()),
            Stage::BombardGuns => {
                let off = s.bombard.as_ref().is_none_or(|b| b.offensive);
                Some(if off { s.phasing } else { s.phasing.other() })
            }
            Stage::Combat => match s.combat.as_ref().map(|c| c.step) {
                Some(CombatStep::Withdraw(_) | CombatStep::DefenderLead) => Some(s.phasing.other()),
                Some(
                    CombatStep::AttackerLead
                    | CombatStep::Advance
                    | CombatStep::Momentum
                    | CombatStep::Sweep
                    | CombatStep::Results,
                ) => Some(s.phasing),
                _ => None,
            },
            Stage::ActivationDie
            | Stage::CommandRoll(_)
            | Stage::SpecialDie(_)
            | Stage::BombardDie
            | Stage::Rally
            | Stage::ArmyMorale
            | Stage::RoutedMovement
            | Stage::Over => None,
        }
    }

    /// Every legal action (unsorted; the caller sorts).
    pub(crate) fn list_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(f) = s.pending.last() {
            match f {
                Frame::Retreat(_) => self.retreat_actions(s, out),
                Frame::Losses(_) => self.loss_actions(s, out),
                Frame::CdoaOffer { .. } => out.extend([Action::AttemptCdoa, Action::Pass]),
                Frame::CdoaPay { .. } => out.extend([Action::PayActivation, Action::Pass]),
                Frame::ForcedOffer { .. } => out.extend([Action::AttemptDeploy, Action::Pass]),
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::Activation => out.extend([Action::Activate, Action::Pass]),
            Stage::Deploy => self.deploy_actions(s, out),
            Stage::Special(i) => self.special_actions(s, i, out),
            Stage::Trace => self.trace_actions(s, out),
            Stage::Movement => self.movement_actions(s, out),
            Stage::OffensiveBombardment | Stage::DefensiveBombardment => {
                self.target_actions(s, out);
            }
            Stage::BombardGuns => self.gun_actions(s, out),
            Stage::CloseCombat => self.declare_actions(s, out),
            Stage::Combat => self.combat_actions(s, out),
            _ => {}
        }
    }

    /// Applies a decision (its legality checked by the caller).
    pub(crate) fn do_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        if let Some(f) = s.pending.last().cloned() {
            match f {
                Frame::Retreat(_) => self.do_retreat_action(s, a, ev),
                Frame::Losses(_) => self.do_loss_action(s, a, ev),
                Frame::CdoaOffer { side, det } => {
                    s.pending.pop();
                    if a == Action::AttemptCdoa {
                        s.pending.push(Frame::CdoaDie { side, det });
                    }
                }
                Frame::CdoaPay { side } => {
                    s.pending.pop();
                    if a == Action::PayActivation {
                        let cost = self.activation_cost(s, side);
                        s.armies[side].am -= i16::from(cost);
                        s.armies[side].attempts += 1;
                        self.activate_army(s, side, "Coup d'Oeil Activation (4.1.3)", ev);
                    }
                }
                Frame::ForcedOffer { wing, mover } => {
                    s.pending.pop();
                    s.wings[wing.ix()].forced_tried = true;
                    if a == Action::AttemptDeploy {
                        s.pending.push(Frame::ForcedDieColumn { wing, mover });
                    }
                }
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::Activation => {
                if a == Action::Activate {
                    let side = s.phasing;
                    let cost = self.activation_cost(s, side);
                    s.armies[side].am -= i16::from(cost);
                    s.armies[side].attempts += 1;
                    s.armies[side].attempted_this_turn = true;
                    s.stage = Stage::ActivationDie;
                } else {
                    s.armies[s.phasing].attempted_this_turn = true;
                    self.after_activation(s, ev);
                }
            }
            Stage::Deploy => self.do_deploy(s, a, ev),
            Stage::Special(i) => self.do_special(s, i, a, ev),
            Stage::Trace => self.do_trace(s, a, ev),
            Stage::Movement => self.do_movement(s, a, ev),
            Stage::OffensiveBombardment | Stage::DefensiveBombardment | Stage::BombardGuns => {
                self.do_bombard_action(s, a, ev);
            }
            Stage::CloseCombat => self.do_declare(s, a, ev),
            Stage::Combat => self.do_combat_action(s, a, ev),
            _ => {}
        }
    }

    /// Applies a die.
    pub(crate) fn do_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        if let Some(f) = s.pending.last().cloned() {
            match f {
                Frame::MoraleCheck { unit } => {
                    s.pending.pop();
                    self.morale_check(s, unit, die, ev);
                }
                Frame::CdoaDie { side, det } => {
                    s.pending.pop();
                    self.cdoa_die(s, side, det, die, ev);
                }
                Frame::ForcedDieColumn { wing, mover } => {
                    s.pending.pop();
                    let total = die as i8 + self.forced_bonus_column(s, wing);
                    s.pending.push(Frame::ForcedDieMover {
                        wing,
                        mover,
                        column_total: total,
                    });
                }
                Frame::ForcedDieMover {
                    wing,
                    mover,
                    column_total,
                } => {
                    s.pending.pop();
                    let total = die as i8 + self.forced_bonus_mover(s, mover);
                    let deployed = column_total > total;
                    ev.push(Event::ForcedRoll {
                        wing,
                        column_roll: column_total,
                        mover_roll: total,
                        deployed,
                    });
                    if deployed {
                        self.deploy_wing(s, wing, true, ev);
                    } else {
                        s.wings[wing.ix()].caught = true;
                    }
                }
                _ => {}
            }
            return;
        }
        match s.stage {
            Stage::ActivationDie => self.activation_die(s, die, ev),
            Stage::CommandRoll(i) => self.command_die(s, i, die, ev),
            Stage::SpecialDie(i) => self.special_die(s, i, die, ev),
            Stage::BombardDie => self.bombard_die(s, die, ev),
            Stage::Rally => self.rally_die(s, die, ev),
            Stage::ArmyMorale if !s.checks.is_empty() => {
                let u = s.checks.remove(0);
                self.morale_check(s, u, die, ev);
            }
            Stage::Combat => self.combat_die(s, die, ev),
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
            if self.auto_step(s, ev) {
                continue;
            }
            if self.decider(s).is_none() {
                return; // a die
            }
            // The Movement Segment always offers a choice (another counter, the end of the
            // phase, or the next hex): no need to list it all to find out.
            if s.pending.is_empty() && s.stage == Stage::Movement {
                return;
            }
            legal.clear();
            self.list_actions(s, &mut legal);
            legal.sort_unstable();
            legal.dedup();
            match legal.as_slice() {
                [] => {
                    // Nothing can be done here (a procedure with no way forward): drop the
                    // procedure, or end the segment, rather than wait for ever.
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

    /// Runs forced steps forward from a state set by hand (for tests).
    #[doc(hidden)]
    pub fn settle_for_tests(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.settle(s, ev);
    }

    /// One automatic step, if the procedure or stage at hand needs no decision and no die.
    /// Returns whether anything changed.
    fn auto_step(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if let Some(f) = s.pending.last() {
            return match f {
                Frame::Retreat(_) => self.retreat_auto(s, ev),
                Frame::Losses(_) => self.losses_auto(s, ev),
                _ => false,
            };
        }
        match s.stage {
            Stage::RoutedMovement => {
                self.routed_movement_step(s, ev);
                true
            }
            Stage::Rally if s.checks.is_empty() => {
                self.enter_defensive_bombardment(s, ev);
                true
            }
            Stage::ArmyMorale if s.checks.is_empty() => {
                self.end_of_turn(s, ev);
                true
            }
            Stage::Combat => self.combat_auto(s, ev),
            _ => false,
        }
    }

    /// Moves past a stage that turned out to have nothing to do.
    fn next_stage(&self, s: &mut State, ev: &mut Vec<Event>) {
        match s.stage {
            Stage::Activation => self.after_activation(s, ev),
            Stage::Deploy => self.enter_command_rolls(s, ev),
            Stage::Special(_) => self.enter_trace(s, ev),
            Stage::Trace => self.enter_movement(s, ev),
            Stage::Movement => self.end_movement(s, ev),
            Stage::OffensiveBombardment => self.enter_rally(s, ev),
            Stage::DefensiveBombardment => self.enter_close_combat(s, ev),
            Stage::CloseCombat => self.end_player_turn(s, ev),
            _ => {}
        }
    }

    // -----------------------------------------------------------------------------------------
    // Who takes part.

    /// 4.3.1 The group a wing belongs to now: its own, unless that is a dissolved Detachment.
    #[must_use]
    pub fn wing_group(&self, s: &State, w: WingId) -> GroupId {
        let wd = &self.data.wings[w.ix()];
        let g = wd.group;
        if self.data.groups[g.ix()].detachment && s.dets[g.ix()].dissolved {
            let a = &self.data.armies[wd.side];
            if wd.has_infantry {
                a.basic_infantry
            } else {
                a.basic_cavalry
            }
        } else {
            g
        }
    }

    /// The group whose Command State a Unit follows now.
    #[must_use]
    pub fn group_of(&self, s: &State, u: UnitId) -> GroupId {
        let t = &self.data.troops[u.ix()];
        match t.wing {
            Some(w) => self.wing_group(s, w),
            None => {
                let g = t.group;
                if self.data.groups[g.ix()].detachment && s.dets[g.ix()].dissolved {
                    self.data.armies[t.side].basic_infantry
                } else {
                    g
                }
            }
        }
    }

    /// Whether a group takes part in its side's Player Turn: every group of an Activated army
    /// (its Detachments dissolved), or an Activated Detachment of an Inactive one (4.1, 4.3).
    #[must_use]
    pub fn group_acts(&self, s: &State, g: GroupId) -> bool {
        let gd = &self.data.groups[g.ix()];
        if gd.detachment {
            !s.dets[g.ix()].dissolved && s.dets[g.ix()].active
                || s.armies[gd.side].active && s.dets[g.ix()].dissolved
        } else {
            s.armies[gd.side].active
        }
    }

    /// Whether a Unit takes part (moves, bombards, attacks): its army or Detachment is
    /// Activated.
    #[must_use]
    pub fn acts(&self, s: &State, u: UnitId) -> bool {
        self.group_acts(s, self.group_of(s, u))
    }

    /// Whether a Leader takes part: the Army Commander with an Activated army, a Wing Leader
    /// with his wing.
    #[must_use]
    pub fn leader_acts(&self, s: &State, l: LeaderId) -> bool {
        let ld = &self.data.leaders[l.ix()];
        match (ld.role, ld.wing) {
            (Role::Wing, Some(w)) => self.group_acts(s, self.wing_group(s, w)),
            _ => s.armies[ld.side].active,
        }
    }

    /// Whether a counter belongs to an undissolved Detachment (4.3).
    #[must_use]
    pub fn in_detachment(&self, s: &State, c: Counter) -> Option<GroupId> {
        let g = match c {
            Counter::Unit(u) => self.group_of(s, u),
            Counter::Leader(l) => match self.data.leaders[l.ix()].wing {
                Some(w) => self.wing_group(s, w),
                None => return None,
            },
        };
        (self.data.groups[g.ix()].detachment && !s.dets[g.ix()].dissolved).then_some(g)
    }

    /// The groups of `side` that roll for their Command State this Player Turn, in order.
    #[must_use]
    pub fn rolling_groups(&self, s: &State, side: Side) -> Vec<GroupId> {
        (0..self.data.groups.len())
            .map(|i| GroupId(i as u8))
            .filter(|&g| {
                let gd = &self.data.groups[g.ix()];
                gd.side == side
                    && self.group_acts(s, g)
                    && !(gd.detachment && s.dets[g.ix()].dissolved)
                    && s.troops
                        .iter()
                        .enumerate()
                        .any(|(i, t)| t.cell.is_some() && self.group_of(s, UnitId(i as u8)) == g)
            })
            .collect()
    }

    // -----------------------------------------------------------------------------------------
    // The Player Turn.

    /// 3.0 A Player Turn begins: per-turn markers are reset and the Activation Phase starts.
    pub(crate) fn begin_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        ev.push(Event::PlayerTurn { side });
        for t in &mut s.troops {
            t.moved = false;
            t.raised = false;
            t.ooc = false;
            t.degraded = false;
            t.column_wing = None;
        }
        for l in &mut s.leaders {
            l.moved = false;
        }
        for w in &mut s.wings {
            w.degraded = false;
            w.restored = false;
            w.went_column = false;
        }
        s.traced.clear();
        s.locked.clear();
        self.check_detachments(s, ev);
        self.enter_activation(s, ev);
    }

    /// 4.1 Army Activation Phase (main scenarios, Inactive armies only).
    fn enter_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        s.armies[side].attempted_this_turn = false;
        if s.armies[side].active {
            self.after_activation(s, ev);
        } else if s.armies[side].auto_pending {
            self.activate_army(s, side, "Automatic Activation (4.1.2)", ev);
            self.after_activation(s, ev);
        } else {
            ev.push(Event::Phase {
                side,
                phase: "Army Activation Phase (4.1)".into(),
            });
            s.stage = Stage::Activation;
        }
    }

    /// 4.1.1 The activation cost now: the first attempt's, then later attempts'.
    #[must_use]
    pub fn activation_cost(&self, s: &State, side: Side) -> u8 {
        let a = &self.data.armies[side];
        if s.armies[side].attempts == 0 {
            a.cost_first
        } else {
            a.cost_again
        }
    }

    /// 4.1.1 The die of a Normal Activation: with the Army Commander's Initiative, 7 or more.
    fn activation_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let roll = die + self.commander_initiative(s, side);
        let activated = roll >= crate::command::ACTIVATION_TARGET;
        ev.push(Event::ActivationRoll {
            side,
            paid: self.activation_cost_paid(s, side),
            die,
            roll,
            activated,
        });
        if activated {
            self.activate_army(s, side, "Normal Activation (4.1.1)", ev);
        }
        self.after_activation(s, ev);
    }

    fn activation_cost_paid(&self, s: &State, side: Side) -> u8 {
        let a = &self.data.armies[side];
        if s.armies[side].attempts <= 1 {
            a.cost_first
        } else {
            a.cost_again
        }
    }

    /// The Army Commander's Initiative (0 for none, or for a successor).
    #[must_use]
    pub fn commander_initiative(&self, s: &State, side: Side) -> u8 {
        let c = self.data.armies[side].commander;
        if s.leader(c).successor {
            0
        } else {
            self.data.leaders[c.ix()].initiative.unwrap_or(0)
        }
    }

    /// 4.1 The army is Activated; 4.3.1 its Detachments dissolve into the Basic Groups.
    pub(crate) fn activate_army(&self, s: &mut State, side: Side, how: &str, ev: &mut Vec<Event>) {
        if s.armies[side].active {
            return;
        }
        s.armies[side].active = true;
        s.armies[side].auto_pending = false;
        for (i, g) in self.data.groups.iter().enumerate() {
            if g.side == side && g.detachment {
                s.dets[i].dissolved = true;
            }
        }
        ev.push(Event::Activated {
            side,
            how: how.to_string(),
        });
    }

    /// After the Activation Phase: an Inactive army does nothing more this Player Turn, unless
    /// one of its Detachments is Activated (4.1.1, 4.3).
    fn after_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let any_det = self.data.groups.iter().enumerate().any(|(i, g)| {
            g.side == side && g.detachment && s.dets[i].active && !s.dets[i].dissolved
        });
        if s.armies[side].active || any_det {
            self.enter_deploy(s, ev);
        } else {
            // RULING: the whole Player Turn is skipped, the enemy's Defensive Bombardment
            // included, as nothing of the Inactive army moves or fights.
            self.end_player_turn(s, ev);
        }
    }

    /// 4.4 Deploy from Column Segment.
    fn enter_deploy(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::Phase {
            side: s.phasing,
            phase: "Command Determination Phase (4.2)".into(),
        });
        // RULING (15.2): a casualty's successor takes over at the start of the next Command
        // Determination Phase of his side.
        self.successors(s, ev);
        s.stage = Stage::Deploy;
    }

    /// 4.5 The Group Command Roll Segment begins.
    pub(crate) fn enter_command_rolls(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for g in self.rolling_groups(s, side) {
            s.effective[g.ix()] = true;
        }
        if self.rolling_groups(s, side).is_empty() {
            self.after_command_rolls(s, ev);
        } else {
            s.stage = Stage::CommandRoll(0);
        }
    }

    /// 4.5 After the last group's roll: the Command State of each Unit and Wing, then the
    /// Special Leaders.
    pub(crate) fn after_command_rolls(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for w in 0..self.data.wings.len() {
            let wid = WingId(w as u8);
            if self.data.wings[w].side == side {
                let g = self.wing_group(s, wid);
                s.wings[w].degraded = !s.effective[g.ix()];
            }
        }
        for i in 0..s.troops.len() {
            let u = UnitId(i as u8);
            if self.data.troops[i].side == side {
                let g = self.group_of(s, u);
                s.troops[i].degraded = !s.effective[g.ix()];
            }
        }
        let _ = ev;
        s.stage = Stage::Special(0);
    }

    /// 7 The Movement Phase begins: Routed Movement (7.1).
    pub(crate) fn enter_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        ev.push(Event::Phase {
            side,
            phase: "Movement Phase (7)".into(),
        });
        s.checks = (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                d.side == side
                    && t.cell.is_some()
                    && t.morale == Morale::Routed
                    && d.arm != Arm::Artillery
                    && self.acts(s, u)
            })
            .collect();
        s.stage = Stage::RoutedMovement;
    }

    /// 7.1 One Routed Unit moves, following the retreat rules; then 7.2 and 7.3.
    fn routed_movement_step(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.checks.is_empty() {
            self.place_locked(s, ev);
            self.arrivals(s, ev);
            s.stage = Stage::Movement;
            return;
        }
        let u = s.checks.remove(0);
        let t = *s.troop(u);
        if let (Some(c), Morale::Routed) = (t.cell, t.morale) {
            let hexes = if self.data.troops[u.ix()].arm == Arm::Cavalry {
                3
            } else {
                2
            };
            s.pending.push(Frame::Retreat(crate::state::Retreat {
                unit: u,
                origin: c,
                left: hexes,
                rout: true,
                extra: 0,
                from: c,
                voluntary: false,
            }));
        }
    }

    /// 7.2 Locked markers on every stack of the phasing side with Engaged infantry or cavalry.
    fn place_locked(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let mut cells: Vec<_> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| self.data.troops[*i].side == side && t.cell.is_some())
            .filter_map(|(_, t)| t.cell)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        s.locked = cells
            .into_iter()
            .filter(|&c| !self.engaged(s, c).is_empty())
            .map(|c| (c, false))
            .collect();
        if !s.locked.is_empty() {
            ev.push(Event::LockedPlaced {
                hexes: s.locked.iter().map(|x| x.0).collect(),
            });
        }
    }

    /// Reinforcements of the phasing side due this turn enter at their hex (RULING: at the start
    /// of the Normal Movement Segment, free to move; a hex held by the enemy delays them a turn).
    fn arrivals(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for r in &self.data.reinforcements {
            let (own, waiting) = match r.counter {
                Counter::Unit(u) => (
                    self.data.troops[u.ix()].side,
                    s.troop(u).gone == Some(crate::state::Gone::Absent),
                ),
                Counter::Leader(l) => (self.data.leaders[l.ix()].side, s.leader(l).absent),
            };
            if own != side || !waiting || r.turn > s.turn {
                continue;
            }
            if self.has_counter_of(s, side.other(), r.cell) {
                continue;
            }
            match r.counter {
                Counter::Unit(u) => {
                    let pos = s.top_pos();
                    let t = s.troop_mut(u);
                    t.cell = Some(r.cell);
                    t.gone = None;
                    t.pos = pos;
                    ev.push(Event::Arrived {
                        unit: Some(u),
                        leader: None,
                        hex: r.cell,
                    });
                }
                Counter::Leader(l) => {
                    s.leaders[l.ix()].cell = Some(r.cell);
                    s.leaders[l.ix()].absent = false;
                    ev.push(Event::Arrived {
                        unit: None,
                        leader: Some(l),
                        hex: r.cell,
                    });
                }
            }
        }
    }

    /// 7.3 / 5.3 The Movement Phase ends.
    pub(crate) fn end_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.moving = None;
        self.enter_offensive_bombardment(s, ev);
    }

    /// 8 Offensive Bombardment Phase.
    fn enter_offensive_bombardment(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::Phase {
            side: s.phasing,
            phase: "Offensive Bombardment Phase (8)".into(),
        });
        s.stage = Stage::OffensiveBombardment;
    }

    /// 8.4 Moved markers come off; 9.4 the Rally Phase.
    pub(crate) fn enter_rally(&self, s: &mut State, ev: &mut Vec<Event>) {
        for t in &mut s.troops {
            t.moved = false;
        }
        let side = s.phasing;
        s.checks = (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| {
                let t = s.troop(u);
                self.data.troops[u.ix()].side == side
                    && t.cell.is_some()
                    && t.morale != Morale::Formed
                    && self.acts(s, u)
            })
            .collect();
        if !s.checks.is_empty() {
            ev.push(Event::Phase {
                side,
                phase: "Rally Phase (9.4)".into(),
            });
        }
        s.stage = Stage::Rally;
    }

    /// 8.5 Defensive Bombardment Phase of the Inactive player.
    fn enter_defensive_bombardment(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::Phase {
            side: s.phasing.other(),
            phase: "Defensive Bombardment Phase (8.5)".into(),
        });
        s.stage = Stage::DefensiveBombardment;
    }

    /// 10 Close Combat Phase.
    pub(crate) fn enter_close_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::Phase {
            side: s.phasing,
            phase: "Close Combat Phase (10)".into(),
        });
        s.stage = Stage::CloseCombat;
    }

    /// RULING (pg-rulings 1).
    /// 11 Remove Locked Markers Phase; then the other Player Turn, or the Joint Army Morale
    /// Adjustment Phase (13).
    pub(crate) fn end_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.locked.clear();
        s.moving = None;
        for w in &mut s.wings {
            w.caught = false;
        }
        if s.second {
            self.army_morale(s, ev);
        } else {
            s.second = true;
            s.phasing = s.phasing.other();
            self.begin_player_turn(s, ev);
        }
    }

    /// 4.3 Detachments activate when one of their counters has a clear LOS of 3 hexes or less
    /// to an enemy counter or to an Activated friendly Detachment's counter.
    pub(crate) fn check_detachments(&self, s: &mut State, ev: &mut Vec<Event>) {
        for gi in 0..self.data.groups.len() {
            let g = GroupId(gi as u8);
            let gd = &self.data.groups[gi];
            if !gd.detachment || s.dets[gi].active || s.dets[gi].dissolved {
                continue;
            }
            if gd.kind != GroupKind::Specific {
                continue;
            }
            let mine = self.counters_where(s, |c| self.in_detachment(s, c) == Some(g));
            let others = self.counters_where(s, |c| {
                let side = self.counter_side(c);
                side != gd.side
                    || self
                        .in_detachment(s, c)
                        .is_some_and(|og| og != g && s.dets[og.ix()].active)
            });
            let seen = mine.iter().any(|&(_, a)| {
                others
                    .iter()
                    .any(|&(_, b)| self.data.board.distance(a, b) <= 3 && self.los(s, a, b))
            });
            if seen {
                s.dets[gi].active = true;
                ev.push(Event::DetachmentActivated {
                    side: gd.side,
                    group: g,
                });
            }
        }
    }

    /// The side of a counter.
    #[must_use]
    pub fn counter_side(&self, c: Counter) -> Side {
        match c {
            Counter::Unit(u) => self.data.troops[u.ix()].side,
            Counter::Leader(l) => self.data.leaders[l.ix()].side,
        }
    }

    /// The hex of a counter.
    #[must_use]
    pub fn counter_cell(&self, s: &State, c: Counter) -> Option<crate::data::Cell> {
        match c {
            Counter::Unit(u) => s.troop(u).cell,
            Counter::Leader(l) => s.leader(l).cell,
        }
    }

    /// The counters on the map for which `f` holds, with their hexes.
    pub(crate) fn counters_where(
        &self,
        s: &State,
        f: impl Fn(Counter) -> bool,
    ) -> Vec<(Counter, crate::data::Cell)> {
        let mut out = Vec::new();
        for (i, t) in s.troops.iter().enumerate() {
            let c = Counter::Unit(UnitId(i as u8));
            if let Some(cell) = t.cell
                && f(c)
            {
                out.push((c, cell));
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            let c = Counter::Leader(LeaderId(i as u8));
            if let Some(cell) = l.cell
                && f(c)
            {
                out.push((c, cell));
            }
        }
        out
    }
}
