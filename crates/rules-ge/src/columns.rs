//! G18.2 The Brigade Game's close-order columns and G18.4 the Closed Square. A unit in
//! [`Formation::Column`] may be in a Close Column (G18.2.1), a Column of Attack (G18.2.2) or a
//! Division Mass (G18.2.4), its [`ColumnKind`] kept on its counter; every Column rule applies to
//! them but for what this module changes: how they are formed and left, what a turn costs
//! ([`GloryEmpire::face_cost`]), the Division Mass's Fire Strength and their target FSM. A
//! Closed Square is a [`Formation::Square`] that remembers its column: it is formed and left
//! for nothing and without a Disorder Check, keeps the stack's facing, and does not move.
//! The ordinary Column is the Battalion Game's, at half or quarter distance (G18.2). The Open
//! Column (G18.2.3) is a kind of Column too: formed from the ordinary Column, or from Line by a
//! Quarter-Wheel (G18.3), by a stack within its SP limit, and wheeled back into Line.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, ColumnKind, Formation, UnitId};
use crate::event::Event;
use crate::state::{FormProc, Frame, Moving, State, Trigger};

/// G18.2.4 The Fire Chart column a Division Mass fires from, before its FSM.
pub const DIVISION_MASS_FS: u8 = 2;

/// G18.2.3, G18.3 The MP of a Quarter-Wheel between Line and Open Column.
pub const QUARTER_WHEEL_MP: u8 = 1;

/// G18.2.3 The most SP a stack of more than one unit may have to form an Open Column (three
/// ranks; the optional two-rank limit of G18.5.2 is not played).
pub const OPEN_COLUMN_SP: u32 = 7;

/// G18.3 The facing steps (of 30 degrees) of a Quarter-Wheel: a quarter of a turn.
pub const QUARTER_WHEEL_STEPS: i32 = 3;

impl GloryEmpire {
    /// G18.2 The kind of close-order column a unit is in, if any.
    #[must_use]
    pub fn column_kind(&self, s: &State, u: UnitId) -> Option<ColumnKind> {
        let t = s.troop(u);
        if t.formation == Formation::Column {
            t.column
        } else {
            None
        }
    }

    /// G18.4 Whether a unit is in a Closed Square.
    #[must_use]
    pub fn closed_square(&self, s: &State, u: UnitId) -> bool {
        let t = s.troop(u);
        t.formation == Formation::Square && t.column.is_some()
    }

    /// G18.2 For a unit in a close-order column, what an ordinary formation change into `to`
    /// costs instead of the chart's: `None`, the chart as for a Column; `Some(None)`, not at
    /// all; `Some(Some(mp))`. A Column of Attack or a Division Mass changes into Line only
    /// (G18.2.2, G18.2.4; into a Closed Square by [`GloryEmpire::column_options`]); a Close
    /// Column into Line (RULING, ge-rulings 115: only before it has entered a hex this move,
    /// as it must halt to deploy) or into the ordinary Column at the column chart's cost, into
    /// anything else as a Column does. A Closed Square changes only back into its column.
    #[must_use]
    pub fn column_change(
        &self,
        s: &State,
        u: UnitId,
        to: Formation,
        m: &Moving,
    ) -> Option<Option<u8>> {
        if !self.brigade() {
            return None;
        }
        if self.closed_square(s, u) {
            return Some(None);
        }
        let k = self.column_kind(s, u)?;
        let chart = self.data.charts.columns.as_ref()?;
        Some(match (k, to) {
            (ColumnKind::Open, Formation::Column) => Some(chart.open_to_column),
            (ColumnKind::Open, _) => return None,
            (ColumnKind::Close, Formation::Line) => (m.hexes == 0).then_some(chart.to_line[k.ix()]),
            (_, Formation::Line) => Some(chart.to_line[k.ix()]),
            (ColumnKind::Close, Formation::Column) => Some(chart.close_to_column),
            (ColumnKind::Close, _) => return None,
            _ => None,
        })
    }

