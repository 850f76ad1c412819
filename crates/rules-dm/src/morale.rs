//! 9.5.2 Morale Tests, 10.0 Rout, Rally and Shaken, 11.0 Corps Morale and Demoralization.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{Kind, UnitId};
use crate::event::{Event, What};
use crate::state::{Stage, State, Status};

impl DrumsMuskets {
    /// 9.5.2 The adjusted Morale Rating of a unit for a test with this result penalty: printed
    /// rating, -1 if Shaken (10.3), the terrain of its hex, the cavalry bonus when only infantry
    /// attacked it (designer's notes), minus the penalty.
    #[must_use]
    pub fn morale_rating(&self, s: &State, u: UnitId, penalty: u8) -> i32 {
        let def = &self.data.units[u.ix()];
        let p = s.piece(u);
        let mut r = i32::from(def.morale) - i32::from(penalty);
        if p.status == Status::Shaken {
            r -= 1;
        }
        if let Some(c) = p.cell {
            r += i32::from(
                self.data.charts.terrain[usize::from(self.data.board.cells[c.ix()].terrain)].morale,
            );
        }
        // RULING: the designer's notes give cavalry "faced by infantry" a morale bonus: here, a
        // cavalry defender whose attackers were all infantry.
        if def.kind == Kind::Cavalry
            && let Some(res) = &s.resolution
        {
            let a = &s.attacks[usize::from(res.attack)];
            if a.defender == u && res.infantry_only {
                r += i32::from(self.data.charts.morale.cavalry_vs_infantry);
            }
        }
        r
    }

    /// 9.5.2 The Morale Test's die: at or under the adjusted rating passes; over it, the unit routs.
    pub(crate) fn morale_die(&self, s: &mut State, face: u8, ev: &mut Vec<Event>) {
        let Some(t) = s.test else { return };
        let rating = self.morale_rating(s, t.unit, t.penalty) + i32::from(t.card);
        let passed = i32::from(face) <= rating;
        ev.push(Event::public(What::MoraleTested {
            unit: t.unit,
            rating,
            die: face,
            passed,
            rally: false,
        }));
        s.test = None;
        if passed {
            self.unit_done(s, ev);
        } else {
            self.rout(s, t.unit, ev);
        }
    }

    /// 11.1 A non-dummy unit routed or eliminated costs its corps one Morale point, unless the
    /// corps is already Demoralized (11.2: it ignores all effects on its morale).
    pub(crate) fn corps_loss(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let Some(c) = self.data.units[u.ix()].corps else {
            return;
        };
        let c = usize::from(c);
        if s.demoralized[c] {
            return;
        }
        s.corps_morale[c] = (s.corps_morale[c] - 1).max(0);
        ev.push(Event::public(What::CorpsMorale {
            corps: c as u8,
            morale: s.corps_morale[c],
        }));
    }

    /// 11.2 Every corps whose marker is in the Demoralized box becomes Demoralized: its Routed and
    /// Shaken units are eliminated, its Steady units become Shaken, and every other undemoralized
    /// corps of its army loses a point, which may demoralize it in turn (the cascade).
    pub(crate) fn demoralization_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        loop {
            let Some(c) =
                (0..s.corps_morale.len()).find(|&c| !s.demoralized[c] && s.corps_morale[c] <= 0)
            else {
                return;
            };
            s.demoralized[c] = true;
            s.corps_morale[c] = 0;
            ev.push(Event::public(What::Demoralized { corps: c as u8 }));
            let side = self.data.corps[c].side;
            for i in 0..s.pieces.len() {
                let u = UnitId(i as u8);
                if self.data.units[i].corps != Some(c as u8)
                    || s.pieces[i].gone
                    || s.pieces[i].cell.is_none()
                {
                    continue;
                }
                match s.pieces[i].status {
                    Status::Routed | Status::Shaken => {
                        self.eliminate(s, u, false, "11.2 its corps is Demoralized", ev);
                    }
                    Status::Steady => {
                        s.pieces[i].status = Status::Shaken;
                        // 8.0 A hidden unit stays hidden: only its owner learns that this piece
                        // is Shaken (the other side knows only that the corps is Demoralized).
                        if s.pieces[i].hidden {
                            ev.push(Event::private(side, What::Shaken { unit: u }));
                        } else {
                            ev.push(Event::public(What::Shaken { unit: u }));
                        }
                    }
                }
            }
            for other in 0..s.corps_morale.len() {
                if other != c && !s.demoralized[other] && self.data.corps[other].side == side {
                    s.corps_morale[other] = (s.corps_morale[other] - 1).max(0);
                    ev.push(Event::public(What::CorpsMorale {
                        corps: other as u8,
                        morale: s.corps_morale[other],
                    }));
                }
            }
        }
    }

    fn routed_units(&self, s: &State) -> Vec<UnitId> {
        self.units_of(s.phasing)
            .filter(|u| {
                let p = s.piece(*u);
                !p.gone && p.cell.is_some() && p.status == Status::Routed
            })
            .collect()
    }

    /// 12.0 D / 10.2 Rally: the window for rally cards, then one Routed unit rallies at once.
    pub(crate) fn admin_step_d(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.rally_bonus = 0;
        if self.routed_units(s).is_empty() {
            self.admin_step_e(s, ev);
        } else {
            self.open_window(s, Stage::RallyCard, ev);
        }
    }

    /// After the rally window: choose the unit that rallies automatically (forced when only one).
    pub(crate) fn rally_after_window(&self, s: &mut State, ev: &mut Vec<Event>) {
        let routed = self.routed_units(s);
        match routed.len() {
            0 => self.admin_step_e(s, ev),
            1 => self.rally_choose(s, routed[0], ev),
            _ => s.stage = Stage::RallyChoose,
        }
    }

    /// 10.2 The Routed units that may rally automatically.
    pub(crate) fn rally_choose_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.extend(self.routed_units(s).into_iter().map(Action::Rally));
    }

    /// 10.2 The chosen unit turns Shaken; the others take Rally Tests.
    pub(crate) fn rally_choose(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        s.pieces[u.ix()].status = Status::Shaken;
        ev.push(Event::public(What::Shaken { unit: u }));
        let mut rest = self.routed_units(s);
        rest.reverse();
        s.rally_queue = rest;
        self.next_rally(s, ev);
    }

    fn next_rally(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.rally_queue.is_empty() {
            self.admin_step_e(s, ev);
        } else {
            s.stage = Stage::RallyDie;
        }
    }

    /// 10.2 A Rally Test: a Morale Test at -2 (with rally cards); success turns Routed to Shaken.
    pub(crate) fn rally_die(&self, s: &mut State, face: u8, ev: &mut Vec<Event>) {
        let Some(u) = s.rally_queue.pop() else { return };
        // RULING: "conducted like a Morale Test": the terrain of the unit's hex counts too.
        let rating = self.morale_rating(s, u, 0)
            + i32::from(self.data.charts.morale.rally)
            + i32::from(s.rally_bonus);
        let passed = i32::from(face) <= rating;
        ev.push(Event::public(What::MoraleTested {
            unit: u,
            rating,
            die: face,
            passed,
            rally: true,
        }));
        if passed {
            s.pieces[u.ix()].status = Status::Shaken;
            ev.push(Event::public(What::Shaken { unit: u }));
        }
        self.next_rally(s, ev);
    }
}
