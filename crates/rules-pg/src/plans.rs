//! Candidate plans for search: a counter's whole move as one choice. Every end hex the counter can
//! reach this phase is found by a search over its own Step actions; the best few by the static
//! evaluation are kept. Outside the Movement Segment a plan is one action.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::Cell;
use crate::state::{Stage, State};
use coupdoeil_engine::{Evaluate, Game, Plans, ToAct};
use std::collections::{BTreeMap, BTreeSet};

/// End positions kept per counter.
const PER_COUNTER: usize = 5;
/// States explored per counter's move at most.
const EXPLORE: usize = 400;

impl PrussiasGlory {
    /// Every end hex of the counter now moving, with the shortest action sequence reaching it
    /// (its move ended), exploring its own Step actions only; a path stops where another side or
    /// a die would decide next.
    fn move_ends(&self, s: &State) -> BTreeMap<(Cell, bool), Vec<Action>> {
        let mut ends: BTreeMap<(Cell, bool), Vec<Action>> = BTreeMap::new();
        let side = s.phasing;
        let mut frontier = vec![(s.clone(), Vec::new())];
        let mut seen = BTreeSet::new();
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        let mut explored = 0;
        while let Some((st, path)) = frontier.pop() {
            explored += 1;
            if explored > EXPLORE {
                break;
            }
            let Some(m) = st.moving else { continue };
            if !st.move_key().is_some_and(|k| seen.insert(k)) {
                continue;
            }
            self.legal_actions(&st, &mut legal);
            for &a in &legal {
                let (to, below) = match a {
                    Action::Step { to, below } => (to, below),
                    Action::EndMove if !path.is_empty() => {
                        let cell = self.counter_cell(&st, m.counter);
                        if let Some(c) = cell {
                            let e = ends.entry((c, false)).or_insert_with(|| {
                                let mut p = path.clone();
                                p.push(a);
                                p
                            });
                            if path.len() + 1 < e.len() {
                                let mut p = path.clone();
                                p.push(a);
                                *e = p;
                            }
                        }
                        continue;
                    }
                    _ => continue,
                };
                let mut next = st.clone();
                self.apply_action_unchecked(&mut next, &a, &mut ev);
                ev.clear();
                let mut p = path.clone();
                p.push(a);
                let ours = self.to_act(&next) == ToAct::Side(side);
                if next.moving.is_none() || !ours {
                    let e = ends.entry((to, below)).or_insert_with(|| p.clone());
                    if p.len() < e.len() {
                        *e = p;
                    }
                } else {
                    frontier.push((next, p));
                }
            }
        }
        ends
    }
}

impl Plans for PrussiasGlory {
    fn plans(&self, s: &State, limit: usize, out: &mut Vec<Vec<Action>>) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        if s.stage != Stage::Movement || s.moving.is_some() || !s.pending.is_empty() {
            out.extend(legal.iter().map(|&a| vec![a]));
            return;
        }
        let side = s.phasing;
        let mut ev = Vec::new();
        for &a in &legal {
            match a {
                Action::Select(_) | Action::SelectLeader(_) => {
                    let mut st = s.clone();
                    self.apply_action_unchecked(&mut st, &a, &mut ev);
                    ev.clear();
                    if st.moving.is_none() {
                        out.push(vec![a]);
                        continue;
                    }
                    let mut scored: Vec<(i32, Vec<Action>)> = self
                        .move_ends(&st)
                        .into_values()
                        .map(|p| {
                            let mut t = st.clone();
                            for b in &p {
                                if self.to_act(&t) != ToAct::Side(side) {
                                    break;
                                }
                                self.apply_action_unchecked(&mut t, b, &mut ev);
                            }
                            ev.clear();
                            let mut plan = vec![a];
                            plan.extend(p);
                            (self.evaluate(&t, side), plan)
                        })
                        .collect();
                    scored.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.1.cmp(&y.1)));
                    out.extend(scored.into_iter().take(PER_COUNTER).map(|x| x.1));
                }
                other => out.push(vec![other]),
            }
        }
        if out.is_empty() {
            out.extend(legal.iter().map(|&a| vec![a]));
        }
        if out.len() > limit.max(1) {
            out.truncate(limit.max(1));
            if legal.contains(&Action::EndPhase) && !out.iter().any(|p| p == &[Action::EndPhase]) {
                out.push(vec![Action::EndPhase]);
            }
        }
    }
}
