//! 5 Stacking and 6 Zones of Control, Engaged and Supporting Units.

use crate::PrussiasGlory;
use crate::data::{Arm, Cell, Mover, UnitId};
use crate::state::{Morale, State};
use coupdoeil_engine::Side;

/// 6.2 Steps of infantry and cavalry at the top of a stack that are Engaged.
pub const ENGAGED_STEPS: u8 = 4;
/// 5.1 Infantry and cavalry steps per hex.
pub const STACK_FOOT_HORSE: u32 = 12;
/// 5.1 Artillery steps per hex with infantry or cavalry.
pub const STACK_ARTILLERY_WITH: u32 = 8;
/// 5.1 Artillery steps per hex without infantry or cavalry.
pub const STACK_ARTILLERY_ALONE: u32 = 12;
/// 5.2 Infantry and cavalry steps per hex with Units In Column.
pub const STACK_IN_COLUMN: u32 = 4;

impl PrussiasGlory {
    /// 5.4 The Units in a hex, top of the stack first.
    #[must_use]
    pub fn stack(&self, s: &State, c: Cell) -> Vec<UnitId> {
        let mut v: Vec<(u32, UnitId)> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cell == Some(c))
            .map(|(i, t)| (t.pos, UnitId(i as u8)))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, u)| u).collect()
    }

    /// The side owning the counters in a hex, if any.
    #[must_use]
    pub fn owner_of(&self, s: &State, c: Cell) -> Option<Side> {
        s.troops
            .iter()
            .enumerate()
            .find(|(_, t)| t.cell == Some(c))
            .map(|(i, _)| self.data.troops[i].side)
            .or_else(|| {
                s.leaders
                    .iter()
                    .enumerate()
                    .find(|(_, l)| l.cell == Some(c))
                    .map(|(i, _)| self.data.leaders[i].side)
            })
    }

    /// Whether a hex holds a counter (Unit or Leader) of `side`.
    #[must_use]
    pub fn has_counter_of(&self, s: &State, side: Side, c: Cell) -> bool {
        s.troops
            .iter()
            .enumerate()
            .any(|(i, t)| t.cell == Some(c) && self.data.troops[i].side == side)
            || s.leaders
                .iter()
                .enumerate()
                .any(|(i, l)| l.cell == Some(c) && self.data.leaders[i].side == side)
    }

    /// Whether a hex holds a Unit of `side`.
    #[must_use]
    pub fn has_unit_of(&self, s: &State, side: Side, c: Cell) -> bool {
        s.troops
            .iter()
            .enumerate()
            .any(|(i, t)| t.cell == Some(c) && self.data.troops[i].side == side)
    }

    /// 7.3 The MP to cross from `from` into the adjacent `to` for the hexside alone (features and
    /// slope); `None` when a feature prohibits it.
    #[must_use]
    pub fn hexside_cost(&self, m: Mover, from: Cell, to: Cell) -> Option<u8> {
        let b = &self.data.board;
        let d = b.dir_index(from, to)?;
        let c = b.cells[from.ix()].cross[m as usize][d];
        (c != crate::data::PROHIBITED).then_some(c)
    }

    /// 7.3 The MP to enter the hex `to` itself; `None` when prohibited (7.4).
    #[must_use]
    pub fn hex_cost(&self, m: Mover, to: Cell) -> Option<u8> {
        let t = self.data.board.cells[to.ix()].terrain;
        self.data.charts.terrain[usize::from(t)].cost[m as usize]
    }

    /// 7.4 Whether a counter of type `m` may ever cross from `from` into the adjacent `to`
    /// (terrain and hexside; not counting enemy counters or ZOC).
    #[must_use]
    pub fn passable(&self, m: Mover, from: Cell, to: Cell) -> bool {
        self.hex_cost(m, to).is_some() && self.hexside_cost(m, from, to).is_some()
    }

    /// 6.1 Whether Unit `u` exerts a ZOC into the adjacent hex `into`: it is on the map, not
    /// Routed, and could enter that hex (its ZOC does not reach hexes prohibited to it).
    #[must_use]
    pub fn exerts_zoc(&self, s: &State, u: UnitId, into: Cell) -> bool {
        let t = s.troop(u);
        let Some(c) = t.cell else {
            return false;
        };
        t.morale != Morale::Routed
            && self.data.board.adjacent(c, into)
            && self.passable(self.data.troops[u.ix()].arm.into(), c, into)
    }

    /// 6.1 Whether hex `c` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_ezoc(&self, s: &State, side: Side, c: Cell) -> bool {
        let nbrs = &self.data.board.cells[c.ix()].nbr;
        s.troops.iter().enumerate().any(|(i, t)| {
            self.data.troops[i].side != side
                && t.cell.is_some_and(|tc| nbrs.contains(&Some(tc)))
                && self.exerts_zoc(s, UnitId(i as u8), c)
        })
    }

    /// Whether hex `c` is in the ZOC of any of `units` (10.1.1: the attacking Units' ZOC).
    #[must_use]
    pub fn in_zoc_of(&self, s: &State, units: &[UnitId], c: Cell) -> bool {
        units.iter().any(|&u| self.exerts_zoc(s, u, c))
    }

    /// 6.2 The infantry and cavalry at the top of a stack totalling at most 4 steps: those that
    /// are (or, out of an enemy ZOC, would be) Engaged.
    #[must_use]
    pub fn top_steps(&self, s: &State, c: Cell) -> Vec<UnitId> {
        let mut out = Vec::new();
        let mut total = 0u8;
        for u in self.stack(s, c) {
            if self.data.troops[u.ix()].arm == Arm::Artillery {
                continue;
            }
            let steps = s.troop(u).steps;
            if total + steps > ENGAGED_STEPS {
                break;
            }
            total += steps;
            out.push(u);
        }
        out
    }

    /// 6.2 The Engaged Units of a hex: its top four steps of infantry and cavalry when the hex is
    /// in an enemy ZOC; none otherwise.
    #[must_use]
    pub fn engaged(&self, s: &State, c: Cell) -> Vec<UnitId> {
        match self.owner_of(s, c) {
            Some(side) if self.in_ezoc(s, side, c) => self.top_steps(s, c),
            _ => Vec::new(),
        }
    }

    /// 6.2 Whether Unit `u` is Engaged where it stands.
    #[must_use]
    pub fn is_engaged(&self, s: &State, u: UnitId) -> bool {
        s.troop(u)
            .cell
            .is_some_and(|c| self.engaged(s, c).contains(&u))
    }

    /// 6.2 The Supporting Units of a hex in an enemy ZOC: its infantry and cavalry below the
    /// Engaged ones, top first.
    #[must_use]
    pub fn supporting(&self, s: &State, c: Cell) -> Vec<UnitId> {
        let Some(side) = self.owner_of(s, c) else {
            return Vec::new();
        };
        if !self.in_ezoc(s, side, c) {
            return Vec::new();
        }
        let top = self.top_steps(s, c);
        self.stack(s, c)
            .into_iter()
            .filter(|u| self.data.troops[u.ix()].arm != Arm::Artillery && !top.contains(u))
            .collect()
    }

    /// Steps of infantry/cavalry and of artillery in a hex, and whether any Unit there is In
    /// Column.
    #[must_use]
    pub fn stack_steps(&self, s: &State, c: Cell) -> (u32, u32, bool) {
        let mut fh = 0;
        let mut art = 0;
        let mut ic = false;
        for (i, t) in s.troops.iter().enumerate() {
            if t.cell != Some(c) {
                continue;
            }
            if self.data.troops[i].arm == Arm::Artillery {
                art += u32::from(t.steps);
            } else {
                fh += u32::from(t.steps);
            }
            ic |= t.in_column;
        }
        (fh, art, ic)
    }

    /// 5.1 / 5.2 Whether the given steps respect the stacking limits.
    #[must_use]
    pub fn within_limits(fh: u32, art: u32, in_column: bool) -> bool {
        let fh_limit = if in_column {
            STACK_IN_COLUMN
        } else {
            STACK_FOOT_HORSE
        };
        let art_limit = if fh > 0 {
            STACK_ARTILLERY_WITH
        } else {
            STACK_ARTILLERY_ALONE
        };
        fh <= fh_limit && art <= art_limit
    }

    /// 5.1 Whether hex `c` respects the stacking limits.
    #[must_use]
    pub fn stacking_ok(&self, s: &State, c: Cell) -> bool {
        let (fh, art, ic) = self.stack_steps(s, c);
        Self::within_limits(fh, art, ic)
    }

    /// Whether hex `c` would respect the limits with Unit `u` added.
    #[must_use]
    pub fn fits(&self, s: &State, u: UnitId, c: Cell) -> bool {
        let (mut fh, mut art, mut ic) = self.stack_steps(s, c);
        let t = s.troop(u);
        if t.cell == Some(c) {
            return Self::within_limits(fh, art, ic);
        }
        if self.data.troops[u.ix()].arm == Arm::Artillery {
            art += u32::from(t.steps);
        } else {
            fh += u32::from(t.steps);
        }
        ic |= t.in_column;
        Self::within_limits(fh, art, ic)
    }

    /// 5.4 Whether artillery Unit `u` stands above every infantry and cavalry Unit of its hex
    /// (only such artillery may Bombard).
    #[must_use]
    pub fn artillery_on_top(&self, s: &State, u: UnitId) -> bool {
        let Some(c) = s.troop(u).cell else {
            return false;
        };
        let pos = s.troop(u).pos;
        s.troops.iter().enumerate().all(|(i, t)| {
            t.cell != Some(c) || self.data.troops[i].arm == Arm::Artillery || t.pos > pos
        })
    }

    /// Units of `side` on the map.
    pub fn units_of(&self, s: &State, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        let n = s.troops.len();
        let on: Vec<bool> = s.troops.iter().map(|t| t.cell.is_some()).collect();
        (0..n)
            .filter(move |&i| on[i] && self.data.troops[i].side == side)
            .map(|i| UnitId(i as u8))
    }

    /// The nearest hex distance from `c` to a Unit of `side` (`u32::MAX` if none).
    #[must_use]
    pub fn nearest_unit_of(&self, s: &State, side: Side, c: Cell) -> u32 {
        s.troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side == side)
            .filter_map(|(_, t)| t.cell)
            .map(|tc| self.data.board.distance(c, tc))
            .min()
            .unwrap_or(u32::MAX)
    }
}
