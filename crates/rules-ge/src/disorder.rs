//! B9.4 Disorder Checks after a voluntary move, with the DRMs the move gathers (formation
//! changes, Hexside Obstacles, dense terrain, too many MP), B9.5 Force March and B9.1.2 the
//! cost of passing through friendly units: the Battalion Game's additions to movement. In the
//! Soldiers Game none of this applies.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::event::Modifier;
use crate::state::{Check, CheckKind, Frame, Morale, MoveDisorder, Moving, State};

impl GloryEmpire {
    /// B9.5 Whether these units may Force March in the move they start now: In Command (a
    /// reinforcement is, on the turn it enters) and in the Normal or Disorder state.
    #[must_use]
    pub fn may_force_march(&self, s: &State, units: &[UnitId]) -> bool {
        self.battalion()
            && !units.is_empty()
            && units.iter().all(|&u| {
                let t = s.troop(u);
                (!t.ooc || t.arrived) && t.morale <= Morale::Disorder
            })
    }

    /// B9.5 The most MP the moving group may spend: its MA, or in a Force March its MA plus the
    /// Force March allowance of its slowest type.
    #[must_use]
    pub fn move_limit(&self, s: &State, units: &[UnitId], m: &Moving) -> u8 {
        let ma = self.group_ma(s, units);
        if !m.disorder.may_force {
            return ma;
        }
        let extra = units
            .iter()
            .map(|&u| self.data.charts.force_march[self.data.troops[u.ix()].kind as usize])
            .min()
            .unwrap_or(0);
        ma.saturating_add(extra)
    }

    /// B9.1.2 The extra MP to leave the hex the group stands in: moving on from friendly units
    /// entered during this move (Battalion Game).
    #[must_use]
    pub fn pass_through_cost(&self, m: &Moving) -> u8 {
        match &self.data.charts.disorder {
            Some(d) if self.battalion() && m.disorder.among_friends => d.pass_through_mp,
            _ => 0,
        }
    }

    /// The formation that counts for the moving group's Disorder Check: its non-artillery
    /// units' (artillery stacked with infantry keeps its own, 6.1.1).
    fn dc_formation(&self, s: &State, units: &[UnitId]) -> Option<Formation> {
        let lead = units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .or(units.first())?;
        Some(s.troop(*lead).formation)
    }

    /// B9.4 MP spent by the moving group on anything but a formation change, counted against
    /// the formation it is in.
    pub(crate) fn note_move_mp(&self, s: &mut State, mp: u8) {
        if !self.battalion() || mp == 0 {
            return;
        }
        let Some(units) = s.moving.as_ref().map(|m| m.units.clone()) else {
            return;
        };
        let Some(f) = self.dc_formation(s, &units) else {
            return;
        };
        let Some(m) = s.moving.as_mut() else { return };
        match m.disorder.mp.iter_mut().find(|x| x.0 == f) {
            Some(x) => x.1 = x.1.saturating_add(mp),
            None => m.disorder.mp.push((f, mp)),
        }
    }

    /// B9.4 A step from `from` into `to`: a Hexside Obstacle crossed and an MDT or HDT hex
    /// entered count, except for a Road Column following a road or trail and for units en
    /// Débandade.
    pub(crate) fn note_step(&self, s: &mut State, from: Cell, to: Cell) {
        if !self.battalion() {
            return;
        }
        let Some(units) = s.moving.as_ref().map(|m| m.units.clone()) else {
            return;
        };
        let f = self.dc_formation(s, &units);
        let (road, trail) = self.data.board.road_between(from, to);
        let exempt =
            f == Some(Formation::Sed) || f == Some(Formation::RoadColumn) && (road || trail);
        if exempt {
            return;
        }
        let obstacle = self.data.obstacle_between(from, to);
        let dense = self.class_of(to).dense();
        if let Some(m) = s.moving.as_mut() {
            if obstacle {
                m.disorder.obstacles = m.disorder.obstacles.saturating_add(1);
            }
            if dense {
                m.disorder.dense = m.disorder.dense.saturating_add(1);
            }
        }
    }

    /// B9.4 A formation change of the moving group calls for a check, except a change into
    /// SeD and artillery limbering or unlimbering (and a reinforcement's free choice of
    /// formation in its entry hex, RULING: it is the formation it arrives in).
    pub(crate) fn note_change(&self, s: &mut State, changed: &[UnitId], to: Formation) {
        if !self.battalion() || to == Formation::Sed {
            return;
        }
        let counts = changed
            .iter()
            .any(|&u| self.data.troops[u.ix()].arm() != Arm::Artillery);
        if let Some(m) = s.moving.as_mut()
            && counts
            && !m.entering
        {
            m.disorder.changes = m.disorder.changes.saturating_add(1);
        }
    }

