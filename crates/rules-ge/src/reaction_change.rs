//! G21.1 The Brigade Game's Reaction Formation Change: any combat unit, not only infantry
//! forming Square, may react with one change of facing, formation, flank, skirmishers or
//! stacking order, after passing the same Disorder Check as the Battalion Game's (B14.3). The
//! changes are those a stack could make in its own move, each for no MP: this module asks the
//! movement rules what the stack could do if it were moving, and does it the same way.

use crate::GloryEmpire;
use crate::action::{Action, ReactChange};
use crate::data::{Arm, Cell, ColumnKind, Formation};
use crate::event::Event;
use crate::state::{CheckKind, Frame, Morale, MoveDisorder, Moving, State, Window};

impl GloryEmpire {
    /// The stack in `c` as a moving group that has done nothing yet (the rules of its own move
    /// tell what it may do in place).
    fn standing_group(s: &State, c: Cell) -> Moving {
        Moving {
            units: s.stack(c),
            leader: None,
            at: c,
            spent: 0,
            hexes: 0,
            stop: false,
            acted: false,
            entering: false,
            halted: false,
            faced: false,
            skirmished: false,
            disorder: MoveDisorder::default(),
            squared_at: None,
        }
    }

    /// G21.1 The Reaction Formation Changes open to the stack in `c` (besides the Square of
    /// B14.3, offered as before): every unit in the Normal state (RULING: B14.3.2 still
    /// holds, ge-rulings 173), no Refused Flank marker (G18.5.3: such a stack may only remove
    /// it, the Square reaction's check doing so, ge-rulings 120); and then what its own move
    /// would allow it where it stands, for no MP: turning one hexside or vertex either way
    /// (one or two facing steps), a Line's about-face, any formation change the terrain allows
    /// but Square (a Quarter-Wheel, a column, limbering or unlimbering included), refusing a
    /// flank, deploying skirmishers and putting another unit on top. A prone stack is judged
    /// standing (it stands up as it attempts a reaction, G18.6.2).
    #[must_use]
    pub fn react_changes(&self, s: &State, c: Cell) -> Vec<ReactChange> {
        let st = s.stack(c);
        if !self.brigade()
            || st.is_empty()
            || st.iter().any(|&u| {
                let t = s.troop(u);
                t.morale != Morale::Normal || t.refused != 0
            })
        {
            return Vec::new();
        }
        let mut t = s.clone();
        for &u in &st {
            t.troop_mut(u).prone = false;
        }
        t.moving = Some(Self::standing_group(&t, c));
        t.pending.clear();
        let mut acts = Vec::new();
        self.movement_actions(&t, &mut acts);
        let lead = st
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .or(st.first())
            .map(|&u| s.troop(u));
        let Some(lead) = lead else {
            return Vec::new();
        };
        let mut out: Vec<ReactChange> = acts
            .into_iter()
            .filter_map(from_move_action)
            .filter(|&ch| match ch {
                ReactChange::Face(x) => {
                    let turn = lead.facing.steps_to(x);
                    turn <= 2 || turn == 6 && lead.formation == Formation::Line
                }
                ReactChange::Form(f) => f != Formation::Square,
                ReactChange::Skirmish(n) => n > lead_skirmishers(s, &st),
                _ => true,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// G21.1 The stack in `c` declares the Reaction Formation Change `change` in the window
    /// `w`: its Disorder Check, with the Battalion Game's DRMs (B14.3.3).
    pub(crate) fn start_react_change(
        &self,
        s: &mut State,
        w: &Window,
        c: Cell,
        change: ReactChange,
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::Reaction {
            side: w.side,
            what: "Reaction Formation Change (G21.1)".into(),
            from: c,
        });
        let drms = self.formation_change_drms(s, w, c);
        let st = s.stack(c);
        self.push_check(s, CheckKind::Square, c, st, None);
        if let Some(Frame::Check(ck)) = s.pending.last_mut() {
            ck.modifiers = drms;
            ck.change = Some(change);
        }
    }

    /// G21.1 A passed check: the stack in `c` makes its change as its own move would, for no
    /// MP and with no check of its own (RULING, ge-rulings 173: no Recall Skirmishers Check, no
    /// Disorder Check, no reactions to it).
    pub(crate) fn apply_react_change(
        &self,
        s: &mut State,
        c: Cell,
        change: ReactChange,
        ev: &mut Vec<Event>,
    ) {
        if s.stack(c).is_empty() {
            return;
        }
        let saved = s.moving.take();
        s.moving = Some(Self::standing_group(s, c));
        match change {
            ReactChange::Face(x) => self.react_face(s, c, x, ev),
            ReactChange::Form(f) => self.apply_form(s, f, None, None, 0, ev),
            ReactChange::FormColumn(k) => {
                self.apply_form(s, Formation::Column, Some(k), None, 0, ev);
            }
            ReactChange::ClosedSquare => {
                let column = s.troop(s.stack(c)[0]).column;
                self.apply_form(s, Formation::Square, column, None, 0, ev);
            }
            ReactChange::QuarterWheel { right } => {
                let lead = s.troop(s.stack(c)[0]);
                let turned = lead.facing.rotate(if right {
                    crate::columns::QUARTER_WHEEL_STEPS
                } else {
                    -crate::columns::QUARTER_WHEEL_STEPS
                });
                let (to, column) = if lead.formation == Formation::Line {
                    (Formation::Column, Some(ColumnKind::Open))
                } else {
                    (Formation::Line, None)
                };
                self.apply_form(s, to, column, Some(turned), 0, ev);
            }
            ReactChange::Refuse { right } => {
                let units = s.stack(c);
                for &u in &units {
                    s.troop_mut(u).refused ^= crate::refused::bit(right);
                }
                ev.push(Event::Drill {
                    units,
                    drill: crate::event::Drill::RefuseFlank,
                    mp: 0,
                });
            }
            ReactChange::Skirmish(n) => {
                let u = s.stack(c)[0];
                s.troop_mut(u).skirmishers = n;
                ev.push(Event::Skirmishers { unit: u, sp: n });
            }
            ReactChange::Top(u) => {
                let p = s.top_pos();
                s.troop_mut(u).pos = p;
                ev.push(Event::Reordered { unit: u });
            }
        }
        s.moving = saved;
    }
}

impl GloryEmpire {
    /// G21.1 The stack in `c` turns to `x` for no MP: its units but artillery stacked with
    /// other arms (ruling 102); G18.1.2 a Line's about-face inverts its sub-units, or puts
    /// them back in order.
    fn react_face(&self, s: &mut State, c: Cell, x: coupdoeil_hex::Facing, ev: &mut Vec<Event>) {
        let st = s.stack(c);
        let all_guns = st
            .iter()
            .all(|&u| self.data.troops[u.ix()].arm() == Arm::Artillery);
        let units: Vec<crate::data::UnitId> = st
            .iter()
            .copied()
            .filter(|&u| all_guns || self.data.troops[u.ix()].arm() != Arm::Artillery)
            .filter(|&u| crate::formation::facing_ok(s.troop(u).formation, x))
            .collect();
        let Some(&lead) = units.first() else { return };
        let about = self.is_about_face(s.troop(lead).formation, s.troop(lead).facing, x);
        for &u in &units {
            s.troop_mut(u).facing = x;
        }
        ev.push(Event::Faced {
            units: units.clone(),
            facing: x,
        });
        if about {
            let lines: Vec<crate::data::UnitId> = units
                .into_iter()
                .filter(|&u| s.troop(u).formation == Formation::Line)
                .collect();
            let back = lines.iter().all(|&u| s.troop(u).inverted);
            for &u in &lines {
                s.troop_mut(u).inverted = !back;
            }
            ev.push(Event::Drill {
                units: lines,
                drill: if back {
                    crate::event::Drill::AboutFaceBack
                } else {
                    crate::event::Drill::AboutFace
                },
                mp: 0,
            });
        }
    }
}

/// The skirmishers the top unit of `st` has out.
fn lead_skirmishers(s: &State, st: &[crate::data::UnitId]) -> u8 {
    st.first().map_or(0, |&u| s.troop(u).skirmishers)
}

/// The action of a moving group that makes the same change (for notation).
#[must_use]
pub fn as_move_action(c: ReactChange) -> Action {
    match c {
        ReactChange::Face(x) => Action::Face(x),
        ReactChange::Form(f) => Action::Form(f),
        ReactChange::FormColumn(k) => Action::FormColumn(k),
        ReactChange::ClosedSquare => Action::ClosedSquare,
        ReactChange::QuarterWheel { right } => Action::QuarterWheel { right },
        ReactChange::Refuse { right } => Action::RefuseFlank { right },
        ReactChange::Skirmish(n) => Action::Skirmish(n),
        ReactChange::Top(u) => Action::Top(u),
    }
}

/// The change a moving group's action makes, if a Reaction Formation Change may make it.
#[must_use]
pub fn from_move_action(a: Action) -> Option<ReactChange> {
    Some(match a {
        Action::Face(x) => ReactChange::Face(x),
        Action::Form(f) => ReactChange::Form(f),
        Action::FormColumn(k) => ReactChange::FormColumn(k),
        Action::ClosedSquare => ReactChange::ClosedSquare,
        Action::QuarterWheel { right } => ReactChange::QuarterWheel { right },
        Action::RefuseFlank { right } => ReactChange::Refuse { right },
        Action::Skirmish(n) => ReactChange::Skirmish(n),
        Action::Top(u) => ReactChange::Top(u),
        _ => return None,
    })
}
