//! 12 Fire Combat: range and facing (12.1.1, 12.1.2, 7.9.2), Fire Strength and its limits
//! (12.2), the Fire Strength Modifiers (12.2.1), the Fire Chart (12.3) and the application of
//! its results, several attacks on one hex together (12.3.1).

use crate::GloryEmpire;
use crate::action::Action;
use crate::artillery::Round;
use crate::data::{Arc, Arm, Cell, Formation, PostKind, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{
    FireApply, FireKind, FireRoll, Frame, LeaderRoll, Morale, PendingFire, Stage, State,
};
use coupdoeil_engine::Side;
use coupdoeil_hex::{Crossing, EdgeDir, Facing, trace};

/// 12.2 The Fire Strength of a stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The starting Fire Chart column.
    pub fs: u8,
    /// 12.1.1 Range in hexes.
    pub range: u8,
    /// The arm firing (12.2: only the top unit's type fires).
    pub arm: Arm,
    /// 12.1.2 Skirmishers (SeT or SeD): no LOS needed.
    pub skirmish: bool,
    /// The units that contribute.
    pub units: Vec<UnitId>,
    /// G19.1 The round artillery fires (Brigade Game).
    pub round: Option<Round>,
}

/// The Fire Chart column of an attack and every shift, for the log and the UI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The starting column.
    pub fs: u8,
    /// The final column.
    pub column: u8,
    /// The shifts.
    pub modifiers: Vec<Modifier>,
}

fn m(what: impl Into<String>, value: i8, rule: &str) -> Option<Modifier> {
    (value != 0).then(|| Modifier {
        what: what.into(),
        value: i16::from(value),
        rule: rule.into(),
    })
}

impl GloryEmpire {
    /// 12.2 The Fire Strength of the stack in `c`, if it may fire at all: the top unit's type
    /// fires (12.2 Mixed stacks); artillery unlimbered, up to 6 SP; infantry in Line its Line FS
    /// up to 5 SP, in Column or Square 1, en Débandade its SeD FS up to 4 SP, with skirmishers
    /// out their SP (7.6.6). Going down the stack, the first unit over the limit and those below
    /// add nothing; the top unit always fires in full (RULING: the Battalion Game's summing rule
    /// 12.2.1 read into the Soldiers Game's limits). Cavalry, Road Column, limbered artillery and
    /// Broken or Routed units do not fire.
    #[must_use]
    pub fn strength(&self, s: &State, c: Cell) -> Option<Strength> {
        self.strength_of(s, &s.stack(c))
    }

    /// G19.1 [`GloryEmpire::strength`] of the stack in `c` firing `round` (Brigade Game
    /// artillery; `None`: its [`GloryEmpire::default_round`]): the batteries that may fire
    /// that round add their FS for it, and it reaches the end of that round's last band.
    /// `None` when the top unit may not fire it.
    #[must_use]
    pub fn strength_round(&self, s: &State, c: Cell, round: Option<Round>) -> Option<Strength> {
        let mut units = Vec::new();
        let (fs, range, arm, skirmish, round) =
            self.strength_into(s, &s.stack(c), round, Some(&mut units))?;
        Some(Strength {
            fs,
            range,
            arm,
            skirmish,
            units,
            round,
        })
    }

    /// [`GloryEmpire::strength`] of a stack given as its units from the top down (for callers
    /// that have every stack at hand already, such as the evaluation).
    #[must_use]
    pub fn strength_of(&self, s: &State, st: &[UnitId]) -> Option<Strength> {
        let mut units = Vec::new();
        let (fs, range, arm, skirmish, round) =
            self.strength_into(s, st, None, Some(&mut units))?;
        Some(Strength {
            fs,
            range,
            arm,
            skirmish,
            units,
            round,
        })
    }

    /// The Fire Strength and range of [`GloryEmpire::strength_of`] alone, without listing the
    /// units that contribute (the evaluation asks this of every stack, many times a second).
    #[must_use]
    pub fn fire_reach(&self, s: &State, st: &[UnitId]) -> Option<(u8, u8)> {
        self.strength_into(s, st, None, None)
            .map(|(fs, range, _, _, _)| (fs, range))
    }

