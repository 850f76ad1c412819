//! 7 Movement: Movement Allowances and their halving (7.4), the Terrain Effects Chart (7.3),
//! Zones of Control (7.5), In Column movement (7.6), stacking order (5.4, 6.3) and artillery
//! capture.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, Counter, LeaderId, Mover, UnitId, WingId};
use crate::event::Event;
use crate::occ::Occ;
use crate::state::{Gone, Morale, Moving, State};
use coupdoeil_engine::Side;

/// 7.6.1 MA of Degraded In Column artillery, infantry and cavalry.
pub const DEGRADED_COLUMN_MA: [u8; 3] = [5, 7, 4];
/// 7.6.1 MA added In Column.
pub const COLUMN_BONUS: u8 = 4;
/// 7.6 Artillery that may go In Column with one wing.
pub const COLUMN_ARTILLERY: usize = 3;

/// One legal step of the moving counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepOption {
    /// The hex entered.
    pub to: Cell,
    /// MP it costs.
    pub cost: u8,
    /// The move ends there.
    pub stops: bool,
    /// It captures the enemy artillery there.
    pub capture: bool,
    /// Placed at the bottom of the stack there (else on top).
    pub below: bool,
}

impl PrussiasGlory {
    /// 7.4, 7.6.1 A Unit's Movement Allowance this phase.
    #[must_use]
    pub fn unit_ma(&self, s: &State, u: UnitId) -> u8 {
        let t = s.troop(u);
        let d = &self.data.troops[u.ix()];
        let base = d.at(t.steps).ma;
        if t.in_column {
            if t.degraded {
                match d.arm {
                    Arm::Infantry => DEGRADED_COLUMN_MA[0],
                    Arm::Cavalry => DEGRADED_COLUMN_MA[1],
                    Arm::Artillery => DEGRADED_COLUMN_MA[2],
                }
            } else {
                base + COLUMN_BONUS
            }
        } else if t.degraded || t.ooc || t.morale == Morale::Disordered {
            base.div_ceil(2)
        } else {
            base
        }
    }

    /// 7.4 A Leader's Movement Allowance: always full (7.6.1: In Column leaders as In Column
    /// Units, +4).
    #[must_use]
    pub fn leader_ma(&self, s: &State, l: LeaderId) -> u8 {
        let base = self.data.leaders[l.ix()].ma;
        if self.leader_in_column(s, l) {
            base + COLUMN_BONUS
        } else {
            base
        }
    }

    /// Whether a Leader is In Column: the Army Commander by his own marker, a Wing Leader with
    /// his wing.
    #[must_use]
    pub fn leader_in_column(&self, s: &State, l: LeaderId) -> bool {
        match self.data.leaders[l.ix()].wing {
            Some(w) => s.wings[w.ix()].in_column,
            None => s.leader(l).in_column,
        }
    }

    /// The counter being moved, its hex and whether it is In Column.
    fn mover_info(&self, s: &State, c: Counter) -> Option<(Cell, Side, bool)> {
        match c {
            Counter::Unit(u) => {
                let t = s.troop(u);
                Some((t.cell?, self.data.troops[u.ix()].side, t.in_column))
            }
            Counter::Leader(l) => Some((
                s.leader(l).cell?,
                self.data.leaders[l.ix()].side,
                self.leader_in_column(s, l),
            )),
        }
    }

    /// 7.5 The extra MP for Unit `u` to leave its hex, `None` if it may not leave it now.
    #[must_use]
    pub fn leave_cost(&self, s: &State, u: UnitId) -> Option<u8> {
        let c = s.troop(u).cell?;
        let occ = self.occ(s, None);
        self.leave_cost_at(s, &occ, u, c, self.is_engaged(s, u))
    }

