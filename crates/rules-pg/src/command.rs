//! 4 Army Activation and Command Determination: Coup d'Oeil Activation (4.1.3), Detachments
//! (4.3), deploying from column (4.4, 7.6.2, 7.6.3), Group Command Rolls (4.5), Special Leaders
//! (4.2.1), Out of Command Units (4.2.2) and Leader successors (RULING on 15.2).

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, Counter, GroupId, LeaderId, Role, Special, UnitId, WingId};
use crate::event::Event;
use crate::state::{Frame, Stage, State};
use coupdoeil_engine::Side;

/// 4.2.2 Command range in hexes (count the Leader's hex, not the Unit's).
pub const COMMAND_RANGE: u32 = 5;
/// 4.2.2 Units that may trace command to the Army Commander each turn.
pub const TRACE_TO_COMMANDER: usize = 2;
/// 4.1.3 CdOA: clear LOS of at most this many hexes.
pub const CDOA_RANGE: u32 = 7;
/// 4.1.2 / 4.3 / 7.6.3 The three-hex trigger.
pub const NEAR: u32 = 3;
/// 4.1.3 The CdOA roll needed (die + Initiative).
pub const CDOA_TARGET: u8 = 8;
/// 4.1.1 The Normal Activation roll needed (die + Initiative).
pub const ACTIVATION_TARGET: u8 = 7;

impl PrussiasGlory {
    /// 4.4 The wings (and the Army Commander) that may deploy from column now.
    pub(crate) fn deploy_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.phasing;
        for (i, w) in s.wings.iter().enumerate() {
            let wid = WingId(i as u8);
            if self.data.wings[i].side == side
                && w.in_column
                && self.group_acts(s, self.wing_group(s, wid))
            {
                out.push(Action::Deploy(wid));
            }
        }
        let c = self.data.armies[side].commander;
        if s.leader(c).in_column && s.leader(c).cell.is_some() {
            out.push(Action::DeployCommander);
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
    }