    /// [`GloryEmpire::strength_of`]'s Fire Strength, range, arm, skirmish flag and round
    /// (artillery firing `want`, or its default round, in the Brigade Game), with the
    /// contributing units pushed to `used` when it is given.
    #[allow(clippy::type_complexity)]
    fn strength_into(
        &self,
        s: &State,
        st: &[UnitId],
        want: Option<Round>,
        mut used: Option<&mut Vec<UnitId>>,
    ) -> Option<(u8, u8, Arm, bool, Option<Round>)> {
        let &top = st.first()?;
        let t = s.troop(top);
        let d = &self.data.troops[top.ix()];
        if t.morale.broken() {
            return None;
        }
        let lim = &self.data.charts.limits;
        let arm_of = |u: UnitId| self.data.troops[u.ix()].arm();
        match d.arm() {
            // RULING: cavalry makes no fire attacks in the Soldiers Game (3 Cold Steel); G18.7
            // in the Brigade Game its skirmishers fire as infantry's do.
            Arm::Cavalry => {
                if t.skirmishers > 0 && matches!(t.formation, Formation::Line | Formation::Column) {
                    if let Some(u) = used.as_deref_mut() {
                        u.push(top);
                    }
                    Some((
                        t.skirmishers,
                        self.skirmish_reach(top),
                        Arm::Cavalry,
                        true,
                        None,
                    ))
                } else {
                    None
                }
            }
            Arm::Artillery if self.brigade() => {
                // G19.1 One round per attack: the batteries that may fire it add their FS for
                // it, and it reaches as far as that round's bands.
                // RULING: batteries of the stack that may not fire it add nothing (ge-rulings 122)
                let round = match want {
                    Some(r) => r,
                    None => self.default_round(s, top)?,
                };
                if !self.may_fire_round(s, top, round) {
                    return None;
                }
                let guns = st
                    .iter()
                    .copied()
                    .filter(|&u| arm_of(u) == Arm::Artillery && self.may_fire_round(s, u, round));
                let fs = self.sum_fs(s, guns, lim.artillery, |v| round.fs(v), &mut used);
                let range = d.gun.map_or(1, |g| self.round_reach(g, round));
                Some((fs, range, Arm::Artillery, false, Some(round)))
            }
            Arm::Artillery => {
                // B7.9.3 A battery Out of Ammo does not fire.
                if t.formation != Formation::Unlimbered || self.out_of_ammo(s, top) {
                    return None;
                }
                let guns = st.iter().copied().filter(|&u| {
                    arm_of(u) == Arm::Artillery
                        && s.troop(u).formation == Formation::Unlimbered
                        && !self.out_of_ammo(s, u)
                });
                let fs = self.sum_fs(s, guns, lim.artillery, |v| v.fs, &mut used);
                let range = d
                    .gun
                    .map_or(1, |g| self.data.charts.guns[usize::from(g)].long);
                Some((fs, range, Arm::Artillery, false, None))
            }
            Arm::Infantry => {
                // G18.6.4 Prone units fire only with their skirmishers (below); RULING
                // (ge-rulings 110): a stack fires as its top unit, so a prone top unit without
                // skirmishers leaves its stack silent, and prone units below add nothing.
                let foot = st
                    .iter()
                    .copied()
                    .filter(|&u| arm_of(u) == Arm::Infantry && !s.troop(u).prone);
                // RULING: a stack whose top unit has skirmishers out fires with them (their SP
                // as FS, 7.6.6), at one hex or two.
                if t.skirmishers > 0 && matches!(t.formation, Formation::Line | Formation::Column) {
                    if let Some(u) = used.as_deref_mut() {
                        u.push(top);
                    }
                    return Some((
                        t.skirmishers,
                        self.skirmish_reach(top),
                        Arm::Infantry,
                        true,
                        None,
                    ));
                }
                if t.prone {
                    return None;
                }
                match t.formation {
                    Formation::Line => {
                        // G18.5.2 The optional Rank and File sets the Line's limit.
                        let limit = self.line_fire_limit(st);
                        let fs = self.sum_fs(s, foot, limit, |v| v.fs, &mut used);
                        Some((fs, 1, Arm::Infantry, false, None))
                    }
                    Formation::Column | Formation::Square => {
                        if let Some(u) = used.as_deref_mut() {
                            u.extend(foot);
                        }
                        let fs = if t.formation == Formation::Square {
                            lim.square_fs
                        } else if t.column == Some(crate::data::ColumnKind::DivisionMass) {
                            // G18.2.4 A Division Mass fires from the FS 2 column.
                            crate::columns::DIVISION_MASS_FS
                        } else {
                            lim.column_fs
                        };
                        Some((fs, 1, Arm::Infantry, false, None))
                    }
                    Formation::Sed => {
                        let fs = self.sum_fs(s, foot, lim.sed, |v| v.sed_fs, &mut used);
                        Some((fs, self.skirmish_reach(top), Arm::Infantry, true, None))
                    }
                    _ => None,
                }
            }
        }
    }

    /// 12.1.1, B7.6.6 How far skirmishers fire: two hexes; in the Battalion Game rifles add a
    /// third, the Rifle Zone.
    #[must_use]
    pub fn skirmish_reach(&self, top: UnitId) -> u8 {
        if self.battalion() && self.data.troops[top.ix()].rifle {
            3
        } else {
            2
        }
    }

