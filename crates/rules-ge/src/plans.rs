//! Candidate plans for search: a stack's whole move as one choice. Every hex the stack can reach
//! this phase without a reaction or a check interrupting it is found by a search over its own
//! step actions against an occupancy index of everything else (not by replaying the whole state
//! per node); facing changes are free (in the Brigade Game a Line's wheel is paid for, G18.1),
//! so each step is taken with a facing that has the hexside in front. A plan may end with one step that may be interrupted (into or next to the
//! enemy): the agent decides again after the reactions. The best few ends by the static
//! evaluation are kept. Outside the Movement Phases a plan is one action.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Formation, UnitId};
use crate::formation::facing_ok;
use crate::state::{Moving, Stage, State};
use coupdoeil_engine::{Evaluate, Game, Plans};
use coupdoeil_hex::Facing;
use std::collections::BTreeMap;

/// End positions kept per stack.
const PER_STACK: usize = 4;
/// Nodes of a stack's move search at most.
const EXPLORE: usize = 600;
/// G17.2.3 The farthest straight advance of a whole GTF among the computer's plans: each
/// distance is one more plan with a move search per following stack, and the search judges
/// a longer advance as this one repeated.
const GTF_AI_AHEAD: usize = 2;
/// G17.2.3 The farthest straight advance of a whole GTF offered to a person as one click (the
/// DU's Movement Allowance usually ends it first).
pub const GTF_UI_AHEAD: usize = 8;

#[derive(Clone, Copy)]
struct Node {
    cell: Cell,
    facing: Facing,
    spent: u8,
    hexes: u8,
    stop: bool,
    quiet: bool,
    /// B9.1.2 Friends stand in the hex, entered during this move: leaving costs more.
    joins: bool,
    parent: usize,
    face: Option<Facing>,
    step: Option<Cell>,
}

/// The move of `units` as it stands at node `n` of a move search (`m` the move the search
/// started from, for its Disorder Check's terms; whether friends entered stand in the hex is
/// the node's, as a real step sets it).
fn node_moving(units: &[UnitId], n: &Node, acted: bool, stop: bool, m: &Moving) -> Moving {
    let mut disorder = m.disorder.clone();
    disorder.among_friends = n.joins;
    Moving {
        units: units.to_vec(),
        leader: None,
        at: n.cell,
        spent: n.spent,
        hexes: n.hexes,
        stop,
        acted,
        entering: false,
        halted: false,
        faced: false,
        squared_at: None,
        skirmished: false,
        disorder,
    }
}

/// What [`GloryEmpire::loud`] asks of each hex, worked out once for a whole search over one
/// state: whether the top combat unit of the hex is an enemy's, and whether an enemy leader
/// stands in it. A search asks about every step it explores; scanning every unit for each of a
/// step's twelve neighbours was a tenth of a Brigade Game search.
pub(crate) struct Ears {
    enemy_top: Vec<bool>,
    enemy_leader: Vec<bool>,
}

impl GloryEmpire {
    /// The [`Ears`] of `s` for `side`'s moves: the top of each stack as
    /// [`GloryEmpire::side_at`] finds it (the lowest position, the first unit on a tie).
    pub(crate) fn ears(&self, s: &State, side: coupdoeil_engine::Side) -> Ears {
        let n = self.data.board.len();
        let mut top: Vec<Option<(u32, usize)>> = vec![None; n];
        for (i, t) in s.troops.iter().enumerate() {
            if let Some(c) = t.cell
                && top[c.ix()].is_none_or(|(p, _)| t.pos < p)
            {
                top[c.ix()] = Some((t.pos, i));
            }
        }
        let other = side.other();
        let enemy_top = top
            .iter()
            .map(|x| x.is_some_and(|(_, i)| self.data.troops[i].side == other))
            .collect();
        let mut enemy_leader = vec![false; n];
        for (i, l) in s.leaders.iter().enumerate() {
            if let Some(c) = l.cell
                && l.status == crate::state::LeaderStatus::OnMap
                && self.data.leaders[i].side == other
            {
                enemy_leader[c.ix()] = true;
            }
        }
        Ears {
            enemy_top,
            enemy_leader,
        }
    }

