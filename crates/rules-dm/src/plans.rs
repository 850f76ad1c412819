//! Candidate plans for search: a unit's whole move as one choice. Every end position (hex and
//! facing) the unit can reach this phase is found by a search over its atomic movement actions;
//! the best few by the static evaluation are kept. Outside the Movement Phase a plan is one action.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::Cell;
use crate::state::{Stage, State};
use coupdoeil_engine::{Evaluate, Game, Plans};
use coupdoeil_hex::Facing;
use std::collections::BTreeMap;

/// End positions kept per unit.
const PER_UNIT: usize = 6;

impl DrumsMuskets {
    /// Every end position `(hex, facing)` of the unit now selected, with the shortest action
    /// sequence reaching it (ending the move). Explores the unit's own movement actions only.
    fn move_ends(&self, s: &State) -> BTreeMap<(Cell, Facing), Vec<Action>> {
        let mut ends: BTreeMap<(Cell, Facing), Vec<Action>> = BTreeMap::new();
        let mut frontier = vec![(s.clone(), Vec::new())];
        let mut seen = std::collections::BTreeSet::new();
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        while let Some((st, path)) = frontier.pop() {
            let Some(m) = st.mover else {
                continue;
            };
            if !st.move_key().is_some_and(|k| seen.insert(k)) {
                continue;
            }
            self.legal_actions(&st, &mut legal);
            for &a in &legal {
                let mut next = st.clone();
                self.apply_action_unchecked(&mut next, &a, &mut ev);
                ev.clear();
                let mut p = path.clone();
                p.push(a);
                if next.mover.is_none() || a == Action::EndMove {
                    let piece = next.piece(m.unit);
                    if let Some(c) = piece.cell {
                        let e = ends.entry((c, piece.facing)).or_insert_with(|| p.clone());
                        if p.len() < e.len() {
                            *e = p;
                        }
                    }
                } else {
                    frontier.push((next, p));
                }
            }
        }
        ends
    }
}

impl Plans for DrumsMuskets {
    fn plans(&self, s: &State, limit: usize, out: &mut Vec<Vec<Action>>) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        if s.stage != Stage::Movement || s.mover.is_some() {
            out.extend(legal.iter().map(|&a| vec![a]));
            return;
        }
        let side = s.phasing;
        let mut ev = Vec::new();
        for &a in &legal {
            match a {
                Action::Select(_) => {
                    let mut st = s.clone();
                    self.apply_action_unchecked(&mut st, &a, &mut ev);
                    ev.clear();
                    let mut scored: Vec<(i32, Vec<Action>)> = self
                        .move_ends(&st)
                        .into_values()
                        .map(|p| {
                            let mut t = st.clone();
                            for b in &p {
                                self.apply_action_unchecked(&mut t, b, &mut ev);
                            }
                            ev.clear();
                            let mut plan = vec![a];
                            plan.extend(p);
                            (self.evaluate(&t, side), plan)
                        })
                        .collect();
                    scored.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.1.cmp(&y.1)));
                    out.extend(scored.into_iter().take(PER_UNIT).map(|x| x.1));
                }
                other => out.push(vec![other]),
            }
        }
        if out.len() > limit.max(1) {
            // Keep the plans that are not unit moves (ending the phase, dummies) and the first
            // moves of each unit, in order.
            out.truncate(limit.max(1));
            if !out.iter().any(|p| p == &[Action::EndPhase]) {
                out.push(vec![Action::EndPhase]);
            }
        }
    }
}