    pub(crate) fn do_deploy(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Deploy(w) => self.deploy_wing(s, w, false, ev),
            Action::DeployCommander => {
                let side = s.phasing;
                let c = self.data.armies[side].commander;
                s.leaders[c.ix()].in_column = false;
                ev.push(Event::CommanderColumn {
                    side,
                    in_column: false,
                });
            }
            _ => self.enter_command_rolls(s, ev),
        }
    }

    /// 7.6.2 A wing deploys: it and its Units leave column, with any artillery In Column within
    /// 5 hexes of its Wing Leader (RULING: such artillery always deploys with it).
    pub(crate) fn deploy_wing(&self, s: &mut State, w: WingId, forced: bool, ev: &mut Vec<Event>) {
        s.wings[w.ix()].in_column = false;
        let leader_cell = s.leader(self.data.wings[w.ix()].leader).cell;
        for i in 0..s.troops.len() {
            let d = &self.data.troops[i];
            if d.side != self.data.wings[w.ix()].side || !s.troops[i].in_column {
                continue;
            }
            let mine = d.wing == Some(w);
            let near_art = d.arm == Arm::Artillery
                && leader_cell
                    .zip(s.troops[i].cell)
                    .is_some_and(|(l, c)| self.data.board.distance(l, c) <= COMMAND_RANGE);
            if mine || near_art {
                s.troops[i].in_column = false;
                s.troops[i].column_wing = None;
            }
        }
        ev.push(Event::Deployed { wing: w, forced });
    }

    /// 4.5 A group's Command Roll: Effective on its Command Rating or less.
    pub(crate) fn command_die(&self, s: &mut State, i: u8, die: u8, ev: &mut Vec<Event>) {
        let groups = self.rolling_groups(s, s.phasing);
        let Some(&g) = groups.get(usize::from(i)) else {
            self.after_command_rolls(s, ev);
            return;
        };
        let effective = die <= self.data.groups[g.ix()].rating;
        s.effective[g.ix()] = effective;
        ev.push(Event::CommandRoll {
            group: g,
            die,
            effective,
        });
        if usize::from(i) + 1 < groups.len() {
            s.stage = Stage::CommandRoll(i + 1);
        } else {
            self.after_command_rolls(s, ev);
        }
    }

    /// 4.2.1 The phasing side's Special Leaders who may roll, in order.
    #[must_use]
    pub fn special_leaders(&self, s: &State) -> Vec<LeaderId> {
        (0..self.data.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| {
                let d = &self.data.leaders[l.ix()];
                let st = s.leader(l);
                d.side == s.phasing
                    && d.special.is_some()
                    && st.cell.is_some()
                    && !st.successor
                    && self.leader_acts(s, l)
            })
            .collect()
    }

    /// 4.5 The Degraded wings Special Leader `l` may roll for: his own, or one whose Wing Leader
    /// is stacked with him, of the kind his letter allows (I: with infantry, C: without).
    #[must_use]
    pub fn special_targets(&self, s: &State, l: LeaderId) -> Vec<WingId> {
        let d = &self.data.leaders[l.ix()];
        let Some(here) = s.leader(l).cell else {
            return Vec::new();
        };
        (0..self.data.wings.len())
            .map(|i| WingId(i as u8))
            .filter(|&w| {
                let wd = &self.data.wings[w.ix()];
                let ws = &s.wings[w.ix()];
                let kind_ok = match d.special {
                    Some(Special::Infantry) => wd.has_infantry,
                    Some(Special::Cavalry) => !wd.has_infantry,
                    Some(Special::Any) => true,
                    None => false,
                };
                let reach = d.wing == Some(w) || s.leader(wd.leader).cell == Some(here);
                wd.side == d.side
                    && ws.degraded
                    && !ws.restored
                    && kind_ok
                    && reach
                    && self.group_acts(s, self.wing_group(s, w))
            })
            .collect()
    }

    pub(crate) fn special_actions(&self, s: &State, i: u8, out: &mut Vec<Action>) {
        if let Some(&l) = self.special_leaders(s).get(usize::from(i)) {
            for w in self.special_targets(s, l) {
                out.push(Action::SpecialRoll { leader: l, wing: w });
            }
        }
        out.push(Action::Pass);
    }

    pub(crate) fn do_special(&self, s: &mut State, i: u8, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::SpecialRoll { leader, wing } => {
                s.special = Some((leader, wing));
                s.stage = Stage::SpecialDie(i);
            }
            _ => self.next_special(s, i, ev),
        }
    }

    fn next_special(&self, s: &mut State, i: u8, ev: &mut Vec<Event>) {
        let n = self.special_leaders(s).len();
        if usize::from(i) + 1 < n {
            s.stage = Stage::Special(i + 1);
        } else {
            self.enter_trace(s, ev);
        }
    }

    /// 4.5 The Special Leader's die: his Initiative or less makes the wing, and any artillery
    /// stacked with him, Effective for the turn.
    pub(crate) fn special_die(&self, s: &mut State, i: u8, die: u8, ev: &mut Vec<Event>) {
        let Some((l, w)) = s.special.take() else {
            self.next_special(s, i, ev);
            return;
        };
        let init = self.data.leaders[l.ix()].initiative.unwrap_or(0);
        let effective = die <= init;
        ev.push(Event::SpecialRoll {
            leader: l,
            wing: w,
            die,
            effective,
        });
        if effective {
            s.wings[w.ix()].degraded = false;
            s.wings[w.ix()].restored = true;
            let here = s.leader(l).cell;
            for (ti, t) in s.troops.iter_mut().enumerate() {
                let d = &self.data.troops[ti];
                if d.wing == Some(w)
                    || (d.arm == Arm::Artillery && t.cell.is_some() && t.cell == here)
                {
                    t.degraded = false;
                }
            }
        }
        self.next_special(s, i, ev);
    }

    /// 4.2.2 Units more than 5 hexes from their Wing Leader (artillery: from every friendly
    /// Leader) are Out of Command; then up to two may trace to the Army Commander.
    pub(crate) fn enter_trace(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let mut ooc = Vec::new();
        for i in 0..s.troops.len() {
            let u = UnitId(i as u8);
            let d = &self.data.troops[i];
            let Some(c) = s.troops[i].cell else { continue };
            if d.side != side || !self.acts(s, u) {
                continue;
            }
            let within = |l: LeaderId| {
                s.leader(l)
                    .cell
                    .is_some_and(|lc| self.data.board.distance(lc, c) <= COMMAND_RANGE)
            };
            let in_command = match d.wing {
                Some(w) => within(self.data.wings[w.ix()].leader),
                None => (0..self.data.leaders.len())
                    .map(|x| LeaderId(x as u8))
                    .any(|l| self.data.leaders[l.ix()].side == side && within(l)),
            };
            s.troops[i].ooc = !in_command;
            if !in_command {
                ooc.push(u);
            }
        }
        if !ooc.is_empty() {
            ev.push(Event::OutOfCommand { units: ooc });
        }
        s.stage = Stage::Trace;
    }

    pub(crate) fn trace_actions(&self, s: &State, out: &mut Vec<Action>) {
        if s.traced.len() >= TRACE_TO_COMMANDER {
            return;
        }
        let side = s.phasing;
        let c = self.data.armies[side].commander;
        let Some(cc) = s.leader(c).cell else { return };
        for (i, t) in s.troops.iter().enumerate() {
            let d = &self.data.troops[i];
            if d.side == side
                && d.arm != Arm::Artillery
                && t.ooc
                && t.cell
                    .is_some_and(|x| self.data.board.distance(cc, x) <= COMMAND_RANGE)
            {
                out.push(Action::Trace(UnitId(i as u8)));
            }
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
    }

    pub(crate) fn do_trace(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Trace(u) => {
                s.troops[u.ix()].ooc = false;
                s.traced.push(u);
                ev.push(Event::Traced { unit: u });
            }
            _ => self.enter_movement(s, ev),
        }
    }

    /// RULING (15.2): a Leader lost to a Leader Loss Check is replaced, at the start of his
    /// side's next Command Determination Phase, by a successor with no Initiative, no Special
    /// ability and no Morale Modifier, placed with the nearest surviving Unit of his wing (the
    /// Army Commander's with the Unit nearest to where he fell, or any Unit of his army).
    pub(crate) fn successors(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for li in 0..s.leaders.len() {
            let l = LeaderId(li as u8);
            let d = &self.data.leaders[li];
            if d.side != side || s.leaders[li].cell.is_some() || s.leaders[li].absent {
                continue;
            }
            let pick = s
                .troops
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    let td = &self.data.troops[*i];
                    t.cell.is_some()
                        && td.side == side
                        && match (d.role, d.wing) {
                            (Role::Wing, Some(w)) => td.wing == Some(w),
                            _ => true,
                        }
                })
                .filter_map(|(_, t)| t.cell)
                .min();
            let pick = pick.or_else(|| {
                s.troops
                    .iter()
                    .enumerate()
                    .filter(|(i, t)| t.cell.is_some() && self.data.troops[*i].side == side)
                    .filter_map(|(_, t)| t.cell)
                    .min()
            });
            if let Some(c) = pick {
                s.leaders[li].cell = Some(c);
                s.leaders[li].successor = true;
                ev.push(Event::Successor { leader: l, hex: c });
            }
        }
    }

    /// 4.1.3 The CdOA die: with the Army Commander's Initiative, 8 or more lets the player pay
    /// to activate. 4.3.2 A Detachment's success activates the whole army.
    pub(crate) fn cdoa_die(
        &self,
        s: &mut State,
        side: Side,
        det: Option<GroupId>,
        die: u8,
        ev: &mut Vec<Event>,
    ) {
        let roll = die + self.commander_initiative(s, side);
        let success = roll >= CDOA_TARGET;
        ev.push(Event::CdoaRoll {
            side,
            die,
            roll,
            success,
        });
        match det {
            Some(g) => s.dets[g.ix()].cdoa_used = true,
            None => s.armies[side].cdoa_used = true,
        }
        if success {
            s.pending.push(Frame::CdoaPay { side });
        }
    }

    /// 7.6.3 The rating a side rolls with: the Group's Command Rating, or the Initiative of a
    /// Leader stacked with the Wing Leader; Prussian cavalry adds 4.
    fn rating_for(&self, s: &State, wing: Option<WingId>, group: GroupId, side: Side) -> i8 {
        let mut r = self.data.groups[group.ix()].rating as i8;
        if let Some(w) = wing {
            let wl = self.data.wings[w.ix()].leader;
            if let Some(wc) = s.leader(wl).cell {
                for (li, l) in s.leaders.iter().enumerate() {
                    let d = &self.data.leaders[li];
                    if l.cell == Some(wc)
                        && d.side == side
                        && !l.successor
                        && let Some(init) = d.initiative
                    {
                        r = r.max(init as i8);
                    }
                }
            }
        }
        r
    }

    /// Whether a wing is Prussian cavalry (7.6.3: +4). The Prussian side is the scenario's
    /// first player in every Prussia's Glory battle.
    fn prussian_cavalry(&self, side: Side, has_infantry: bool) -> bool {
        side == self.data.first && !has_infantry
    }

    pub(crate) fn forced_bonus_column(&self, s: &State, wing: WingId) -> i8 {
        let wd = &self.data.wings[wing.ix()];
        let g = self.wing_group(s, wing);
        let mut r = self.rating_for(s, Some(wing), g, wd.side);
        if self.prussian_cavalry(wd.side, wd.has_infantry) {
            r += 4;
        }
        r
    }

    pub(crate) fn forced_bonus_mover(&self, s: &State, mover: Counter) -> i8 {
        match mover {
            Counter::Unit(u) => {
                let d = &self.data.troops[u.ix()];
                let g = self.group_of(s, u);
                let mut r = self.rating_for(s, d.wing, g, d.side);
                if d.side == self.data.first && d.arm == Arm::Cavalry {
                    r += 4;
                }
                r
            }
            Counter::Leader(l) => {
                let d = &self.data.leaders[l.ix()];
                d.initiative.unwrap_or(0) as i8
            }
        }
    }

    /// After a counter of the phasing side moves into `at`: Automatic Activation (4.1.2),
    /// Detachment activation (4.3), CdOA opportunities (4.1.3, 4.3.2) and Forced Deployment
    /// attempts (7.6.3).
    pub(crate) fn after_step(&self, s: &mut State, mover: Counter, at: Cell, ev: &mut Vec<Event>) {
        let side = self.counter_side(mover);
        let enemy = side.other();
        let board = &self.data.board;
        let mover_in_det = self.in_detachment(s, mover).is_some();
        // RULING (pg-rulings 33).
        // 4.1.2 Automatic Activation (not by a Detachment's counter).
        if !s.armies[enemy].active && !s.armies[enemy].auto_pending && !mover_in_det {
            let near = self
                .counters_where(s, |c| {
                    self.counter_side(c) == enemy && self.in_detachment(s, c).is_none()
                })
                .into_iter()
                .any(|(_, c)| board.distance(c, at) <= NEAR && self.los(s, c, at));
            if near {
                s.armies[enemy].auto_pending = true;
            }
        }
        self.check_detachments(s, ev);
        // 4.1.3 CdOA: the first time an Inactive counter sees an enemy Unit within 7 hexes.
        if matches!(mover, Counter::Unit(_)) {
            if !s.armies[enemy].active && !s.armies[enemy].cdoa_used {
                let sees = self
                    .counters_where(s, |c| {
                        self.counter_side(c) == enemy && self.in_detachment(s, c).is_none()
                    })
                    .into_iter()
                    .any(|(_, c)| board.distance(c, at) <= CDOA_RANGE && self.los(s, c, at));
                // RULING (pg-rulings 32): the first sighting is the one opportunity; declining spends it.
                if sees {
                    s.armies[enemy].cdoa_used = true;
                    s.pending.push(Frame::CdoaOffer {
                        side: enemy,
                        det: None,
                    });
                }
            }
            for gi in 0..self.data.groups.len() {
                let g = GroupId(gi as u8);
                let gd = &self.data.groups[gi];
                if gd.side != enemy
                    || !gd.detachment
                    || s.dets[gi].dissolved
                    || s.dets[gi].cdoa_used
                    || s.armies[enemy].active
                {
                    continue;
                }
                let sees = self
                    .counters_where(s, |c| self.in_detachment(s, c) == Some(g))
                    .into_iter()
                    .any(|(_, c)| board.distance(c, at) <= CDOA_RANGE && self.los(s, c, at));
                if sees {
                    s.dets[gi].cdoa_used = true;
                    s.pending.push(Frame::CdoaOffer {
                        side: enemy,
                        det: Some(g),
                    });
                }
            }
            // 7.6.3 Forced Deployment: an enemy Unit came within 3 hexes of an In Column Unit.
            for wi in 0..self.data.wings.len() {
                let w = WingId(wi as u8);
                if self.data.wings[wi].side != enemy
                    || !s.wings[wi].in_column
                    || s.wings[wi].forced_tried
                {
                    continue;
                }
                let close = s.troops.iter().enumerate().any(|(ti, t)| {
                    self.data.troops[ti].wing == Some(w)
                        && t.in_column
                        && t.cell.is_some_and(|c| board.distance(c, at) <= NEAR)
                });
                // RULING (pg-rulings 31): one offer per wing and turn; declining spends it.
                if close {
                    s.pending.push(Frame::ForcedOffer { wing: w, mover });
                }
            }
        }
    }
}