    /// Whether a step between these hexes can be interrupted: an enemy combat unit next to
    /// either (reactions, 14; the EZOC check, 10.1; Road Columns breaking, 7.5.3), or enemy
    /// leaders in the hex entered (5.2.2). `ears`: [`GloryEmpire::ears`] of the state, for the
    /// moving side.
    pub(crate) fn loud(&self, ears: &Ears, from: Cell, to: Cell) -> bool {
        let b = &self.data.board;
        ears.enemy_leader[to.ix()]
            || [from, to]
                .iter()
                .any(|&c| b.neighbors(c).any(|n| ears.enemy_top[n.ix()]))
    }

    /// The ends of the selected stack's move with the actions that reach them.
    pub(crate) fn move_ends(&self, s: &State) -> Vec<(Cell, Facing, Vec<Action>)> {
        self.move_search(s, None).0
    }

    /// Whether the selected stack's move can end in one of `targets` (ends as
    /// [`GloryEmpire::move_ends`] finds them): the same search, stopped at the first such end.
    pub(crate) fn move_reaches(&self, s: &State, targets: &[Cell]) -> bool {
        self.move_search(s, Some(targets)).1
    }

    /// Whether the move may end at node `n` of the search (the units of the group put there in
    /// `scratch`): a step the enemy may interrupt ends the search along its way and is an end;
    /// a quiet hex only where the stack may stop.
    fn node_may_end(&self, scratch: &mut State, units: &[UnitId], n: &Node, m: &Moving) -> bool {
        if !n.quiet {
            return true;
        }
        for &u in units {
            let t = scratch.troop_mut(u);
            t.cell = Some(n.cell);
            t.facing = n.facing;
        }
        scratch.moving = Some(node_moving(units, n, true, n.stop, m));
        self.may_end_here_core(scratch)
    }

