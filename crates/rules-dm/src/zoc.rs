//! 6.0 Facing and Zones of Control: Front and Flank hexes, who exerts a ZOC, and where.

use crate::DrumsMuskets;
use crate::data::{Cell, Kind, UnitId};
use crate::state::State;
use coupdoeil_engine::Side;
use coupdoeil_hex::{EdgeDir, Facing};

impl DrumsMuskets {
    /// 6.0 The Front hexes of a piece standing in `cell` with `facing` (three facing a hexside,
    /// two facing a vertex), those on the map.
    pub fn front_cells(&self, cell: Cell, facing: Facing) -> impl Iterator<Item = Cell> + '_ {
        let nbr = self.data.board.cells[cell.ix()].nbr;
        facing
            .front()
            .iter()
            .filter_map(move |d| nbr[usize::from(d.index())])
    }

    /// 6.0 Does this piece exert a ZOC? Every Hidden piece does (dummies too); a Discovered one
    /// does unless it is a dummy. RULING: Routed units keep their ZOC; the rulebook takes it from
    /// no discovered unit but dummies.
    #[must_use]
    pub fn exerts_zoc(&self, s: &State, u: UnitId) -> bool {
        let p = s.piece(u);
        p.cell.is_some() && !p.gone && (p.hidden || self.data.units[u.ix()].kind != Kind::Dummy)
    }

    /// 6.0 Is `cell` in the Zone of Control of a piece of `enemy`?
    #[must_use]
    pub fn in_zoc_of(&self, s: &State, cell: Cell, enemy: Side) -> bool {
        let info = &self.data.board.cells[cell.ix()];
        for d in EdgeDir::ALL {
            let Some(n) = info.nbr[usize::from(d.index())] else {
                continue;
            };
            let Some(u) = s.at(n) else { continue };
            if self.data.units[u.ix()].side != enemy || !self.exerts_zoc(s, u) {
                continue;
            }
            // `cell` lies in direction d.opposite() from the enemy piece.
            if s.piece(u).facing.front().contains(&d.opposite()) {
                return true;
            }
        }
        false
    }

    /// 6.0 Is `attacker_cell` one of the Flank hexes of the unit in `target`?
    #[must_use]
    pub fn is_flank(&self, s: &State, target_unit: UnitId, attacker_cell: Cell) -> bool {
        let p = s.piece(target_unit);
        let Some(tc) = p.cell else { return false };
        match self.data.board.direction(tc, attacker_cell) {
            Some(d) => !p.facing.front().contains(&d),
            None => false,
        }
    }
}
