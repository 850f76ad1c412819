//! 11 Line of Sight: heights (11.1), potential obstructions (11.2), the slope method (11.3,
//! 11.3.2) and blocking hexes (11.3.1); the twilight and night limits (16.1, 16.2).
//!
//! The sight line from one hex centre to another is traced exactly ([`coupdoeil_hex::trace`]).
//! Along it lies a profile: the hexes passed through and, where the line runs along a hex
//! spine, the two hexes of the spine together. Potential obstructions are hexes of blocking
//! terrain (ground level plus terrain height), crest, ridge and other blocking hexside features
//! crossed (the higher of the two hexes' levels plus the feature's height), contours in the cases
//! of 11.2.2 (the higher level), and combat units on the level of both end points. Each is
//! tested as 11.3 says: it blocks if it is higher than both end points, or if the slope from the
//! higher end point down to it is less than the slope from it down to the lower end point; the
//! distances are whole hexes, measured for a hexside from the hex on its side nearer the higher
//! end point. A hexside feature on a side of an end point's own hex never blocks: the trace may
//! enter a blocking hex but not pass through it (11.3.1; Figure 9's C to D).

use crate::GloryEmpire;
use crate::data::{Cell, LosFeature};
use crate::state::State;
use coupdoeil_engine::Side;
use coupdoeil_hex::{Crossing, trace};
use std::sync::atomic::{AtomicU8, Ordering};

/// The farthest apart two hexes may be (in each axial coordinate) for their line over the
/// ground to be memoized: Limited Intelligence looks 19 hexes out (G23.1), fire less.
pub const MEMO_RANGE: i32 = 20;
const MEMO_SIDE: usize = 2 * MEMO_RANGE as usize + 1;

/// What the ground and terrain alone say of a line of sight from one hex centre to another
/// (no eye raised, no units, no smoke, daylight): the part of 11 that never changes in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ground {
    /// Blocked by the ground or terrain: nothing on the map can clear it.
    Blocked,
    /// Clear, and no hex along it stands level with both end points, so no combat unit can
    /// block it (11.2.1); only the smoke of a burning hex could (16.3).
    Clear,
    /// Clear of the ground, but a unit in a hex along it on both end points' level blocks it.
    ClearLevel,
}

/// What the ground says (`Ground`) of each ordered pair of cells within [`MEMO_RANGE`], two bits
/// a pair, filled in when a line is first traced. A pure function of the map, so the order in
/// which lines are asked for, and the threads asking, never change an answer; the bits are set
/// with an atomic `or` of the one value the trace gives.
pub struct LosMemo {
    bits: Box<[AtomicU8]>,
}

impl std::fmt::Debug for LosMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LosMemo({} bytes)", self.bits.len())
    }
}

impl LosMemo {
    /// An empty memo for a map of `cells` cells.
    #[must_use]
    pub fn new(cells: usize) -> LosMemo {
        let n = (cells * MEMO_SIDE * MEMO_SIDE).div_ceil(4);
        LosMemo {
            bits: (0..n).map(|_| AtomicU8::new(0)).collect(),
        }
    }

    fn get(&self, slot: usize) -> Option<Ground> {
        let v = self.bits[slot / 4].load(Ordering::Relaxed) >> (2 * (slot % 4)) & 3;
        match v {
            1 => Some(Ground::Blocked),
            2 => Some(Ground::Clear),
            3 => Some(Ground::ClearLevel),
            _ => None,
        }
    }

    fn set(&self, slot: usize, g: Ground) {
        let v: u8 = match g {
            Ground::Blocked => 1,
            Ground::Clear => 2,
            Ground::ClearLevel => 3,
        };
        self.bits[slot / 4].fetch_or(v << (2 * (slot % 4)), Ordering::Relaxed);
    }
}

/// 16 The light of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    /// Daylight.
    Day,
    /// 16.1 Twilight.
    Twilight,
    /// 16.2 Night.
    Night,
}

/// One point of the profile: a hex, or the two hexes of a spine the line runs along.
#[derive(Clone, Copy, Debug)]
struct Point {
    a: Cell,
    b: Option<Cell>,
    level: i8,
}

/// 11.3.2 The slope test: does an obstruction of height `h` at `d1` hexes from the higher end
/// point (height `high`) and `d2` from the lower (height `low`) block?
#[must_use]
pub fn slope_blocks(high: i32, low: i32, h: i32, d1: u32, d2: u32) -> bool {
    if h > high {
        return true; // 11.3 case 2: higher than both end points.
    }
    // 11.3 case 3: (high - h) / d1 < (h - low) / d2, cross-multiplied.
    (high - h) * (d2 as i32) < (h - low) * (d1 as i32)
}