    /// G18.2, G18.4 The column changes open to the moving group, with their MP: from Line into
    /// any of the three columns, from the ordinary Column into a Close Column (G18.2.2, G18.2.4:
    /// the Column of Attack and the Division Mass are formed from Line only); from any of them
    /// into a Closed Square, and back, for nothing. RULING (ge-rulings 115): every unit of the
    /// group must be infantry in the Normal state (8.3, 8.4) in the same formation, not prone;
    /// and the Close Column and Division Mass are infantry's only, as the Column of Attack is.
    #[must_use]
    pub fn column_options(&self, s: &State) -> Vec<(Action, u8)> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if !self.brigade() || m.leader.is_some() || m.stop || m.units.is_empty() {
            return out;
        }
        let Some(chart) = self.data.charts.columns.as_ref() else {
            return out;
        };
        let first = s.troop(m.units[0]);
        let ok = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Infantry
                && t.morale == crate::state::Morale::Normal
                && !t.prone
                && t.refused == 0
                && t.formation == first.formation
                && t.column == first.column
        });
        if !ok {
            return out;
        }
        let kind = self.data.troops[m.units[0].ix()].kind;
        let on_road = self.data.board.on_road(m.at);
        let column_ok = self.formation_allowed(kind, Formation::Column, m.at, on_road);
        let open_ok = self.may_form_open_column(s, m.at);
        let wheels = [
            (Action::QuarterWheel { right: false }, QUARTER_WHEEL_MP),
            (Action::QuarterWheel { right: true }, QUARTER_WHEEL_MP),
        ];
        match (first.formation, first.column) {
            (Formation::Line, _) if column_ok => {
                for k in ColumnKind::CLOSE_ORDER {
                    out.push((Action::FormColumn(k), chart.line_to[k.ix()]));
                }
                if open_ok {
                    out.extend(wheels);
                }
            }
            (Formation::Column, None) => {
                out.push((Action::FormColumn(ColumnKind::Close), chart.column_to_close));
                if open_ok {
                    out.push((Action::FormColumn(ColumnKind::Open), chart.column_to_open));
                }
            }
            (Formation::Column, Some(ColumnKind::Open))
                if self.formation_allowed(kind, Formation::Line, m.at, on_road) =>
            {
                out.extend(wheels);
            }
            (Formation::Column, Some(ColumnKind::Open)) => {}
            // RULING (ge-rulings 145): not again in the hex where the group left one, else
            // the free change in and out would loop for ever.
            (Formation::Column, Some(_))
                if self.formation_allowed(kind, Formation::Square, m.at, on_road)
                    && m.squared_at != Some(m.at) =>
            {
                out.push((Action::ClosedSquare, 0));
            }
            // RULING: a Closed Square formed in this move stays until its end (ge-rulings 128)
            (Formation::Square, Some(k)) if !m.acted => out.push((Action::FormColumn(k), 0)),
            _ => {}
        }
        let cost_now = if m.entering { 0 } else { 1 };
        let limit = self.move_limit(s, &m.units, m);
        // G17.3 A GTF's Directing Unit turns only in an evolution (ge-rulings 154).
        let locked = self.front_locked(s, &m.units);
        out.into_iter()
            .filter(|(a, _)| !(locked && matches!(a, Action::QuarterWheel { .. })))
            .map(|(a, c)| (a, c * cost_now))
            .filter(|&(_, c)| c == 0 || m.spent.saturating_add(c) <= limit)
            .collect()
    }

    /// G18.2, G18.4 The moving group starts a column change (the reactions to a formation
    /// change first, 14.2.3, 14.4.1).
    pub(crate) fn start_column_change(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(cost) = self
            .column_options(s)
            .into_iter()
            .find(|x| x.0 == a)
            .map(|x| x.1)
        else {
            return;
        };
        let Some(m) = s.moving.as_ref() else { return };
        let lead = s.troop(m.units[0]);
        let (to, column, facing) = match a {
            Action::FormColumn(k) => (Formation::Column, Some(k), None),
            Action::ClosedSquare => (Formation::Square, lead.column, None),
            Action::QuarterWheel { right } => {
                let turned = lead.facing.rotate(if right {
                    QUARTER_WHEEL_STEPS
                } else {
                    -QUARTER_WHEEL_STEPS
                });
                if lead.formation == Formation::Line {
                    (Formation::Column, Some(ColumnKind::Open), Some(turned))
                } else {
                    (Formation::Line, None, Some(turned))
                }
            }
            _ => return,
        };
        // G17.4.3 A Quarter-Wheel the wrong way for the GTF's order inverts the sub-units.
        let inverts = match a {
            Action::QuarterWheel { right } => self.wheel_inverts(s, &m.units, right),
            _ => false,
        };
        if inverts {
            let units = m.units.clone();
            for &u in &units {
                if self.data.troops[u.ix()].arm() != crate::data::Arm::Artillery {
                    s.troop_mut(u).inverted = true;
                }
            }
            ev.push(Event::Drill {
                units,
                drill: crate::event::Drill::WheelInverted,
                mp: 0,
            });
        }
        let Some(m) = s.moving.as_ref() else { return };
        let lead = s.troop(m.units[0]);
        let leaving_square = lead.formation == Formation::Square;
        let trig = Trigger::Form { at: m.at };
        if leaving_square && let Some(m) = s.moving.as_mut() {
            m.squared_at = Some(m.at);
        }
        if self.any_reactor(s, trig) {
            s.pending.push(Frame::Form(FormProc {
                to,
                cost,
                offered: false,
                column,
                facing,
            }));
        } else {
            self.apply_form(s, to, column, facing, cost, ev);
        }
    }

    /// G18.2.3, G18.3 Whether the units in `at` may form an Open Column (by a formation change
    /// or a Quarter-Wheel): a single unit always, a stack of more only with at most
    /// [`OPEN_COLUMN_SP`]. RULING (ge-rulings 117): every unit in the hex counts, and the limit
    /// holds only when the column forms.
    #[must_use]
    pub fn may_form_open_column(&self, s: &State, at: crate::data::Cell) -> bool {
        let st = s.stack(at);
        // G18.5.2 Rank and File, when in play, sets the limit by the stack's ranks.
        let limit = self.ranks_limit(&st).map_or(OPEN_COLUMN_SP, u32::from);
        st.len() <= 1
            || st
                .iter()
                .map(|&u| u32::from(self.data.troops[u.ix()].at(s.troop(u).steps).sp))
                .sum::<u32>()
                <= limit
    }
}
