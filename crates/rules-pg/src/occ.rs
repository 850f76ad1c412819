//! An occupancy index of a state: who is in each hex and whose ZOC covers it, built once for the
//! many questions a Movement Segment asks (legal steps for every counter, and the plans' searches).
//! It answers exactly as the scanning queries of `zoc.rs` do.

use crate::PrussiasGlory;
use crate::data::{Arm, Cell, UnitId};
use crate::state::{Morale, State};
use coupdoeil_engine::Side;

/// One hex of the index.
#[derive(Clone, Copy, Debug, Default)]
pub struct Here {
    /// Units in the hex.
    pub troops: u8,
    /// Bit 0: a Unit of side A; 1: of side B; 2: a Leader of side A; 3: of side B; 4: in the
    /// ZOC of side A's non-Routed Units; 5: of side B's; 6: a Unit In Column.
    pub bits: u8,
    /// Infantry and cavalry steps.
    pub foot_horse: u8,
    /// Artillery steps.
    pub guns: u8,
}

/// Per hex: counts and side bits, and both sides' ZOC.
#[derive(Clone, Debug)]
pub struct Occ {
    /// Every hex of the board, by [`Cell`].
    pub cells: Vec<Here>,
}

const ZOC: u8 = 16;
const COLUMN: u8 = 64;

impl Occ {
    /// Units in `c`.
    #[must_use]
    pub fn troops(&self, c: Cell) -> u8 {
        self.cells[c.ix()].troops
    }

    /// Infantry and cavalry steps in `c`.
    #[must_use]
    pub fn foot_horse(&self, c: Cell) -> u8 {
        self.cells[c.ix()].foot_horse
    }

    /// A Unit of `side` is in `c`.
    #[must_use]
    pub fn unit_of(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].bits & (1 << side.index()) != 0
    }

    /// A counter (Unit or Leader) of `side` is in `c`.
    #[must_use]
    pub fn counter_of(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].bits & (0b101 << side.index()) != 0
    }

    /// Hex `c` is in the ZOC of `side`'s non-Routed Units.
    #[must_use]
    pub fn zoc_of(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].bits & (ZOC << side.index()) != 0
    }

    /// 6.1 Hex `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, side: Side, c: Cell) -> bool {
        self.zoc_of(side.other(), c)
    }

    /// 5.1 / 5.2 Whether `c` respects the stacking limits with these steps added.
    #[must_use]
    pub fn fits_with(&self, c: Cell, foot_horse: u32, guns: u32, in_column: bool) -> bool {
        let h = &self.cells[c.ix()];
        PrussiasGlory::within_limits(
            u32::from(h.foot_horse) + foot_horse,
            u32::from(h.guns) + guns,
            h.bits & COLUMN != 0 || in_column,
        )
    }
}

impl PrussiasGlory {
    /// The occupancy index of `s`, leaving out Unit `without` (a counter whose moves are being
    /// explored).
    #[must_use]
    pub fn occ(&self, s: &State, without: Option<UnitId>) -> Occ {
        let n = self.data.board.len();
        let mut o = Occ {
            cells: vec![Here::default(); n],
        };
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            if without == Some(UnitId(i as u8)) {
                continue;
            }
            let d = &self.data.troops[i];
            let ci = c.ix();
            let h = &mut o.cells[ci];
            h.troops = h.troops.saturating_add(1);
            h.bits |= 1 << d.side.index();
            if d.arm == Arm::Artillery {
                h.guns = h.guns.saturating_add(t.steps);
            } else {
                h.foot_horse = h.foot_horse.saturating_add(t.steps);
            }
            if t.in_column {
                h.bits |= COLUMN;
            }
            if t.morale != Morale::Routed {
                let m: crate::data::Mover = d.arm.into();
                let info = &self.data.board.cells[ci];
                for (dir, nb) in info.nbr.iter().enumerate() {
                    if let Some(nb) = *nb
                        && info.cross[m as usize][dir] != crate::data::PROHIBITED
                        && self.hex_cost(m, nb).is_some()
                    {
                        o.cells[nb.ix()].bits |= ZOC << d.side.index();
                    }
                }
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if let Some(c) = l.cell {
                o.cells[c.ix()].bits |= 4 << self.data.leaders[i].side.index();
            }
        }
        o
    }
}
