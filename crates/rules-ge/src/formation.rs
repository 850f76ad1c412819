//! 7 Units and Formations: facing arcs (7.1), formation changes and their costs (7.2), the
//! formations each arm may take and where (7.3-7.9, 15 Terrain Formation Restrictions).

use crate::GloryEmpire;
use crate::data::{Arc, Arm, Cell, Formation, Kind, PostKind, TerrainClass, TroopDef, UnitId};
use crate::state::State;
use coupdoeil_hex::Facing;

/// Whether a unit of this type may ever be in this formation (7.3-7.9): infantry in Column,
/// Line, Road Column, Square and (with the bugle) SeD; cavalry in Column, Line and Road Column;
/// artillery limbered, unlimbered or (limbered on a road, 7.5.2) in Road Column. Broken and
/// Routed infantry and cavalry are `Dispersed`.
#[must_use]
pub fn arm_may_form(t: &TroopDef, f: Formation) -> bool {
    match t.arm() {
        Arm::Infantry => match f {
            Formation::Sed => t.sed,
            Formation::Limbered | Formation::Unlimbered => false,
            _ => true,
        },
        Arm::Cavalry => matches!(
            f,
            Formation::Column | Formation::Line | Formation::RoadColumn | Formation::Dispersed
        ),
        Arm::Artillery => matches!(
            f,
            Formation::Limbered | Formation::Unlimbered | Formation::RoadColumn
        ),
    }
}

/// 7.1.2 Line faces a vertex, Column and Road Column a hexside; other formations either.
#[must_use]
pub fn facing_ok(f: Formation, facing: Facing) -> bool {
    match f {
        Formation::Line => facing.is_vertex(),
        Formation::Column | Formation::RoadColumn => !facing.is_vertex(),
        _ => true,
    }
}

/// Why a facing does not suit a formation (for set-up diagnostics).
#[must_use]
pub fn facing_problem(f: Formation, facing: Facing) -> Option<String> {
    (!facing_ok(f, facing)).then(|| {
        format!(
            "{} faces a {} (7.1.2), not {facing}",
            f.name(),
            if f == Formation::Line {
                "vertex"
            } else {
                "hexside"
            }
        )
    })
}

/// The facing nearest `facing` (clockwise first) that suits formation `f`.
#[must_use]
pub fn fit_facing(f: Formation, facing: Facing) -> Facing {
    if facing_ok(f, facing) {
        facing
    } else {
        facing.rotate(1)
    }
}

impl GloryEmpire {
    /// 7.1 The arcs of the six hexsides of a unit in `formation` facing `facing` in `cell`:
    /// all-round for Square, SeD, Broken and Routed units (7.1) and units in a Fortified
    /// Building (15.2.1); the earthwork's front and flanks for units inside one (15.2.2); the
    /// chart's Line, Column or Road Column arcs otherwise, artillery using Column's when it faces
    /// a hexside and Line's when it faces a vertex (7.1.1).
    #[must_use]
    pub fn arcs(&self, arm: Arm, cell: Cell, formation: Formation, facing: Facing) -> [Arc; 6] {
        if matches!(
            formation,
            Formation::Square | Formation::Sed | Formation::Dispersed
        ) {
            return [Arc::Front; 6];
        }
        // RULING: cavalry in a Post hex is outside it (15.2.3); every other unit is inside
        // (15.2.2: all units of the hex are inside or outside together).
        if arm != Arm::Cavalry
            && let Some(p) = self.data.post(cell)
            && p.kind == PostKind::Earthwork
        {
            let mut a = [Arc::Flank; 6];
            for (d, x) in a.iter_mut().enumerate() {
                if p.front & (1 << d) != 0 {
                    *x = Arc::Front;
                }
            }
            return a;
        }
        let table = match formation {
            Formation::Line => 0,
            Formation::Column => 1,
            Formation::RoadColumn => 2,
            _ => {
                if facing.is_vertex() {
                    0
                } else {
                    1
                }
            }
        };
        self.data.tables.arcs[table][usize::from(facing.index())]
    }

    /// 7.1 The arcs of a unit as it stands; B7.4.1 in the Battalion Game a Line's Covered
    /// Flanks are front hexsides.
    #[must_use]
    pub fn unit_arcs(&self, s: &State, u: UnitId) -> [Arc; 6] {
        let mut arcs = self.base_arcs(s, u);
        if self.battalion() && s.troop(u).formation == Formation::Line {
            for (d, a) in arcs.iter_mut().enumerate() {
                if *a == Arc::Flank && self.covered_flank(s, u, d) {
                    *a = Arc::Front;
                }
            }
        }
        arcs
    }

