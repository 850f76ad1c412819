//! G18.5.3 Refused Flanks (Brigade Game): infantry in Line bends a flank company back to face
//! along its flank. The flank hexside becomes front and the rear hexside beside it a flank; the
//! stack may not move or assault while refused, fires through the refused hexside at FS 1 and
//! through its old front a column worse for each refused flank, and may fire through each; an
//! attacker coming through the refused hexside takes the Refused Flank CVM.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arc, Arm, Cell, Formation, UnitId};
use crate::event::{Drill, Event, Modifier};
use crate::state::State;
use coupdoeil_hex::Facing;

/// G18.5.3 The MP to place or remove a Refused Flank marker.
pub const REFUSE_MP: u8 = 1;

/// The left flank's bit in [`crate::state::Troop::refused`].
pub const LEFT: u8 = 1;

/// The right flank's bit in [`crate::state::Troop::refused`].
pub const RIGHT: u8 = 2;

/// The bit of a flank.
#[must_use]
pub fn bit(right: bool) -> u8 {
    if right { RIGHT } else { LEFT }
}

/// G18.5.3 The hexside (an `EdgeDir` index) of the right or left flank of a Line facing the
/// vertex `facing`, and the rear hexside beside it: the right flank is the first hexside
/// clockwise of the two front ones.
#[must_use]
pub fn flank_sides(facing: Facing, right: bool) -> (usize, usize) {
    let e = usize::from(facing.index() / 2);
    if right {
        ((e + 2) % 6, (e + 3) % 6)
    } else {
        ((e + 5) % 6, (e + 4) % 6)
    }
}

impl GloryEmpire {
    /// G18.5.3 A refused flank's hexside is front and the rear hexside beside it a flank: one
    /// refused flank leaves three front, two flank and one rear hexsides, two leave four front
    /// and two flank.
    pub(crate) fn refuse_arcs(arcs: &mut [Arc; 6], facing: Facing, refused: u8) {
        if !facing.is_vertex() {
            return;
        }
        for right in [false, true] {
            if refused & bit(right) != 0 {
                let (flank, rear) = flank_sides(facing, right);
                arcs[flank] = Arc::Front;
                if arcs[rear] == Arc::Rear {
                    arcs[rear] = Arc::Flank;
                }
            }
        }
    }

    /// G18.5.3 The refused hexsides of a unit, as `EdgeDir` indices.
    #[must_use]
    pub fn refused_sides(&self, s: &State, u: UnitId) -> Vec<usize> {
        let t = s.troop(u);
        if t.refused == 0 || t.formation != Formation::Line {
            return Vec::new();
        }
        [false, true]
            .into_iter()
            .filter(|&r| t.refused & bit(r) != 0)
            .map(|r| flank_sides(t.facing, r).0)
            .collect()
    }

