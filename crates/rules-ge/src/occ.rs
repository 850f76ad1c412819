//! An occupancy index of a state: who is in each hex and whose ZOC covers it, built once for the
//! many questions a Movement Phase asks (legal steps, plans' searches). It answers exactly as the
//! scanning queries of `zoc.rs` and `stacking.rs` do.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::state::{LeaderStatus, Morale, State, Troop};
use coupdoeil_engine::Side;

/// What is in one hex: side bits, SP, counters, what kinds of unit, and both sides' ZOC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Here {
    /// Bit 0: a combat unit of side A; 1: of side B; 2: a leader of side A; 3: of side B.
    pub bits: u8,
    /// SP of combat units.
    pub sp: u8,
    /// Combat unit counters.
    pub counters: u8,
    /// Bit 0: cavalry; 1: infantry or artillery not en Débandade; 2: en Débandade; 3: Broken or
    /// Routed; 4: in Road Column.
    pub kinds: u8,
    /// Bit `s`: the hex is in the ZOC of a unit of side `s` (only in an [`Occ`]).
    pub zoc: u8,
}

impl Here {
    /// Adds a combat unit of `side` and `arm` with `sp` SP, in state `t`.
    fn add_troop(&mut self, side: Side, sp: u8, arm: Arm, t: &Troop) {
        self.bits |= 1 << side.index();
        self.sp = self.sp.saturating_add(sp);
        self.counters = self.counters.saturating_add(1);
        self.kinds |= match (arm, t.formation) {
            (Arm::Cavalry, _) => kind::CAVALRY,
            (_, Formation::Sed) => kind::SED,
            _ => kind::OTHER,
        };
        if t.morale >= Morale::Broken {
            self.kinds |= kind::BROKEN;
        }
        if t.formation == Formation::RoadColumn {
            self.kinds |= kind::ROAD;
        }
    }

    /// A combat unit of `side` is here.
    #[must_use]
    pub fn unit_of(self, side: Side) -> bool {
        self.bits & (1 << side.index()) != 0
    }
}

/// The occupancy of every hex.
#[derive(Clone, Debug)]
pub struct Occ {
    cells: Vec<Here>,
}

/// [`Here::kinds`] bits.
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
    /// What is in `c`.
    #[must_use]
    pub fn here(&self, c: Cell) -> Here {
        self.cells[c.ix()]
    }

    /// A combat unit of `side` is in `c`.
    #[must_use]
    pub fn unit_of(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].unit_of(side)
    }

    /// A leader of `side` is in `c`.
    #[must_use]
    pub fn leader_of(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].bits & (4 << side.index()) != 0
    }

    /// 10 Hex `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, side: Side, c: Cell) -> bool {
        self.cells[c.ix()].zoc & (1 << side.other().index()) != 0
    }
}

impl GloryEmpire {
    /// The occupancy index of `s`, leaving out the units in `without` (a stack whose moves are
    /// being explored).
    #[must_use]
    pub fn occ(&self, s: &State, without: &[UnitId]) -> Occ {
        self.occ_of(s, without, None)
    }

    /// [`GloryEmpire::occ`] as it stands within `radius` hexes of `center`: what is in those
    /// hexes and whose ZOC covers them are exact, the rest of the map may be missing units. A
    /// ZOC reaches one hex, so only the units within `radius + 1` are looked at: the questions
    /// about one group's next step (radius 1) need a few units, not the whole army's ZOC.
    #[must_use]
    pub fn occ_near(&self, s: &State, without: &[UnitId], center: Cell, radius: u32) -> Occ {
        self.occ_of(s, without, Some((center, radius + 1)))
    }

    /// The index of the units not in `without`, or of those within `near.1` hexes of `near.0`.
    fn occ_of(&self, s: &State, without: &[UnitId], near: Option<(Cell, u32)>) -> Occ {
        let b = &self.data.board;
        let mut cells = vec![Here::default(); b.len()];
        let near = near.map(|(c, r)| (b.cells[c.ix()].hex, r));
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            if near.is_some_and(|(mid, r)| b.cells[c.ix()].hex.distance(mid) > r) {
                continue;
            }
            let u = UnitId(i as u8);
            if without.contains(&u) {
                continue;
            }
            let d = &self.data.troops[i];
            cells[c.ix()].add_troop(d.side, d.at(t.steps).sp, d.arm(), t);
            let zoc = self.zoc_bits(s, u);
            if zoc != 0 {
                for (k, n) in b.cells[c.ix()].nbr.iter().enumerate() {
                    if let Some(n) = n
                        && zoc & (1 << k) != 0
                    {
                        cells[n.ix()].zoc |= 1 << d.side.index();
                    }
                }
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if let Some(c) = l.cell
                && l.status == LeaderStatus::OnMap
            {
                cells[c.ix()].bits |= 4 << self.data.leaders[i].side.index();
            }
        }
        Occ { cells }
    }

    /// What is in `c` as [`Occ::here`] tells it, leaving out the units in `without`, but with
    /// no ZOC (for a question about one hex).
    #[must_use]
    pub fn here(&self, s: &State, c: Cell, without: &[UnitId]) -> Here {
        let mut h = Here::default();
        for (i, t) in s.troops.iter().enumerate() {
            if t.cell != Some(c) || without.contains(&UnitId(i as u8)) {
                continue;
            }
            let d = &self.data.troops[i];
            h.add_troop(d.side, d.at(t.steps).sp, d.arm(), t);
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if l.cell == Some(c) && l.status == LeaderStatus::OnMap {
                h.bits |= 4 << self.data.leaders[i].side.index();
            }
        }
        h
    }
}