    /// B7.6.6, B7.7.4 The Skirmish Zone of the skirmishing stack in `at` (its top unit with a
    /// Skirmishers marker, or en Débandade), each hex with its ring: two hexes from its front
    /// hexsides (all round en Débandade), a third for rifles (the Rifle Zone). RULING (the
    /// figure is missing): a hex is in it when the line to it leaves through front hexsides,
    /// as the Charge Zone's (ruling 83), and it is reached ring by ring from the parent's hex
    /// through hexes the parent's type may enter; a hex holding combat units is in the zone,
    /// the zone goes no further through it.
    #[must_use]
    pub fn skirmish_zone(&self, s: &State, at: Cell) -> Vec<(Cell, u8)> {
        let Some(top) = s.top(at) else {
            return Vec::new();
        };
        let reach = self.skirmish_reach(top);
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let m = crate::data::Mover::Infantry;
        let front = |h: Cell| {
            self.exit_dirs(at, h).iter().any(Option::is_some)
                && self
                    .exit_dirs(at, h)
                    .iter()
                    .flatten()
                    .all(|e| arcs[e.index() as usize] == Arc::Front)
        };
        let mut zone: Vec<(Cell, u8)> = Vec::new();
        let mut frontier = vec![at];
        for ring in 1..=reach {
            let mut next = Vec::new();
            for &c in &frontier {
                for n in b.neighbors(c) {
                    if b.distance(at, n) != u32::from(ring)
                        || zone.iter().any(|z| z.0 == n)
                        || !front(n)
                        || self.data.terrain(n).cost[m as usize].is_none()
                        || self.hexside_impassable(m, c, n)
                    {
                        continue;
                    }
                    zone.push((n, ring));
                    if s.stack(n).is_empty() {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        zone.sort_unstable();
        zone
    }

    /// B7.6.7 Whether rifles with the Skirmish Zone `zone` may fire into its Rifle Zone hex `target`: a clear LOS to
    /// it from a front hex (the zone's first ring) free of combat units.
    #[must_use]
    pub fn rifle_line(&self, s: &State, target: Cell, zone: &[(Cell, u8)]) -> bool {
        zone.iter()
            .filter(|z| z.1 == 1 && s.stack(z.0).is_empty())
            .any(|z| self.los(s, z.0, target))
    }

    /// 12.2 Going down the stack: the units' FS (as `fs` reads it from their current values)
    /// until the next unit's SP would pass `limit`; the first unit always counts. Each unit
    /// that counts is pushed to `used` when it is given.
    fn sum_fs(
        &self,
        s: &State,
        units: impl Iterator<Item = UnitId>,
        limit: u8,
        fs: impl Fn(&crate::data::StepDef) -> u8,
        used: &mut Option<&mut Vec<UnitId>>,
    ) -> u8 {
        let mut total_sp = 0u32;
        let mut total_fs = 0u32;
        for (i, u) in units.enumerate() {
            let v = self.data.troops[u.ix()].at(s.troop(u).steps);
            let sp = u32::from(v.sp);
            if i > 0 && total_sp + sp > u32::from(limit) {
                break;
            }
            total_sp += sp;
            total_fs += u32::from(fs(v));
            if let Some(out) = used.as_deref_mut() {
                out.push(u);
            }
        }
        total_fs.min(255) as u8
    }

    /// The hexsides of `from` through which the line to `to` leaves it (two when it leaves
    /// through a vertex along a spine).
    #[must_use]
    pub fn exit_dirs(&self, from: Cell, to: Cell) -> [Option<EdgeDir>; 2] {
        let b = &self.data.board;
        if let Some(d) = b.direction(from, to) {
            return [Some(d), None];
        }
        let h = b.hex(from);
        match trace(h, b.hex(to)).first() {
            Some(Crossing::Hex(x)) => [h.direction_to(*x), None],
            Some(Crossing::Spine { left, right }) => {
                [h.direction_to(*left), h.direction_to(*right)]
            }
            None => [None, None],
        }
    }

    /// The hexsides of `to` through which the line from `from` enters it.
    #[must_use]
    pub fn entry_dirs(&self, from: Cell, to: Cell) -> [Option<EdgeDir>; 2] {
        let b = &self.data.board;
        if let Some(d) = b.direction(to, from) {
            return [Some(d), None];
        }
        let h = b.hex(to);
        match trace(b.hex(from), h).last() {
            Some(Crossing::Hex(x)) => [h.direction_to(*x), None],
            Some(Crossing::Spine { left, right }) => {
                [h.direction_to(*left), h.direction_to(*right)]
            }
            None => [None, None],
        }
    }

    /// The worst arc among the given hexsides (rear worse than flank worse than front).
    #[must_use]
    pub fn worst_arc(arcs: &[Arc; 6], dirs: [Option<EdgeDir>; 2]) -> Arc {
        dirs.iter()
            .flatten()
            .map(|d| arcs[d.index() as usize])
            .max()
            .unwrap_or(Arc::Front)
    }

    /// 12.1.2 Whether a line leaving through `dirs` goes through a front hexside (along a spine,
    /// either hexside at the vertex will do: RULING).
    #[must_use]
    pub fn leaves_front(arcs: &[Arc; 6], dirs: [Option<EdgeDir>; 2]) -> bool {
        dirs.iter()
            .flatten()
            .any(|d| arcs[d.index() as usize] == Arc::Front)
    }

    /// 12.1 Whether the stack in `from` may fire at `target` now: range, the front (artillery
    /// may first turn 30 degrees, 7.9.2), LOS except for skirmishers (12.1.2), the light (16).
    /// Returns the facing the top unit fires with.
    #[must_use]
    pub fn fire_line(&self, s: &State, from: Cell, target: Cell, st: &Strength) -> Option<Facing> {
        let d = self.data.board.distance(from, target);
        if d == 0 || d > u32::from(st.range) {
            return None;
        }
        // RULING: the light limits every fire, skirmishers' too (16.1, 16.2).
        if self.los_limit(s).is_some_and(|l| d > l) {
            return None;
        }
        let top = *st.units.first()?;
        let t = s.troop(top);
        let arm = self.data.troops[top.ix()].arm();
        // B7.6.6, B7.6.7 Battalion skirmishers fire into their Skirmish Zone: no LOS in the
        // Green Zone, a clear one from a free front hex in the Rifle Zone.
        if self.battalion() && st.skirmish {
            let zone = self.skirmish_zone(s, from);
            let &(_, ring) = zone.iter().find(|z| z.0 == target)?;
            if ring >= 3 && !self.rifle_line(s, target, &zone) {
                return None;
            }
            return Some(t.facing);
        }
        let dirs = self.exit_dirs(from, target);
        let turns: &[i32] = if arm == Arm::Artillery {
            &[0, 1, -1]
        } else {
            &[0]
        };
        let facing = turns.iter().find_map(|&k| {
            let f = t.facing.rotate(k);
            let arcs = if k == 0 {
                self.unit_arcs(s, top)
            } else {
                self.arcs(arm, from, t.formation, f)
            };
            Self::leaves_front(&arcs, dirs).then_some(f)
        })?;
        // G19.7.1 A Howitzer Attack needs no clear LOS.
        if !st.skirmish && d > 1 && !self.howitzer_attack(st.round) && !self.los(s, from, target) {
            return None;
        }
        Some(facing)
    }

    /// 12.2.1 The final Fire Chart column of a fire by the stack in `from` at the units
    /// `targets` in `target`, at `range` hexes, with every shift.
    #[must_use]
    #[allow(clippy::too_many_lines, clippy::too_many_arguments)]
    pub fn fire_odds(
        &self,
        s: &State,
        from: Cell,
        target: Cell,
        targets: &[UnitId],
        st: &Strength,
        wdf: bool,
        range: u32,
    ) -> Odds {
        let ch = &self.data.charts;
        let fm = &ch.fsm;
        let mut mods: Vec<Option<Modifier>> = Vec::new();
        let sp: u32 = targets
            .iter()
            .map(|&u| u32::from(self.data.troops[u.ix()].at(s.troop(u).steps).sp))
            .sum();
        let stack_fsm = fm
            .stacking
            .iter()
            .rev()
            .find(|(min, _)| u32::from(*min) <= sp)
            .map_or(0, |x| x.1);
        mods.push(m(
            format!("target stacking, {sp} SP"),
            stack_fsm,
            "12.2.1 Target Stacking",
        ));
        if st.arm == Arm::Artillery
            && let Some(&g) = st.units.first()
            && let Some(gi) = self.data.troops[g.ix()].gun
        {
            let gun = &ch.guns[usize::from(gi)];
            // G19.7.2 A Howitzer Attack takes no Long Range shift.
            if let Some(r) = st.round.filter(|_| !self.howitzer_attack(st.round)) {
                // G19.1 The band of the round fired.
                // RULING: the Battalion chart's canister shift is Point Blank's (ge-rulings 123)
                let band = self
                    .band(gi, r, range)
                    .unwrap_or(crate::artillery::Band::Long);
                mods.push(m(
                    format!("{}, {} range ({range} hexes)", r.title(), band.title()),
                    fm.range[band.ix()],
                    "G19.1",
                ));
            }
            let (band, v) = if st.round.is_some() || self.howitzer_attack(st.round) {
                ("", 0)
            } else if range <= u32::from(gun.canister) {
                ("canister", fm.range[0])
            } else if range <= u32::from(gun.effective) {
                ("effective", fm.range[1])
            } else {
                ("long", fm.range[2])
            };
            mods.push(m(format!("{band} range ({range} hexes)"), v, "7.9.2"));
        }
        // RULING: the target's top unit sets the formation and facing modifiers; a line of fire
        // entering along a spine is enfilade if either hexside there is a flank (12.2.1).
        if let Some(&tt) = targets.first() {
            let tu = s.troop(tt);
            let f = tu.formation;
            // G18.4 A close-order column or a Closed Square: its own FSM instead.
            match (tu.column, ch.columns.as_ref()) {
                (Some(k), Some(cc)) if f == Formation::Column => mods.push(m(
                    format!("target in {}", k.title()),
                    cc.target[k.ix()],
                    k.rule(),
                )),
                (Some(_), Some(cc)) if f == Formation::Square => mods.push(m(
                    "target in Closed Square",
                    cc.closed_square_target,
                    "G18.4",
                )),
                _ => mods.push(m(
                    format!("target in {}", f.title().to_lowercase()),
                    fm.target_formation[f.ix()],
                    "12.2.1 target formation",
                )),
            }
            if tu.prone {
                mods.push(m("target prone", fm.prone, "G18.6"));
            }
            if targets
                .iter()
                .any(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
            {
                // RULING: any cavalry in the target hex makes it a cavalry target.
                mods.push(m("cavalry target", fm.cavalry_target, "12.2.1"));
            }
            let arcs = self.unit_arcs(s, tt);
            let entry = self.entry_dirs(from, target);
            // B7.4.1 Artillery firing through a Covered Flank fires in enfilade.
            let arc = if st.arm == Arm::Artillery {
                Self::worst_arc(&self.base_arcs(s, tt), entry)
            } else {
                Self::worst_arc(&arcs, entry)
            };
            let linear = matches!(
                f,
                Formation::Line
                    | Formation::Column
                    | Formation::RoadColumn
                    | Formation::Limbered
                    | Formation::Unlimbered
            );
            if linear {
                match arc {
                    Arc::Flank => {
                        mods.push(m("through the flank: enfilade", fm.enfilade, "12.2.1"))
                    }
                    Arc::Rear => mods.push(m("through the rear", fm.rear, "12.2.1")),
                    Arc::Front => {}
                }
            }
            // 15 The target hex's terrain; 15.2 a Post.
            let terrain = self.data.terrain(target);
            let post = self.data.post(target).filter(|_| self.in_post(s, tt));
            match post {
                Some(p) if p.kind == PostKind::Earthwork && arc == Arc::Front => {
                    mods.push(m(
                        "earthwork, fired on through its front",
                        fm.post,
                        "15.2.2",
                    ));
                }
                Some(_) => {
                    mods.push(m(terrain.name.clone(), terrain.fsm, "15 TEC"));
                    if self
                        .data
                        .post(target)
                        .is_some_and(|p| p.kind == PostKind::Building)
                    {
                        mods.push(m("Fortified Post", fm.post, "15.2.1"));
                    }
                }
                None => mods.push(m(terrain.name.clone(), terrain.fsm, "15 TEC")),
            }
            // 15.1 Hexside features the line of fire crosses into the target hex.
            // RULING: a hexside feature protects only when it is the side of the target hex the
            // fire enters through (along a spine, the more protective of the two).
            let side_fsm = entry
                .iter()
                .flatten()
                .filter_map(|&d| self.data.board.neighbor(target, d))
                .map(|n| {
                    self.data
                        .features(target, n)
                        .map(|f| i32::from(f.fsm))
                        .sum::<i32>()
                })
                .min()
                .unwrap_or(0);
            // G19.7.2 A Howitzer Attack takes no hexside obstacle shift.
            if !self.howitzer_attack(st.round) {
                mods.push(m("hexside", side_fsm.clamp(-20, 20) as i8, "15.1"));
            }
            // 7.6.6 Fire through the front of skirmishers.
            let all_front = entry
                .iter()
                .flatten()
                .all(|d| arcs[d.index() as usize] == Arc::Front);
            if tu.skirmishers > 0 && all_front {
                mods.push(m(
                    format!("Sk-{} screen", tu.skirmishers),
                    fm.skirmisher_screen[usize::from(tu.skirmishers.min(3))],
                    "7.6.6",
                ));
            }
        }
        if wdf {
            mods.push(m("Well Directed Fire", fm.well_directed, "12.2.1, 13.1.4"));
        }
        if let Some(&ft) = st.units.first() {
            let side = self.data.troops[ft.ix()].side;
            if let Some((l, v)) = self.best_leader(s, side, from, |x| x.fsm) {
                mods.push(m(
                    format!("leader {}", self.data.leaders[l.ix()].name),
                    v,
                    "5.2.1",
                ));
            }
            if let Some(i) = s.troop(ft).morale.marker() {
                mods.push(m(
                    format!("firer {}", s.troop(ft).morale.name()),
                    ch.states[i].fire,
                    "8 Morale State Diagram",
                ));
            }
            // G22.2 A fatigued brigade fires worse.
            mods.push(self.fatigue_fsm(s, ft));
            // G18.5.3 A refused Line's fire.
            mods.push(self.refused_fire(s, ft, st.fs, from, target));
        }
        let modifiers: Vec<Modifier> = mods.into_iter().flatten().collect();
        let total: i32 =
            i32::from(st.fs) + modifiers.iter().map(|x| i32::from(x.value)).sum::<i32>();
        let column = total.clamp(0, ch.fire.len() as i32 - 1) as u8;
        Odds {
            fs: st.fs,
            column,
            modifiers,
        }
    }

    /// Whether the stack whose top unit is `top` may still fire at `target` this segment (one
    /// attack; a Square two, at hexes not adjacent to each other, 7.8.2).
    fn may_fire_again(
        &self,
        s: &State,
        top: Option<UnitId>,
        target: Cell,
        round: Option<Round>,
    ) -> bool {
        let Some(top) = top else { return false };
        let t = s.troop(top);
        // G19.7 A battery's Howitzer Attack comes beside its direct attack, and not in a
        // segment it fires Canister.
        // RULING: one a segment, before or after the direct attack (ge-rulings 126)
        if self.howitzer_attack(round) {
            return !t.howitzer && !t.canister;
        }
        if round == Some(Round::Canister) && t.howitzer {
            return false;
        }
        match (t.formation, t.fired) {
            (_, 0) => true,
            (Formation::Square, 1) => t
                .fired_at
                .is_some_and(|f| f != target && !self.data.board.adjacent(f, target)),
            (Formation::Line, 1) if t.refused != 0 => self.refused_may_fire_again(s, top, target),
            _ => false,
        }
    }

    /// The enemy stacks the stack in `c` may fire at, with the facing it would use.
    #[must_use]
    pub fn fire_targets(&self, s: &State, c: Cell) -> Vec<(Cell, Facing)> {
        let Some(st) = self.strength(s, c) else {
            return Vec::new();
        };
        let side = self.data.troops[st.units[0].ix()].side;
        let enemies = self.stacks_of(s, side.other());
        self.targets_among(s, c, &st, &enemies).collect()
    }

    /// [`GloryEmpire::fire_targets`] of the stack in `c` with strength `st`, among the enemy
    /// stacks `enemies` (sorted), in their order.
    fn targets_among<'a>(
        &'a self,
        s: &'a State,
        c: Cell,
        st: &'a Strength,
        enemies: &'a [Cell],
    ) -> impl Iterator<Item = (Cell, Facing)> + 'a {
        let top = s.top(c);
        let b = &self.data.board;
        enemies
            .iter()
            .copied()
            .filter(move |&t| b.distance(c, t) <= u32::from(st.range))
            .filter(move |&t| self.may_fire_again(s, top, t, st.round))
            .filter_map(move |t| self.fire_line(s, c, t, st).map(|f| (t, f)))
    }

    /// 4.2.2 / 4.2.3 The fire actions of the segment: every stack of the side that may fire,
    /// at every target (in the Non-Phasing Artillery Segment, artillery only).
    pub(crate) fn fire_actions(
        &self,
        s: &State,
        side: Side,
        artillery_only: bool,
        out: &mut Vec<Action>,
    ) {
        let enemies = self.stacks_of(s, side.other());
        for c in self.stacks_of(s, side) {
            if artillery_only
                && s.top(c)
                    .is_none_or(|u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            {
                continue;
            }
            // G19.1 Brigade batteries name the round they fire.
            if self.brigade()
                && s.top(c)
                    .is_some_and(|u| self.data.troops[u.ix()].arm() == Arm::Artillery)
            {
                // G19.5.1 Batteries in a Bombardment Zone make only Howitzer Attacks here.
                let bz = self.bombarding(s, c);
                for round in Round::ALL {
                    if bz && !self.howitzer_attack(Some(round)) {
                        continue;
                    }
                    let Some(st) = self.strength_round(s, c, Some(round)) else {
                        continue;
                    };
                    for (t, _) in self.targets_among(s, c, &st, &enemies) {
                        out.push(Action::FireRound {
                            from: c,
                            target: t,
                            round,
                        });
                    }
                }
                // G19.6 Duck and Drake.
                if !bz {
                    self.rolling_actions(s, c, out);
                }
                continue;
            }
            let Some(st) = self.strength(s, c) else {
                continue;
            };
            for (t, _) in self.targets_among(s, c, &st, &enemies) {
                out.push(Action::Fire { from: c, target: t });
            }
        }
        out.push(Action::Pass);
    }

    /// 12.1 The stack in `from` fires at `target` (G19.1 Brigade batteries: with `round`): its
    /// dice are rolled now, the result applied with the others on that hex at the end of the
    /// segment.
    pub(crate) fn do_fire(
        &self,
        s: &mut State,
        from: Cell,
        target: Cell,
        round: Option<Round>,
        ev: &mut Vec<Event>,
    ) {
        let st = match round {
            Some(_) => self.strength_round(s, from, round),
            None => self.strength(s, from),
        };
        let Some(st) = st else {
            return;
        };
        let Some(facing) = self.fire_line(s, from, target, &st) else {
            return;
        };
        if st.arm == Arm::Artillery {
            for &u in &st.units {
                s.troop_mut(u).facing = facing;
            }
        }
        // G19.7.1 A Howitzer Attack rolls to hit first.
        if self.howitzer_attack(st.round) {
            self.declare_howitzer(s, from, target);
            return;
        }
        if self.brigade() && st.round == Some(Round::Canister) {
            for u in s.stack(from) {
                s.troop_mut(u).canister = true;
            }
        }
        let range = self.data.board.distance(from, target);
        let targets = s.stack(target);
        let odds = self.fire_odds(s, from, target, &targets, &st, false, range);
        for u in s.stack(from) {
            let t = s.troop_mut(u);
            t.fired += 1;
            t.fired_at = Some(target);
        }
        ev.push(Event::FireDeclared {
            from,
            target,
            fs: odds.fs,
            column: odds.column,
            modifiers: odds.modifiers,
        });
        s.pending.push(Frame::FireRoll(FireRoll {
            from,
            target,
            column: odds.column,
            apply: None,
            round: st.round,
        }));
    }

    /// 12.3 The dice of a fire attack: the result is noted (or applied at once).
    pub(crate) fn fire_roll(&self, s: &mut State, roll: u8, ev: &mut Vec<Event>) {
        let Some(Frame::FireRoll(f)) = s.pending.pop() else {
            return;
        };
        // G22, G22.3 Infantry firing in close order tires its brigade; the target's leaves
        // Recovery.
        self.fatigue_on_fire(s, f.from, f.target, ev);
        let mut result = self.data.charts.fire[usize::from(f.column)].result(roll);
        ev.push(Event::FireRolled {
            from: f.from,
            target: f.target,
            roll,
            result,
        });
        if let Some(round) = f.round {
            // G19.1 The batteries mark off a box of the round; Shrapnel makes the check worse.
            let drm = self.mark_rounds(s, f.from, round, ev);
            if result.mc {
                result.drm = result.drm.saturating_add(drm);
            }
        } else {
            // B7.9.3 A low roll runs the firing batteries' ammunition down.
            self.spend_ammunition(s, f.from, roll, ev);
        }
        let p = PendingFire {
            target: f.target,
            from: f.from,
            result,
            roll,
        };
        match f.apply {
            Some((kind, units)) => s.pending.push(Frame::FireApply(FireApply {
                target: f.target,
                units,
                kind,
                results: vec![p],
                losses_done: false,
                leader_hits: 0,
                checks: Vec::new(),
                fails: 0,
            })),
            None => s.fire_results.push(p),
        }
    }

    /// 12.3.1 At the end of a fire segment, the results noted against each hex are applied
    /// together.
    pub(crate) fn apply_noted_fire(&self, s: &mut State, kind: FireKind, only: Option<Cell>) {
        let mut targets: Vec<Cell> = s
            .fire_results
            .iter()
            .map(|p| p.target)
            .filter(|&t| only.is_none_or(|o| o == t))
            .collect();
        // 16.3 A hex set on fire this segment has its units' worsening applied with the rest.
        if kind == FireKind::Segment && only.is_none() {
            targets.extend(s.blaze.kindled.iter().copied());
        }
        targets.sort_unstable();
        targets.dedup();
        for &t in targets.iter().rev() {
            let (mine, rest): (Vec<PendingFire>, Vec<PendingFire>) =
                s.fire_results.iter().partition(|p| p.target == t);
            s.fire_results = rest;
            let units = s.stack(t);
            s.pending.push(Frame::FireApply(FireApply {
                target: t,
                units,
                kind,
                results: mine,
                losses_done: false,
                leader_hits: 0,
                checks: Vec::new(),
                fails: 0,
            }));
        }
    }

    /// Applies fire results without dice: losses, leader hits, and the morale once every
    /// check is rolled.
    pub(crate) fn fire_apply_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::FireApply(mut fa)) = s.pending.last().cloned() else {
            return false;
        };
        let units = self.alive_in(s, &fa.units, fa.target);
        if !fa.losses_done {
            let losses: u8 = fa.results.iter().map(|r| r.result.losses).sum();
            self.lose_steps(s, &units, losses, ev);
            fa.losses_done = true;
            fa.leader_hits = fa
                .results
                .iter()
                .filter(|r| r.roll >= self.data.charts.fsm.leader_casualty)
                .count() as u8;
            fa.checks = fa
                .results
                .iter()
                .filter(|r| r.result.mc)
                .map(|r| r.result.drm)
                .collect();
            self.replace_top(s, Frame::FireApply(fa));
            return true;
        }
        if fa.leader_hits > 0 {
            fa.leader_hits -= 1;
            let leaders = match fa.units.first() {
                Some(&u) => self.own_leaders_at(s, self.data.troops[u.ix()].side, fa.target),
                None => Vec::new(),
            };
            self.replace_top(s, Frame::FireApply(fa));
            if !leaders.is_empty() {
                s.pending.push(Frame::Leader(LeaderRoll::Casualty(leaders)));
            }
            return true;
        }
        if units.is_empty() {
            s.pending.pop();
            if fa.kind == FireKind::Segment {
                self.take_kindled(s, fa.target);
            }
            return true;
        }
        if !fa.checks.is_empty() {
            return false;
        }
        s.pending.pop();
        // 16.3 Units in a hex set on fire this segment worsen one level more (ge-rulings 156).
        let burned = fa.kind == FireKind::Segment && self.take_kindled(s, fa.target);
        if fa.fails > 0 || burned {
            match fa.kind {
                FireKind::Segment => {
                    // 12.3.1 One level per failure; Broken or worse is marked Broken, and the
                    // stack retreats (RULING: a Routed stack stays Routed).
                    let from = self.worst_morale(s, &units);
                    let to = match from.worse(fa.fails + u8::from(burned)) {
                        Some(x) if x < Morale::Broken => x,
                        _ => from.max(Morale::Broken),
                    };
                    self.set_morale(s, &units, Some(to), ev);
                }
                FireKind::Reaction => self.worsen(s, &units, fa.fails, false, ev),
                FireKind::Close => {
                    // 13.4 Two levels per failure; one in a Post.
                    let post = units.iter().any(|&u| self.in_post(s, u));
                    let levels = if post { fa.fails } else { fa.fails * 2 };
                    self.worsen(s, &units, levels, false, ev);
                }
            }
        }
        true
    }

    /// The dice of one morale check of a fire application.
    pub(crate) fn fire_apply_roll(&self, s: &mut State, roll: u8, ev: &mut Vec<Event>) {
        let Some(Frame::FireApply(mut fa)) = s.pending.last().cloned() else {
            return;
        };
        let units = self.alive_in(s, &fa.units, fa.target);
        let drm = fa.checks.remove(0);
        let mut mods = Vec::new();
        if drm != 0 {
            mods.push(Modifier {
                what: format!("fire result M{drm}"),
                value: i16::from(drm),
                rule: "12.3.1".into(),
            });
        }
        if fa.kind == FireKind::Close {
            let v = self.data.charts.fsm.close_fire_mc;
            if v != 0 {
                mods.push(Modifier {
                    what: "Offensive/Defensive Fire".into(),
                    value: i16::from(v),
                    rule: "13.4".into(),
                });
            }
        }
        let ok = self.roll_check(s, &units, "fire (12.3.1)", mods, roll, ev);
        if !ok {
            fa.fails += 1;
        }
        self.replace_top(s, Frame::FireApply(fa));
    }

    /// Replaces the top pending frame.
    pub(crate) fn replace_top(&self, s: &mut State, f: Frame) {
        if let Some(top) = s.pending.last_mut() {
            *top = f;
        }
    }

    /// Resets the fire counts of a side's units for a new segment.
    pub(crate) fn reset_fire(&self, s: &mut State, side: Side) {
        for i in 0..s.troops.len() {
            if self.data.troops[i].side == side {
                s.troops[i].fired = 0;
                s.troops[i].fired_at = None;
                s.troops[i].howitzer = false;
                s.troops[i].canister = false;
            }
        }
        s.blaze.kindled.clear();
    }

    /// Whether the stage is a fire segment.
    #[must_use]
    pub fn is_fire_stage(stage: Stage) -> bool {
        matches!(stage, Stage::Fire | Stage::NpFire)
    }
}