    /// The search behind [`GloryEmpire::move_ends`]; with `targets`, it stops at the first end
    /// in one of them and says so (the ends are then not listed).
    #[allow(clippy::too_many_lines)]
    fn move_search(
        &self,
        s: &State,
        targets: Option<&[Cell]>,
    ) -> (Vec<(Cell, Facing, Vec<Action>)>, bool) {
        let Some(m) = s.moving.clone() else {
            return (Vec::new(), false);
        };
        let units = m.units.clone();
        let Some(&first) = units.first() else {
            return (Vec::new(), false);
        };
        let arm = self.data.troops[first.ix()].arm();
        if units.iter().any(|&u| self.data.troops[u.ix()].arm() != arm) {
            return (Vec::new(), false);
        }
        let side = self.data.troops[first.ix()].side;
        let formation = s.troop(first).formation;
        let facings: Vec<Facing> = if matches!(
            formation,
            Formation::Square | Formation::Sed | Formation::Dispersed
        ) {
            vec![s.troop(first).facing]
        } else {
            Facing::ALL
                .into_iter()
                .filter(|&f| facing_ok(formation, f))
                .collect()
        };
        // The turns the group may make where it stands are the real ones (ge-rulings 63: not
        // a second in a row; a Directing Unit, a Prone or refused group not at all); after a
        // step, any that nothing lasting forbids, unless the step made a unit of the group its
        // GTF's Directing Unit (on top of the stack in its leader's hex, ruling 141).
        let root_faces = self.face_options_core(s);
        let locked = units
            .iter()
            .any(|&u| s.troop(u).prone || s.troop(u).refused != 0);
        let occ = self.occ(s, &units);
        let ears = self.ears(s, side);
        let mut scratch = s.clone();
        // A step puts the group on top of the stack it enters, in its own order.
        let start_pos: Vec<u32> = units.iter().map(|&u| s.troop(u).pos).collect();
        let mut top_pos = vec![0; units.len()];
        for k in (0..units.len()).rev() {
            top_pos[k] = scratch.top_pos();
        }
        let start_facing = s.troop(first).facing;
        let mut nodes = vec![Node {
            cell: m.at,
            facing: start_facing,
            spent: m.spent,
            hexes: m.hexes,
            stop: m.stop,
            quiet: true,
            joins: m.disorder.among_friends,
            parent: usize::MAX,
            face: None,
            step: None,
        }];
        let mut best: BTreeMap<Cell, u8> = BTreeMap::new();
        best.insert(m.at, m.spent);
        let mut i = 0;
        while i < nodes.len() && nodes.len() < EXPLORE {
            let n = nodes[i];
            i += 1;
            if n.stop || !n.quiet {
                continue;
            }
            let mut seen_dirs: Vec<Cell> = Vec::new();
            // The current facing first, so that no turn is added when none is needed.
            let root = n.parent == usize::MAX;
            for (k, &u) in units.iter().enumerate() {
                let t = scratch.troop_mut(u);
                t.cell = Some(n.cell);
                t.pos = if root { start_pos[k] } else { top_pos[k] };
            }
            let turns = !root && !locked && !self.front_locked(&scratch, &units);
            let order =
                std::iter::once(n.facing).chain(facings.iter().copied().filter(|&f| {
                    f != n.facing && if root { root_faces.contains(&f) } else { turns }
                }));
            for f in order {
                // G18.1 A turn may cost MP in the Brigade Game.
                let turn = self.face_cost(formation, s.troop(first).column, n.facing, f);
                let n = Node {
                    spent: n.spent.saturating_add(turn),
                    ..n
                };
                for &u in &units {
                    let t = scratch.troop_mut(u);
                    t.cell = Some(n.cell);
                    t.facing = f;
                    t.formation = formation;
                }
                // 7.5.2 Limbered artillery on a road is in Road Column, off it limbered.
                if arm == Arm::Artillery && n.parent != usize::MAX {
                    self.auto_road_column(&mut scratch, &units);
                }
                let mv = node_moving(&units, &n, n.parent != usize::MAX || m.acted, false, &m);
                for o in self.steps_core(&scratch, &occ, &units, &mv) {
                    if seen_dirs.contains(&o.to) {
                        continue;
                    }
                    seen_dirs.push(o.to);
                    let spent = n.spent.saturating_add(o.cost);
                    if best.get(&o.to).is_some_and(|&b| b <= spent) {
                        continue;
                    }
                    best.insert(o.to, spent);
                    let node = Node {
                        cell: o.to,
                        facing: f,
                        spent,
                        hexes: n.hexes.saturating_add(1),
                        stop: o.stops,
                        quiet: !self.loud(&ears, n.cell, o.to),
                        joins: self.battalion() && occ.unit_of(side, o.to),
                        parent: i - 1,
                        face: (f != n.facing).then_some(f),
                        step: Some(o.to),
                    };
                    if targets.is_some_and(|t| t.contains(&o.to)) {
                        let mut end = scratch.clone();
                        if self.node_may_end(&mut end, &units, &node, &m) {
                            return (Vec::new(), true);
                        }
                    }
                    nodes.push(node);
                }
            }
        }
        let mut out = Vec::new();
        for (k, n) in nodes.iter().enumerate().skip(1) {
            let mut path = Vec::new();
            let mut j = k;
            while j != 0 && j != usize::MAX {
                let x = nodes[j];
                if let Some(to) = x.step {
                    path.push(Action::Step(to));
                }
                if let Some(f) = x.face {
                    path.push(Action::Face(f));
                }
                j = x.parent;
            }
            path.reverse();
            if n.quiet {
                // Ends here: legal only where the stack may stop.
                if !self.node_may_end(&mut scratch, &units, n, &m) {
                    continue;
                }
                path.push(Action::EndMove);
            }
            out.push((n.cell, n.facing, path));
        }
        (out, false)
    }

    /// The longest prefix of `plan` that plays from `s` with `side` deciding throughout: the
    /// engine takes single forced actions by itself (a move that can go no further ends), so a
    /// planned `EndMove` may already have happened.
    fn playable_prefix(
        &self,
        s: &State,
        side: coupdoeil_engine::Side,
        plan: Vec<Action>,
    ) -> Vec<Action> {
        let mut t = s.clone();
        let mut ev = Vec::new();
        let mut legal = Vec::new();
        for (i, a) in plan.iter().enumerate() {
            if self.to_act(&t) != coupdoeil_engine::ToAct::Side(side) {
                return plan[..i].to_vec();
            }
            self.legal_actions(&t, &mut legal);
            if !legal.contains(a) {
                return plan[..i].to_vec();
            }
            self.apply_action_unchecked(&mut t, a, &mut ev);
            ev.clear();
        }
        plan
    }