    /// 7.5 The extra MP for Unit `u` to leave `c`, where it is Engaged or not.
    fn leave_cost_at(&self, s: &State, occ: &Occ, u: UnitId, c: Cell, engaged: bool) -> Option<u8> {
        let d = &self.data.troops[u.ix()];
        if !occ.in_ezoc(d.side, c) {
            return Some(0);
        }
        if d.arm == Arm::Artillery {
            // 7.5.2 As a Supporting Unit, wherever it is in the stack.
            return Some(1);
        }
        if d.fast {
            if !engaged {
                return Some(1);
            }
            // 7.5.3 Pinned next to Engaged, Formed enemy cavalry.
            if self.next_to_engaged_cavalry_at(s, occ, d.side, c, None) {
                return None;
            }
            let prussian_cavalry = d.side == self.data.first && d.arm == Arm::Cavalry;
            Some(if prussian_cavalry { 1 } else { 2 })
        } else if engaged {
            // 7.5.1 An Engaged infantry Unit stays until another Unit makes it a Supporting one.
            None
        } else {
            Some(1)
        }
    }

    /// 7.5.3 Whether hex `c` is adjacent to an Engaged, Formed cavalry Unit of the enemy of
    /// `side`.
    #[must_use]
    pub fn next_to_engaged_cavalry(&self, s: &State, side: Side, c: Cell) -> bool {
        let occ = self.occ(s, None);
        self.next_to_engaged_cavalry_at(s, &occ, side, c, None)
    }

    /// 7.5.3 The same, with a Unit of `side` of type `mover` standing in `c` (its ZOC engages the
    /// enemy next to it).
    fn next_to_engaged_cavalry_at(
        &self,
        s: &State,
        occ: &Occ,
        side: Side,
        c: Cell,
        mover: Option<Mover>,
    ) -> bool {
        let enemy = side.other();
        self.data.board.neighbors(c).any(|n| {
            if !occ.unit_of(enemy, n) {
                return false;
            }
            let engaged_there =
                occ.zoc_of(side, n) || mover.is_some_and(|m| self.passable(m, c, n));
            engaged_there
                && self.top_steps(s, n).iter().any(|&e| {
                    let d = &self.data.troops[e.ix()];
                    d.side == enemy && d.arm == Arm::Cavalry && s.troop(e).morale == Morale::Formed
                })
        })
    }

    /// 6.3, 6.4 Whether Unit `u` leaving `c` (where `others` other Units stand) would vacate a
    /// Locked hex, which is allowed only to Engaged Fast Units adjacent to no enemy Fast Unit.
    fn vacates_locked(&self, s: &State, u: UnitId, c: Cell, others: u8, engaged: bool) -> bool {
        if s.locked_at(c).is_none() || others > 0 {
            return false;
        }
        let d = &self.data.troops[u.ix()];
        let fast_exception = d.fast
            && engaged
            && !self.data.board.neighbors(c).any(|n| {
                s.troops.iter().enumerate().any(|(i, t)| {
                    t.cell == Some(n)
                        && self.data.troops[i].side != d.side
                        && self.data.troops[i].fast
                })
            });
        !fast_exception
    }

    /// The legal steps of the moving counter.
    #[must_use]
    pub fn step_options(&self, s: &State) -> Vec<StepOption> {
        let Some(m) = s.moving else {
            return Vec::new();
        };
        if m.stop {
            return Vec::new();
        }
        let occ = self.occ(s, None);
        self.steps_for(s, &occ, m)
    }

    /// The steps of a counter from where it stands, with `m`'s MP and hexes.
    fn steps_for(&self, s: &State, occ: &Occ, m: Moving) -> Vec<StepOption> {
        let Some((from, _, _)) = self.mover_info(s, m.counter) else {
            return Vec::new();
        };
        let engaged = match m.counter {
            Counter::Unit(u) => {
                occ.in_ezoc(self.data.troops[u.ix()].side, from)
                    && self.top_steps(s, from).contains(&u)
            }
            Counter::Leader(_) => false,
        };
        self.steps_core(s, occ, m.counter, from, m.mp, m.hexes, engaged, true)
    }

