//! 9 Movement: Movement Allowance (9.1.1), the cost of a hex (9.1.1, 9.1.3, TEC), moving a
//! stack one hex at a time through its front (9.1), dropping units (9.1.2), formation and
//! facing changes on the way (7.1.2, 7.2), skirmishers (7.6), stacking order (6.2), entering
//! and leaving enemy ZOCs (10.1, 10.2), Road Column breaking (7.5.3), reinforcements (9.3),
//! leaders' moves and Fortified Posts (15.2.1). Each step waits for the reactions it triggers
//! (14) as a pending [`StepProc`].

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Counter, Formation, Kind, LeaderId, Mover, PostKind, Size, UnitId};
use crate::event::Event;
use crate::formation::{arm_may_form, facing_ok, fit_facing};
use crate::occ::Occ;
use crate::state::{
    CheckKind, FormProc, Frame, LeaderRoll, LeaderStatus, Morale, Moving, OrderKind, Stage, State,
    StepProc, StepStage, Trigger,
};
use coupdoeil_engine::Side;
use coupdoeil_hex::{EdgeDir, Facing};

/// 10.2 Extra MP to leave an enemy ZOC.
pub const LEAVE_EZOC: u8 = 2;

/// One legal step of the moving group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepOption {
    /// The hex entered.
    pub to: Cell,
    /// Its MP cost.
    pub cost: u8,
    /// The move must end there (EZOC, minimum move).
    pub stops: bool,
}

impl GloryEmpire {
    /// 9.1.1 A unit's Movement Allowance from the Movement Rates Chart, by type, formation and
    /// Out of Command marker (5.3: reinforcements are In Command the turn they enter).
    #[must_use]
    pub fn unit_ma(&self, s: &State, u: UnitId) -> u8 {
        let t = s.troop(u);
        let k = self.data.troops[u.ix()].kind;
        // RULING: unlimbered artillery has its limbered MA to pay for limbering (the chart's
        // unlimbered row) but never moves a hex unlimbered.
        let Some((ic, ooc)) = self.data.charts.rates[k as usize][t.formation.ix()] else {
            return 0;
        };
        if t.ooc && !t.arrived { ooc } else { ic }
    }

    /// 9.1.2 The MA of a stack: its lowest.
    #[must_use]
    pub fn group_ma(&self, s: &State, units: &[UnitId]) -> u8 {
        units.iter().map(|&u| self.unit_ma(s, u)).min().unwrap_or(0)
    }

    /// 9.1.1, 9.1.3 The MP for unit `u` to enter the adjacent `to` from `from`: a Road Column
    /// following a road or trail pays the road rate and no hexside costs; otherwise the TEC's
    /// terrain cost for its type (SeD units their own column, 7.7.3), hexside features and
    /// contours climbed. `None`: it may not.
    #[must_use]
    pub fn hex_cost(&self, s: &State, u: UnitId, from: Cell, to: Cell) -> Option<u8> {
        let m = self.mover_of(s, u);
        if s.troop(u).formation == Formation::RoadColumn {
            let (road, trail) = self.data.board.road_between(from, to);
            if road {
                return Some(self.data.charts.road);
            }
            if trail {
                return Some(self.data.charts.trail);
            }
        }
        self.terrain_cost(m, from, to)
    }

    /// The TEC cost for a mover off roads (terrain, hexside features, contours).
    #[must_use]
    pub fn terrain_cost(&self, m: Mover, from: Cell, to: Cell) -> Option<u8> {
        let mut c = self.data.terrain(to).cost[m as usize]?;
        for f in self.data.features(from, to) {
            c = c.saturating_add(f.cost[m as usize]?);
        }
        let b = &self.data.board;
        let climb = (i32::from(b.level(to)) - i32::from(b.level(from))).max(0) as u8;
        Some(c.saturating_add(climb.saturating_mul(self.data.charts.contour_up[m as usize])))
    }

    /// 9.1.2 The MP for a stack to enter a hex: the highest of its units.
    #[must_use]
    pub fn group_cost(&self, s: &State, units: &[UnitId], from: Cell, to: Cell) -> Option<u8> {
        let mut best = 0u8;
        for &u in units {
            best = best.max(self.hex_cost(s, u, from, to)?);
        }
        Some(best)
    }

    /// A leader's cost to enter a hex (roads at the road rate).
    #[must_use]
    pub fn leader_cost(&self, from: Cell, to: Cell) -> Option<u8> {
        let (road, trail) = self.data.board.road_between(from, to);
        if road {
            return Some(self.data.charts.road);
        }
        if trail {
            return Some(self.data.charts.trail);
        }
        self.terrain_cost(Mover::Leader, from, to)
    }

    /// The side moving in the current phase.
    #[must_use]
    pub fn mover_side(&self, s: &State) -> Side {
        if s.stage == Stage::ReserveMovement {
            s.phasing.other()
        } else {
            s.phasing
        }
    }

    /// 4.2.4, 4.2.5, 9.1 Whether a unit may start a move in this phase: on the map, not yet
    /// moved, not Broken or Routed (8.5, 8.6); in the Movement Phase not under a Reserve order
    /// (5.4), in the Reserve Movement Phase only under one and In Command.
    #[must_use]
    pub fn can_move(&self, s: &State, u: UnitId) -> bool {
        let t = s.troop(u);
        if t.cell.is_none() || t.moved || t.morale.broken() || t.formation == Formation::Dispersed {
            return false;
        }
        if self.data.troops[u.ix()].side != self.mover_side(s) {
            return false;
        }
        let order = self.unit_order(s, u);
        if s.stage == Stage::ReserveMovement {
            order == Some(OrderKind::Reserve) && !t.ooc
        } else {
            order != Some(OrderKind::Reserve)
        }
    }

    /// 5.2.4, 9.1 Whether a leader may move in this phase: in his side's Movement Phase, or in
    /// its Reserve Movement Phase under a Reserve order (RULING); an aide-de-camp in either,
    /// but not both in one turn.
    #[must_use]
    pub fn leader_can_move(&self, s: &State, l: LeaderId) -> bool {
        let ld = s.leader(l);
        let d = &self.data.leaders[l.ix()];
        if ld.status != LeaderStatus::OnMap || ld.cell.is_none() || ld.moved {
            return false;
        }
        if d.side != self.mover_side(s) {
            return false;
        }
        let reserve = s.stage == Stage::ReserveMovement;
        if d.echelon == crate::data::Echelon::Adc {
            return ld.adc_moved.is_none();
        }
        let order = self.leader_order(s, l);
        if reserve {
            order == Some(OrderKind::Reserve)
        } else {
            order != Some(OrderKind::Reserve)
        }
    }