impl GloryEmpire {
    /// 16 The light of the current turn.
    #[must_use]
    pub fn light(&self, s: &State) -> Light {
        if self.data.night.contains(&s.turn) {
            Light::Night
        } else if self.data.twilight.contains(&s.turn) {
            Light::Twilight
        } else {
            Light::Day
        }
    }

    /// 16.1, 16.2 The farthest a clear LOS reaches this turn: 4 hexes in twilight, adjacent at
    /// night.
    #[must_use]
    pub fn los_limit(&self, s: &State) -> Option<u32> {
        match self.light(s) {
            Light::Day => None,
            Light::Twilight => Some(4),
            Light::Night => Some(1),
        }
    }

    /// 11 Whether `a` and `b` see each other now (terrain, units and the light).
    #[must_use]
    pub fn los(&self, s: &State, a: Cell, b: Cell) -> bool {
        self.los_raised(s, (a, 0), (b, 0))
    }

    /// G23.3 [`Self::los`] with each end point's eye raised by some Elevation Levels above its
    /// hex (a leader in an Observation Point sees from its height): `(hex, levels)`.
    #[must_use]
    pub fn los_raised(&self, s: &State, (a, ea): (Cell, i8), (b, eb): (Cell, i8)) -> bool {
        let d = self.data.board.distance(a, b);
        if d <= 1 {
            return true;
        }
        if self.los_limit(s).is_some_and(|l| d > l) {
            return false;
        }
        self.los_core_except((a, ea), (b, eb), Some(s), None)
    }

    /// [`Self::los`] traced in full, with no memo: the reference the memo is tested against.
    #[doc(hidden)]
    #[must_use]
    pub fn los_traced_in_full(&self, s: &State, a: Cell, b: Cell) -> bool {
        let d = self.data.board.distance(a, b);
        d <= 1
            || self.los_limit(s).is_none_or(|l| d <= l)
                && self.los_traced((a, 0), (b, 0), Some(s), None, false)
    }

    /// G17.2 Whether `a` and `b` see each other now, the combat units of `side` not blocking
    /// (a GTF's command LOS; enemy units and the light still count).
    #[must_use]
    pub fn los_through_friends(&self, s: &State, side: Side, a: Cell, b: Cell) -> bool {
        let d = self.data.board.distance(a, b);
        if d <= 1 {
            return true;
        }
        if self.los_limit(s).is_some_and(|l| d > l) {
            return false;
        }
        self.los_core_except((a, 0), (b, 0), Some(s), Some(side))
    }

    /// G19.5.3 Whether `a` and `b` see each other for a Bombardment Zone: terrain, the light
    /// and the smoke of burning hexes (16.3), combat units never blocking.
    #[must_use]
    pub fn los_over_units(&self, s: &State, a: Cell, b: Cell) -> bool {
        let d = self.data.board.distance(a, b);
        if d <= 1 {
            return true;
        }
        if self.los_limit(s).is_some_and(|l| d > l) || !self.los_terrain(a, b) {
            return false;
        }
        let pts = self.profile((a, 0), (b, 0));
        !pts[1..pts.len() - 1]
            .iter()
            .flat_map(|p| [Some(p.a), p.b])
            .flatten()
            .any(|c| self.on_fire(s, c))
    }

    /// 11 Whether `a` and `b` see each other over the ground and terrain alone (no units, in
    /// daylight).
    #[must_use]
    pub fn los_terrain(&self, a: Cell, b: Cell) -> bool {
        self.sees_over_ground((a, 0), b)
    }

    /// Whether a raised eye in `a` sees hex `c` over the ground and terrain alone.
    fn sees_over_ground(&self, (a, ea): (Cell, i8), c: Cell) -> bool {
        self.data.board.distance(a, c) <= 1 || self.los_core_except((a, ea), (c, 0), None, None)
    }