    /// 7.3 - 7.6 Every step of counter `counter` from hex `from` with `mp` MP left after `hexes`
    /// hexes, Engaged there or not; `occ` counts the counter in `from` when `self_in_occ`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn steps_core(
        &self,
        s: &State,
        occ: &Occ,
        counter: Counter,
        from: Cell,
        mp: u8,
        hexes: u8,
        engaged: bool,
        self_in_occ: bool,
    ) -> Vec<StepOption> {
        let mut out = Vec::new();
        let Some((_, side, ic)) = self.mover_info(s, counter) else {
            return out;
        };
        let board = &self.data.board;
        let (kind, unit) = match counter {
            Counter::Unit(u) => (Mover::from(self.data.troops[u.ix()].arm), Some(u)),
            Counter::Leader(_) => (Mover::Leader, None),
        };
        let leave = match unit {
            Some(u) => match self.leave_cost_at(s, occ, u, from, engaged) {
                Some(x) => x,
                None => return out,
            },
            None => 0,
        };
        if let Some(u) = unit {
            let others = occ.troops(from).saturating_sub(u8::from(self_in_occ));
            if self.vacates_locked(s, u, from, others, engaged) {
                return out;
            }
        }
        for n in board.neighbors(from) {
            let Some(hexside) = self.hexside_cost(kind, from, n) else {
                continue;
            };
            let Some(hex) = self.hex_cost(kind, n) else {
                continue;
            };
            // 7.6.1 In Column: 1 MP a hex whatever the terrain (prohibited terrain still is).
            let terrain = if ic { 1 } else { hex.saturating_add(hexside) };
            let cost = terrain.saturating_add(leave);
            let mut capture = false;
            if occ.counter_of(side.other(), n) {
                // 7.4 Never into an enemy-occupied hex, except to capture artillery alone there.
                let Some(u) = unit else { continue };
                let d = &self.data.troops[u.ix()];
                let t = s.troop(u);
                let enemy_units: Vec<usize> = (0..s.troops.len())
                    .filter(|&i| s.troops[i].cell == Some(n) && self.data.troops[i].side != side)
                    .collect();
                let only_art = !enemy_units.is_empty()
                    && enemy_units
                        .iter()
                        .all(|&i| self.data.troops[i].arm == Arm::Artillery);
                if d.arm == Arm::Artillery || !only_art || t.morale != Morale::Formed || t.in_column
                {
                    continue;
                }
                capture = true;
            }
            let over = cost > mp;
            if over && hexes > 0 {
                continue;
            }
            let ezoc = occ.in_ezoc(side, n);
            let base_stop = over || cost == mp || capture;
            let cost = cost.min(mp);
            match unit {
                None => {
                    // 7.5.4 Leaders enter an EZOC only where a friendly Unit is.
                    if ezoc && !occ.unit_of(side, n) {
                        continue;
                    }
                    out.push(StepOption {
                        to: n,
                        cost,
                        stops: base_stop,
                        capture,
                        below: false,
                    });
                }
                Some(u) => {
                    let d = &self.data.troops[u.ix()];
                    let t = s.troop(u);
                    if ezoc {
                        // 4.2.2 Out of Command, 7.5.5 parenthesised SP: never into an EZOC.
                        if t.ooc || d.at(t.steps).paren {
                            continue;
                        }
                        // 7.5.2 Artillery only where friendly infantry or cavalry already is.
                        if d.arm == Arm::Artillery
                            && !(occ.unit_of(side, n) && occ.foot_horse(n) > 0)
                        {
                            continue;
                        }
                    }
                    let friends_there = occ.unit_of(side, n);
                    // RULING (pg-rulings 38): otherwise the owner chooses top or bottom.
                    // 5.4 Coalition artillery entering an EZOC goes to the bottom.
                    let forced_bottom = ezoc && d.arm == Arm::Artillery && side != self.data.first;
                    let (fh, art) = if d.arm == Arm::Artillery {
                        (0, u32::from(t.steps))
                    } else {
                        (u32::from(t.steps), 0)
                    };
                    let fits = occ.fits_with(n, fh, art, t.in_column);
                    for below in [false, true] {
                        if (below && !friends_there) || (!below && forced_bottom && friends_there) {
                            continue;
                        }
                        let stops = base_stop
                            || (ezoc && !capture && self.entering_stops(s, occ, u, n, below));
                        // 5.3 Never end a move over the stacking limits.
                        if stops && !fits {
                            continue;
                        }
                        out.push(StepOption {
                            to: n,
                            cost,
                            stops,
                            capture,
                            below,
                        });
                    }
                }
            }
        }
        out
    }

    /// 7.5.1, 7.5.3 Whether Unit `u` entering the EZOC hex `n` must stop there: infantry that
    /// becomes Engaged (placed on top it always counts first), Fast Units adjacent to Engaged,
    /// Formed enemy cavalry, artillery always (RULING: 7.5.2 gives it the restrictions of
    /// infantry, and it never becomes a Supporting Unit that may go on).
    fn entering_stops(&self, s: &State, occ: &Occ, u: UnitId, n: Cell, below: bool) -> bool {
        let d = &self.data.troops[u.ix()];
        match d.arm {
            Arm::Artillery => true,
            _ if d.fast => self.next_to_engaged_cavalry_at(s, occ, d.side, n, Some(d.arm.into())),
            _ => {
                // Engaged if within the top four steps where it is placed: on top it is; at the
                // bottom, only if the steps above leave room.
                !below
                    || u32::from(occ.foot_horse(n)) + u32::from(s.troop(u).steps)
                        <= u32::from(crate::zoc::ENGAGED_STEPS)
            }
        }
    }

    /// Whether a counter may start a move now: it takes part, has not moved, is not Routed, and
    /// has somewhere to go.
    fn can_select(&self, s: &State, occ: &Occ, c: Counter) -> bool {
        let (free, side) = match c {
            Counter::Unit(u) => {
                let t = s.troop(u);
                (
                    t.cell.is_some() && !t.moved && t.morale != Morale::Routed && self.acts(s, u),
                    self.data.troops[u.ix()].side,
                )
            }
            Counter::Leader(l) => {
                let x = s.leader(l);
                (
                    x.cell.is_some() && !x.moved && self.leader_acts(s, l),
                    self.data.leaders[l.ix()].side,
                )
            }
        };
        if !free || side != s.phasing {
            return false;
        }
        let mp = match c {
            Counter::Unit(u) => self.unit_ma(s, u),
            Counter::Leader(l) => self.leader_ma(s, l),
        };
        let m = Moving {
            counter: c,
            mp,
            hexes: 0,
            stop: false,
        };
        !self.steps_for(s, occ, m).is_empty()
    }

    /// 7.6 Whether a wing may go In Column now: Effective, every surviving Unit Formed, In
    /// Command and out of enemy ZOCs.
    #[must_use]
    pub fn may_go_column(&self, s: &State, w: WingId) -> bool {
        let wd = &self.data.wings[w.ix()];
        let ws = &s.wings[w.ix()];
        if wd.side != s.phasing
            || ws.in_column
            || ws.degraded
            || !self.group_acts(s, self.wing_group(s, w))
            || s.leader(wd.leader).cell.is_none()
        {
            return false;
        }
        let mut any = false;
        for (i, t) in s.troops.iter().enumerate() {
            if self.data.troops[i].wing != Some(w) {
                continue;
            }
            let Some(c) = t.cell else { continue };
            any = true;
            if t.morale != Morale::Formed || t.ooc || self.in_ezoc(s, wd.side, c) {
                return false;
            }
        }
        any
    }

    /// 7.6 Whether artillery `u` may go In Column with a wing that went In Column this phase.
    fn column_artillery_wing(&self, s: &State, u: UnitId) -> Option<WingId> {
        let t = s.troop(u);
        let d = &self.data.troops[u.ix()];
        let c = t.cell?;
        if d.arm != Arm::Artillery
            || d.side != s.phasing
            || t.in_column
            || t.degraded
            || t.morale != Morale::Formed
            || !self.acts(s, u)
            || self.in_ezoc(s, d.side, c)
        {
            return None;
        }
        (0..self.data.wings.len())
            .map(|i| WingId(i as u8))
            .find(|&w| {
                let ws = &s.wings[w.ix()];
                let leader = s.leader(self.data.wings[w.ix()].leader).cell;
                ws.went_column
                    && self.data.wings[w.ix()].side == d.side
                    && leader.is_some_and(|l| {
                        self.data.board.distance(l, c) <= crate::command::COMMAND_RANGE
                    })
                    && s.troops.iter().filter(|x| x.column_wing == Some(w)).count()
                        < COLUMN_ARTILLERY
            })
    }

    /// RULING (pg-rulings 37).
    /// 5.3 Whether the phasing side may end its Movement Phase: no hex over the stacking limits
    /// holds a Unit that could still move out of it.
    fn may_end_movement(&self, s: &State, occ: &Occ) -> bool {
        let side = s.phasing;
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            if self.data.troops[i].side != side || self.stacking_ok(s, c) {
                continue;
            }
            if !t.moved && self.can_select(s, occ, Counter::Unit(UnitId(i as u8))) {
                return false;
            }
        }
        true
    }

    /// Every legal action of the Normal Movement Segment.
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.phasing;
        let occ = self.occ(s, None);
        if let Some(m) = s.moving {
            let steps = if m.stop {
                Vec::new()
            } else {
                self.steps_for(s, &occ, m)
            };
            for o in steps {
                out.push(Action::Step {
                    to: o.to,
                    below: o.below,
                });
            }
            // RULING (pg-rulings 37).
            // 5.3 A counter over the stacking limit goes on while it can.
            let over = match m.counter {
                Counter::Unit(u) => s.troop(u).cell.is_some_and(|c| !self.stacking_ok(s, c)),
                Counter::Leader(_) => false,
            };
            if over && !out.is_empty() {
                return;
            }
            out.push(Action::EndMove);
            if m.hexes == 0 && !m.stop {
                // RULING (pg-rulings 40).
                // A move begun must go at least one hex; choosing another counter instead is
                // not offered until it has.
                if out.len() > 1 {
                    out.retain(|a| *a != Action::EndMove);
                }
                return;
            }
        }
        for i in 0..s.troops.len() {
            let u = UnitId(i as u8);
            if self.can_select(s, &occ, Counter::Unit(u)) {
                out.push(Action::Select(u));
            }
        }
        for i in 0..s.leaders.len() {
            let l = LeaderId(i as u8);
            if self.can_select(s, &occ, Counter::Leader(l)) {
                out.push(Action::SelectLeader(l));
            }
        }
        if s.moving.is_none() {
            for (i, t) in s.troops.iter().enumerate() {
                let u = UnitId(i as u8);
                let Some(c) = t.cell else { continue };
                if self.data.troops[i].side != side
                    || t.raised
                    || t.morale == Morale::Routed
                    || !self.acts(s, u)
                {
                    continue;
                }
                let stack = self.stack(s, c);
                if stack.len() > 1 && stack[0] != u {
                    out.push(Action::Raise(u));
                }
            }
            for w in 0..self.data.wings.len() {
                let w = WingId(w as u8);
                if self.may_go_column(s, w) {
                    out.push(Action::Column(w));
                }
            }
            for i in 0..s.troops.len() {
                let u = UnitId(i as u8);
                if self.column_artillery_wing(s, u).is_some() {
                    out.push(Action::ColumnArtillery(u));
                }
            }
            let cmd = self.data.armies[side].commander;
            let l = s.leader(cmd);
            if l.cell.is_some() && !l.in_column && s.armies[side].active && !l.moved {
                out.push(Action::CommanderColumn);
            }
        }
        if self.may_end_movement(s, &occ) {
            out.push(Action::EndPhase);
        }
    }

    /// Applies a Movement Segment decision.
    pub(crate) fn do_movement(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Select(u) => {
                s.moving = None;
                s.troops[u.ix()].moved = true;
                s.moving = Some(Moving {
                    counter: Counter::Unit(u),
                    mp: self.unit_ma(s, u),
                    hexes: 0,
                    stop: false,
                });
            }
            Action::SelectLeader(l) => {
                s.moving = None;
                s.leaders[l.ix()].moved = true;
                s.moving = Some(Moving {
                    counter: Counter::Leader(l),
                    mp: self.leader_ma(s, l),
                    hexes: 0,
                    stop: false,
                });
            }
            Action::Step { to, below } => self.do_step(s, to, below, ev),
            Action::EndMove => s.moving = None,
            Action::Raise(u) => self.raise(s, u, ev),
            Action::Column(w) => {
                s.wings[w.ix()].in_column = true;
                s.wings[w.ix()].went_column = true;
                for (i, t) in s.troops.iter_mut().enumerate() {
                    if self.data.troops[i].wing == Some(w) && t.cell.is_some() {
                        t.in_column = true;
                    }
                }
                ev.push(Event::ColumnFormed { wing: w });
            }
            Action::ColumnArtillery(u) => {
                if let Some(w) = self.column_artillery_wing(s, u) {
                    let t = s.troop_mut(u);
                    t.in_column = true;
                    t.column_wing = Some(w);
                    ev.push(Event::ArtilleryColumn { unit: u, wing: w });
                }
            }
            Action::CommanderColumn => {
                let side = s.phasing;
                let c = self.data.armies[side].commander;
                s.leaders[c.ix()].in_column = true;
                ev.push(Event::CommanderColumn {
                    side,
                    in_column: true,
                });
            }
            Action::EndPhase => self.end_movement(s, ev),
            _ => {}
        }
    }

    /// 7.3 The moving counter enters an adjacent hex.
    fn do_step(&self, s: &mut State, to: Cell, below: bool, ev: &mut Vec<Event>) {
        let Some(mut m) = s.moving else { return };
        let Some(opt) = self
            .step_options(s)
            .into_iter()
            .find(|o| o.to == to && o.below == below)
        else {
            return;
        };
        let Some((from, side, _)) = self.mover_info(s, m.counter) else {
            return;
        };
        match m.counter {
            Counter::Unit(u) => {
                let engaged_before = s.locked_at(to).map(|_| self.engaged(s, to));
                if opt.capture {
                    self.capture_artillery(s, side, to, ev);
                }
                let pos = if below { s.bottom_pos() } else { s.top_pos() };
                let t = s.troop_mut(u);
                t.cell = Some(to);
                t.pos = pos;
                // 6.3 A change of the Engaged Units under a Locked marker flips it.
                if let Some(before) = engaged_before {
                    let after = self.engaged(s, to);
                    if after.iter().any(|x| !before.contains(x)) {
                        self.flip_locked(s, to, ev);
                    }
                }
                self.displace_leaders(s, side.other(), ev);
            }
            Counter::Leader(l) => {
                s.leaders[l.ix()].cell = Some(to);
            }
        }
        m.mp = m.mp.saturating_sub(opt.cost);
        m.hexes = m.hexes.saturating_add(1);
        m.stop = opt.stops || m.mp == 0;
        s.moving = Some(m);
        ev.push(Event::Moved {
            unit: match m.counter {
                Counter::Unit(u) => Some(u),
                Counter::Leader(_) => None,
            },
            leader: match m.counter {
                Counter::Leader(l) => Some(l),
                Counter::Unit(_) => None,
            },
            from,
            to,
            mp_left: m.mp,
        });
        // Leaders stacked with a moving Unit stay unless moved themselves.
        self.after_step(s, m.counter, to, ev);
        if m.stop && s.pending.is_empty() {
            s.moving = None;
        }
    }

    /// RULING (pg-rulings 11): artillery capture in movement.
    /// Enemy artillery alone in a hex entered by a Unit is captured (7.4).
    fn capture_artillery(&self, s: &mut State, side: Side, at: Cell, ev: &mut Vec<Event>) {
        for i in 0..s.troops.len() {
            if s.troops[i].cell == Some(at) && self.data.troops[i].side != side {
                let u = UnitId(i as u8);
                self.remove_unit(
                    s,
                    u,
                    Gone::Captured,
                    "captured by a Unit entering its hex (7.4)",
                    ev,
                );
            }
        }
        self.displace_leaders(s, side.other(), ev);
    }

    /// 5.4, 6.3 A Unit moves to the top of its stack; under a Locked marker, a change of the
    /// Engaged Units flips the marker to its penalty side.
    fn raise(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let Some(c) = s.troop(u).cell else { return };
        let before = self.engaged(s, c);
        let pos = s.top_pos();
        s.troop_mut(u).pos = pos;
        s.troop_mut(u).raised = true;
        ev.push(Event::Raised { unit: u });
        if s.locked_at(c).is_some() {
            let after = self.engaged(s, c);
            if after.iter().any(|x| !before.contains(x)) {
                self.flip_locked(s, c, ev);
            }
        }
    }

    /// 6.3 Flips a Locked marker to its penalty side.
    pub(crate) fn flip_locked(&self, s: &mut State, c: Cell, ev: &mut Vec<Event>) {
        if let Ok(i) = s.locked.binary_search_by_key(&c, |x| x.0)
            && !s.locked[i].1
        {
            s.locked[i].1 = true;
            ev.push(Event::LockedPenalty { hex: c });
        }
    }

    /// RULING (7.5.4): a Leader of `side` left without a friendly Unit in an enemy ZOC, or in a
    /// hex an enemy Unit entered, goes at once to the nearest hex holding a Unit of his side
    /// (the lowest such hex on ties); with no Unit of his side left he is removed.
    pub(crate) fn displace_leaders(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        for li in 0..s.leaders.len() {
            let l = LeaderId(li as u8);
            if self.data.leaders[li].side != side {
                continue;
            }
            let Some(c) = s.leaders[li].cell else {
                continue;
            };
            let alone = !self.has_unit_of(s, side, c);
            let enemy_here = self.has_unit_of(s, side.other(), c);
            if !(enemy_here || (alone && self.in_ezoc(s, side, c))) {
                continue;
            }
            let target = s
                .troops
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    self.data.troops[*i].side == side && t.cell.is_some() && t.cell != Some(c)
                })
                .filter_map(|(_, t)| t.cell)
                .min_by_key(|&x| (self.data.board.distance(c, x), x));
            s.leaders[li].cell = target;
            if let Some(to) = target {
                ev.push(Event::LeaderDisplaced { leader: l, to });
            }
        }
    }

    /// Takes a Unit off the map and scores it (VP stated in issue 8: 1 per destroyed or fled
    /// Unit, 2 per captured infantry or cavalry Unit, 2 per captured artillery step).
    pub(crate) fn remove_unit(
        &self,
        s: &mut State,
        u: UnitId,
        how: Gone,
        why: &str,
        ev: &mut Vec<Event>,
    ) {
        let d = &self.data.troops[u.ix()];
        let steps = s.troop(u).steps;
        let vp: i16 = match how {
            Gone::Captured if d.arm == Arm::Artillery => 2 * i16::from(steps.max(1)),
            Gone::Captured => 2,
            Gone::Destroyed | Gone::Fled => 1,
            Gone::Absent => 0,
        };
        let side = d.side;
        let t = s.troop_mut(u);
        let from = t.cell;
        t.cell = None;
        t.gone = Some(how);
        t.in_column = false;
        t.steps = if how == Gone::Destroyed { 0 } else { steps };
        match how {
            Gone::Captured => ev.push(Event::Captured {
                unit: u,
                why: why.to_string(),
            }),
            Gone::Destroyed => ev.push(Event::Destroyed { unit: u }),
            Gone::Fled => ev.push(Event::Fled { unit: u }),
            Gone::Absent => {}
        }
        if vp > 0 {
            s.armies[side.other()].vp += vp;
            s.armies[side].conceded += vp;
            ev.push(Event::VictoryPoints {
                side: side.other(),
                vp,
                why: format!("{} {}", d.name, gone_word(how)),
            });
        }
        if let Some(c) = from {
            // A Leader left alone where the enemy is goes to his nearest Unit.
            let _ = c;
            self.displace_leaders(s, side, ev);
        }
    }

    /// Whether a Unit still has a legal first step (for the user interface and plans).
    #[must_use]
    pub fn can_move(&self, s: &State, u: UnitId) -> bool {
        let occ = self.occ(s, None);
        self.can_select(s, &occ, Counter::Unit(u))
    }
}

fn gone_word(g: Gone) -> &'static str {
    match g {
        Gone::Captured => "captured",
        Gone::Destroyed => "destroyed",
        Gone::Fled => "fled the field",
        Gone::Absent => "absent",
    }
}
