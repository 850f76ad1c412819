//! 8.2 Line of Sight, with slopes (8.2.1), two or more slopes (8.2.1.1, 8.2.1.2) and sighting
//! over Units (8.2.2).

use crate::PrussiasGlory;
use crate::data::Cell;
use crate::state::State;
use coupdoeil_hex::{Crossing, trace};

/// What one line of sight met, for the user interface and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Clear.
    Clear,
    /// Blocked by the terrain of this hex (woods, town).
    Terrain(Cell),
    /// Blocked by a hexside feature between these hexes.
    Hexside(Cell, Cell),
    /// Blocked by Units in this hex.
    Units(Cell),
    /// Hidden by a slope (the high hex is not adjacent to it, or the slopes do not line up).
    Slope,
}

/// A slope crossed along a path: the index of the hexside (between path hexes `i` and `i + 1`)
/// and whether it is crossed going up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SlopeCrossing {
    at: usize,
    up: bool,
}

impl PrussiasGlory {
    /// 8.2 Whether `a` has a clear Line of Sight to `b` (always so for adjacent hexes). Where the
    /// line runs along a hexside the tracer may use either hex (8.2), so every choice is tried.
    #[must_use]
    pub fn los(&self, s: &State, a: Cell, b: Cell) -> bool {
        self.sight(s, a, b) == Sight::Clear
    }

    /// 8.2 The Line of Sight from `a` to `b` and, when blocked, what blocks it (of the best
    /// choice of hexes at spines).
    #[must_use]
    pub fn sight(&self, s: &State, a: Cell, b: Cell) -> Sight {
        let board = &self.data.board;
        if a == b || board.adjacent(a, b) {
            return Sight::Clear;
        }
        let ha = board.cells[a.ix()].hex;
        let hb = board.cells[b.ix()].hex;
        let crossings = trace(ha, hb);
        // Each crossing is one hex, or a choice of two at a spine.
        let mut options: Vec<[Option<Cell>; 2]> = Vec::new();
        for c in &crossings {
            match *c {
                Crossing::Hex(h) => options.push([board.cell(h), None]),
                Crossing::Spine { left, right } => {
                    options.push([board.cell(left), board.cell(right)]);
                }
            }
        }
        let spines: Vec<usize> = options
            .iter()
            .enumerate()
            .filter(|(_, o)| o[1].is_some())
            .map(|(i, _)| i)
            .collect();
        let combos = 1usize << spines.len().min(10);
        let mut first_block = Sight::Slope;
        for mask in 0..combos {
            let mut path = vec![Some(a)];
            for (i, o) in options.iter().enumerate() {
                let pick = spines
                    .iter()
                    .position(|&x| x == i)
                    .map_or(0, |bit| (mask >> bit) & 1);
                path.push(o[pick].or(o[0]));
            }
            path.push(Some(b));
            let result = self.path_sight(s, &path);
            if result == Sight::Clear {
                return Sight::Clear;
            }
            if mask == 0 {
                first_block = result;
            }
        }
        first_block
    }

    /// Whether the hexes of one path (ends included; `None` off the map) give a clear sight.
    fn path_sight(&self, s: &State, path: &[Option<Cell>]) -> Sight {
        let board = &self.data.board;
        let n = path.len() - 1;
        // Slopes crossed, in order.
        let mut slopes: Vec<SlopeCrossing> = Vec::new();
        for i in 0..n {
            let (Some(x), Some(y)) = (path[i], path[i + 1]) else {
                continue;
            };
            if !board.adjacent(x, y) {
                continue;
            }
            let up = board.upslope(x, y);
            let down = board.upslope(y, x);
            if up && down {
                // Two hills side by side: a crest between them.
                slopes.push(SlopeCrossing { at: i, up: true });
                slopes.push(SlopeCrossing { at: i, up: false });
            } else if up {
                slopes.push(SlopeCrossing { at: i, up: true });
            } else if down {
                slopes.push(SlopeCrossing { at: i, up: false });
            }
            let bits = board.features_between(x, y);
            if self
                .data
                .charts
                .features
                .iter()
                .enumerate()
                .any(|(f, d)| bits & (1 << f) != 0 && d.blocks_los)
            {
                return Sight::Hexside(x, y);
            }
        }
        // 8.2.1.1 Low ground: a slope down followed by a slope up; the hexes between them are low
        // ground and the pair is ignored.
        let mut low = vec![false; path.len()];
        loop {
            let pair = slopes.windows(2).position(|w| !w[0].up && w[1].up);
            let Some(p) = pair else { break };
            let (d, u) = (slopes[p], slopes[p + 1]);
            for l in low.iter_mut().take(u.at + 1).skip(d.at + 1) {
                *l = true;
            }
            slopes.drain(p..=p + 1);
        }
        // 8.2.1, 8.2.1.2 What remains must all go one way, on successive hexsides next to the
        // high end: down from the source, or up to the target.
        let clear_slopes = if slopes.is_empty() {
            true
        } else if slopes.iter().all(|x| !x.up) {
            slopes.iter().enumerate().all(|(k, x)| x.at == k)
        } else if slopes.iter().all(|x| x.up) {
            let k = slopes.len();
            slopes.iter().enumerate().all(|(j, x)| x.at == n - k + j)
        } else {
            false
        };
        if !clear_slopes {
            return Sight::Slope;
        }
        let source_high = slopes.first().is_some_and(|x| !x.up && x.at == 0);
        let target_high = slopes.last().is_some_and(|x| x.up && x.at == n - 1);
        for (i, h) in path.iter().enumerate().take(n).skip(1) {
            let Some(h) = *h else { continue };
            let t = board.cells[h.ix()].terrain;
            if self.data.charts.terrain[usize::from(t)].blocks_los {
                return Sight::Terrain(h);
            }
            let units = s.troops.iter().any(|t| t.cell == Some(h));
            if units {
                // 8.2.2 Units on low ground, or directly downslope of a high source or target.
                let below_source = source_high && i == 1;
                let below_target = target_high && i == n - 1;
                if !(low[i] || below_source || below_target) {
                    return Sight::Units(h);
                }
            }
        }
        Sight::Clear
    }
}