    /// The profile from `a` to `b`, each end point's level raised by its eye (G23.3).
    fn profile(&self, (a, ea): (Cell, i8), (b, eb): (Cell, i8)) -> Vec<Point> {
        let board = &self.data.board;
        let mut pts = vec![Point {
            a,
            b: None,
            level: board.level(a) + ea,
        }];
        for x in trace(board.hex(a), board.hex(b)) {
            match x {
                Crossing::Hex(h) => {
                    if let Some(c) = board.cell(h) {
                        pts.push(Point {
                            a: c,
                            b: None,
                            level: board.level(c),
                        });
                    }
                }
                // RULING: a spine stands at the higher of its two hexes' levels.
                Crossing::Spine { left, right } => {
                    let (l, r) = (board.cell(left), board.cell(right));
                    if let Some(first) = l.or(r) {
                        let other = if l.is_some() { r } else { None };
                        let level = [l, r]
                            .iter()
                            .flatten()
                            .map(|&c| board.level(c))
                            .max()
                            .unwrap_or(0);
                        pts.push(Point {
                            a: first,
                            b: other,
                            level,
                        });
                    }
                }
            }
        }
        pts.push(Point {
            a: b,
            b: None,
            level: board.level(b) + eb,
        });
        pts
    }

    /// The LOS core between two eyes, each raised some levels above its hex (G23.3): the
    /// profile's obstructions tested by 11.3. `units`: also test combat units (11.2.1), those
    /// of side `friends` (if any) not blocking (G17.2).
    ///
    /// With no eye raised the ground's part comes from the memo ([`LosMemo`]): a line the
    /// ground blocks is blocked whatever stands on the map, and a clear one with no hex level
    /// with both ends is clear unless smoke lies on the map; only the rest is traced again.
    fn los_core_except(
        &self,
        (a, ea): (Cell, i8),
        (b, eb): (Cell, i8),
        units: Option<&State>,
        friends: Option<Side>,
    ) -> bool {
        if ea == 0 && eb == 0 {
            match self.ground(a, b) {
                Ground::Blocked => return false,
                Ground::Clear if units.is_none_or(|s| s.fires.is_empty()) => return true,
                Ground::ClearLevel if units.is_none() => return true,
                _ => {}
            }
        }
        self.los_traced((a, ea), (b, eb), units, friends, true)
    }

    /// The [`Ground`] of the line from `a` to `b`, from the memo when the two are within its
    /// range.
    fn ground(&self, a: Cell, b: Cell) -> Ground {
        let board = &self.data.board;
        let (ha, hb) = (board.hex(a), board.hex(b));
        let (dq, dr) = (hb.q - ha.q, hb.r - ha.r);
        if dq.abs() > MEMO_RANGE || dr.abs() > MEMO_RANGE {
            return self.ground_traced(a, b);
        }
        let slot = (a.ix() * MEMO_SIDE + (dq + MEMO_RANGE) as usize) * MEMO_SIDE
            + (dr + MEMO_RANGE) as usize;
        let memo = &self.data.tables.los_memo;
        if let Some(g) = memo.get(slot) {
            return g;
        }
        let g = self.ground_traced(a, b);
        memo.set(slot, g);
        g
    }

    /// The [`Ground`] of the line from `a` to `b`, traced.
    fn ground_traced(&self, a: Cell, b: Cell) -> Ground {
        if !self.los_traced((a, 0), (b, 0), None, None, true) {
            return Ground::Blocked;
        }
        let board = &self.data.board;
        let lv = board.level(a);
        if board.level(b) != lv {
            return Ground::Clear;
        }
        let pts = self.profile((a, 0), (b, 0));
        let level_with_ends = pts[1..pts.len() - 1]
            .iter()
            .flat_map(|p| [Some(p.a), p.b])
            .flatten()
            .any(|c| board.level(c) == lv);
        if level_with_ends {
            Ground::ClearLevel
        } else {
            Ground::Clear
        }
    }

