//! G18.5.2 Rank and File, an optional rule of the Brigade Game: a nation's line forms in two
//! ranks or three, which sets how many SP of a stack in Line may fire (the Fire Limit, 12.2.1)
//! and how many may form an Open Column (G18.2.3). A scenario plays it by stating the ranks of
//! its nations (`[[nation]] ranks`); one that states none plays the charts' Fire Limit and the
//! Open Column's seven SP.

use crate::GloryEmpire;
use crate::data::{Arm, UnitId};

/// G18.5.2 The Fire Limit of a line in two ranks, and the most SP of a stack with such units
/// that may form an Open Column.
pub const TWO_RANKS_SP: u8 = 5;
/// G18.5.2 The Fire Limit of a line in three ranks, and the most SP of such a stack that may
/// form an Open Column (G18.2.3).
pub const THREE_RANKS_SP: u8 = 7;

impl GloryEmpire {
    /// G18.5.2 Whether the optional Rank and File is in play: the Brigade Game, and the
    /// scenario states the ranks of some nation.
    #[must_use]
    pub fn rank_and_file(&self) -> bool {
        self.brigade() && !self.data.ranks.is_empty()
    }

    /// G18.5.2 The ranks a unit's line forms in. RULING (ge-rulings 177): a nation whose ranks
    /// the scenario does not state forms in three, as most nations did.
    #[must_use]
    pub fn ranks_of(&self, u: UnitId) -> u8 {
        let nation = &self.data.troops[u.ix()].nation;
        self.data
            .ranks
            .iter()
            .find(|x| &x.0 == nation)
            .map_or(3, |x| x.1)
    }

    /// G18.5.2 The SP limit for `units` (a stack): two ranks' if any infantry unit of it is
    /// in two ranks (a mixed stack takes the two-rank values), three ranks' otherwise; `None`
    /// when the rule is not in play.
    #[must_use]
    pub fn ranks_limit(&self, units: &[UnitId]) -> Option<u8> {
        if !self.rank_and_file() {
            return None;
        }
        let two = units
            .iter()
            .any(|&u| self.data.troops[u.ix()].arm() == Arm::Infantry && self.ranks_of(u) == 2);
        Some(if two { TWO_RANKS_SP } else { THREE_RANKS_SP })
    }

    /// 12.2.1, G18.5.2 The Fire Limit of the infantry `units` of a stack in Line.
    #[must_use]
    pub fn line_fire_limit(&self, units: &[UnitId]) -> u8 {
        self.ranks_limit(units)
            .unwrap_or(self.data.charts.limits.line)
    }
}
