//! 8.0 Hidden units and the Discovery Phase.

use crate::DrumsMuskets;
use crate::data::UnitId;
use crate::event::{Event, What};
use crate::state::State;

impl DrumsMuskets {
    /// Turns a hidden piece face up (8.0, 9.2.1).
    pub(crate) fn reveal(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        if s.pieces[u.ix()].hidden {
            s.pieces[u.ix()].hidden = false;
            ev.push(Event::public(What::Revealed { unit: u }));
        }
    }

    /// 8.0 Discovery Phase: every hidden piece of either side adjacent to an enemy piece (hidden
    /// or not) is revealed, all at once.
    pub(crate) fn discovery_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut found = Vec::new();
        for (i, p) in s.pieces.iter().enumerate() {
            let Some(c) = p.cell else { continue };
            if !p.hidden || p.gone {
                continue;
            }
            let side = self.data.units[i].side;
            let adjacent_enemy = self.data.board.cells[c.ix()].nbr.iter().flatten().any(|n| {
                s.at(*n)
                    .is_some_and(|o| self.data.units[o.ix()].side != side)
            });
            if adjacent_enemy {
                found.push(UnitId(i as u8));
            }
        }
        for u in found {
            self.reveal(s, u, ev);
        }
    }
}