    /// [`Self::los_core_except`] traced in full; `memo`: whether the lines from the end points
    /// to a unit along it (does the ground let both see it?) may come from the memo.
    fn los_traced(
        &self,
        (a, ea): (Cell, i8),
        (b, eb): (Cell, i8),
        units: Option<&State>,
        friends: Option<Side>,
        memo: bool,
    ) -> bool {
        let over_ground = |eye: (Cell, i8), c: Cell| {
            if memo {
                self.sees_over_ground(eye, c)
            } else {
                self.data.board.distance(eye.0, c) <= 1
                    || self.los_traced(eye, (c, 0), None, None, false)
            }
        };
        let board = &self.data.board;
        let mut pts = self.profile((a, ea), (b, eb));
        let (eye_a, eye_b) = (board.level(a) + ea, board.level(b) + eb);
        // Orient from the higher end point (11.3 is reciprocal: either way gives the same).
        if pts.last().is_some_and(|p| p.level > pts[0].level) {
            pts.reverse();
        }
        let n = pts.len();
        let (high_c, low_c) = (pts[0].a, pts[n - 1].a);
        let (high, low) = (i32::from(pts[0].level), i32::from(pts[n - 1].level));
        let blocks = |h: i32, at: Cell| {
            let d1 = board.distance(high_c, at);
            let d2 = board.distance(at, low_c);
            slope_blocks(high, low, h, d1, d2)
        };
        // Hex obstructions: terrain and units.
        for p in &pts[1..n - 1] {
            for c in [Some(p.a), p.b].into_iter().flatten() {
                // 16.3 The smoke of a hex on fire blocks at every level.
                if units.is_some_and(|s| self.on_fire(s, c)) {
                    return false;
                }
                let t = self.data.terrain(c);
                if t.blocks_los && blocks(i32::from(board.level(c)) + i32::from(t.height), c) {
                    return false;
                }
                // RULING: a unit blocks only if the terrain lets both end points see it.
                if let Some(s) = units {
                    let lv = board.level(c);
                    if lv == eye_a
                        && lv == eye_b
                        && self.stack_blocks(s, c, friends)
                        && over_ground((a, ea), c)
                        && over_ground((b, eb), c)
                    {
                        return false;
                    }
                }
            }
            // RULING: a feature on the spine the line runs along is an obstruction there.
            if let Some(other) = p.b {
                for f in self.data.features(p.a, other) {
                    if f.los != LosFeature::None {
                        let h = i32::from(p.level) + i32::from(f.height);
                        if blocks(h, p.a) {
                            return false;
                        }
                    }
                }
            }
        }
        // Hexside obstructions between consecutive points (not on an end point's own sides).
        let mut risen = false;
        for i in 0..n - 1 {
            let (p, q) = (pts[i], pts[i + 1]);
            let descent = q.level < p.level;
            let at_end = i == 0 || i + 1 == n - 1;
            let crossed = p.b.is_none() && q.b.is_none() && board.adjacent(p.a, q.a);
            if !at_end {
                // The hex of the hexside nearer the higher end point measures it.
                let m = p.a;
                let top = i32::from(p.level.max(q.level));
                if crossed {
                    for f in self.data.features(p.a, q.a) {
                        if f.los != LosFeature::None && blocks(top + i32::from(f.height), m) {
                            return false;
                        }
                    }
                }
                let top_contour = crossed
                    && board
                        .direction(p.a, q.a)
                        .is_some_and(|d| board.cells[p.a.ix()].top_contour[d.index() as usize]);
                // 11.2.2: case 1, the top contour of a hill, is a crest; cases 2 and 3, the
                // contour where the ground falls again after rising (seen from the higher end).
                if p.level != q.level && (top_contour || descent && risen) && blocks(top, m) {
                    return false;
                }
            }
            if q.level > p.level {
                risen = true;
            }
        }
        true
    }
}

impl GloryEmpire {
    /// B11.2.1 Whether the pieces in `c` block a line of sight through it: a combat unit not
    /// lying Prone (G18.6.3), or a Dummy Stack, which looks like a standing stack to everyone
    /// (G23.2.1); `friends`' own units and dummies excepted (a GTF's command LOS, G17.2).
    // RULING: a Dummy Stack blocks as the stack it imitates would (ge-rulings 189).
    fn stack_blocks(&self, s: &State, c: Cell, friends: Option<Side>) -> bool {
        s.units_in(c)
            .any(|u| !s.troop(u).prone && Some(self.data.troops[u.ix()].side) != friends)
            || s.dummies
                .iter()
                .any(|d| d.cell == c && Some(self.dummy_side(d)) != friends)
    }
}

#[cfg(test)]
mod tests {
    use super::slope_blocks;

    #[test]
    fn s11_3_2_figure_7_trees_block() {
        // Observer on level 5, target on level 1, trees of height 3 three hexes from the
        // observer and one from the target: 2/3 < 2/1.
        assert!(slope_blocks(5, 1, 3, 3, 1));
        // Without the trees the hex is on the slope (level 2): 3/3 > 1/1, clear.
        assert!(!slope_blocks(5, 1, 2, 3, 1));
    }

    #[test]
    fn s11_3_3_figure_9_slopes() {
        // A to C: 2/3 against 1/2, clear.
        assert!(!slope_blocks(5, 2, 3, 3, 2));
        // A to F: 1/5 against 2/4, blocked.
        assert!(slope_blocks(5, 2, 4, 5, 4));
        // Equal slopes are clear.
        assert!(!slope_blocks(4, 0, 2, 2, 2));
        // Higher than both end points blocks.
        assert!(slope_blocks(2, 1, 3, 1, 1));
    }
}
