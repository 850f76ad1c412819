//! 16.3 Fires (Brigade Game): what a hex on fire does. A Howitzer Attack starts the fire
//! ([`crate::artillery`], G19.7.3); here are its effects. The units in a hex worsen a level
//! when the fire starts (a second fire in a burning hex changes nothing); the Fire Fighting
//! Phase gives the units in burning hexes a Morale Check, then rolls a d10 for each burning
//! hex (9: the fire goes out; 0: it spreads to an adjacent BUA hex picked at random); no unit
//! enters a burning hex of its own will, a forced retreat through one costs a level and may
//! not end there; and its smoke blocks every LOS through it ([`crate::los`]).
//!
//! RULING: the Fire Fighting Phase is played once a game turn, at the start of the End of
//! Turn Segment (ge-rulings 155).

use crate::GloryEmpire;
use crate::data::{Cell, UnitId};
use crate::event::Event;
use crate::state::{CheckKind, Stage, State};
use coupdoeil_engine::Side;

impl GloryEmpire {
    /// 16.3 Whether a Fire Marker stands in `c`.
    #[must_use]
    pub fn on_fire(&self, s: &State, c: Cell) -> bool {
        s.fires.binary_search(&c).is_ok()
    }

    /// The combat units of each side in `c`, top first (the side in the hex first).
    fn burning_stacks(&self, s: &State, c: Cell) -> Vec<Vec<UnitId>> {
        let st = s.stack(c);
        Side::ALL
            .into_iter()
            .map(|side| {
                st.iter()
                    .copied()
                    .filter(|&u| self.data.troops[u.ix()].side == side)
                    .collect::<Vec<UnitId>>()
            })
            .filter(|v| !v.is_empty())
            .collect()
    }

    /// G19.7.3 A Howitzer Attack's fire in `at`: a new Fire Marker, whose units worsen a level
    /// when the segment's results on the hex are applied (RULING: with them, counted as one
    /// more failed check of 12.3.1, so that the hex changes its Morale State once; ge-rulings
    /// 156). A fire in a burning hex has no further effect (16.3).
    pub(crate) fn kindle(&self, s: &mut State, at: Cell, ev: &mut Vec<Event>) {
        if let Err(i) = s.fires.binary_search(&at) {
            s.fires.insert(i, at);
            ev.push(Event::FireStarted { at });
            s.blaze.kindled.push(at);
        }
    }

    /// Whether the units in `at` still owe the level a fire started this segment costs them
    /// (taken once).
    pub(crate) fn take_kindled(&self, s: &mut State, at: Cell) -> bool {
        let before = s.blaze.kindled.len();
        s.blaze.kindled.retain(|&c| c != at);
        s.blaze.kindled.len() != before
    }

    /// 16.3 The Fire Fighting Phase begins, if any hex burns: every stack in a burning hex
    /// makes a Morale Check, then each burning hex gets its d10 (in `State::queue`). `false`:
    /// no fire, no phase.
    pub(crate) fn begin_fire_fighting(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if s.fires.is_empty() {
            return false;
        }
        s.stage = Stage::FireFighting;
        ev.push(Event::Phase {
            side: s.first,
            phase: "Fire Fighting Phase (16.3)".into(),
        });
        s.queue = s.fires.clone();
        // The first burning hex checks first: its frames go on the stack last.
        for &c in s.fires.clone().iter().rev() {
            for units in self.burning_stacks(s, c).into_iter().rev() {
                self.push_check(s, CheckKind::Fire, c, units, None);
            }
        }
        true
    }

    /// 16.3 The hexes a fire in `c` may spread to: the adjacent BUA hexes (RULING: not those
    /// already burning, which a spread would leave as they are; ge-rulings 157).
    #[must_use]
    pub fn spread_targets(&self, s: &State, c: Cell) -> Vec<Cell> {
        self.data
            .board
            .neighbors(c)
            .filter(|&n| self.data.terrain(n).bua && !self.on_fire(s, n))
            .collect()
    }

    /// 16.3 The die of the Fire Fighting Phase: the d10 of the next burning hex, or the pick of
    /// the hex a fire spreads to.
    pub(crate) fn fire_fight_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        if let Some((from, to)) = s.blaze.spreading.take() {
            if let Some(&at) = to.get(usize::from(v)).or(to.last()) {
                self.spread_fire(s, from, at, ev);
            }
            return;
        }
        if s.queue.is_empty() {
            return;
        }
        let c = s.queue.remove(0);
        ev.push(Event::FireFought { at: c, roll: v });
        match v {
            9 => s.fires.retain(|&x| x != c),
            0 => {
                let to = self.spread_targets(s, c);
                match to[..] {
                    [] => {}
                    [only] => self.spread_fire(s, c, only, ev),
                    _ => s.blaze.spreading = Some((c, to)),
                }
            }
            _ => {}
        }
    }

    /// 16.3 A fire spreads from `from` to `to`: its units worsen a level at once.
    fn spread_fire(&self, s: &mut State, from: Cell, to: Cell, ev: &mut Vec<Event>) {
        if let Err(i) = s.fires.binary_search(&to) {
            s.fires.insert(i, to);
            ev.push(Event::FireSpread { from, to });
            for units in self.burning_stacks(s, to) {
                self.worsen(s, &units, 1, false, ev);
            }
        }
    }
}
