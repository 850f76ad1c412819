//! Exclusive 3.0 Setting up: the opening hands, then hidden placement of every piece on its side's
//! set-up hexes (the Austrians first, their corps kept together north, centre and south), or the
//! historical deployment.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::UnitId;
use crate::event::{Event, What};
use crate::state::{Stage, State};
use coupdoeil_engine::Side;

impl DrumsMuskets {
    /// The side that sets up first: Leuthen's Second Player (the Austrians). RULING: for any
    /// scenario with free set-up, the Second Player sets up first, as at Leuthen.
    fn first_to_set_up(&self) -> Side {
        self.data.first.other()
    }

    /// After the opening draw: either the historical deployment at once, or hidden placement.
    pub(crate) fn begin_setup(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.data.historical_setup {
            for side in Side::ALL {
                let mut next_token = self.data.slots[side].len() as u8;
                for u in self.units_of(side).collect::<Vec<_>>() {
                    let Some((cell, facing)) = self.data.units[u.ix()].historical else {
                        continue;
                    };
                    let token = match self.data.slots[side].iter().position(|(c, _)| *c == cell) {
                        Some(i) => i as u8,
                        None => {
                            next_token += 1;
                            next_token - 1
                        }
                    };
                    s.pieces[u.ix()].facing = facing;
                    s.pieces[u.ix()].token = token;
                    s.put(u, Some(cell));
                }
                ev.push(Event::public(What::SetUp { side }));
            }
            self.begin_movement_phase(s, ev);
        } else {
            s.stage = Stage::Place(self.first_to_set_up());
        }
    }

    /// The next piece of `side` to place (pieces are placed in order-of-battle order; as all are
    /// hidden, the order tells the opponent nothing).
    fn next_to_place(&self, s: &State, side: Side) -> Option<UnitId> {
        self.units_of(side)
            .find(|u| s.piece(*u).cell.is_none() && !s.piece(*u).gone)
    }

    /// Exclusive 3.0: can the corps of `side` still all be deployed together (each corps wholly
    /// north of the next, in slot order), given `placed[slot]` = corps of the piece there (or
    /// `Some(None)` for a dummy)? Dummies may stand anywhere.
    fn grouping_possible(&self, side: Side, placed: &[Option<Option<u8>>]) -> bool {
        let corps: Vec<u8> = (0..self.data.corps.len() as u8)
            .filter(|&c| self.data.corps[usize::from(c)].side == side)
            .collect();
        let mut remaining = vec![0usize; self.data.corps.len()];
        for u in self.units_of(side) {
            if let Some(c) = self.data.units[u.ix()].corps {
                remaining[usize::from(c)] += 1;
            }
        }
        for c in placed.iter().flatten().flatten() {
            remaining[usize::from(*c)] -= 1;
        }
        let mut order = corps.clone();
        permutations(&mut order, 0, &mut |perm| {
            let mut cut = 0usize;
            for (k, &c) in perm.iter().enumerate() {
                // The smallest end of this corps' block: past its placed pieces and with room for
                // the rest of it; no piece of a later corps may stand before that end.
                let last_placed = placed
                    .iter()
                    .rposition(|p| *p == Some(Some(c)))
                    .map_or(0, |i| i + 1);
                let mut end = cut.max(last_placed);
                let mut free = placed[cut..end].iter().filter(|p| p.is_none()).count();
                while free < remaining[usize::from(c)] {
                    if end >= placed.len() {
                        return false;
                    }
                    if placed[end].is_none() {
                        free += 1;
                    }
                    end += 1;
                }
                let later = &perm[k + 1..];
                if placed[..end]
                    .iter()
                    .any(|p| matches!(p, Some(Some(x)) if later.contains(x)))
                {
                    return false;
                }
                if placed[..cut].contains(&Some(Some(c))) {
                    return false;
                }
                cut = end;
            }
            true
        })
    }

    /// Exclusive 3.0: the free set-up slots the next piece may take.
    pub(crate) fn placement_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let Some(u) = self.next_to_place(s, side) else {
            return;
        };
        let slots = &self.data.slots[side];
        let mut placed: Vec<Option<Option<u8>>> = slots
            .iter()
            .map(|(c, _)| s.at(*c).map(|o| self.data.units[o.ix()].corps))
            .collect();
        for (i, (c, _)) in slots.iter().enumerate() {
            if s.at(*c).is_some() {
                continue;
            }
            if self.data.grouped_setup[side] {
                placed[i] = Some(self.data.units[u.ix()].corps);
                let ok = self.grouping_possible(side, &placed);
                placed[i] = None;
                if !ok {
                    continue;
                }
            }
            out.push(Action::Place(i as u8));
        }
    }

    /// Exclusive 3.0: places the next piece, hidden, on a slot with the slot's facing.
    pub(crate) fn place(&self, s: &mut State, side: Side, slot: u8, ev: &mut Vec<Event>) {
        let Some(u) = self.next_to_place(s, side) else {
            return;
        };
        let Some(&(cell, facing)) = self.data.slots[side].get(usize::from(slot)) else {
            return;
        };
        s.pieces[u.ix()].facing = facing;
        s.pieces[u.ix()].token = slot;
        s.put(u, Some(cell));
        ev.push(Event::private(
            side,
            What::Placed {
                unit: u,
                cell,
                facing,
            },
        ));
        if self.next_to_place(s, side).is_none() {
            ev.push(Event::public(What::SetUp { side }));
            if side == self.first_to_set_up() {
                s.stage = Stage::Place(side.other());
            } else {
                self.begin_movement_phase(s, ev);
            }
        }
    }
}

/// Calls `f` on every permutation of `v[k..]` (with `v[..k]` fixed) until it returns true.
fn permutations(v: &mut [u8], k: usize, f: &mut impl FnMut(&[u8]) -> bool) -> bool {
    if k == v.len() {
        return f(v);
    }
    for i in k..v.len() {
        v.swap(k, i);
        if permutations(v, k + 1, f) {
            v.swap(k, i);
            return true;
        }
        v.swap(k, i);
    }
    false
}