    /// Plays `a` on `t` and notes it in `plan` when `side` is to act and `a` is legal there.
    fn try_play(
        &self,
        t: &mut State,
        side: coupdoeil_engine::Side,
        a: Action,
        plan: &mut Vec<Action>,
    ) -> bool {
        if self.to_act(t) != coupdoeil_engine::ToAct::Side(side) {
            return false;
        }
        let mut legal = Vec::new();
        self.legal_actions(t, &mut legal);
        if !legal.contains(&a) {
            return false;
        }
        let mut ev = Vec::new();
        self.apply_action_unchecked(t, &a, &mut ev);
        plan.push(a);
        true
    }

    /// G17.2.3 The whole GTF's move as one plan, when `select` picks the stack of a Directing
    /// Unit that may open a segment: the DU steps 1 to `max_ahead` hexes straight ahead (one
    /// plan each, as far as it can go), its brigade leader goes with it, then every other
    /// stack of the GTF goes to its place by a plan of its own, nearest first, as far as
    /// nothing interrupts (a stack that cannot reach its place is left alone).
    fn gtf_plans(
        &self,
        s: &State,
        side: coupdoeil_engine::Side,
        select: Action,
        max_ahead: usize,
        out: &mut Vec<Vec<Action>>,
    ) {
        if !self.brigade() || s.stage != Stage::Movement {
            return;
        }
        let Action::Select(top) = select else { return };
        let Some(at) = s.troop(top).cell else { return };
        let stack = s.stack(at);
        let Some((l, du)) = (0..s.leaders.len()).find_map(|i| {
            let l = crate::data::LeaderId(i as u8);
            let g = &s.leader(l).gtf;
            let du = self.directing_unit(s, l)?;
            (g.kind.is_some() && g.evolving.is_none() && g.segment.is_none() && stack.contains(&du))
                .then_some((l, du))
        }) else {
            return;
        };
        let Some(dir) = s.troop(du).facing.as_edge() else {
            return;
        };
        let board = &self.data.board;
        for k in 1..=max_ahead {
            let mut t = s.clone();
            let mut plan = Vec::new();
            if !self.try_play(&mut t, side, select, &mut plan) {
                return;
            }
            let mut path = Vec::new();
            let mut here = at;
            for _ in 0..k {
                let Some(to) = board.neighbor(here, dir) else {
                    break;
                };
                if !self.try_play(&mut t, side, Action::Step(to), &mut plan) || t.moving.is_none() {
                    break;
                }
                path.push(to);
                here = to;
            }
            if path.len() != k {
                break; // The DU can go no farther straight ahead.
            }
            if !self.try_play(&mut t, side, Action::EndMove, &mut plan) {
                continue;
            }
            // The brigade leader keeps with his Directing Unit.
            if t.leader(l).cell == Some(at) {
                let mut u = t.clone();
                let mut lp = Vec::new();
                let ok = self.try_play(&mut u, side, Action::SelectLeader(l), &mut lp)
                    && path
                        .iter()
                        .all(|&c| self.try_play(&mut u, side, Action::Step(c), &mut lp))
                    && (u.moving.is_none()
                        || self.try_play(&mut u, side, Action::EndMove, &mut lp));
                if ok {
                    t = u;
                    plan.extend(lp);
                }
            }
            // The others, nearest the DU first.
            let mut followers: Vec<(u32, Cell)> = self
                .gtf_members(&t, l)
                .into_iter()
                .filter(|&u| self.can_move(&t, u))
                .filter_map(|u| t.troop(u).cell)
                .map(|c| (board.distance(here, c), c))
                .collect();
            followers.sort_unstable();
            followers.dedup();
            for (_, c) in followers {
                let Some(first) = t.stack(c).into_iter().find(|&u| self.can_move(&t, u)) else {
                    continue;
                };
                let mut u = t.clone();
                let mut fp = Vec::new();
                if !self.try_play(&mut u, side, Action::Select(first), &mut fp) {
                    continue;
                }
                let Some(place) = u.troop(first).gtf_place else {
                    continue;
                };
                let steps = if Some(place) == u.moving.as_ref().map(|m| m.at) {
                    vec![Action::EndMove]
                } else {
                    let Some((_, _, p)) = self
                        .move_ends(&u)
                        .into_iter()
                        .find(|(x, _, p)| *x == place && p.last() == Some(&Action::EndMove))
                    else {
                        continue;
                    };
                    p
                };
                if steps
                    .into_iter()
                    .all(|a| self.try_play(&mut u, side, a, &mut fp))
                {
                    t = u;
                    plan.extend(fp);
                }
            }
            out.push(plan);
        }
    }

