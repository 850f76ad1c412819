//! 12.0 Administration: the steps A to E of every Administrative Phase.

use crate::DrumsMuskets;
use crate::data::{Kind, UnitId};
use crate::event::Event;
use crate::state::{Stage, State};

impl DrumsMuskets {
    /// 12.0 Steps A and B run at once; step C asks the phasing player to discard.
    pub(crate) fn administrative_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        // A. 8.0, 12.0: every revealed dummy, of either side, leaves the map.
        for i in 0..s.pieces.len() {
            let p = s.pieces[i];
            if self.data.units[i].kind == Kind::Dummy && !p.hidden && !p.gone && p.cell.is_some() {
                self.eliminate(
                    s,
                    UnitId(i as u8),
                    false,
                    "12.0 A revealed dummy removed",
                    ev,
                );
            }
        }
        // B. 11.2 Both sides' newly Demoralized corps.
        self.demoralization_check(s, ev);
        // C. 5.2 Discard any, then draw up to the Maximum Hand Size.
        if s.decks[s.phasing].hand.is_empty() {
            self.continue_draw(s, ev);
        } else {
            s.stage = Stage::Discard;
        }
    }

    /// 12.0 E: an Immediate Victory ends the game; else the Player Turn ends.
    pub(crate) fn admin_step_e(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(winner) = self.immediate_victory(s) {
            self.end_game(s, Some(winner), "immediate", ev);
            return;
        }
        self.end_player_turn(s, ev);
    }
}
