//! B7.9.3 Artillery ammunition in the Battalion Game: Normal, Low and Out of Ammo levels, a low
//! fire roll lowering them for every battery that took part, no fire when Out, and the
//! Artillery Resupply Phase (B4.2.1) for limbered batteries on a road or trail that leads to a
//! friendly Supply Source. In the Soldiers Game ammunition never runs short.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::event::Event;
use crate::state::{Frame, State};
use coupdoeil_engine::Side;
use std::collections::VecDeque;

/// B7.9.3 Ammunition levels.
pub const LOW_AMMO: u8 = 1;
/// B7.9.3 Out of Ammo: the battery may not fire.
pub const OUT_OF_AMMO: u8 = 2;
/// B7.9.3 The d10 faces that resupply a battery.
pub const RESUPPLY_FROM: i8 = 8;
/// B7.9.3 A leader stacked with the battery helps.
pub const RESUPPLY_LEADER_DRM: i8 = 2;

impl GloryEmpire {
    /// B7.9.3 After a fire attack rolled `roll` from `from`: each battery of the firing stack
    /// that took part goes from Normal to Low Ammo on a roll at or below its gun's Low Ammo
    /// Limit, from Low to Out of Ammo at or below its Out of Ammo Limit.
    pub(crate) fn spend_ammunition(
        &self,
        s: &mut State,
        from: Cell,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        // RULING: no roll in the Brigade Game, its Ammunition Sheet counts (ge-rulings 121)
        if !self.battalion() || self.brigade() {
            return;
        }
        let Some(st) = self.strength(s, from) else {
            return;
        };
        if st.arm != Arm::Artillery {
            return;
        }
        for u in st.units {
            let Some(g) = self.data.troops[u.ix()].gun else {
                continue;
            };
            let gun = &self.data.charts.guns[usize::from(g)];
            let t = s.troop_mut(u);
            let level = match t.ammo {
                0 if roll <= gun.low_ammo => LOW_AMMO,
                LOW_AMMO if roll <= gun.out_of_ammo => OUT_OF_AMMO,
                _ => continue,
            };
            t.ammo = level;
            ev.push(Event::Ammunition {
                unit: u,
                roll,
                level,
            });
        }
    }

    /// B7.9.3 The batteries of `side` that may try to resupply now: short of ammunition,
    /// limbered, on a road or trail hex from which roads and trails lead, through no enemy
    /// unit or enemy ZOC, to one of the side's Supply Sources.
    #[must_use]
    pub fn may_resupply(&self, s: &State, side: Side) -> Vec<UnitId> {
        let sources = &self.data.supply[side];
        if sources.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, t) in s.troops.iter().enumerate() {
            let u = UnitId(i as u8);
            let Some(c) = t.cell else { continue };
            let short = if self.brigade() {
                // RULING: G19.3.1's Caisson condition for B7.9.3's roll (ge-rulings 124)
                self.needs_rounds(s, u)
            } else {
                t.ammo != 0
            };
            if self.data.troops[i].side != side
                || self.data.troops[i].arm() != Arm::Artillery
                || !short
                || !matches!(t.formation, Formation::Limbered | Formation::RoadColumn)
                || !self.data.board.on_road(c)
            {
                continue;
            }
            if self.supply_path(s, side, c) {
                out.push(u);
            }
        }
        out
    }

    /// B7.9.3 Whether roads and trails lead from `from` to a Supply Source of `side` through
    /// hexes free of enemy units and enemy ZOC.
    #[must_use]
    pub fn supply_path(&self, s: &State, side: Side, from: Cell) -> bool {
        let b = &self.data.board;
        let occ = self.occ(s, &[]);
        let free = |c: Cell| !occ.unit_of(side.other(), c) && !occ.in_ezoc(side, c);
        if !free(from) {
            return false;
        }
        let mut seen = vec![false; b.len()];
        seen[from.ix()] = true;
        let mut q = VecDeque::from([from]);
        while let Some(c) = q.pop_front() {
            if self.data.supply[side].binary_search(&c).is_ok() {
                return true;
            }
            for n in b.neighbors(c) {
                let (road, trail) = b.road_between(c, n);
                if seen[n.ix()] || !(road || trail) || !free(n) {
                    continue;
                }
                seen[n.ix()] = true;
                q.push_back(n);
            }
        }
        false
    }

    /// B7.9.3 The resupply d10 of the first battery waiting: 8 or 9 (a leader stacked with it
    /// adds 2) clears its Low or Out of Ammo marker.
    pub(crate) fn resupply_roll(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Resupply(mut list)) = s.pending.pop() else {
            return;
        };
        if list.is_empty() {
            return;
        }
        let u = list.remove(0);
        let side = self.data.troops[u.ix()].side;
        let drm = match s.troop(u).cell {
            Some(c) if !self.own_leaders_at(s, side, c).is_empty() => RESUPPLY_LEADER_DRM,
            _ => 0,
        };
        let resupplied = die as i8 + drm >= RESUPPLY_FROM;
        if resupplied {
            s.troop_mut(u).ammo = 0;
            // G19.3.1 In the Brigade Game the sheet's boxes are there again.
            if self.brigade() {
                self.refill_rounds(s, u);
            }
        }
        ev.push(Event::ResupplyRoll {
            unit: u,
            die,
            drm,
            resupplied,
        });
        if !list.is_empty() {
            s.pending.push(Frame::Resupply(list));
        }
    }
}
