//! An occupancy index of a state: who is in each hex and whose ZOC covers it, built once for the
//! many questions a Movement Phase asks (legal steps, plans' searches). It answers exactly as the
//! scanning queries of `zoc.rs` and `stacking.rs` do.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::state::{Morale, State};
use coupdoeil_engine::Side;

/// Per hex: side bits, SP, counters, what kinds of unit, and both sides' ZOC.
#[derive(Clone, Debug)]
pub struct Occ {
    /// Bit 0: a combat unit of side A; 1: of side B; 2: a leader of side A; 3: of side B.
    pub bits: Vec<u8>,
    /// SP of combat units.
    pub sp: Vec<u8>,
    /// Combat unit counters.
    pub counters: Vec<u8>,
    /// Bit 0: cavalry; 1: infantry or artillery not en Débandade; 2: en Débandade; 3: Broken or
    /// Routed; 4: in Road Column.
    pub kinds: Vec<u8>,
    /// `zoc[s][c]`: hex `c` is in the ZOC of a unit of side `s`.
    pub zoc: [Vec<bool>; 2],
}

/// [`Occ::kinds`] bits.
pub mod kind {
    /// Cavalry.
    pub const CAVALRY: u8 = 1;
    /// Infantry (not SeD) or artillery.
    pub const OTHER: u8 = 2;
    /// Infantry en Débandade.
    pub const SED: u8 = 4;
    /// Broken or Routed.
    pub const BROKEN: u8 = 8;
    /// Road Column.
    pub const ROAD: u8 = 16;
}

impl Occ {
    /// A combat unit of `side` is in `c`.
    #[must_use]
    pub fn unit_of(&self, side: Side, c: Cell) -> bool {
        self.bits[c.ix()] & (1 << side.index()) != 0
    }

    /// A leader of `side` is in `c`.
    #[must_use]
    pub fn leader_of(&self, side: Side, c: Cell) -> bool {
        self.bits[c.ix()] & (4 << side.index()) != 0
    }

    /// 10 Hex `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, side: Side, c: Cell) -> bool {
        self.zoc[side.other().index()][c.ix()]
    }
}

impl GloryEmpire {
    /// The occupancy index of `s`, leaving out the units in `without` (a stack whose moves are
    /// being explored).
    #[must_use]
    pub fn occ(&self, s: &State, without: &[UnitId]) -> Occ {
        let n = self.data.board.len();
        let mut o = Occ {
            bits: vec![0; n],
            sp: vec![0; n],
            counters: vec![0; n],
            kinds: vec![0; n],
            zoc: [vec![false; n], vec![false; n]],
        };
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            let u = UnitId(i as u8);
            if without.contains(&u) {
                continue;
            }
            let d = &self.data.troops[i];
            let ci = c.ix();
            o.bits[ci] |= 1 << d.side.index();
            o.sp[ci] = o.sp[ci].saturating_add(d.at(t.steps).sp);
            o.counters[ci] = o.counters[ci].saturating_add(1);
            o.kinds[ci] |= match (d.arm(), t.formation) {
                (Arm::Cavalry, _) => kind::CAVALRY,
                (_, Formation::Sed) => kind::SED,
                _ => kind::OTHER,
            };
            if t.morale >= Morale::Broken {
                o.kinds[ci] |= kind::BROKEN;
            }
            if t.formation == Formation::RoadColumn {
                o.kinds[ci] |= kind::ROAD;
            }
            for z in self.zoc_of(s, u) {
                o.zoc[d.side.index()][z.ix()] = true;
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if let Some(c) = l.cell
                && l.status == crate::state::LeaderStatus::OnMap
            {
                o.bits[c.ix()] |= 4 << self.data.leaders[i].side.index();
            }
        }
        o
    }
}