    /// G17.2.3 The whole GTF's move, offered to a person as one choice (each plan is ordinary
    /// actions, beginning with `select`): when `select` picks the stack of a Directing Unit that
    /// may open a segment, one plan per distance straight ahead that the DU can go (up to
    /// [`GTF_UI_AHEAD`] hexes), its leader with it and each other stack to its place as far as
    /// nothing interrupts. Empty otherwise.
    #[must_use]
    pub fn gtf_move_plans(
        &self,
        s: &State,
        side: coupdoeil_engine::Side,
        select: Action,
    ) -> Vec<Vec<Action>> {
        let mut out = Vec::new();
        self.gtf_plans(s, side, select, GTF_UI_AHEAD, &mut out);
        out
    }

    /// How `side`'s evaluation looks with the stack moved to `to` facing `f`. `scratch` is the
    /// position with the move ended (`moving` cleared): only the stack's units change in it,
    /// so one copy serves every end of the move.
    fn move_gain(
        &self,
        scratch: &mut State,
        side: coupdoeil_engine::Side,
        units: &[UnitId],
        to: Cell,
        f: Facing,
    ) -> i32 {
        for &u in units {
            let x = scratch.troop_mut(u);
            x.cell = Some(to);
            x.facing = f;
        }
        self.evaluate(scratch, side)
    }
}