    /// B7.4.1 Whether the flank hexside `dir` of the unit `u` in Line is a Covered Flank: the
    /// hex through it is also through a front hexside of another friendly combat unit.
    /// RULING: of a unit in another hex, in any formation (all round for Square and SeD), not
    /// Broken or Routed; its own front, not its Covered Flanks, counts.
    #[must_use]
    pub fn covered_flank(&self, s: &State, u: UnitId, dir: usize) -> bool {
        let Some(c) = s.troop(u).cell else {
            return false;
        };
        let b = &self.data.board;
        let Some(n) = b.cells[c.ix()].nbr[dir] else {
            return false;
        };
        let side = self.data.troops[u.ix()].side;
        s.troops.iter().enumerate().any(|(i, t)| {
            let Some(x) = t.cell else { return false };
            if x == c || x == n || self.data.troops[i].side != side || t.morale.broken() {
                return false;
            }
            let Some(d) = b.direction(x, n) else {
                return false;
            };
            self.base_arcs(s, UnitId(i as u8))[d.index() as usize] == Arc::Front
        })
    }

    /// 7.1 The arcs of a unit as it stands, without its Covered Flanks (B7.4.1).
    #[must_use]
    pub fn base_arcs(&self, s: &State, u: UnitId) -> [Arc; 6] {
        let t = s.troop(u);
        let Some(c) = t.cell else {
            return [Arc::Front; 6];
        };
        let arm = self.data.troops[u.ix()].arm();
        if arm != Arm::Cavalry
            && let Some(p) = self.data.post(c)
            && p.kind == PostKind::Building
            && self.post_fortified(s, c)
            && t.formation != Formation::Dispersed
        {
            return [Arc::Front; 6];
        }
        let mut a = self.arcs(arm, c, t.formation, t.facing);
        // G18.5.3 A refused flank faces outward.
        if t.refused != 0 && t.formation == Formation::Line {
            Self::refuse_arcs(&mut a, t.facing, t.refused);
        }
        a
    }

    /// 15.2 Whether the Post in `cell` is fortified now.
    #[must_use]
    pub fn post_fortified(&self, s: &State, cell: Cell) -> bool {
        self.data.board.cells[cell.ix()]
            .post
            .is_some_and(|p| s.fortified[p.ix()])
    }

    /// Whether units in `cell` benefit from a Post there (a fortified Post; cavalry never,
    /// 15.2.3).
    #[must_use]
    pub fn in_post(&self, s: &State, u: UnitId) -> bool {
        let Some(c) = s.troop(u).cell else {
            return false;
        };
        self.data.troops[u.ix()].arm() != Arm::Cavalry && self.post_fortified(s, c)
    }

    /// The front directions of a unit, as bits over [`EdgeDir`](coupdoeil_hex::EdgeDir) indices.
    #[must_use]
    pub fn front_bits(&self, s: &State, u: UnitId) -> u8 {
        let a = self.unit_arcs(s, u);
        (0..6)
            .filter(|&d| a[d] == Arc::Front)
            .fold(0u8, |b, d| b | 1 << d)
    }

    /// 15 Whether a unit of type `kind` in formation `f` may be in `cell`; `road`: it entered
    /// (or stands) on a road or trail.
    #[must_use]
    pub fn formation_allowed(&self, kind: Kind, f: Formation, cell: Cell, road: bool) -> bool {
        let class = self.class_of(cell);
        if class == TerrainClass::Impassable {
            return false;
        }
        if f == Formation::Dispersed || !class.dense() {
            return true;
        }
        let post = self.data.post(cell).is_some();
        match kind.arm() {
            Arm::Infantry => matches!(
                f,
                Formation::Column | Formation::Sed | Formation::RoadColumn
            ),
            Arm::Cavalry => {
                if class == TerrainClass::Mdt {
                    matches!(f, Formation::Column | Formation::RoadColumn)
                } else {
                    f == Formation::RoadColumn && road
                }
            }
            Arm::Artillery => post || (f == Formation::RoadColumn && road),
        }
    }

    /// 15 The class of a hex: its Post's class where a Post is designated.
    #[must_use]
    pub fn class_of(&self, cell: Cell) -> TerrainClass {
        self.data.tables.class[cell.ix()]
    }

    /// 7.2 The Formation Change Cost chart: MP for a unit of `arm` to go from `from` to `to`.
    #[must_use]
    pub fn change_cost(&self, arm: Arm, from: Formation, to: Formation) -> Option<u8> {
        self.data.charts.changes[arm as usize][from.ix()][to.ix()]
    }

    /// 7.9.1 / 15 Where artillery may unlimber: Open, LDT, or a Post hex.
    #[must_use]
    pub fn may_unlimber(&self, cell: Cell) -> bool {
        let class = self.class_of(cell);
        !class.dense() && class != TerrainClass::Impassable || self.data.post(cell).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::arc_offset;
    use coupdoeil_hex::EdgeDir;

    #[test]
    fn arc_offsets_start_at_the_faced_side_or_clockwise_of_the_vertex() {
        let n: Facing = "N".parse().unwrap();
        assert_eq!(arc_offset(n, EdgeDir::N), 0);
        assert_eq!(arc_offset(n, EdgeDir::NW), 5);
        let nne: Facing = "NNE".parse().unwrap();
        assert_eq!(arc_offset(nne, EdgeDir::NE), 0);
        assert_eq!(arc_offset(nne, EdgeDir::N), 5);
        assert!(facing_ok(Formation::Line, nne) && !facing_ok(Formation::Line, n));
        assert_eq!(fit_facing(Formation::Column, nne), "NE".parse().unwrap());
    }
}