    /// B9.4, B9.5 The DRMs a finished move has gathered, or `None` when nothing in it calls
    /// for a Disorder Check. `spent` is the MP spent in all, `ma` the group's normal MA now:
    /// spending beyond it is a Force March (RULING: not the minimum move of one hex, 9.1.1).
    #[must_use]
    pub fn disorder_terms(&self, d: &MoveDisorder, spent: u8, ma: u8) -> Option<Vec<Modifier>> {
        let chart = self.data.charts.disorder.as_ref()?;
        let mut due = false;
        let mut mods = Vec::new();
        let mut add = |what: String, value: i16, rule: &str| {
            mods.push(Modifier {
                what,
                value,
                rule: rule.into(),
            });
        };
        if d.changes > 0 {
            due = true;
            let v = i16::from(chart.first_change)
                + i16::from(chart.further_change) * (i16::from(d.changes) - 1);
            add(
                format!(
                    "{} formation change{}",
                    d.changes,
                    if d.changes == 1 { "" } else { "s" }
                ),
                v,
                "B9.4",
            );
        }
        if d.obstacles > 0 {
            due = true;
            add(
                format!(
                    "{} Hexside Obstacle{}",
                    d.obstacles,
                    if d.obstacles == 1 { "" } else { "s" }
                ),
                i16::from(chart.obstacle) * i16::from(d.obstacles),
                "B9.4",
            );
        }
        for &(f, n) in &d.mp {
            if let Some(&(_, allowed, drm)) = chart.over_mp.iter().find(|x| x.0 == f)
                && n > allowed
            {
                due = true;
                add(
                    format!("{n} MP in {} (beyond {allowed})", f.title()),
                    i16::from(drm) * i16::from(n - allowed),
                    "B9.4",
                );
            }
        }
        if d.dense > 1 {
            due = true;
            add(
                format!("{} MDT or HDT hexes", d.dense),
                i16::from(chart.dense_after_first) * (i16::from(d.dense) - 1),
                "B9.4",
            );
        }
        if d.may_force && !d.minimum && spent > ma {
            due = true;
            add(
                format!("Force March, {} MP beyond the MA", spent - ma),
                i16::from(chart.force_march_per_mp) * i16::from(spent - ma),
                "B9.5",
            );
        }
        // G18.1.3 Backing up, G18.5.1 a Line passing through close order friends, call for a
        // check of their own (with no DRM of their own).
        due |= d.backed || d.passed_lines;
        due.then(|| mods.into_iter().filter(|m| m.value != 0).collect())
    }

    /// B9.4 At the end of a voluntary move in the Battalion Game, the Disorder Check its
    /// events call for, one for the whole move. RULING: a move cut short by the enemy (a
    /// Reaction Charge, a failed check to enter an enemy ZOC) takes none: what stopped it
    /// settles the stack's order.
    pub(crate) fn push_disorder_check(
        &self,
        s: &mut State,
        m: &Moving,
        ev: &mut Vec<crate::event::Event>,
    ) {
        if !self.battalion() || m.halted || m.units.is_empty() {
            return;
        }
        let Some(&first) = m.units.first() else {
            return;
        };
        let Some(cell) = s.troop(first).cell else {
            return;
        };
        let units = self.alive_in(s, &m.units, cell);
        if units.is_empty() {
            return;
        }
        let ma = self.group_ma(s, &units);
        // G22 A Force March tires the brigade.
        if m.disorder.may_force && !m.disorder.minimum && m.spent > ma {
            self.mark_fatigue(s, &units, false, ev);
        }
        // G17.1.2 Ending the move stacked with units of another GTF calls for a check of its
        // own, with no DRM of its own (ge-rulings 147).
        let mixed = self.ends_among_other_gtf(s, &units, cell);
        let Some(modifiers) = self
            .disorder_terms(&m.disorder, m.spent, ma)
            .or_else(|| mixed.then(Vec::new))
        else {
            return;
        };
        s.pending.push(Frame::Check(Check {
            kind: CheckKind::Disorder,
            cell,
            units,
            drm: 0,
            target: None,
            modifiers,
            form: None,
            reserve: false,
            change: None,
        }));
    }
}
