//! An occupancy index of a state: who is in each hex and whose ZOC covers it, built once for the
//! many questions a Movement Segment asks (legal steps for every counter, and the plans' searches).
//! It answers exactly as the scanning queries of `zoc.rs` do.

use crate::PrussiasGlory;
use crate::data::{Arm, Cell, UnitId};
use crate::state::{Morale, State};
use coupdoeil_engine::Side;

/// Per hex: counts and side bits, and both sides' ZOC.
#[derive(Clone, Debug)]
pub struct Occ {
    /// Units in each hex.
    pub troops: Vec<u8>,
    /// Bit 0: a Unit of side A; 1: of side B; 2: a Leader of side A; 3: of side B.
    pub bits: Vec<u8>,
    /// Infantry and cavalry steps in each hex.
    pub foot_horse: Vec<u8>,
    /// Artillery steps in each hex.
    pub guns: Vec<u8>,
    /// A Unit In Column in the hex.
    pub in_column: Vec<bool>,
    /// `zoc[s][c]`: hex `c` is in the ZOC of a non-Routed Unit of side `s`.
    pub zoc: [Vec<bool>; 2],
}

impl Occ {
    /// A Unit of `side` is in `c`.
    #[must_use]
    pub fn unit_of(&self, side: Side, c: Cell) -> bool {
        self.bits[c.ix()] & (1 << side.index()) != 0
    }

    /// A counter (Unit or Leader) of `side` is in `c`.
    #[must_use]
    pub fn counter_of(&self, side: Side, c: Cell) -> bool {
        self.bits[c.ix()] & (0b101 << side.index()) != 0
    }

    /// 6.1 Hex `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, side: Side, c: Cell) -> bool {
        self.zoc[side.other().index()][c.ix()]
    }

    /// 5.1 / 5.2 Whether `c` respects the stacking limits with these steps added.
    #[must_use]
    pub fn fits_with(&self, c: Cell, foot_horse: u32, guns: u32, in_column: bool) -> bool {
        PrussiasGlory::within_limits(
            u32::from(self.foot_horse[c.ix()]) + foot_horse,
            u32::from(self.guns[c.ix()]) + guns,
            self.in_column[c.ix()] || in_column,
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
            troops: vec![0; n],
            bits: vec![0; n],
            foot_horse: vec![0; n],
            guns: vec![0; n],
            in_column: vec![false; n],
            zoc: [vec![false; n], vec![false; n]],
        };
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            if without == Some(UnitId(i as u8)) {
                continue;
            }
            let d = &self.data.troops[i];
            let ci = c.ix();
            o.troops[ci] = o.troops[ci].saturating_add(1);
            o.bits[ci] |= 1 << d.side.index();
            if d.arm == Arm::Artillery {
                o.guns[ci] = o.guns[ci].saturating_add(t.steps);
            } else {
                o.foot_horse[ci] = o.foot_horse[ci].saturating_add(t.steps);
            }
            o.in_column[ci] |= t.in_column;
            if t.morale != Morale::Routed {
                let m: crate::data::Mover = d.arm.into();
                let info = &self.data.board.cells[ci];
                for (dir, nb) in info.nbr.iter().enumerate() {
                    if let Some(nb) = *nb
                        && info.cross[m as usize][dir] != crate::data::PROHIBITED
                        && self.hex_cost(m, nb).is_some()
                    {
                        o.zoc[d.side.index()][nb.ix()] = true;
                    }
                }
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if let Some(c) = l.cell {
                o.bits[c.ix()] |= 4 << self.data.leaders[i].side.index();
            }
        }
        o
    }
}