    /// G18.5.3 The Refused Flank markers the moving group may place or remove, each for
    /// [`REFUSE_MP`]: infantry in Line, no artillery in its hex, no skirmishers out, no friendly
    /// unit in the hex beyond that flank; removing a marker is always open. One flank at a
    /// time, but both for units of a nation the scenario allows it (the Prussians before 1808;
    /// RULING, ge-rulings 178: the scenario says so, `[[nation]] refuse_both_flanks`).
    #[must_use]
    pub fn refuse_options(&self, s: &State) -> Vec<Action> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if !self.brigade() || m.leader.is_some() || m.units.is_empty() {
            return out;
        }
        if m.spent.saturating_add(REFUSE_MP) > self.move_limit(s, &m.units, m) {
            return out;
        }
        let first = s.troop(m.units[0]);
        let line = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Infantry
                && t.formation == Formation::Line
                && t.facing == first.facing
                && t.refused == first.refused
                && !t.prone
        });
        if !line {
            return out;
        }
        let side = self.data.troops[m.units[0].ix()].side;
        let guns = s
            .stack(m.at)
            .iter()
            .any(|&u| self.data.troops[u.ix()].arm() == Arm::Artillery);
        let skirmishers = m.units.iter().any(|&u| s.troop(u).skirmishers > 0);
        for right in [false, true] {
            if first.refused & bit(right) != 0 {
                out.push(Action::RefuseFlank { right });
                continue;
            }
            let both = m.units.iter().all(|&u| {
                self.data
                    .refuse_both
                    .contains(&self.data.troops[u.ix()].nation)
            });
            if first.refused != 0 && !both || guns || skirmishers {
                continue;
            }
            let (flank, _) = flank_sides(first.facing, right);
            let friends = self.data.board.cells[m.at.ix()].nbr[flank].is_some_and(|n| {
                s.stack(n)
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].side == side)
            });
            if !friends {
                out.push(Action::RefuseFlank { right });
            }
        }
        out
    }

    /// G18.5.3 The moving group places or removes the marker of a flank.
    pub(crate) fn apply_refuse(&self, s: &mut State, right: bool, ev: &mut Vec<Event>) {
        if !self
            .refuse_options(s)
            .contains(&Action::RefuseFlank { right })
        {
            return;
        }
        self.note_move_mp(s, REFUSE_MP);
        let Some(m) = s.moving.as_mut() else { return };
        m.spent = m.spent.saturating_add(REFUSE_MP);
        m.acted = true;
        let units = m.units.clone();
        let placed = s.troop(units[0]).refused & bit(right) == 0;
        for &u in &units {
            s.troop_mut(u).refused ^= bit(right);
        }
        ev.push(Event::Drill {
            units,
            drill: if placed {
                Drill::RefuseFlank
            } else {
                Drill::UnrefuseFlank
            },
            mp: REFUSE_MP,
        });
    }

    /// G18.5.3 A refused stack passed the check of its Reaction Formation Change: both its
    /// markers come off at once, for no MP.
    pub(crate) fn unrefuse_all(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let refused: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|&u| s.troop(u).refused != 0)
            .collect();
        for &u in &refused {
            s.troop_mut(u).refused = 0;
        }
        ev.push(Event::Drill {
            units: refused,
            drill: Drill::UnrefuseFlank,
            mp: 0,
        });
    }

    /// G18.5.3 Whether any unit of these is refusing a flank.
    #[must_use]
    pub fn any_refused(&self, s: &State, units: &[UnitId]) -> bool {
        units.iter().any(|&u| s.troop(u).refused != 0)
    }

    /// G18.5.3 The fire of a stack whose top unit `top` refuses a flank, from `from` at
    /// `target`: through a refused hexside at FS 1 (a modifier bringing `fs` to 1), through its
    /// other front a -1 FSM for each refused flank.
    #[must_use]
    pub fn refused_fire(
        &self,
        s: &State,
        top: UnitId,
        fs: u8,
        from: Cell,
        target: Cell,
    ) -> Option<Modifier> {
        let sides = self.refused_sides(s, top);
        if sides.is_empty() {
            return None;
        }
        if self.through_refused(&sides, from, target) {
            Some(Modifier {
                what: "through its refused flank: FS 1".into(),
                value: 1 - i16::from(fs),
                rule: "G18.5.3".into(),
            })
        } else {
            Some(Modifier {
                what: format!(
                    "{} refused flank{}",
                    sides.len(),
                    if sides.len() == 1 { "" } else { "s" }
                ),
                value: -(sides.len() as i16),
                rule: "G18.5.3".into(),
            })
        }
    }

    /// Whether the line of fire from `from` to `target` leaves through one of `sides`.
    fn through_refused(&self, sides: &[usize], from: Cell, target: Cell) -> bool {
        self.exit_dirs(from, target)
            .into_iter()
            .flatten()
            .any(|d| sides.contains(&(d.index() as usize)))
    }

    /// G18.5.3 Whether a stack whose top unit refuses a flank may make another fire attack, at
    /// `target`: one through its old front and one through each refused hexside (RULING,
    /// ge-rulings 120), so the second goes through the other one than the first.
    #[must_use]
    pub fn refused_may_fire_again(&self, s: &State, top: UnitId, target: Cell) -> bool {
        let t = s.troop(top);
        let sides = self.refused_sides(s, top);
        let (Some(first), Some(c)) = (t.fired_at, t.cell) else {
            return false;
        };
        !sides.is_empty()
            && t.fired == 1
            && self.through_refused(&sides, c, first) != self.through_refused(&sides, c, target)
    }
}
