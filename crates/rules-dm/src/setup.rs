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
            self.settle_setup_corps(s, self.first_to_set_up());
        }
    }

    /// The next piece of `side` to place. Pieces are placed in order-of-battle order (as all are
    /// hidden, the order tells the opponent nothing). A side whose corps must be deployed
    /// together places its corps one at a time, in the order it chooses ([`Action::SetUpCorps`]),
    /// then its dummies (and any unit without a corps). `None` when it must choose a corps first,
    /// or has placed everything.
    pub(crate) fn next_to_place(&self, s: &State, side: Side) -> Option<UnitId> {
        let unplaced = |u: &UnitId| s.piece(*u).cell.is_none() && !s.piece(*u).gone;
        if !self.data.grouped_setup[side] {
            return self.units_of(side).find(unplaced);
        }
        if let Some(c) = s.setup_corps {
            return self
                .units_of(side)
                .filter(unplaced)
                .find(|u| self.data.units[u.ix()].corps == Some(c));
        }
        if self.corps_to_set_up(s, side).next().is_some() {
            return None;
        }
        self.units_of(side).find(unplaced)
    }

    /// The corps of `side` none of whose units is placed yet (those with units to place).
    fn corps_to_set_up<'a>(&'a self, s: &'a State, side: Side) -> impl Iterator<Item = u8> + 'a {
        (0..self.data.corps.len())
            .filter(move |&c| self.data.corps[c].side == side)
            .map(|c| c as u8)
            .filter(move |&c| {
                let mut units = self
                    .units_of(side)
                    .filter(|u| self.data.units[u.ix()].corps == Some(c));
                let mut any = false;
                let none_placed = units.all(|u| {
                    any = true;
                    s.piece(u).cell.is_none() && !s.piece(u).gone
                });
                any && none_placed
            })
    }

    /// Exclusive 3.0 for a side whose corps are deployed together: the slots the next unit, of
    /// the corps being set up, may take. RULING: the corps are set up from north to south
    /// in the order the player chooses, so every unit goes south of the units of the corps set up
    /// before (in the slot order of the data), and enough free slots must be left south of this
    /// corps for the units of the corps still to come. Dummies, placed last, go anywhere.
    /// Quadratic in the number of slots at worst, whatever the number of corps.
    fn grouped_slots(&self, s: &State, side: Side, corps: u8) -> Vec<usize> {
        let slots = &self.data.slots[side];
        let occupant_corps = |i: usize| s.at(slots[i].0).map(|o| self.data.units[o.ix()].corps);
        // The last slot taken by a unit of another corps (those were all set up before).
        let before = (0..slots.len())
            .rev()
            .find(|&i| matches!(occupant_corps(i), Some(Some(c)) if c != corps));
        let start = before.map_or(0, |b| b + 1);
        let mut ok = Vec::new();
        let left_here = self
            .units_of(side)
            .filter(|u| {
                self.data.units[u.ix()].corps == Some(corps)
                    && s.piece(*u).cell.is_none()
                    && !s.piece(*u).gone
            })
            .count()
            - 1;
        let later: usize = self
            .corps_to_set_up(s, side)
            .filter(|&c| c != corps)
            .map(|c| {
                self.units_of(side)
                    .filter(|u| self.data.units[u.ix()].corps == Some(c))
                    .count()
            })
            .sum();
        let placed_end = (start..slots.len())
            .filter(|&i| occupant_corps(i) == Some(Some(corps)))
            .max()
            .unwrap_or(0);
        for slot in (start..slots.len()).filter(|&i| s.at(slots[i].0).is_none()) {
            // The rest of this corps takes the first free slots after `start`; the corps still
            // to come need as many free slots south of where this corps ends.
            let mut end = placed_end.max(slot);
            let free = |i: &usize| *i != slot && s.at(slots[*i].0).is_none();
            let mut need = left_here;
            for i in (start..slots.len()).filter(free) {
                if need == 0 {
                    break;
                }
                need -= 1;
                end = end.max(i);
            }
            if need == 0 && (end + 1..slots.len()).filter(free).count() >= later {
                ok.push(slot);
            }
        }
        ok
    }

    /// Exclusive 3.0: the free set-up slots the next piece may take, or the corps the side may
    /// set up next.
    pub(crate) fn placement_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let Some(u) = self.next_to_place(s, side) else {
            if self.data.grouped_setup[side] && s.setup_corps.is_none() {
                out.extend(self.corps_to_set_up(s, side).map(Action::SetUpCorps));
            }
            return;
        };
        let slots = &self.data.slots[side];
        match self.data.units[u.ix()].corps {
            Some(corps) if self.data.grouped_setup[side] => {
                out.extend(
                    self.grouped_slots(s, side, corps)
                        .into_iter()
                        .map(|i| Action::Place(i as u8)),
                );
            }
            _ => out.extend(
                (0..slots.len())
                    .filter(|&i| s.at(slots[i].0).is_none())
                    .map(|i| Action::Place(i as u8)),
            ),
        }
    }

    /// Exclusive 3.0: the side chooses the corps it sets up next (north of those still to come).
    pub(crate) fn choose_setup_corps(&self, s: &mut State, corps: u8) {
        s.setup_corps = Some(corps);
    }

    /// When a side must choose its next corps and only one is left, that one follows at once.
    fn settle_setup_corps(&self, s: &mut State, side: Side) {
        if !self.data.grouped_setup[side] || s.setup_corps.is_some() {
            return;
        }
        let left: Vec<u8> = self.corps_to_set_up(s, side).collect();
        if let [c] = left[..] {
            s.setup_corps = Some(c);
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
        if s.setup_corps.is_some() && self.next_to_place(s, side).is_none() {
            s.setup_corps = None; // this corps is all set up
            self.settle_setup_corps(s, side);
        }
        ev.push(Event::private(
            side,
            What::Placed {
                unit: u,
                cell,
                facing,
            },
        ));
        let all_placed = self
            .units_of(side)
            .all(|u| s.piece(u).cell.is_some() || s.piece(u).gone);
        if all_placed {
            ev.push(Event::public(What::SetUp { side }));
            if side == self.first_to_set_up() {
                s.stage = Stage::Place(side.other());
                self.settle_setup_corps(s, side.other());
            } else {
                self.begin_movement_phase(s, ev);
            }
        }
    }
}
