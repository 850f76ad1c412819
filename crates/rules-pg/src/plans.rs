//! Candidate plans for search: a counter's whole move as one choice. Every end hex the counter can
//! reach this phase is found by a search over its own Step actions; the best few by the static
//! evaluation are kept. Outside the Movement Segment a plan is one action.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, Counter};
use crate::heuristic::Context;
use crate::state::{Stage, State};
use coupdoeil_engine::{Game, Plans};
use std::collections::BTreeMap;

/// End positions kept per counter.
const PER_COUNTER: usize = 5;
/// Nodes of a counter's move search at most.
const EXPLORE: usize = 2000;

/// A node of a counter's move search: where it is, whether it was placed at the bottom there,
/// MP left, hexes entered, whether it had to stop, and the step that led there.
#[derive(Clone, Copy)]
struct Node {
    cell: Cell,
    below: bool,
    mp: u8,
    hexes: u8,
    stop: bool,
    parent: usize,
    step: Action,
}

impl PrussiasGlory {
    /// Every end hex of the counter selected in `s` with the actions that reach it (its move
    /// ended): a search over its own steps, from the most MP left, with every other counter where
    /// it stands. Interruptions (a CdOA, a forced deployment) are not foreseen: a plan they break
    /// is checked as it is played.
    fn move_ends(&self, s: &State) -> Vec<(Cell, Vec<Action>)> {
        let Some(m) = s.moving else {
            return Vec::new();
        };
        let (unit, start) = match m.counter {
            Counter::Unit(u) => (Some(u), s.troop(u).cell),
            Counter::Leader(l) => (None, s.leader(l).cell),
        };
        let Some(start) = start else {
            return Vec::new();
        };
        let occ = self.occ(s, unit);
        let mut nodes = vec![Node {
            cell: start,
            below: false,
            mp: m.mp,
            hexes: 0,
            stop: false,
            parent: usize::MAX,
            step: Action::EndMove,
        }];
        let mut best: BTreeMap<(Cell, bool), u8> = BTreeMap::new();
        let mut scratch = s.clone();
        let mut i = 0;
        let mut engaged_start = unit.is_some_and(|u| self.is_engaged(s, u));
        while i < nodes.len() && nodes.len() < EXPLORE {
            let n = nodes[i];
            i += 1;
            if n.stop {
                continue;
            }
            // The counter as it stands at this node.
            let engaged = if n.parent == usize::MAX {
                std::mem::take(&mut engaged_start)
            } else {
                match unit {
                    Some(u) => {
                        let d = &self.data.troops[u.ix()];
                        d.arm != Arm::Artillery
                            && occ.in_ezoc(d.side, n.cell)
                            && (!n.below
                                || u32::from(occ.foot_horse(n.cell)) + u32::from(s.troop(u).steps)
                                    <= 4)
                    }
                    None => false,
                }
            };
            match m.counter {
                Counter::Unit(u) => scratch.troops[u.ix()].cell = Some(n.cell),
                Counter::Leader(l) => scratch.leaders[l.ix()].cell = Some(n.cell),
            }
            let opts = self.steps_core(
                &scratch, &occ, m.counter, n.cell, n.mp, n.hexes, engaged, false,
            );
            for o in opts {
                let mp = n.mp.saturating_sub(o.cost);
                let key = (o.to, o.below);
                if best.get(&key).is_some_and(|&b| b >= mp) {
                    continue;
                }
                best.insert(key, mp);
                nodes.push(Node {
                    cell: o.to,
                    below: o.below,
                    mp,
                    hexes: n.hexes.saturating_add(1),
                    stop: o.stops || mp == 0,
                    parent: i - 1,
                    step: Action::Step {
                        to: o.to,
                        below: o.below,
                    },
                });
            }
        }
        // The last node reaching each hex (most MP left) whose move may end there.
        let mut ends: BTreeMap<Cell, usize> = BTreeMap::new();
        for (k, n) in nodes.iter().enumerate().skip(1) {
            let fits = match unit {
                Some(u) => {
                    let t = s.troop(u);
                    let (fh, art) = if self.data.troops[u.ix()].arm == Arm::Artillery {
                        (0, u32::from(t.steps))
                    } else {
                        (u32::from(t.steps), 0)
                    };
                    occ.fits_with(n.cell, fh, art, t.in_column)
                }
                None => true,
            };
            if !fits {
                continue;
            }
            let better = ends.get(&n.cell).is_none_or(|&e| nodes[e].mp < n.mp);
            if better {
                ends.insert(n.cell, k);
            }
        }
        ends.into_iter()
            .map(|(cell, k)| {
                let mut path = Vec::new();
                let mut j = k;
                while j != usize::MAX && j != 0 {
                    path.push(nodes[j].step);
                    j = nodes[j].parent;
                }
                path.reverse();
                if !nodes[k].stop {
                    path.push(Action::EndMove);
                }
                (cell, path)
            })
            .collect()
    }

    /// How good counter `c` standing in `to` is for `side`, by the evaluation's own positional
    /// terms for that counter (for ranking a counter's ends).
    fn move_gain(&self, s: &State, cx: &Context, c: Counter, to: Cell) -> i32 {
        self.position_terms(s, cx, c, to)
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
                    let Some(m) = st.moving else { continue };
                    let cx = self.context(&st, side, self.victory_points(&st));
                    let mut scored: Vec<(i32, Vec<Action>)> = self
                        .move_ends(&st)
                        .into_iter()
                        .map(|(cell, p)| {
                            // Enemy artillery alone where it ends is captured: 2 VP a step.
                            let capture: i32 = st
                                .troops
                                .iter()
                                .enumerate()
                                .filter(|(i, t)| {
                                    t.cell == Some(cell) && self.data.troops[*i].side != side
                                })
                                .map(|(_, t)| 80 * i32::from(t.steps))
                                .sum();
                            let mut plan = vec![a];
                            plan.extend(p);
                            (self.move_gain(&st, &cx, m.counter, cell) + capture, plan)
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
