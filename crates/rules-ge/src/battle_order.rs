//! G17.4 Order of Battle (Brigade Game, optional: `[brigade] order_of_battle = true` in the
//! scenario): the seniority of a brigade's units, the order of its Line of Battle (Normal,
//! Inverted or Out of Order) and whether its Grand Column leads by the right or the left; what
//! they do to Evolution Checks, and the sub-units a Quarter-Wheel inverts (G17.4.3).
//!
//! RULING (ge-rulings 151): the markers are not kept: the order is read from where the units
//! stand whenever a rule asks for it.

use crate::GloryEmpire;
use crate::data::{Arm, Formation, LeaderId, Size, UnitId};
use crate::gtf::GtfKind;
use crate::state::State;

/// G17.4 The order of a Line of Battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LobOrder {
    /// The senior unit on the right, each next one to the left of the one before.
    Normal,
    /// The mirror image: the LOB Inverted marker.
    Inverted,
    /// Neither: the LOB Out of Order marker.
    OutOfOrder,
}

impl GloryEmpire {
    /// G17.4 Whether the optional Order of Battle rule is played.
    #[must_use]
    pub fn order_of_battle(&self) -> bool {
        self.brigade() && self.data.order_of_battle
    }

    /// G17.4 A unit's seniority in brigade leader `l`'s brigade: its arm (infantry and
    /// cavalry rank apart) and its place on the Command Display, most senior first (RULING,
    /// ge-rulings 151: the order in which the scenario lists the brigade's units). `None` for
    /// those placed anywhere: artillery, infantry companies, and assets.
    #[must_use]
    pub fn seniority(&self, l: LeaderId, u: UnitId) -> Option<(Arm, usize)> {
        let d = &self.data.troops[u.ix()];
        let arm = d.arm();
        if d.leader != l || arm == Arm::Artillery || arm == Arm::Infantry && d.size == Size::Company
        {
            return None;
        }
        let rank = self.data.leaders[l.ix()]
            .units
            .iter()
            .filter(|&&x| self.data.troops[x.ix()].arm() == arm)
            .position(|&x| x == u)?;
        Some((arm, rank))
    }

    /// The ranked units of `l`'s GTF on the map, each with its arm, rank and the distance of
    /// its hex along `f` from the Directing Unit's (in [`crate::gtf`]'s depth units).
    fn ranked_along(
        &self,
        s: &State,
        l: LeaderId,
        f: coupdoeil_hex::Facing,
    ) -> Vec<(Arm, usize, i32)> {
        let Some(du) = self.directing_unit(s, l) else {
            return Vec::new();
        };
        let Some(at) = s.troop(du).cell else {
            return Vec::new();
        };
        self.gtf_members(s, l)
            .into_iter()
            .filter_map(|u| {
                let (arm, rank) = self.seniority(l, u)?;
                let c = s.troop(u).cell?;
                Some((arm, rank, crate::gtf::depth(&self.data.board, at, f, c).0))
            })
            .collect()
    }

    /// G17.4 The order of brigade leader `l`'s Line of Battle, single or double, from the
    /// units' places across the DU's front, right to left (RULING, ge-rulings 151: units
    /// level with one another, one behind the other or stacked, do not order each other; each
    /// arm is judged apart and both must agree). `None` when the rule is not played or the
    /// brigade is in no LOB.
    #[must_use]
    pub fn lob_order(&self, s: &State, l: LeaderId) -> Option<LobOrder> {
        if !self.order_of_battle() || self.gtf_of(s, l).is_none_or(GtfKind::column) {
            return None;
        }
        let du = self.directing_unit(s, l)?;
        // The right-hand direction across the front: a quarter turn clockwise.
        let right = s.troop(du).facing.rotate(3);
        let units = self.ranked_along(s, l, right);
        let (mut normal, mut inverted) = (true, true);
        for &(arm, rank, x) in &units {
            for &(arm2, rank2, x2) in &units {
                if arm != arm2 || x <= x2 {
                    continue;
                }
                // The first unit stands farther right than the second.
                if rank > rank2 {
                    normal = false;
                }
                if rank < rank2 {
                    inverted = false;
                }
            }
        }
        Some(if normal {
            LobOrder::Normal
        } else if inverted {
            LobOrder::Inverted
        } else {
            LobOrder::OutOfOrder
        })
    }

    /// G17.4.1 Whether brigade leader `l`'s Grand Column leads by the right (its most senior
    /// unit in front: `Some(true)`, the Right in Front marker) or by the left (its least senior:
    /// `Some(false)`). The unit in front is the Directing Unit (G17.2.1; in its hex the top
    /// unit is in front, G17.4.2). `None` when the rule is not played, the brigade is in no GC,
    /// or neither unit leads.
    #[must_use]
    pub fn right_in_front(&self, s: &State, l: LeaderId) -> Option<bool> {
        if !self.order_of_battle() || !self.gtf_of(s, l).is_some_and(GtfKind::column) {
            return None;
        }
        let du = self.directing_unit(s, l)?;
        let (arm, rank) = self.seniority(l, du)?;
        let ranks: Vec<usize> = self
            .gtf_members(s, l)
            .into_iter()
            .filter_map(|u| self.seniority(l, u))
            .filter(|&(a, _)| a == arm)
            .map(|(_, r)| r)
            .collect();
        if ranks.iter().all(|&r| r >= rank) {
            Some(true)
        } else if ranks.iter().all(|&r| r <= rank) {
            Some(false)
        } else {
            None
        }
    }

    /// G17.4 The Evolution Check DRM of brigade leader `l`'s GTF for its order now: the LOB
    /// Out of Order and LOB Inverted markers' numbers (authored chart; RULING, ge-rulings 151:
    /// judged as the evolution begins).
    #[must_use]
    pub fn order_drm(&self, s: &State, l: LeaderId) -> i8 {
        let Some(c) = &self.data.charts.evolution else {
            return 0;
        };
        match self.lob_order(s, l) {
            Some(LobOrder::OutOfOrder) => c.out_of_order,
            Some(LobOrder::Inverted) => c.inverted,
            _ => 0,
        }
    }

    /// G17.4.3 Whether these units, Quarter-Wheeling to the right (or left) out of their
    /// formation now, invert their sub-units: an Open Column of a GC with its Right in Front
    /// wheeling right into line, or with its Left in Front wheeling left; a Line of a LOB in
    /// Normal Order wheeling left into column, or in Inverted Order wheeling right.
    #[must_use]
    pub fn wheel_inverts(&self, s: &State, units: &[UnitId], right: bool) -> bool {
        if !self.order_of_battle() {
            return false;
        }
        let Some(&u) = units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
        else {
            return false;
        };
        let Some(l) = self.gtf_leader_of(s, u) else {
            return false;
        };
        match s.troop(u).formation {
            Formation::Column => self.right_in_front(s, l) == Some(right),
            Formation::Line => match self.lob_order(s, l) {
                Some(LobOrder::Normal) => !right,
                Some(LobOrder::Inverted) => right,
                _ => false,
            },
            _ => false,
        }
    }
}