impl Plans for GloryEmpire {
    fn plans(&self, s: &State, limit: usize, out: &mut Vec<Vec<Action>>) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        let moving_stage = matches!(s.stage, Stage::Movement | Stage::ReserveMovement);
        if !moving_stage || s.moving.is_some() || !s.pending.is_empty() {
            out.extend(legal.iter().map(|&a| vec![a]));
            return;
        }
        let side = self.mover_side(s);
        let mut ev = Vec::new();
        // G23.2.1 The few moves offered for each Dummy Stack, worked out once each.
        let mut dummy_picks: Vec<(u8, Vec<crate::data::Cell>)> = Vec::new();
        for &a in &legal {
            match a {
                Action::Select(_) => {
                    let mut st = s.clone();
                    self.apply_action_unchecked(&mut st, &a, &mut ev);
                    ev.clear();
                    let Some(m) = st.moving.clone() else {
                        out.push(vec![a]);
                        continue;
                    };
                    if !st.pending.is_empty()
                        || self.to_act(&st) != coupdoeil_engine::ToAct::Side(side)
                    {
                        out.push(vec![a]);
                        continue;
                    }
                    let mut scored: Vec<(i32, Vec<Action>, Cell)> = Vec::new();
                    // Staying put (or changing formation in place) is a plan too.
                    let mut scratch = st.clone();
                    scratch.moving = None;
                    let stay = self.move_gain(
                        &mut scratch,
                        side,
                        &m.units,
                        m.at,
                        s.troop(m.units[0]).facing,
                    );
                    if self.may_end_here(&st) {
                        scored.push((stay, vec![a, Action::EndMove], m.at));
                    }
                    for (f, _) in self.form_options(&st) {
                        let mut t = st.clone();
                        self.apply_action_unchecked(&mut t, &Action::Form(f), &mut ev);
                        ev.clear();
                        if t.moving.is_some() && t.pending.is_empty() && self.may_end_here(&t) {
                            let mut x = t.clone();
                            x.moving = None;
                            scored.push((
                                self.evaluate(&x, side),
                                vec![a, Action::Form(f), Action::EndMove],
                                m.at,
                            ));
                        }
                    }
                    if m.units
                        .iter()
                        .all(|&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
                        || m.units
                            .iter()
                            .all(|&u| st.troop(u).formation != Formation::Unlimbered)
                    {
                        for (cell, f, p) in self.move_ends(&st) {
                            let mut plan = vec![a];
                            plan.extend(p);
                            let gain = self.move_gain(&mut scratch, side, &m.units, cell, f);
                            scored.push((gain, plan, cell));
                        }
                    }
                    // G17.2.3 A unit of a GTF that has its place to keep: only the plans that
                    // keep it (ge-rulings 133).
                    if let Some(place) = m.units.iter().find_map(|&u| st.troop(u).gtf_place)
                        && scored.iter().any(|x| x.2 == place)
                    {
                        scored.retain(|x| x.2 == place);
                    }
                    scored.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.1.cmp(&y.1)));
                    scored.dedup_by(|x, y| x.1 == y.1);
                    if scored.is_empty() {
                        out.push(vec![a]);
                    }
                    for (_, p, _) in scored.into_iter().take(PER_STACK) {
                        out.push(self.playable_prefix(s, side, p));
                    }
                    self.gtf_plans(s, side, a, GTF_AI_AHEAD, out);
                    // 13.1.1 Declaring an Assault at the start of the move, the nearest targets
                    // first; the move is then chosen step by step.
                    let mut targets = self.assault_targets(&st);
                    targets.sort_by_key(|&c| (self.data.board.distance(m.at, c), c));
                    out.extend(
                        targets
                            .into_iter()
                            .take(2)
                            .map(|c| vec![a, Action::Assault(c)]),
                    );
                }
                // G19.2 The Trains stay where the scenario put them (they change nothing the
                // evaluation sees, and would only widen the search); a Caisson goes only to a
                // Train of its side or back to its battery.
                // G17.1 No move plan needs another Directing Unit: the GTF moves with its own.
                // G17.3.1 In an evolution the leader is put with a unit that can direct the
                // GTF being formed when the one he is with cannot.
                Action::ChangeDu { leader, .. } => {
                    let st = s.leader(leader);
                    if let (Some((e, _)), Some(k), Some(here)) =
                        (st.gtf.evolving, self.gtf_of(s, leader), st.cell)
                        && self.du_in(s, leader, e.target(k), here).is_none()
                    {
                        out.push(vec![a]);
                    }
                }
                Action::TrainMove { .. } | Action::TrainOff(_) => {}
                Action::CaissonMove { battery, to } => {
                    let side = self.data.troops[battery.ix()].side;
                    if s.troop(battery).cell == Some(to)
                        || self
                            .train_at(s, to)
                            .is_some_and(|i| self.data.trains[i].side == side)
                    {
                        out.push(vec![a]);
                    }
                }
                Action::DummyMove { dummy, to } => {
                    if !dummy_picks.iter().any(|x| x.0 == dummy) {
                        let reach: Vec<crate::data::Cell> = legal
                            .iter()
                            .filter_map(|x| match *x {
                                Action::DummyMove { dummy: k, to } if k == dummy => Some(to),
                                _ => None,
                            })
                            .collect();
                        let picks = self
                            .dummy_index(s, side, dummy)
                            .map(|k| self.dummy_plan_moves(s, k, &reach))
                            .unwrap_or_default();
                        dummy_picks.push((dummy, picks));
                    }
                    if dummy_picks
                        .iter()
                        .any(|x| x.0 == dummy && x.1.contains(&to))
                    {
                        out.push(vec![a]);
                    }
                }
                other => out.push(vec![other]),
            }
        }
        if out.is_empty() {
            out.extend(legal.iter().map(|&a| vec![a]));
        }
        if out.len() > limit.max(1) {
            out.truncate(limit.max(1));
            if legal.contains(&Action::Pass) && !out.iter().any(|p| p == &[Action::Pass]) {
                out.push(vec![Action::Pass]);
            }
        }
    }
}
