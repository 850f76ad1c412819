//! 6 Stacking: SP limits by terrain, the restrictions on mixing arms, Road Column's single
//! counter, and the order of a stack.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::occ::{Here, Occ, kind};
use crate::state::{Morale, State};
use coupdoeil_engine::Side;

/// What a group of units brings into a hex, for stacking checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Load {
    /// SP.
    pub sp: u8,
    /// Counters.
    pub counters: u8,
    /// [`kind`] bits.
    pub kinds: u8,
}

impl GloryEmpire {
    /// 6 The SP stacking limit of a hex (Stacking Limits Chart, by terrain).
    #[must_use]
    pub fn stacking_limit(&self, c: Cell) -> u8 {
        self.data.terrain(c).stacking
    }

    /// What `units` bring into a hex.
    #[must_use]
    pub fn load_of(&self, s: &State, units: &[UnitId]) -> Load {
        let mut l = Load::default();
        for &u in units {
            let t = s.troop(u);
            let d = &self.data.troops[u.ix()];
            l.sp = l.sp.saturating_add(d.at(t.steps).sp);
            l.counters += 1;
            l.kinds |= match (d.arm(), t.formation) {
                (Arm::Cavalry, _) => kind::CAVALRY,
                (_, Formation::Sed) => kind::SED,
                _ => kind::OTHER,
            };
            if t.formation == Formation::RoadColumn {
                l.kinds |= kind::ROAD;
            }
        }
        l
    }

    /// 6.1, 7.5.1, 9.1.2 Whether a group of `side` bringing `load` may be in hex `c` during its
    /// move (the limits apply at all times): no enemy, within the SP limit, one counter in Road
    /// Column, no Broken or Routed friends there, cavalry only with cavalry (passing through
    /// SeD infantry, or SeD infantry through cavalry, is allowed).
    #[must_use]
    pub fn may_pass(&self, occ: &Occ, side: Side, c: Cell, load: Load) -> bool {
        self.may_pass_in(occ.here(c), side, c, load)
    }

    /// [`GloryEmpire::may_pass`] with what is in `c` given as `here`.
    #[must_use]
    pub fn may_pass_in(&self, here: Here, side: Side, c: Cell, load: Load) -> bool {
        if here.unit_of(side.other()) {
            return false;
        }
        if here.counters == 0 {
            return load.sp <= self.stacking_limit(c)
                && (load.kinds & kind::ROAD == 0 || load.counters <= 1);
        }
        let kinds = here.kinds;
        if kinds & kind::BROKEN != 0 {
            return false;
        }
        if (load.kinds | kinds) & kind::ROAD != 0 {
            return false;
        }
        if u32::from(here.sp) + u32::from(load.sp) > u32::from(self.stacking_limit(c)) {
            return false;
        }
        let cav_in = load.kinds & kind::CAVALRY != 0;
        let other_in = load.kinds & kind::OTHER != 0;
        !(cav_in && kinds & kind::OTHER != 0 || other_in && kinds & kind::CAVALRY != 0)
    }

    /// 6.1 Whether the group may end its move in `c`: as [`GloryEmpire::may_pass`], and cavalry
    /// and SeD infantry never end together.
    #[must_use]
    pub fn may_end(&self, occ: &Occ, side: Side, c: Cell, load: Load) -> bool {
        self.may_end_in(occ.here(c), side, c, load)
    }

    /// [`GloryEmpire::may_end`] with what is in `c` given as `here`.
    #[must_use]
    pub fn may_end_in(&self, here: Here, side: Side, c: Cell, load: Load) -> bool {
        if !self.may_pass_in(here, side, c, load) {
            return false;
        }
        let mixed = load.kinds | here.kinds;
        !(mixed & kind::CAVALRY != 0 && mixed & kind::SED != 0)
    }

    /// 9.1.2 The worst morale state of a set of units (a merged stack adopts it).
    #[must_use]
    pub fn worst_morale(&self, s: &State, units: &[UnitId]) -> Morale {
        units
            .iter()
            .map(|&u| s.troop(u).morale)
            .max()
            .unwrap_or(Morale::Normal)
    }

    /// The shared formation of the non-artillery units in a hex (6.1.1), if any.
    #[must_use]
    pub fn stack_formation(
        &self,
        s: &State,
        c: Cell,
        without: &[UnitId],
    ) -> Option<(Formation, coupdoeil_hex::Facing)> {
        s.stack(c)
            .into_iter()
            .filter(|u| !without.contains(u))
            .find(|&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .map(|u| (s.troop(u).formation, s.troop(u).facing))
    }

    /// The combat units of `side` on the map.
    pub fn units_of(&self, s: &State, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        let n = s.troops.len();
        (0..n)
            .map(|i| UnitId(i as u8))
            .filter(move |&u| self.data.troops[u.ix()].side == side)
    }

    /// The hexes holding combat units of `side`, sorted.
    #[must_use]
    pub fn stacks_of(&self, s: &State, side: Side) -> Vec<Cell> {
        let mut v: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| t.cell.is_some() && self.data.troops[*i].side == side)
            .filter_map(|(_, t)| t.cell)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The side of the combat units in a hex.
    #[must_use]
    pub fn side_at(&self, s: &State, c: Cell) -> Option<Side> {
        s.top(c).map(|u| self.data.troops[u.ix()].side)
    }
}
