//! 5 Command: the initiative (5.1) with the number of orders (5.1.1) and random events (5.1.2),
//! leaders' modifiers, capture and replacement (5.2), command status by Command Range with
//! its columns of route and unit integrity (5.3, 5.3.1), garrisons (5.3.2), attachments
//! (5.3.3) and orders (5.4); and the victory score.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{
    Cell, Counter, Echelon, EventInitiative, Formation, GarrisonId, LeaderId, Mover, UnitId,
};
use crate::event::Event;
use crate::los::Light;
use crate::state::{Frame, LeaderRoll, LeaderStatus, OrderKind, Stage, State};
use coupdoeil_engine::Side;
use std::collections::VecDeque;

impl GloryEmpire {
    /// 5.1 A side's CIM: its Overall Commander's, from the scenario's CIM Chart.
    #[must_use]
    pub fn cim(&self, side: Side) -> i8 {
        self.data.leaders[self.data.armies[side].oc.ix()].cim
    }

    /// 5.1 The initiative dice: side A's, then side B's; then the result.
    pub(crate) fn initiative_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let side = if s.sides[Side::A].die.is_none() {
            Side::A
        } else {
            Side::B
        };
        s.sides[side].die = Some(die);
        ev.push(Event::InitiativeRoll {
            side,
            die,
            total: die as i8 + self.cim(side),
        });
        if side == Side::A {
            return;
        }
        let (da, db) = (
            s.sides[Side::A].die.unwrap_or(0),
            s.sides[Side::B].die.unwrap_or(0),
        );
        let (ta, tb) = (da as i8 + self.cim(Side::A), db as i8 + self.cim(Side::B));
        if da == 0 || db == 0 {
            // 5.1.2 An unmodified 0: the Random Event Chart decides.
            s.stage = Stage::RandomEvent;
        } else if ta == tb {
            ev.push(Event::InitiativeTie);
            s.sides[Side::A].die = None;
            s.sides[Side::B].die = None;
        } else {
            let winner = if ta > tb { Side::A } else { Side::B };
            self.initiative_won(s, winner, [0, 0], ev);
        }
    }

    /// The modified initiative roll of a side this turn.
    fn initiative_total(&self, s: &State, side: Side) -> i8 {
        s.sides[side].die.unwrap_or(0) as i8 + self.cim(side)
    }

    /// 5.1.2 The Random Event Chart roll. RULING: the event's "roller" is the player who rolled
    /// the unmodified 0 (when both did, the higher modified roll, side A on a tie).
    pub(crate) fn random_event(&self, s: &mut State, roll: u8, ev: &mut Vec<Event>) {
        // RULING: the chart is one percentile roll ("the appropriate number of dice").
        let Some((i, e)) = self
            .data
            .charts
            .events
            .iter()
            .enumerate()
            .find(|(_, e)| e.min <= roll && roll <= e.max)
        else {
            return;
        };
        s.event = Some(i as u8);
        ev.push(Event::RandomEvent {
            roll,
            name: e.name.clone(),
            text: e.text.clone(),
        });
        let (ta, tb) = (
            self.initiative_total(s, Side::A),
            self.initiative_total(s, Side::B),
        );
        let higher = if tb > ta { Side::B } else { Side::A };
        let roller = match (s.sides[Side::A].die, s.sides[Side::B].die) {
            (Some(0), Some(d)) if d != 0 => Side::A,
            (Some(d), Some(0)) if d != 0 => Side::B,
            _ => higher,
        };
        let winner = match e.initiative {
            EventInitiative::Roller => roller,
            EventInitiative::Opponent => roller.other(),
            EventInitiative::Higher if ta == tb => roller,
            EventInitiative::Higher => higher,
        };
        let mut delta = [0i8; 2];
        delta[roller.index()] = e.orders_roller;
        delta[roller.other().index()] = e.orders_opponent;
        self.initiative_won(s, winner, delta, ev);
    }

    /// 5.1, 5.1.1 The initiative is won: orders from the Orders Chart by each side's modified
    /// roll, then the winner chooses who goes first.
    fn initiative_won(&self, s: &mut State, winner: Side, delta: [i8; 2], ev: &mut Vec<Event>) {
        s.initiative = Some(winner);
        ev.push(Event::Initiative { winner });
        for side in Side::ALL {
            let base = self.data.orders_for(self.initiative_total(s, side));
            let n = (i16::from(base) + i16::from(delta[side.index()])).clamp(0, 20) as u8;
            s.sides[side].orders = n;
            ev.push(Event::OrdersReceived { side, orders: n });
        }
        s.stage = Stage::ChooseFirst;
    }

    // -----------------------------------------------------------------------------------------
    // The chain of command.

    /// 5.2.3 A leader in the chain, skipping those removed for good (RULING: their subordinates
    /// then report to the next superior up).
    #[must_use]
    pub fn effective_leader(&self, s: &State, l: LeaderId) -> Option<LeaderId> {
        let mut cur = Some(l);
        while let Some(x) = cur {
            if s.leader(x).status != LeaderStatus::Removed {
                return Some(x);
            }
            cur = self.data.leaders[x.ix()].superior;
        }
        None
    }

    /// 5.3.3 The leader a unit traces command to this turn: the one it is attached to, or its
    /// own on the Command Display.
    #[must_use]
    pub fn command_leader(&self, s: &State, u: UnitId) -> Option<LeaderId> {
        let t = s.troop(u);
        // G17.5 A Detached Regiment's units report to its aide-de-camp.
        let l = t
            .detached
            .or(t.attached)
            .unwrap_or(self.data.troops[u.ix()].leader);
        self.effective_leader(s, l)
    }

    /// A leader's superior in the chain of command.
    #[must_use]
    pub fn superior(&self, s: &State, l: LeaderId) -> Option<LeaderId> {
        self.data.leaders[l.ix()]
            .superior
            .and_then(|x| self.effective_leader(s, x))
    }

    /// Whether leader `a` is `b` or above him in the Command Display.
    #[must_use]
    pub fn commands(&self, a: LeaderId, b: LeaderId) -> bool {
        let mut cur = Some(b);
        while let Some(x) = cur {
            if x == a {
                return true;
            }
            cur = self.data.leaders[x.ix()].superior;
        }
        false
    }

    /// 5.3.2 The garrison a unit is assigned to, while it stands.
    #[must_use]
    pub fn garrison_of(&self, s: &State, u: UnitId) -> Option<GarrisonId> {
        self.data
            .garrisons
            .iter()
            .position(|g| g.units.contains(&u))
            .map(|i| GarrisonId(i as u8))
            .filter(|g| !s.garrisons[g.ix()].dissolved)
    }

    /// 5.3.1, 16.1, 16.2 A leader's Command Range now: less 1 in twilight and 3 at night, never
    /// below 0.
    #[must_use]
    pub fn command_range(&self, s: &State, l: LeaderId) -> u8 {
        let r = self.leader_values(s, l).range;
        match self.light(s) {
            Light::Day => r,
            Light::Twilight => r.saturating_sub(1),
            Light::Night => r.saturating_sub(3),
        }
    }

    /// 5.3.1 The command path lengths from `from` for `side`, up to `max` hexes: counted
    /// without the leader's hex, through hexes passable to leaders, without enemy combat units,
    /// and not in an EZOC unless friendly combat units are there. The last hex of a path (the
    /// subordinate's) need not meet those conditions (RULING).
    #[must_use]
    pub fn command_paths(&self, s: &State, side: Side, from: Cell, max: u8) -> Vec<Option<u8>> {
        let b = &self.data.board;
        let occ = self.occ(s, &[]);
        let mut dist: Vec<Option<u8>> = vec![None; b.len()];
        dist[from.ix()] = Some(0);
        let mut q = VecDeque::from([from]);
        while let Some(c) = q.pop_front() {
            let d = dist[c.ix()].unwrap_or(0);
            if d >= max {
                continue;
            }
            let open = c == from
                || !occ.unit_of(side.other(), c)
                    && (!occ.in_ezoc(side, c) || occ.unit_of(side, c))
                    && self.data.terrain(c).cost[Mover::Leader as usize].is_some();
            if !open {
                continue;
            }
            for n in b.neighbors(c) {
                if dist[n.ix()].is_some() || self.hexside_impassable(Mover::Leader, c, n) {
                    continue;
                }
                dist[n.ix()] = Some(d + 1);
                q.push_back(n);
            }
        }
        dist
    }

    /// 5.3 Who of `side` is In Command now: `(leaders, units)`, indexed by id.
    #[must_use]
    pub fn command_state(&self, s: &State, side: Side) -> (Vec<bool>, Vec<bool>) {
        let nl = self.data.leaders.len();
        let mut paths: Vec<Option<Vec<Option<u8>>>> = vec![None; nl];
        let mut path_from = |s: &State, l: LeaderId| -> Vec<Option<u8>> {
            if paths[l.ix()].is_none() {
                let cell = s.leader(l).cell.unwrap_or(Cell(0));
                paths[l.ix()] = Some(self.command_paths(s, side, cell, self.command_range(s, l)));
            }
            paths[l.ix()].clone().unwrap_or_default()
        };
        let on_map = |s: &State, l: LeaderId| {
            s.leader(l).status == LeaderStatus::OnMap && s.leader(l).cell.is_some()
        };
        let oc = self.data.armies[side].oc;
        let mut leaders = vec![false; nl];
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = LeaderId(i as u8);
            if d.side != side || !on_map(s, l) {
                continue;
            }
            leaders[i] = match self.superior(s, l) {
                // 5.2.4 Aides-de-camp are under no restriction; the OC is In Command.
                None => true,
                // 5.3.1 Leaders reporting to the OC are always In Command.
                Some(sup) if sup == oc || self.data.leaders[sup.ix()].overall => true,
                Some(sup) if !on_map(s, sup) => false,
                Some(sup) => {
                    let r = self.command_range(s, sup);
                    let c = s.leader(l).cell.unwrap_or(Cell(0));
                    path_from(s, sup)[c.ix()].is_some_and(|d| d <= r)
                }
            };
        }
        let nu = s.troops.len();
        let mut units = vec![false; nu];
        // G17.1 Units of brigade leaders are judged by his GTF or, without one, by a Command
        // Range of 0 (G17.1.1); the 5.3.1 chains below are for the Battalion method only.
        let mut by_gtf = vec![false; nu];
        let mut gtf_ic: Vec<Option<Vec<bool>>> = vec![None; nl];
        for (i, t) in s.troops.iter().enumerate() {
            let u = UnitId(i as u8);
            let Some(c) = t.cell else { continue };
            if self.data.troops[i].side != side {
                continue;
            }
            if t.arrived {
                units[i] = true;
                continue;
            }
            if let Some(g) = self.garrison_of(s, u) {
                units[i] = self.data.garrisons[g.ix()].area.binary_search(&c).is_ok();
                continue;
            }
            units[i] = match self.command_leader(s, u) {
                Some(l) if on_map(s, l) && self.gtf_leader(s, l) => {
                    by_gtf[i] = self.gtf_of(s, l).is_some();
                    let ic = gtf_ic[l.ix()].get_or_insert_with(|| {
                        if by_gtf[i] {
                            self.gtf_command(s, l)
                        } else {
                            Vec::new()
                        }
                    });
                    self.brigade_unit_in_command(s, l, u, ic)
                }
                Some(l) if on_map(s, l) => {
                    let r = self.command_range(s, l);
                    path_from(s, l)[c.ix()].is_some_and(|d| d <= r)
                }
                _ => false,
            };
        }
        // 5.3.1 Columns of route and unit integrity: In Command by adjacency, in chains.
        loop {
            let mut changed = false;
            for i in 0..nu {
                if units[i] || by_gtf[i] || self.data.troops[i].side != side {
                    continue;
                }
                let Some(c) = s.troops[i].cell else { continue };
                let road = s.troops[i].formation == Formation::RoadColumn;
                let group = self.data.troops[i].unit;
                let ok = (0..nu).any(|j| {
                    units[j]
                        && self.data.troops[j].side == side
                        && s.troops[j]
                            .cell
                            .is_some_and(|x| self.data.board.adjacent(x, c))
                        && (road || group.is_some() && self.data.troops[j].unit == group)
                });
                if ok {
                    units[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        (leaders, units)
    }

    /// 4.2.4, 4.2.5, 5.3 A Command Status Phase of `side` (`reserve`: the Reserve Segment's): leaders' status, and Out of Command
    /// markers placed and (in the Movement Segment only) removed.
    pub fn command_status_phase(
        &self,
        s: &mut State,
        side: Side,
        reserve: bool,
        ev: &mut Vec<Event>,
    ) {
        let (leaders, units) = self.command_state(s, side);
        if !reserve {
            self.illegal_evolutions(s, side, &units, ev);
        }
        for (i, ic) in leaders.into_iter().enumerate() {
            if self.data.leaders[i].side == side {
                s.leaders[i].in_command = ic;
            }
        }
        let mut out = Vec::new();
        let mut back = Vec::new();
        // RULING: the Reserve Command Status Phase marks every unit of the side, not only the
        // reserve units (it only places markers, 4.2.5).
        for (i, ic) in units.into_iter().enumerate() {
            if self.data.troops[i].side != side || s.troops[i].cell.is_none() {
                continue;
            }
            let t = &mut s.troops[i];
            if !ic && !t.ooc {
                t.ooc = true;
                out.push(UnitId(i as u8));
            } else if ic && t.ooc && !reserve {
                t.ooc = false;
                back.push(UnitId(i as u8));
            }
            if !reserve {
                t.commanded = ic;
            }
        }
        if !out.is_empty() || !back.is_empty() {
            ev.push(Event::CommandStatus { side, out, back });
        }
    }

    /// B7.7.3 The Command Checks of a Command Status Phase (`reserve`: the Reserve Command
    /// Status Phase): each battalion-size unit en Débandade of `side` otherwise In Command and
    /// acting under the order the phase is for (a Reserve order in the Reserve Command Status
    /// Phase, any other in the Command Status Phase) must pass one, in the manner of a Morale
    /// Check, or be Out of Command (Battalion Game). RULING: the set-up's Command Status Phase
    /// makes none.
    pub(crate) fn sed_command_checks(&self, s: &mut State, side: Side, reserve: bool) {
        if !self.battalion() {
            return;
        }
        let mut units: Vec<UnitId> = (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| {
                let d = &self.data.troops[u.ix()];
                let t = s.troop(u);
                d.side == side
                    && t.cell.is_some()
                    && d.arm() == crate::data::Arm::Infantry
                    && d.size != crate::data::Size::Company
                    && t.formation == crate::data::Formation::Sed
                    && !t.ooc
                    && (self.unit_order(s, u) == Some(OrderKind::Reserve)) == reserve
            })
            .collect();
        // The first unit's check is rolled first: pushed last.
        units.reverse();
        for u in units {
            let Some(c) = s.troop(u).cell else { continue };
            self.push_check(s, crate::state::CheckKind::Command, c, vec![u], None);
            if let Some(crate::state::Frame::Check(ck)) = s.pending.last_mut() {
                ck.reserve = reserve;
            }
        }
    }

    /// B7.7.3 A failed Command Check: the unit is Out of Command (its morale is untouched).
    pub(crate) fn command_check_failed(
        &self,
        s: &mut State,
        units: &[UnitId],
        reserve: bool,
        ev: &mut Vec<Event>,
    ) {
        for &u in units {
            let t = s.troop_mut(u);
            t.ooc = true;
            if !reserve {
                t.commanded = false;
            }
        }
        let side = self.data.troops[units[0].ix()].side;
        ev.push(Event::CommandStatus {
            side,
            out: units.to_vec(),
            back: Vec::new(),
        });
    }

    /// 5.4 The order a unit acts under now: its garrison's (while in the garrison), else the
    /// nearest order up its chain of command through leaders In Command of their superiors; an
    /// order on the OC covers only the units directly under him; an Out of Command unit
    /// receives none (5.3). RULING: the nearest order up the chain wins.
    #[must_use]
    pub fn unit_order(&self, s: &State, u: UnitId) -> Option<OrderKind> {
        let t = s.troop(u);
        if t.ooc && !t.arrived {
            return None;
        }
        if let Some(g) = self.garrison_of(s, u) {
            let inside = t
                .cell
                .is_some_and(|c| self.data.garrisons[g.ix()].area.binary_search(&c).is_ok());
            return if inside {
                s.garrisons[g.ix()].order
            } else {
                None
            };
        }
        // G17.5 A Detached Regiment acts under its brigade's order (ge-rulings 152).
        let l = if t.detached.is_some() {
            self.effective_leader(s, self.data.troops[u.ix()].leader)?
        } else {
            self.command_leader(s, u)?
        };
        self.chain_order(s, l, true, false)
    }

    /// The order a leader acts under (his own, or up his chain): for leaders' movement.
    #[must_use]
    pub fn leader_order(&self, s: &State, l: LeaderId) -> Option<OrderKind> {
        self.chain_order(s, l, false, true)
    }

    /// The order found up the chain from leader `l` (`direct`: for a unit reporting to him;
    /// `own`: for his own move). B5.4.2 A corps leader short of a complete Orders Check keeps
    /// his order for himself only.
    fn chain_order(
        &self,
        s: &State,
        mut l: LeaderId,
        mut direct: bool,
        mut own: bool,
    ) -> Option<OrderKind> {
        loop {
            let d = &self.data.leaders[l.ix()];
            if let Some(o) = s.leader(l).order {
                // RULING: not even the combat units reporting directly to him have it then.
                if s.leader(l).order_limited && !own {
                    return None;
                }
                return (!d.overall || direct).then_some(o);
            }
            own = false;
            if d.overall || !s.leader(l).in_command {
                return None;
            }
            l = self.superior(s, l)?;
            direct = false;
        }
    }

    /// 5.3.3 The assets of `side` (units reporting to a leader who also has subordinate
    /// leaders) and the leaders each may be attached to (any subordinate at any depth).
    #[must_use]
    pub fn attachments(&self, s: &State, side: Side) -> Vec<(UnitId, LeaderId)> {
        let mut out = Vec::new();
        for (i, d) in self.data.troops.iter().enumerate() {
            let u = UnitId(i as u8);
            let t = s.troop(u);
            if d.side != side || t.cell.is_none() || t.attached.is_some() {
                continue;
            }
            // RULING: a unit assigned to a garrison is not attached elsewhere.
            if self.garrison_of(s, u).is_some() {
                continue;
            }
            let own = d.leader;
            if self.data.leaders[own.ix()].subordinates.is_empty() {
                continue;
            }
            for (j, ld) in self.data.leaders.iter().enumerate() {
                let l = LeaderId(j as u8);
                if l != own
                    && ld.side == side
                    && ld.echelon != Echelon::Adc
                    && s.leader(l).status == LeaderStatus::OnMap
                    && self.commands(own, l)
                {
                    out.push((u, l));
                }
            }
        }
        out
    }

    /// 5.4 Whether an order may be placed on leader `l` now: he has subordinates, is on the map
    /// or arrives this turn, has none yet, and for every corps leader above him fewer orders
    /// than the corps leader's Efficiency Rating are already placed below that corps leader.
    #[must_use]
    pub fn may_order(&self, s: &State, l: LeaderId) -> bool {
        let d = &self.data.leaders[l.ix()];
        let st = s.leader(l);
        if !d.has_subordinates() || st.order.is_some() {
            return false;
        }
        let arriving = st.status == LeaderStatus::Absent
            && self
                .data
                .reinforcements
                .iter()
                .any(|r| r.counter == Counter::Leader(l) && r.turn == s.turn);
        if st.status != LeaderStatus::OnMap && !arriving {
            return false;
        }
        // RULING: the Soldiers Game uses the corps leaders' Efficiency Rating (5.4's cap and
        // example), although 2.4.1 of the Battalion Game lists it among its values.
        let mut cur = d.superior;
        while let Some(a) = cur {
            let ad = &self.data.leaders[a.ix()];
            if ad.echelon == Echelon::Corps {
                let below = (0..self.data.leaders.len())
                    .map(|j| LeaderId(j as u8))
                    .filter(|&x| x != a && self.commands(a, x) && s.leader(x).order.is_some())
                    .count();
                if below >= usize::from(ad.er) {
                    return false;
                }
            }
            cur = ad.superior;
        }
        true
    }

    /// The Command Attachment and Orders Phase actions.
    pub(crate) fn command_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.acting;
        match s.stage {
            Stage::ChooseFirst => out.extend([Action::First(Side::A), Action::First(Side::B)]),
            Stage::Attachment => {
                for (unit, leader) in self.attachments(s, side) {
                    out.push(Action::Attach { unit, leader });
                }
                self.gtf_actions(s, side, out);
                self.detach_actions(s, side, out);
                out.push(Action::Pass);
            }
            Stage::Orders => {
                if s.sides[side].orders > 0 {
                    for (i, d) in self.data.leaders.iter().enumerate() {
                        let l = LeaderId(i as u8);
                        if d.side == side && self.may_order(s, l) {
                            out.push(Action::Order {
                                leader: l,
                                kind: OrderKind::Attack,
                            });
                            out.push(Action::Order {
                                leader: l,
                                kind: OrderKind::Reserve,
                            });
                        }
                    }
                    for (i, g) in self.data.garrisons.iter().enumerate() {
                        if g.side == side
                            && !s.garrisons[i].dissolved
                            && s.garrisons[i].order.is_none()
                        {
                            for kind in [OrderKind::Attack, OrderKind::Reserve] {
                                out.push(Action::OrderGarrison {
                                    garrison: GarrisonId(i as u8),
                                    kind,
                                });
                            }
                        }
                    }
                }
                out.push(Action::Pass);
            }
            _ => {}
        }
    }

    /// Applies a Command Segment decision.
    pub(crate) fn do_command(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let side = s.acting;
        let loser = s.initiative.unwrap_or(Side::A).other();
        match a {
            Action::First(first) => {
                s.first = first;
                ev.push(Event::FirstPlayer { side: first });
                // RULING: the initiative loser attaches first, as he places orders first.
                s.acting = loser;
                s.stage = Stage::Attachment;
                ev.push(Event::Phase {
                    side: loser,
                    phase: "Command Attachment Phase (5.3.3)".into(),
                });
            }
            Action::Attach { unit, leader } => {
                s.troop_mut(unit).attached = Some(leader);
                ev.push(Event::Attached { unit, leader });
            }
            Action::Gtf { leader, kind } => self.do_gtf(s, leader, kind, ev),
            Action::Detach { leader, unit } => self.do_detach(s, leader, unit, ev),
            Action::Rejoin(l) => self.do_rejoin(s, l, ev),
            Action::Order { leader, kind } => {
                s.leaders[leader.ix()].order = Some(kind);
                s.sides[side].orders -= 1;
                ev.push(Event::Ordered { leader, kind });
            }
            Action::OrderGarrison { garrison, kind } => {
                s.garrisons[garrison.ix()].order = Some(kind);
                s.sides[side].orders -= 1;
                ev.push(Event::GarrisonOrdered { garrison, kind });
            }
            Action::Pass => match s.stage {
                Stage::Attachment if side == loser => {
                    s.acting = loser.other();
                }
                Stage::Attachment => {
                    s.acting = loser;
                    s.stage = Stage::Orders;
                    ev.push(Event::Phase {
                        side: loser,
                        phase: "Orders Phase (5.4)".into(),
                    });
                }
                Stage::Orders if side == loser => s.acting = loser.other(),
                Stage::Orders if self.battalion() => self.begin_orders_initiative(s, ev),
                Stage::Orders => {
                    s.phasing = s.first;
                    s.second = false;
                    self.begin_player_turn(s, ev);
                }
                _ => {}
            },
            _ => {}
        }
    }

    // -----------------------------------------------------------------------------------------
    // Leaders lost, captured, replaced.

    /// 5.2.3 A leader becomes a casualty or is captured: on the Turn Record Chart for the next
    /// turn (his Repl side then), or removed for good.
    pub(crate) fn lose_leader(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        if s.leader(l).status != LeaderStatus::OnMap {
            return;
        }
        let d = &self.data.leaders[l.ix()];
        s.vp[d.side.other()] += self.data.scoring.leader;
        let turn = s.turn;
        let st = &mut s.leaders[l.ix()];
        st.cell = None;
        st.status = if d.repl.is_some() {
            LeaderStatus::Returning(turn + 1)
        } else {
            LeaderStatus::Removed
        };
        st.in_command = false;
        ev.push(Event::LeaderCasualty { leader: l });
        self.dissolve_detachment(s, l, ev);
    }

    /// 5.2.2 The leaders of a capture frame, without dice: those not at risk escape at once, a
    /// leader entirely surrounded by EZOC and enemy units is captured.
    pub(crate) fn leader_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Leader(r)) = s.pending.last().cloned() else {
            return false;
        };
        match r {
            LeaderRoll::Casualty(v) => {
                let v: Vec<LeaderId> = v
                    .into_iter()
                    .filter(|&l| s.leader(l).status == LeaderStatus::OnMap)
                    .collect();
                if v.is_empty() {
                    s.pending.pop();
                    return true;
                }
                if v.len() == 1 {
                    s.pending.pop();
                    self.lose_leader(s, v[0], ev);
                    return true;
                }
                self.replace_top(s, Frame::Leader(LeaderRoll::Casualty(v)));
                false
            }
            LeaderRoll::Capture(mut v) => {
                while let Some(&l) = v.first() {
                    let side = self.data.leaders[l.ix()].side;
                    let Some(c) = s
                        .leader(l)
                        .cell
                        .filter(|_| s.leader(l).status == LeaderStatus::OnMap)
                    else {
                        v.remove(0);
                        continue;
                    };
                    let friends = s
                        .stack(c)
                        .iter()
                        .any(|u| self.data.troops[u.ix()].side == side);
                    let enemy_here = s
                        .stack(c)
                        .iter()
                        .any(|u| self.data.troops[u.ix()].side != side);
                    if friends || !enemy_here && !self.in_ezoc(s, side, c) {
                        v.remove(0);
                        if !friends {
                            self.leader_escapes(s, l, ev);
                        }
                        continue;
                    }
                    let surrounded = self.data.board.neighbors(c).all(|n| {
                        self.in_ezoc(s, side, n) || self.side_at(s, n) == Some(side.other())
                    });
                    if surrounded {
                        v.remove(0);
                        ev.push(Event::CaptureRoll {
                            leader: l,
                            die: 10,
                            captured: true,
                        });
                        self.lose_leader(s, l, ev);
                        continue;
                    }
                    break;
                }
                if v.is_empty() {
                    s.pending.pop();
                    true
                } else {
                    self.replace_top(s, Frame::Leader(LeaderRoll::Capture(v)));
                    false
                }
            }
        }
    }

    /// The die of a leader frame: a capture roll (8 or 9 captures) or a random casualty.
    pub(crate) fn leader_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Leader(r)) = s.pending.pop() else {
            return;
        };
        match r {
            LeaderRoll::Casualty(list) => {
                if let Some(&l) = list.get(usize::from(v)) {
                    self.lose_leader(s, l, ev);
                }
            }
            LeaderRoll::Capture(mut list) => {
                let l = list.remove(0);
                let captured = self.data.charts.capture.contains(&v);
                ev.push(Event::CaptureRoll {
                    leader: l,
                    die: v,
                    captured,
                });
                if captured {
                    self.lose_leader(s, l, ev);
                } else {
                    self.leader_escapes(s, l, ev);
                }
                if !list.is_empty() {
                    s.pending.push(Frame::Leader(LeaderRoll::Capture(list)));
                }
            }
        }
    }

    /// 5.2.2 A leader not captured goes to the nearest hex with friendly combat units.
    fn leader_escapes(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        let side = self.data.leaders[l.ix()].side;
        let Some(c) = s.leader(l).cell else { return };
        let best = self
            .stacks_of(s, side)
            .into_iter()
            .min_by_key(|&x| (self.data.board.distance(c, x), x));
        match best {
            Some(to) => {
                s.leaders[l.ix()].cell = Some(to);
                ev.push(Event::LeaderEscaped { leader: l, to });
            }
            // RULING: with no friendly combat unit left on the map, he is lost.
            None => self.lose_leader(s, l, ev),
        }
    }

    /// 5.2.3 Where a returning leader may be placed: with any of his subordinate units (RULING:
    /// any combat unit of his side when none of his are on the map).
    #[must_use]
    pub fn placements(&self, s: &State, l: LeaderId) -> Vec<Cell> {
        let side = self.data.leaders[l.ix()].side;
        let mut own: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| t.cell.is_some() && self.commands(l, self.data.troops[*i].leader))
            .filter_map(|(_, t)| t.cell)
            .collect();
        own.sort_unstable();
        own.dedup();
        if own.is_empty() {
            own = self.stacks_of(s, side);
        }
        own
    }

    /// 4.3 Leader Replacement Phase: the next returning leader, and his owner's choices.
    pub(crate) fn replacement_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(&l) = s.returning.first() {
            out.extend(self.placements(s, l).into_iter().map(Action::Place));
        }
    }

    /// 5.2.3 The leader returns on his Repl side (the lower-echelon leader of the same name is
    /// flipped too).
    pub(crate) fn place_leader(&self, s: &mut State, c: Cell, ev: &mut Vec<Event>) {
        if s.returning.is_empty() {
            return;
        }
        let l = s.returning.remove(0);
        let st = &mut s.leaders[l.ix()];
        st.status = LeaderStatus::OnMap;
        st.cell = Some(c);
        st.repl = true;
        st.in_command = true;
        if let Some(f) = self.data.leaders[l.ix()].repl_flips {
            s.leaders[f.ix()].repl = true;
        }
        ev.push(Event::LeaderReturns {
            leader: l,
            at: Some(c),
        });
    }

    // -----------------------------------------------------------------------------------------
    // Garrisons and objectives.

    /// 5.3.2 A garrison dissolves when all its units have left it.
    pub(crate) fn check_garrisons(&self, s: &mut State, ev: &mut Vec<Event>) {
        for (i, g) in self.data.garrisons.iter().enumerate() {
            if s.garrisons[i].dissolved {
                continue;
            }
            // RULING: units not yet arrived do not keep a garrison alive.
            let inside = g.units.iter().any(|&u| {
                s.troop(u)
                    .cell
                    .is_some_and(|c| g.area.binary_search(&c).is_ok())
            });
            if !inside {
                s.garrisons[i].dissolved = true;
                ev.push(Event::GarrisonDissolved {
                    garrison: GarrisonId(i as u8),
                });
            }
        }
    }

    /// An objective entered by combat units of `side` is theirs.
    pub(crate) fn touch_objective(&self, s: &mut State, c: Cell, side: Side, ev: &mut Vec<Event>) {
        for (i, o) in self.data.objectives.iter().enumerate() {
            if o.cell == c && s.holders[i] != Some(side) {
                s.holders[i] = Some(side);
                ev.push(Event::ObjectiveTaken {
                    name: o.name.clone(),
                    side,
                });
            }
        }
    }

    /// The victory points of both sides now: losses inflicted and objectives held (an
    /// objective with `scores_for` counts only for that side).
    #[must_use]
    pub fn score(&self, s: &State) -> [i32; 2] {
        let mut p = [s.vp[Side::A], s.vp[Side::B]];
        for (i, o) in self.data.objectives.iter().enumerate() {
            if let Some(h) = s.holders[i]
                && o.scores_for.is_none_or(|f| f == h)
            {
                p[h.index()] += o.vp;
            }
        }
        p
    }

    /// The game ends: the higher score wins by its margin.
    pub(crate) fn end_game(&self, s: &mut State, ev: &mut Vec<Event>) {
        let points = self.score(s);
        let margin = points[0] - points[1];
        let sc = &self.data.scoring;
        let (winner, kind) = if margin.abs() <= sc.draw {
            (None, "draw")
        } else {
            let w = if margin > 0 { Side::A } else { Side::B };
            (
                Some(w),
                if margin.abs() >= sc.decisive {
                    "decisive"
                } else {
                    "marginal"
                },
            )
        };
        s.stage = Stage::Over;
        s.pending.clear();
        s.moving = None;
        ev.push(Event::GameOver {
            winner,
            kind: kind.into(),
            points,
        });
        s.ending = Some(crate::state::Ending {
            winner,
            kind: kind.into(),
            points,
        });
    }
}
