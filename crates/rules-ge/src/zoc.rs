//! 10 Zones of Control: which units exert one, into which hexes.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, Mover, UnitId};
use crate::state::State;
use coupdoeil_engine::Side;
use coupdoeil_hex::EdgeDir;

impl GloryEmpire {
    /// 10 Whether a combat unit exerts a ZOC: not limbered artillery, not Road Column, not
    /// Broken or Routed (leaders never do).
    #[must_use]
    pub fn exerts_zoc(&self, s: &State, u: UnitId) -> bool {
        let t = s.troop(u);
        t.cell.is_some()
            && !t.morale.broken()
            && !matches!(t.formation, Formation::Limbered | Formation::RoadColumn)
    }

    /// The TEC column a unit pays in its formation.
    #[must_use]
    pub fn mover_of(&self, s: &State, u: UnitId) -> Mover {
        match self.data.troops[u.ix()].arm() {
            Arm::Infantry if s.troop(u).formation == Formation::Sed => Mover::Sed,
            Arm::Infantry => Mover::Infantry,
            Arm::Cavalry => Mover::Cavalry,
            Arm::Artillery => Mover::Artillery,
        }
    }

    /// Whether a hexside from `a` into the adjacent `b` is impassable to `m` (a feature with no
    /// cost for it).
    #[must_use]
    pub fn hexside_impassable(&self, m: Mover, a: Cell, b: Cell) -> bool {
        self.data
            .board
            .direction(a, b)
            .is_some_and(|d| self.data.tables.blocked[a.ix()][m as usize] & (1 << d.index()) != 0)
    }

    /// 10 The hexes of a unit's ZOC: its front hexes, but not MDT or HDT hexes nor across a
    /// hexside impassable to it.
    pub fn zoc_of<'a>(&'a self, s: &'a State, u: UnitId) -> impl Iterator<Item = Cell> + 'a {
        let cell = s.troop(u).cell;
        let bits = self.zoc_bits(s, u);
        EdgeDir::ALL.into_iter().filter_map(move |d| {
            if bits & (1 << d.index()) == 0 {
                return None;
            }
            self.data.board.neighbor(cell?, d)
        })
    }

    /// The hexsides of [`GloryEmpire::zoc_of`], as bits over [`EdgeDir`] indices.
    #[must_use]
    pub fn zoc_bits(&self, s: &State, u: UnitId) -> u8 {
        let Some(c) = s.troop(u).cell else { return 0 };
        if !self.exerts_zoc(s, u) {
            return 0;
        }
        let m = self.mover_of(s, u);
        self.front_bits(s, u) & self.data.tables.zoc_reach[c.ix()][m as usize]
    }

    /// Whether `c` is in the ZOC of a unit of `side`.
    #[must_use]
    pub fn in_zoc_of(&self, s: &State, side: Side, c: Cell) -> bool {
        s.troops.iter().enumerate().any(|(i, t)| {
            t.cell.is_some_and(|x| self.data.board.distance(x, c) == 1)
                && self.data.troops[i].side == side
                && self.zoc_of(s, UnitId(i as u8)).any(|z| z == c)
        })
    }

    /// 10 Whether `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, s: &State, side: Side, c: Cell) -> bool {
        self.in_zoc_of(s, side.other(), c)
    }
}