    /// The legal steps of the moving group.
    #[must_use]
    pub fn step_options(&self, s: &State) -> Vec<StepOption> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        if let Some(l) = m.leader {
            return self.leader_steps(s, l, m);
        }
        // The steps look at the group's hex and its neighbours only.
        let occ = self.occ_near(s, &m.units, m.at, 1);
        let mut steps = self.steps_core(s, &occ, &m.units, m);
        // G17.2.3 A unit following its DU keeps its place within reach (ge-rulings 135).
        self.keep_place_steps(s, &mut steps);
        steps
    }

    /// [`GloryEmpire::step_options`] from the whole map's index, for tests that the nearby
    /// index answers the same.
    #[doc(hidden)]
    #[must_use]
    pub fn step_options_full_for_tests(&self, s: &State) -> Vec<StepOption> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        if m.leader.is_some() {
            return self.step_options(s);
        }
        let occ = self.occ(s, &m.units);
        self.steps_core(s, &occ, &m.units, m)
    }

    fn leader_steps(&self, s: &State, l: LeaderId, m: &Moving) -> Vec<StepOption> {
        if m.stop {
            return Vec::new();
        }
        let side = self.data.leaders[l.ix()].side;
        let ma = self.data.charts.leader_ma;
        self.data
            .board
            .neighbors(m.at)
            .filter(|&n| {
                !s.stack(n)
                    .iter()
                    .any(|u| self.data.troops[u.ix()].side != side)
            })
            .filter_map(|n| {
                let cost = self.leader_cost(m.at, n)?;
                if m.spent + cost <= ma {
                    Some(StepOption {
                        to: n,
                        cost,
                        stops: false,
                    })
                } else if m.hexes == 0 {
                    Some(StepOption {
                        to: n,
                        cost,
                        stops: true,
                    })
                } else {
                    None
                }
            })
            .collect()
    }

    /// The steps of a group of units standing in `m.at` (their state positions), against the
    /// occupancy `occ` of everything else (for the plans' searches too).
    pub(crate) fn steps_core(
        &self,
        s: &State,
        occ: &Occ,
        units: &[UnitId],
        m: &Moving,
    ) -> Vec<StepOption> {
        let mut out = Vec::new();
        // G18.6.3 Prone units do not move, G18.4 nor does a Closed Square.
        if m.stop
            || units.is_empty()
            || units.iter().any(|&u| {
                // G18.5.3 nor a stack refusing a flank.
                s.troop(u).prone || self.closed_square(s, u) || s.troop(u).refused != 0
            })
        {
            return out;
        }
        let side = self.data.troops[units[0].ix()].side;
        let at = m.at;
        if units.iter().any(|&u| {
            matches!(
                s.troop(u).formation,
                Formation::Unlimbered | Formation::Dispersed
            )
        }) {
            // B7.9.1 Unlimbered guns move only by Prolonge.
            if self.battalion()
                && units
                    .iter()
                    .all(|&u| s.troop(u).formation == Formation::Unlimbered)
            {
                return self.prolonge_steps(s, occ, units, m);
            }
            return out;
        }
        // B9.5 A Force March may spend beyond the MA.
        let ma = self.move_limit(s, units, m);
        let pass_through = self.pass_through_cost(m);
        let in_ezoc = occ.in_ezoc(side, at);
        // 10.2 Leave an EZOC only as the first action.
        if in_ezoc && m.acted {
            return out;
        }
        let foot_art = units
            .iter()
            .any(|&u| self.data.troops[u.ix()].kind.is_foot_artillery());
        let load = self.load_of(s, units);
        let arcs: Vec<[crate::data::Arc; 6]> =
            units.iter().map(|&u| self.unit_arcs(s, u)).collect();
        for d in EdgeDir::ALL {
            let di = d.index() as usize;
            let Some(to) = self.data.board.neighbor(at, d) else {
                continue;
            };
            // 9.1.1 Only through front hexsides; G18.1.3, G18.1.4 in the Brigade Game a Line
            // may back up through its rear, a Line or Column march by its flanks.
            let Some(way) = self.step_way(s, units, arcs.iter().map(|a| a[di])) else {
                continue;
            };
            // 16.3 Never of its own will into a hex on fire.
            if self.on_fire(s, to) {
                continue;
            }
            let to_ezoc = occ.in_ezoc(side, to);
            // 10.2 Never EZOC to EZOC; 10.1 foot artillery never into an EZOC.
            if to_ezoc && (in_ezoc || foot_art) {
                continue;
            }
            let (road, trail) = self.data.board.road_between(at, to);
            if !units.iter().all(|&u| {
                self.formation_allowed(
                    self.data.troops[u.ix()].kind,
                    s.troop(u).formation,
                    to,
                    road || trail,
                )
            }) {
                continue;
            }
            if !self.may_pass(occ, side, to, load) || self.train_blocks(s, units, to) {
                continue;
            }
            let Some(cost) = self.group_cost(s, units, at, to) else {
                continue;
            };
            let mut cost = Self::way_cost(way, cost, m.disorder.flanked);
            if in_ezoc {
                cost = cost.saturating_add(LEAVE_EZOC);
            }
            // B9.1.2 Moving on from friends entered during the move.
            cost = cost.saturating_add(pass_through);
            if m.spent.saturating_add(cost) <= ma {
                out.push(StepOption {
                    to,
                    cost,
                    stops: to_ezoc,
                });
            } else if m.spent == 0 && m.hexes == 0 && !m.acted {
                // 9.1.1 The minimum move of one hex.
                out.push(StepOption {
                    to,
                    cost,
                    stops: true,
                });
            }
        }
        out
    }

    /// B7.9.1 The hexes unlimbered artillery may Prolonge into (Battalion Game): an adjacent
    /// Open hex, not across a Hexside Obstacle or a hexside closed to artillery, not up or down
    /// more than one contour (RULING: a level's difference at most), within stacking, once a
    /// turn, before it spends any MP and spending none after (the move stops there); it may
    /// leave an enemy ZOC so (at no extra MP), but never go from one to another, and foot
    /// artillery never enters one (10.1). RULING: through any hexside, as it may turn as it
    /// goes.
    pub(crate) fn prolonge_steps(
        &self,
        s: &State,
        occ: &Occ,
        units: &[UnitId],
        m: &Moving,
    ) -> Vec<StepOption> {
        if m.spent > 0 || m.hexes > 0 || m.acted || units.iter().any(|&u| s.troop(u).prolonged) {
            return Vec::new();
        }
        let side = self.data.troops[units[0].ix()].side;
        let at = m.at;
        let b = &self.data.board;
        let load = self.load_of(s, units);
        let in_ezoc = occ.in_ezoc(side, at);
        let foot = units
            .iter()
            .any(|&u| self.data.troops[u.ix()].kind.is_foot_artillery());
        b.neighbors(at)
            .filter(|&n| {
                let to_ezoc = occ.in_ezoc(side, n);
                !(to_ezoc && (in_ezoc || foot))
                    && self.class_of(n) == crate::data::TerrainClass::Open
                    && self.data.terrain(n).cost[Mover::Artillery as usize].is_some()
                    && !self.data.obstacle_between(at, n)
                    && !self.hexside_impassable(Mover::Artillery, at, n)
                    && (i32::from(b.level(n)) - i32::from(b.level(at))).abs() <= 1
                    && self.may_pass(occ, side, n, load)
            })
            .map(|n| StepOption {
                to: n,
                cost: 0,
                stops: true,
            })
            .collect()
    }

    /// 7.2 The formation changes open to the moving group, with their MP.
    #[must_use]
    pub fn form_options(&self, s: &State) -> Vec<(Formation, u8)> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        // G18.6.3 Prone units do not change formation; G18.5.3 a refused Line first removes
        // its markers (RULING, ge-rulings 120).
        if m.leader.is_some()
            || m.units.is_empty()
            || m.units
                .iter()
                .any(|&u| s.troop(u).prone || s.troop(u).refused != 0)
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        let ma = self.move_limit(s, &m.units, m);
        let on_road = self.data.board.on_road(m.at);
        for f in Formation::ALL {
            if f == Formation::Dispersed {
                continue;
            }
            let mut changing = 0;
            let mut cost = 0u8;
            let mut ok = true;
            for &u in &m.units {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                if !arm_may_form(d, f) {
                    continue;
                }
                let from = match (d.arm(), t.formation) {
                    (Arm::Artillery, Formation::RoadColumn) => Formation::Limbered,
                    (_, x) => x,
                };
                // G18.2 A close-order column changing into the ordinary Column does change.
                let reshape = f == Formation::Column && self.column_kind(s, u).is_some();
                if from == f && !reshape || d.arm() == Arm::Artillery && f == Formation::RoadColumn
                {
                    continue;
                }
                // 8.3, 8.4 Disorder and Shaken units may not change formation voluntarily.
                if t.morale != Morale::Normal {
                    ok = false;
                    break;
                }
                let chart = match self.column_change(s, u, f, m) {
                    Some(c) => c,
                    None => self.change_cost(d.arm(), from, f),
                };
                let Some(c) = chart else {
                    ok = false;
                    break;
                };
                let c = if d.arm() == Arm::Artillery && c > self.unit_ma(s, u) && m.spent == 0 {
                    // 7.9.1 A battery with too few MP spends them all.
                    self.unit_ma(s, u)
                } else {
                    c
                };
                if !self.formation_allowed(d.kind, f, m.at, on_road) {
                    ok = false;
                    break;
                }
                if f == Formation::Unlimbered && !self.may_unlimber(m.at) {
                    ok = false;
                    break;
                }
                changing += 1;
                cost = cost.max(c);
            }
            if !ok || changing == 0 {
                continue;
            }
            // 7.5.1 One counter per hex in Road Column.
            if f == Formation::RoadColumn && (m.units.len() > 1 || s.stack(m.at).len() > 1) {
                continue;
            }
            let cost = if m.entering { 0 } else { cost };
            // RULING: the MP left are those of the current formation's MA; once changed, the MP
            // already spent count against the new formation's MA.
            if m.spent.saturating_add(cost) <= ma {
                out.push((f, cost));
            }
        }
        out
    }

    /// The formation that sets the moving group's facing (its non-artillery units'), and
    /// whether facing matters for it.
    fn group_facing_formation(&self, s: &State, units: &[UnitId]) -> Option<Formation> {
        let lead = units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .or(units.first())?;
        Some(s.troop(*lead).formation)
    }

    /// 7.1.2 The facings the moving group may take (free).
    #[must_use]
    pub fn face_options(&self, s: &State) -> Vec<Facing> {
        let mut faces = self.face_options_core(s);
        // G17.2.3 A unit following its DU keeps its place within reach (ge-rulings 135).
        self.keep_place_faces(s, &mut faces);
        faces
    }

    /// [`GloryEmpire::face_options`] without G17.2.3's place (the move search's own test,
    /// which the place's reachability is computed with).
    pub(crate) fn face_options_core(&self, s: &State) -> Vec<Facing> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        let Some(f) = self.group_facing_formation(s, &m.units) else {
            return Vec::new();
        };
        if matches!(f, Formation::Square | Formation::Sed | Formation::Dispersed) {
            return Vec::new();
        }
        // G17.3 A GTF's Directing Unit turns only in an evolution (ge-rulings 154).
        if self.front_locked(s, &m.units) {
            return Vec::new();
        }
        // G18.6.3 Prone units do not turn; RULING (ge-rulings 120) nor does a refused Line.
        if m.units
            .iter()
            .any(|&u| s.troop(u).prone || s.troop(u).refused != 0)
        {
            return Vec::new();
        }
        // RULING (ge-rulings 63): one facing change between other decisions. Any facing is a
        // single change away, so a second one in a row only undoes the first; without this a
        // player (or a search) could turn on the spot for ever.
        if m.faced {
            return Vec::new();
        }
        let cur = s.troop(m.units[0]).facing;
        let lead_column = m
            .units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .and_then(|&u| s.troop(u).column);
        // G18.1 In the Brigade Game a turn may cost MP, which the group must have left.
        let limit = self.move_limit(s, &m.units, m);
        Facing::ALL
            .into_iter()
            .filter(|&x| x != cur && facing_ok(f, x))
            .filter(|&x| {
                let cost = self.face_cost(f, lead_column, cur, x);
                cost == 0 || m.spent.saturating_add(cost) <= limit
            })
            .collect()
    }

    /// Whether the moving group may end its move where it is: 6.1 stacking, 6.1.1 the
    /// formation of the units there, 13.1.1 an Assault ending adjacent to its target with the
    /// target in its front, and G17.2.3 a unit following its GTF's Directing Unit only in its
    /// place while it can still reach it (ge-rulings 133).
    #[must_use]
    pub fn may_end_here(&self, s: &State) -> bool {
        self.may_end_here_core(s) && !self.must_go_on_to_place(s)
    }

    /// [`GloryEmpire::may_end_here`] without G17.2.3's place (the move search's own test, which
    /// the place's reachability is computed with).
    #[must_use]
    pub(crate) fn may_end_here_core(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        if m.leader.is_some() || m.units.is_empty() {
            return true;
        }
        let side = self.data.troops[m.units[0].ix()].side;
        let here = self.here(s, m.at, &m.units);
        if !self.may_end_in(here, side, m.at, self.load_of(s, &m.units)) {
            return false;
        }
        if let Some((f, _)) = self.stack_formation(s, m.at, &m.units)
            && m.units.iter().any(|&u| {
                self.data.troops[u.ix()].arm() != Arm::Artillery && s.troop(u).formation != f
            })
        {
            return false;
        }
        if let Some(target) = s.troop(m.units[0]).assault {
            let b = &self.data.board;
            if !b.adjacent(m.at, target) {
                return false;
            }
            let d = b.direction(m.at, target);
            let arcs = self.unit_arcs(s, m.units[0]);
            if d.is_none_or(|d| arcs[d.index() as usize] != crate::data::Arc::Front) {
                return false;
            }
        }
        true
    }

    /// 13.1.1 The hexes the moving group may declare an Assault on.
    #[must_use]
    pub fn assault_targets(&self, s: &State) -> Vec<Cell> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        if s.stage != Stage::Movement || m.units.is_empty() {
            return Vec::new();
        }
        // RULING: Line, Column and SeD may assault, not Square; a stack with artillery in it
        // drops the guns first (13.1.2: all its infantry takes part).
        let ok = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Infantry
                && t.assault.is_none()
                // G18.6.3 Prone units do not assault, G18.5.3 nor do refused ones.
                && !t.prone
                && t.refused == 0
                && t.commanded
                && !t.morale.broken()
                && matches!(
                    t.formation,
                    Formation::Line | Formation::Column | Formation::Sed
                )
                && self.unit_order(s, u) == Some(OrderKind::Attack)
        });
        if !ok {
            return Vec::new();
        }
        let side = self.data.troops[m.units[0].ix()].side;
        let reach = u32::from(self.group_ma(s, &m.units).saturating_sub(m.spent)) + 1;
        // RULING: only a hex the stack could still reach this move (within its MP left plus
        // one hex).
        self.stacks_of(s, side.other())
            .into_iter()
            .filter(|&c| self.data.board.distance(m.at, c) <= reach)
            .collect()
    }

    /// 13.2.1, 13.2.2 The hexes the moving cavalry may declare a Charge on.
    #[must_use]
    pub fn charge_targets(&self, s: &State) -> Vec<Cell> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        if s.stage != Stage::Movement || m.units.is_empty() {
            return Vec::new();
        }
        let ok = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Cavalry
                && t.commanded
                && self.unit_order(s, u) == Some(OrderKind::Attack)
        });
        if !ok {
            return Vec::new();
        }
        let side = self.data.troops[m.units[0].ix()].side;
        self.data
            .board
            .neighbors(m.at)
            .filter(|&c| {
                self.side_at(s, c) == Some(side.other())
                    && !s.charged.contains(&c)
                    && self.may_charge(s, &m.units, m.at, c)
            })
            .collect()
    }

    /// 13.2.2 The restrictions on a Charge (and a Reaction Charge) by the cavalry `units` in
    /// `from` against the adjacent `target`: Line or Column, Normal, not Spent, not from MDT or
    /// HDT, through the front, never into HDT and in Column into MDT; 16.2 never at night.
    #[must_use]
    pub fn may_charge(&self, s: &State, units: &[UnitId], from: Cell, target: Cell) -> bool {
        self.may_charge_as(s, units, from, target, false)
    }

    /// [`GloryEmpire::may_charge`], with B13.2.10's exception for a Follow-On Charge
    /// (`follow_on`): the cavalry need not be in the Normal Morale State.
    #[must_use]
    pub fn may_charge_as(
        &self,
        s: &State,
        units: &[UnitId],
        from: Cell,
        target: Cell,
        follow_on: bool,
    ) -> bool {
        if self.light(s) == crate::los::Light::Night || self.class_of(from).dense() {
            return false;
        }
        let tc = self.class_of(target);
        if tc == crate::data::TerrainClass::Hdt || tc == crate::data::TerrainClass::Impassable {
            return false;
        }
        let Some(d) = self.data.board.direction(from, target) else {
            return false;
        };
        units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Cavalry
                && matches!(t.formation, Formation::Line | Formation::Column)
                && (tc != crate::data::TerrainClass::Mdt || t.formation == Formation::Column)
                && (t.morale == Morale::Normal || follow_on && !t.morale.broken())
                && t.spent == 0
                // G18.7 Not with skirmishers out.
                && t.skirmishers == 0
                && self.unit_arcs(s, u)[d.index() as usize] == crate::data::Arc::Front
        })
    }

    /// 15.2.1 Whether the moving group may fortify the building it stands in: a battalion that
    /// has not spent any MP, in a designated building not yet fortified.
    #[must_use]
    pub fn may_fortify(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        m.spent == 0
            && m.hexes == 0
            && !m.acted
            && !m.entering
            && m.units.iter().any(|&u| {
                let d = &self.data.troops[u.ix()];
                d.arm() == Arm::Infantry && d.size == Size::Battalion
            })
            && self
                .data
                .post(m.at)
                .is_some_and(|p| p.kind == PostKind::Building)
            && !self.post_fortified(s, m.at)
    }

    /// 9.3 The reinforcements that may enter now, with their entry hexes.
    #[must_use]
    pub fn entries(&self, s: &State) -> Vec<Action> {
        let mut out = Vec::new();
        if s.stage != Stage::Movement || s.moving.is_some() {
            return out;
        }
        let side = s.phasing;
        let occ = self.occ(s, &[]);
        for r in &self.data.reinforcements {
            if r.turn > s.turn {
                continue;
            }
            match r.counter {
                Counter::Unit(u) => {
                    let d = &self.data.troops[u.ix()];
                    if d.side != side || s.troop(u).gone != Some(crate::state::Gone::Absent) {
                        continue;
                    }
                    for &c in &r.entry {
                        let load = crate::stacking::Load {
                            sp: d.at(d.full()).sp,
                            counters: 1,
                            kinds: if d.arm() == Arm::Cavalry {
                                crate::occ::kind::CAVALRY
                            } else {
                                crate::occ::kind::OTHER
                            },
                        };
                        // RULING: not into an enemy ZOC; 16.3 nor into a hex on fire.
                        if !occ.in_ezoc(side, c)
                            && !self.on_fire(s, c)
                            && self.may_pass(&occ, side, c, load)
                            && self.formation_allowed(
                                d.kind,
                                self.entry_formation(d.kind, c),
                                c,
                                true,
                            )
                        {
                            out.push(Action::Enter { unit: u, at: c });
                        }
                    }
                }
                Counter::Leader(l) => {
                    if self.data.leaders[l.ix()].side != side
                        || s.leader(l).status != LeaderStatus::Absent
                    {
                        continue;
                    }
                    for &c in &r.entry {
                        if !occ.unit_of(side.other(), c) {
                            out.push(Action::EnterLeader { leader: l, at: c });
                        }
                    }
                }
            }
        }
        out
    }

    /// 9.3 The formation a reinforcement enters in: Column, limbered artillery (Road Column on
    /// a road, 7.5.2). It may change it for free before it leaves the hex.
    fn entry_formation(&self, k: Kind, c: Cell) -> Formation {
        match k.arm() {
            Arm::Artillery if self.data.board.on_road(c) => Formation::RoadColumn,
            Arm::Artillery => Formation::Limbered,
            _ => Formation::Column,
        }
    }

    /// The Movement and Reserve Movement Phase actions.
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(m) = s.moving.as_ref() else {
            let side = self.mover_side(s);
            let mut seen = Vec::new();
            for u in self.units_of(s, side) {
                if !self.can_move(s, u) {
                    continue;
                }
                let c = s.troop(u).cell.unwrap_or(crate::data::Cell(0));
                if seen.contains(&c) {
                    continue;
                }
                seen.push(c);
                let first = s
                    .stack(c)
                    .into_iter()
                    .find(|&x| self.can_move(s, x))
                    .unwrap_or(u);
                out.push(Action::Select(first));
            }
            for i in 0..s.leaders.len() {
                let l = LeaderId(i as u8);
                if self.leader_can_move(s, l) {
                    out.push(Action::SelectLeader(l));
                }
            }
            out.extend(self.entries(s));
            self.gtf_move_actions(s, side, out);
            // G19.2, G19.3 Trains and Caissons.
            self.train_actions(s, side, out);
            // G23.2 Dummy Brigades (Limited Intelligence).
            self.dummy_actions(s, side, out);
            // G19.5.1 Creating or dissolving a Bombardment Zone.
            self.bz_actions(s, out);
            // G17.3.1 An evolution begun in an earlier turn is completed in this phase.
            if !self.evolution_due(s, side) {
                out.push(Action::Pass);
            }
            return;
        };
        for o in self.step_options(s) {
            out.push(Action::Step(o.to));
        }
        if m.leader.is_none() {
            for f in self.face_options(s) {
                out.push(Action::Face(f));
            }
            if !m.stop {
                for (f, _) in self.form_options(s) {
                    out.push(Action::Form(f));
                }
                for (a, _) in self.column_options(s) {
                    out.push(a);
                }
            }
            let top = m.units[0];
            let t = s.troop(top);
            let d = &self.data.troops[top.ix()];
            // G18.7 In the Brigade Game cavalry with an SeT exponent deploys skirmishers too.
            if (d.arm() == Arm::Infantry || self.brigade() && d.arm() == Arm::Cavalry)
                && matches!(t.formation, Formation::Line | Formation::Column)
                && s.top(m.at) == Some(top)
                && t.morale < Morale::Broken
                // G18.5.3 RULING (ge-rulings 120): no skirmishers out while refused.
                && t.refused == 0
                // RULING (ge-rulings 64): one Skirmishers change per hex the group stands in.
                // Deploying and recalling cost nothing (7.6.1, 7.6.2), so without a limit a
                // group could change its marker for ever without moving.
                && !m.skirmished
            {
                for n in 0..=d.at(t.steps).set {
                    if n != t.skirmishers {
                        out.push(Action::Skirmish(n));
                    }
                }
            }
            let ma = self.move_limit(s, &m.units, m);
            if m.units.len() > 1 {
                for &u in &m.units {
                    // G17.2.3 Once the stack has moved, a unit following its DU is left
                    // behind only in its place (ge-rulings 133).
                    if m.acted && s.troop(u).gtf_place.is_some_and(|c| c != m.at) {
                        continue;
                    }
                    out.push(Action::Drop(u));
                }
                if m.spent < ma {
                    for &u in &m.units[1..] {
                        out.push(Action::Top(u));
                    }
                }
            }
            for c in self.assault_targets(s) {
                out.push(Action::Assault(c));
            }
            if self.battalion() {
                if self.may_place_charge(s) {
                    out.push(Action::ChargeMarker);
                }
            } else {
                for c in self.charge_targets(s) {
                    out.push(Action::Charge(c));
                }
            }
            if self.may_fortify(s) {
                out.push(Action::Fortify);
            }
            self.drill_actions(s, out);
        }
        // G17.2.3 A unit following its DU keeps its place within reach (ge-rulings 135).
        if m.leader.is_none() {
            self.keep_place_actions(s, out);
        }
        // RULING: a group that cannot move on may end where it is (adopting the formation of
        // the units there, see end_move). A group whose steps are barred to keep its GTF place
        // (ge-rulings 135) but that may turn towards it goes on by the turn first.
        let stuck = !out.iter().any(|a| matches!(a, Action::Step(_)))
            && (!out.iter().any(|a| matches!(a, Action::Face(_))) || !self.must_go_on_to_place(s));
        if self.may_end_here(s) || stuck {
            out.push(Action::EndMove);
        }
    }

    /// Applies a Movement or Reserve Movement Phase action.
    pub(crate) fn do_movement(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        // RULING (ge-rulings 64): a change of Skirmishers marker does not count as the other
        // decision that allows a second facing change (ge-rulings 63); else deploying and
        // recalling in turn between facing changes would loop for ever at no cost.
        if let Some(m) = s.moving.as_mut()
            && !matches!(a, Action::Skirmish(_))
        {
            m.faced = matches!(a, Action::Face(_));
        }
        match a {
            Action::Pass => {
                // G19.5.3 Stationary units in a Bombardment Zone are attacked as the phase ends.
                self.bombard_stationary(s, ev);
                s.closing = true;
            }
            Action::CreateBz(l) => self.create_bz(s, l, ev),
            Action::ChangeDu { leader, to } => self.do_change_du(s, leader, to, ev),
            Action::DissolveBz(l) => self.dissolve_bz(s, l, "dissolved by its owner", ev),
            Action::Gtf { leader, kind } => self.do_gtf(s, leader, kind, ev),
            Action::Evolve { leader, evolution } => self.do_evolve(s, leader, evolution, ev),
            Action::CompleteEvolution(l) => self.do_complete_evolution(s, l, ev),
            Action::TrainMove { .. }
            | Action::TrainOff(_)
            | Action::CaissonCreate(_)
            | Action::CaissonMove { .. } => self.do_train(s, a, ev),
            Action::DummyBrigade(_) | Action::DummyMove { .. } => self.do_dummy(s, a, ev),
            Action::Select(u) => {
                let Some(c) = s.troop(u).cell else { return };
                let units: Vec<UnitId> = s
                    .stack(c)
                    .into_iter()
                    .filter(|&x| self.can_move(s, x))
                    .collect();
                let may_force = self.may_force_march(s, &units);
                // G17.3.1 The MP already charged in the phase (a GTF moving on after its
                // evolution), and an evolution's extra MP.
                let carried = self.carried_mp(s, &units);
                let spent = carried.saturating_add(self.evolution_mp(s, &units));
                // G17.2.4 Moving before the Directing Unit is leaving the GTF.
                self.leave_gtf(s, &units, ev);
                let mut disorder = crate::state::MoveDisorder {
                    may_force,
                    ..Default::default()
                };
                // RULING (ge-rulings 131): the MP carried count as spent in the formation.
                if carried > 0 {
                    disorder.mp.push((s.troop(units[0]).formation, carried));
                }
                s.moving = Some(Moving {
                    units: units.clone(),
                    leader: None,
                    at: c,
                    spent,
                    hexes: 0,
                    stop: false,
                    acted: false,
                    entering: false,
                    halted: false,
                    faced: false,
                    squared_at: None,
                    skirmished: false,
                    disorder,
                });
                // G17.2.3 The DU opens the segment; the others keep their place.
                self.open_segment(s, &units, c);
                self.mark_places(s, &units);
            }
            Action::SelectLeader(l) => {
                let Some(c) = s.leader(l).cell else { return };
                s.moving = Some(Moving {
                    units: Vec::new(),
                    leader: Some(l),
                    at: c,
                    spent: 0,
                    hexes: 0,
                    stop: false,
                    acted: false,
                    entering: false,
                    halted: false,
                    faced: false,
                    squared_at: None,
                    skirmished: false,
                    disorder: crate::state::MoveDisorder::default(),
                });
            }
            Action::Enter { unit, at } => self.enter_reinforcement(s, unit, at, ev),
            Action::EnterLeader { leader, at } => {
                let l = &mut s.leaders[leader.ix()];
                l.status = LeaderStatus::OnMap;
                l.cell = Some(at);
                l.in_command = true;
                ev.push(Event::LeaderEntered { leader, at });
            }
            Action::Step(to) => self.do_step(s, to, ev),
            Action::Face(f) => self.apply_face(s, f, ev),
            Action::Reorder => self.apply_reorder(s, ev),
            Action::RefuseFlank { right } => self.apply_refuse(s, right, ev),
            Action::FormColumn(_) | Action::ClosedSquare | Action::QuarterWheel { .. } => {
                self.start_column_change(s, a, ev);
            }
            Action::Prone => self.apply_prone(s, ev),
            Action::StandUp => self.apply_stand_up(s, ev),
            Action::Form(f) => {
                // B7.7.2 A battalion en Débandade first makes its Recall Skirmishers Check.
                if let Some(m) = s.moving.as_ref()
                    && self.must_recall_skirmishers(s, &m.units, f)
                {
                    let (at, units) = (m.at, m.units.clone());
                    self.push_check(s, CheckKind::RecallSkirmishers, at, units, None);
                    if let Some(Frame::Check(ck)) = s.pending.last_mut() {
                        ck.form = Some(f);
                    }
                    return;
                }
                self.start_form(s, f, ev);
            }
            Action::Skirmish(n) => {
                let Some(m) = s.moving.as_ref() else { return };
                let u = m.units[0];
                s.troop_mut(u).skirmishers = n;
                if let Some(m) = s.moving.as_mut() {
                    m.skirmished = true;
                }
                ev.push(Event::Skirmishers { unit: u, sp: n });
            }
            Action::Top(u) => {
                self.note_move_mp(s, 1);
                let p = s.top_pos();
                s.troop_mut(u).pos = p;
                if let Some(m) = s.moving.as_mut() {
                    m.spent += 1;
                    m.acted = true;
                    // A new top unit (7.6.4) may set its own marker: the change cost an MP.
                    m.skirmished = false;
                    m.units.retain(|&x| x != u);
                    m.units.insert(0, u);
                }
                ev.push(Event::Reordered { unit: u });
            }
            Action::Drop(u) => {
                // RULING: a unit left behind before the stack spends anything may move later.
                let Some(m) = s.moving.as_mut() else { return };
                m.units.retain(|&x| x != u);
                // G17.3.1 Counting from the MP it carried into the move.
                let done = m.spent > s.troops[u.ix()].phase_mp || m.hexes > 0 || m.acted;
                s.troop_mut(u).moved = done;
                // G17.2.4 Dropped before it moved: it has not left its GTF.
                let turn = s.turn;
                if !done && s.troop(u).left_gtf.is_some_and(|(t, _)| t == turn) {
                    s.troop_mut(u).left_gtf = None;
                }
                // G17.2.3 Left behind after moving, it is judged where it stands.
                if done {
                    self.close_segment(s, &[u]);
                    self.judge_places(s, &[u], false, ev);
                } else {
                    s.troop_mut(u).gtf_place = None;
                    self.drop_segment(s, u);
                }
                ev.push(Event::Dropped { unit: u });
            }
            Action::Assault(target) => {
                let Some(m) = s.moving.as_ref() else { return };
                let units = m.units.clone();
                let side = self.data.troops[units[0].ix()].side;
                let adjacent = self
                    .data
                    .board
                    .neighbors(m.at)
                    .any(|n| self.side_at(s, n) == Some(side.other()));
                let amv = self.violates_attack_method(s, &units);
                for &u in &units {
                    let t = s.troop_mut(u);
                    t.assault = Some(target);
                    t.adjacent_start = adjacent;
                    t.amv = amv;
                }
                if !s.first_assault.iter().any(|x| x.0 == target) {
                    s.first_assault.push((target, units[0]));
                }
                ev.push(Event::AssaultDeclared {
                    units: units.clone(),
                    target,
                    adjacent,
                });
                if amv {
                    ev.push(Event::AttackMethodViolation { units });
                }
            }
            Action::Charge(target) => {
                let Some(m) = s.moving.as_ref() else { return };
                let units = m.units.clone();
                for &u in &units {
                    s.troop_mut(u).charge = Some(target);
                }
                s.charged.push(target);
                ev.push(Event::ChargeDeclared { units, target });
                // RULING: declaring a Charge ends the stack's move.
                self.end_move(s, ev);
            }
            Action::ChargeMarker => {
                let Some(m) = s.moving.as_ref() else { return };
                let units = m.units.clone();
                let at = m.at;
                for &u in &units {
                    s.troop_mut(u).charge = Some(at);
                }
                // B13.2.7 What the marker sees now, for a Recall Check before its movement.
                let zone = self.charge_zone(s, &units, at);
                let seen = self.charge_watch(s, &units, at, &zone);
                s.charge_watch.retain(|w| w.at != at);
                s.charge_watch
                    .push(crate::state::ChargeWatch { at, units: seen });
                ev.push(Event::ChargeMarkerPlaced { units, at });
                // B13.2.1 The cavalry stops.
                self.end_move(s, ev);
            }
            Action::Fortify => {
                let Some(m) = s.moving.as_ref() else { return };
                for &u in &m.units.clone() {
                    let d = &self.data.troops[u.ix()];
                    if d.arm() == Arm::Infantry && d.size == Size::Battalion {
                        s.troop_mut(u).fortifying = true;
                    }
                }
                self.end_move(s, ev);
            }
            Action::EndMove => self.end_move(s, ev),
            _ => {}
        }
    }

    /// 7.2 Applies a formation change of the moving group; G18.2 `column`: the kind of column it
    /// takes (into Column) or, into a Closed Square, keeps (G18.4).
    pub(crate) fn apply_form(
        &self,
        s: &mut State,
        f: Formation,
        column: Option<crate::data::ColumnKind>,
        facing: Option<Facing>,
        cost: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(m) = s.moving.clone() else { return };
        let mut changed = Vec::new();
        // G18.4 Into or out of a Closed Square: no Disorder Check, the facing kept.
        let closed = (f == Formation::Square && column.is_some())
            || m.units.iter().any(|&u| self.closed_square(s, u));
        for &u in &m.units {
            let d = &self.data.troops[u.ix()];
            let t = s.troop(u);
            let cur = match (d.arm(), t.formation) {
                (Arm::Artillery, Formation::RoadColumn) => Formation::Limbered,
                (_, x) => x,
            };
            if !arm_may_form(d, f) || cur == f && t.column == column {
                continue;
            }
            let t = s.troop_mut(u);
            t.column = column;
            t.formation = f;
            t.facing = fit_facing(f, facing.unwrap_or(t.facing));
            if !matches!(f, Formation::Line | Formation::Column) {
                t.skirmishers = 0;
            }
            changed.push(u);
        }
        if f == Formation::Square {
            for u in s.stack(m.at) {
                if self.data.troops[u.ix()].arm() == Arm::Artillery {
                    let p = s.bottom_pos();
                    s.troop_mut(u).pos = p;
                }
            }
        }
        self.auto_road_column(s, &changed);
        if !closed {
            self.note_change(s, &changed, f);
        }
        if let Some(mm) = s.moving.as_mut() {
            mm.spent = mm.spent.saturating_add(cost);
            mm.acted = true;
            mm.entering = false;
        }
        match column {
            Some(kind) => ev.push(Event::ColumnFormed {
                units: changed,
                kind,
                closed_square: f == Formation::Square,
                cost,
            }),
            None => ev.push(Event::Formed {
                units: changed,
                formation: f,
                cost,
            }),
        }
    }

    /// 7.2 The moving group starts a formation change into `f`: the reactions to it first
    /// (14.2.3, 14.4.1), if anyone may react.
    pub(crate) fn start_form(&self, s: &mut State, f: Formation, ev: &mut Vec<Event>) {
        let Some(cost) = self
            .form_options(s)
            .into_iter()
            .find(|x| x.0 == f)
            .map(|x| x.1)
        else {
            return;
        };
        let at = s.moving.as_ref().map_or(Cell(0), |m| m.at);
        let trig = Trigger::Form { at };
        if self.any_reactor(s, trig) {
            s.pending.push(Frame::Form(FormProc {
                to: f,
                cost,
                offered: false,
                column: None,
                facing: None,
            }));
        } else {
            self.apply_form(s, f, None, None, cost, ev);
        }
    }

    /// B7.7.2 Whether changing the moving group into `f` calls for a Recall Skirmishers Check
    /// (Battalion Game): a battalion-size unit (not a company) leaving SeD.
    #[must_use]
    pub fn must_recall_skirmishers(&self, s: &State, units: &[UnitId], f: Formation) -> bool {
        self.battalion()
            && f != Formation::Sed
            && units.iter().any(|&u| {
                let d = &self.data.troops[u.ix()];
                d.arm() == Arm::Infantry
                    && d.size != Size::Company
                    && s.troop(u).formation == Formation::Sed
            })
    }

    /// B7.7.2 The result of a Recall Skirmishers Check: a pass lets the change into `f` go on
    /// (the Disorder Check at the end of the move counts it, B9.4); a failure ends the move
    /// with no change.
    pub(crate) fn recall_skirmishers_result(
        &self,
        s: &mut State,
        f: Formation,
        ok: bool,
        ev: &mut Vec<Event>,
    ) {
        if ok {
            self.start_form(s, f, ev);
        } else {
            if let Some(m) = s.moving.as_mut() {
                m.stop = true;
            }
            self.end_move(s, ev);
        }
    }

    /// 7.5.2 Limbered artillery on a road or trail is in Road Column; off it, simply limbered.
    pub(crate) fn auto_road_column(&self, s: &mut State, units: &[UnitId]) {
        for &u in units {
            if self.data.troops[u.ix()].arm() != Arm::Artillery {
                continue;
            }
            let Some(c) = s.troop(u).cell else { continue };
            let on_road = self.data.board.on_road(c);
            let t = s.troop_mut(u);
            match t.formation {
                Formation::Limbered if on_road => {
                    t.formation = Formation::RoadColumn;
                    t.facing = fit_facing(Formation::RoadColumn, t.facing);
                }
                Formation::RoadColumn if !on_road => t.formation = Formation::Limbered,
                _ => {}
            }
        }
    }

    /// 9.3 A reinforcement enters: the k-th unit through a hex this turn pays k times its
    /// cost (RULING), and moves on from there.
    fn enter_reinforcement(&self, s: &mut State, u: UnitId, at: Cell, ev: &mut Vec<Event>) {
        let d = &self.data.troops[u.ix()];
        let formation = self.entry_formation(d.kind, at);
        // G19.5.3 A unit entering is not stationary, and its path starts in the entry hex, so
        // it is attacked there if it goes no farther (ge-rulings 163).
        if self.brigade() {
            s.bombard.shifted.push(u);
            s.bombard.path.clear();
            s.bombard.path.push(at);
        }
        let k = match s.entered.iter_mut().find(|x| x.0 == at) {
            Some(x) => {
                x.1 += 1;
                x.1
            }
            None => {
                s.entered.push((at, 1));
                1
            }
        };
        let pos = s.top_pos();
        let t = s.troop_mut(u);
        t.cell = Some(at);
        t.gone = None;
        t.pos = pos;
        t.formation = formation;
        t.facing = fit_facing(formation, Facing::ALL[0]);
        t.arrived = true;
        t.ooc = false;
        t.commanded = true;
        t.steps = d.full();
        let may_force = self.may_force_march(s, &[u]);
        let m = self.mover_of(s, u);
        let base = self.data.terrain(at).cost[m as usize].unwrap_or(1);
        let ma = self.unit_ma(s, u);
        let cost = base.saturating_mul(k).min(ma);
        ev.push(Event::Entered { unit: u, at, cost });
        self.touch_objective(s, at, d.side, ev);
        s.moving = Some(Moving {
            units: vec![u],
            leader: None,
            at,
            spent: cost,
            hexes: 1,
            stop: cost >= ma,
            acted: true,
            entering: true,
            halted: false,
            faced: false,
            squared_at: None,
            skirmished: false,
            disorder: crate::state::MoveDisorder {
                may_force,
                ..Default::default()
            },
        });
    }

    /// A step of the moving group or leader: MP are paid before entering (9.1.1); a combat
    /// unit's step waits for the reactions and checks it triggers.
    fn do_step(&self, s: &mut State, to: Cell, ev: &mut Vec<Event>) {
        let Some(opt) = self.step_options(s).into_iter().find(|o| o.to == to) else {
            return;
        };
        if let Some(m) = s.moving.as_ref()
            && let Some(d) = self.data.board.direction(m.at, to)
        {
            self.note_way(s, d.index() as usize, ev);
        }
        self.passage_of_lines(s);
        if self.battalion()
            && let Some(m) = s.moving.as_ref()
            && m.leader.is_none()
        {
            let from = m.at;
            let limit = self.move_limit(s, &m.units, m);
            let minimum = m.spent.saturating_add(opt.cost) > limit;
            self.note_move_mp(s, opt.cost);
            self.note_step(s, from, to);
            if let Some(m) = s.moving.as_mut() {
                m.disorder.minimum |= minimum;
            }
        }
        // B7.9.1 A Prolonge: once a turn.
        if let Some(m) = s.moving.as_ref()
            && m.leader.is_none()
            && self.battalion()
            && m.units
                .iter()
                .all(|&u| s.troop(u).formation == Formation::Unlimbered)
        {
            for u in m.units.clone() {
                s.troop_mut(u).prolonged = true;
            }
        }
        let Some(m) = s.moving.as_mut() else { return };
        m.spent = m.spent.saturating_add(opt.cost);
        m.acted = true;
        if opt.stops {
            m.stop = true;
        }
        let from = m.at;
        if let Some(l) = m.leader {
            m.at = to;
            m.hexes += 1;
            s.leaders[l.ix()].cell = Some(to);
            ev.push(Event::LeaderMoved {
                leader: l,
                from,
                to,
            });
            return;
        }
        let units = m.units.clone();
        let side = self.data.troops[units[0].ix()].side;
        let joins = s
            .stack(to)
            .iter()
            .any(|u| self.data.troops[u.ix()].side == side);
        let leaves_friends = s
            .stack(from)
            .iter()
            .any(|u| !units.contains(u) && self.data.troops[u.ix()].side == side);
        s.pending.push(Frame::Step(StepProc {
            from,
            to,
            stage: StepStage::Leave,
            joins,
            leaves_friends,
        }));
    }

    /// Runs a pending step forward through its stages.
    pub(crate) fn step_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Step(mut p)) = s.pending.last().cloned() else {
            return false;
        };
        let Some(m) = s.moving.clone() else {
            s.pending.pop();
            return true;
        };
        let here = if p.stage == StepStage::After {
            p.to
        } else {
            p.from
        };
        let group = self.alive_in(s, &m.units, here);
        if m.halted
            || group.is_empty()
            || group.len() < m.units.len() && p.stage != StepStage::After
        {
            s.pending.pop();
            if let Some(mm) = s.moving.as_mut() {
                mm.units = group;
                mm.halted = true;
            }
            self.end_move(s, ev);
            return true;
        }
        let side = self.data.troops[group[0].ix()].side;
        match p.stage {
            StepStage::Leave => {
                p.stage = StepStage::Check;
                self.replace_top(s, Frame::Step(p));
                if !p.leaves_friends {
                    self.open_window(s, Trigger::Leave { from: p.from });
                }
            }
            StepStage::Check => {
                // RULING: the check to enter an EZOC (10.1) comes before the reaction fire at
                // the entry: a unit that fails never tries to enter.
                p.stage = StepStage::PreFire;
                self.replace_top(s, Frame::Step(p));
                let infantry = group
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].arm() == Arm::Infantry);
                let assault = group.iter().any(|&u| s.troop(u).assault.is_some());
                if infantry && !assault && self.in_ezoc(s, side, p.to) {
                    self.push_check(s, CheckKind::EnterEzoc, p.from, group, Some(p.to));
                }
            }
            StepStage::PreFire => {
                p.stage = StepStage::Enter;
                self.replace_top(s, Frame::Step(p));
                if !p.joins {
                    self.open_window(
                        s,
                        Trigger::Enter {
                            from: p.from,
                            to: p.to,
                        },
                    );
                }
            }
            StepStage::Enter => {
                p.stage = StepStage::After;
                self.replace_top(s, Frame::Step(p));
                self.enter_hex(s, &group, p.to, ev);
                if self.battalion()
                    && let Some(m) = s.moving.as_mut()
                {
                    m.disorder.among_friends = p.joins;
                }
            }
            StepStage::After => {
                s.pending.pop();
                if !p.joins {
                    self.open_window(s, Trigger::Entered { at: p.to });
                }
            }
        }
        true
    }

    /// The moving group enters `to`: on top of the stack there (RULING), Road Column artillery,
    /// an EZOC stops it (10.1), enemy Road Columns adjacent break (7.5.3), enemy leaders alone
    /// there may be captured (5.2.2).
    pub(crate) fn enter_hex(&self, s: &mut State, group: &[UnitId], to: Cell, ev: &mut Vec<Event>) {
        let side = self.data.troops[group[0].ix()].side;
        let enemy_leaders = self.own_leaders_at(s, side.other(), to);
        let from = s.troop(group[0]).cell;
        // G19.5.3 The path a Bombardment Attack looks along.
        self.note_bz_step(s, group, from, to);
        for &u in group.iter().rev() {
            let p = s.top_pos();
            let t = s.troop_mut(u);
            t.cell = Some(to);
            t.pos = p;
        }
        self.auto_road_column(s, group);
        let ezoc = self.in_ezoc(s, side, to);
        let ma = self.group_ma(s, group);
        if let Some(m) = s.moving.as_mut() {
            m.at = to;
            m.hexes = m.hexes.saturating_add(1);
            m.entering = false;
            m.skirmished = false;
            if ezoc {
                m.stop = true;
            }
            ev.push(Event::Moved {
                units: group.to_vec(),
                from,
                to,
                cost: 0,
                left: ma.saturating_sub(m.spent),
                charge: false,
            });
        }
        self.touch_objective(s, to, side, ev);
        self.check_garrisons(s, ev);
        // G19.2 Plunder.
        if !s.trains.is_empty() {
            self.plunder(s, group, to, ev);
        }
        self.road_columns_break(s, side, to, ev);
        self.stand_up_near(s, side, to, ev);
        if !enemy_leaders.is_empty() {
            s.pending
                .push(Frame::Leader(LeaderRoll::Capture(enemy_leaders)));
        }
    }

    /// 7.5.3 Enemy units in Road Column adjacent to a hex that units of `side` moved into
    /// become Broken at once.
    // RULING: any voluntary move by enemy combat units breaks a Road Column next to the hex
    // entered, advances and regroups included; leaders do not.
    pub(crate) fn road_columns_break(
        &self,
        s: &mut State,
        side: Side,
        at: Cell,
        ev: &mut Vec<Event>,
    ) {
        let mut cells: Vec<Cell> = self
            .data
            .board
            .neighbors(at)
            .filter(|&n| {
                s.stack(n).iter().any(|&u| {
                    self.data.troops[u.ix()].side != side
                        && s.troop(u).formation == Formation::RoadColumn
                })
            })
            .collect();
        cells.sort_unstable();
        for c in cells {
            let units: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|&u| s.troop(u).formation == Formation::RoadColumn)
                .collect();
            ev.push(Event::RoadColumnBroken {
                units: units.clone(),
            });
            self.set_morale(s, &units, Some(Morale::Broken), ev);
        }
    }

    /// Runs a pending formation change: reactions first (14.2.3, 14.4.1), then the change if
    /// the group is still able (8.3: not if it became Disordered meanwhile).
    pub(crate) fn form_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Form(mut f)) = s.pending.last().cloned() else {
            return false;
        };
        let Some(m) = s.moving.clone() else {
            s.pending.pop();
            return true;
        };
        if !f.offered {
            f.offered = true;
            self.replace_top(s, Frame::Form(f));
            self.open_window(s, Trigger::Form { at: m.at });
            return true;
        }
        s.pending.pop();
        let group = self.alive_in(s, &m.units, m.at);
        if m.halted || group.len() < m.units.len() {
            if let Some(mm) = s.moving.as_mut() {
                mm.units = group;
                mm.halted = true;
            }
            self.end_move(s, ev);
            return true;
        }
        if group.iter().all(|&u| s.troop(u).morale == Morale::Normal) {
            self.apply_form(s, f.to, f.column, f.facing, f.cost, ev);
        }
        true
    }

    /// 9.1 The move of the moving group or leader ends: its units are done for the phase; a
    /// stack joined adopts the worst morale (9.1.2) and the units' facing (6.1.1).
    pub(crate) fn end_move(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(m) = s.moving.take() else { return };
        if let Some(l) = m.leader {
            let reserve = s.stage == Stage::ReserveMovement;
            let ld = &mut s.leaders[l.ix()];
            ld.moved = true;
            if self.data.leaders[l.ix()].echelon == crate::data::Echelon::Adc {
                ld.adc_moved = Some(reserve);
            }
            return;
        }
        for &u in &m.units {
            s.troop_mut(u).moved = true;
        }
        let carried = self.carried_mp(s, &m.units);
        // G17.3.1 What the move leaves charged to its units for the rest of the phase.
        self.note_phase_mp(s, &m.units, m.spent);
        // G17.2.3 The DU's move opens its segment to the others, who must keep their place.
        self.close_segment(s, &m.units);
        self.judge_places(s, &m.units, m.halted, ev);
        let Some(&first) = m.units.first() else {
            return;
        };
        let Some(c) = s.troop(first).cell else { return };
        let st = s.stack(c);
        // RULING: joining a stack, the newcomers take its facing (free, 7.1.2).
        if st.len() > m.units.len() {
            let worst = self.worst_morale(s, &st);
            if let Some((f, facing)) = self.stack_formation(s, c, &m.units) {
                for &u in &m.units {
                    if self.data.troops[u.ix()].arm() != Arm::Artillery
                        && arm_may_form(&self.data.troops[u.ix()], f)
                    {
                        let t = s.troop_mut(u);
                        if t.formation != f && !t.morale.broken() {
                            t.formation = f;
                            t.column = None;
                            t.skirmishers = 0;
                        }
                        if facing_ok(t.formation, facing) {
                            t.facing = facing;
                        }
                    }
                }
            }
            for &u in &st {
                if s.troop(u).morale < worst {
                    s.troop_mut(u).morale = worst;
                }
            }
        }
        // B9.4 One Disorder Check for the whole move. RULING (ge-rulings 131): a GTF's unit
        // moving on after its evolution that spends nothing more calls for none.
        if carried == 0 || m.spent > carried {
            self.push_disorder_check(s, &m, ev);
        }
        // G19.5.3 Bombardment Attacks on the path it took (before the check).
        self.bombard_move(s, &m.units, ev);
    }

    /// 15.2.1 At the end of a Movement Phase, buildings where a battalion spent its whole MA
    /// become Fortified Posts.
    pub(crate) fn fortify_posts(&self, s: &mut State, ev: &mut Vec<Event>) {
        // RULING: the Reserve Movement Phase is a Movement Phase for 15.2.1.
        for i in 0..s.troops.len() {
            if !s.troops[i].fortifying {
                continue;
            }
            s.troops[i].fortifying = false;
            if let Some(c) = s.troops[i].cell
                && let Some(p) = self.data.board.cells[c.ix()].post
                && !s.fortified[p.ix()]
            {
                s.fortified[p.ix()] = true;
                ev.push(Event::Fortified { at: c });
            }
        }
    }

    /// Resets the moved flags of a side for a new movement phase.
    pub(crate) fn reset_moves(&self, s: &mut State, side: Side) {
        // G19.5.3 Nobody has changed hex yet in this phase.
        s.bombard.path.clear();
        s.bombard.shifted.clear();
        s.bombard.charges.clear();
        for i in 0..s.troops.len() {
            if self.data.troops[i].side == side {
                s.troops[i].moved = false;
                s.troops[i].phase_mp = 0;
                s.troops[i].gtf_place = None;
            }
        }
        for i in 0..s.leaders.len() {
            if self.data.leaders[i].side == side {
                s.leaders[i].moved = false;
                s.leaders[i].gtf.segment = None;
            }
        }
        self.reset_train_moves(s, side);
        self.reset_dummy_moves(s, side);
    }
}
