//! 7.0 Movement: vertex facing to move, Front hexes, facing changes (free and paid), the
//! whole-allowance one-hex move and facing change, enemy ZOCs, the one-hex speed limit, roads,
//! hexside costs, no stacking, moving through friends and removing dummies.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{Cell, Kind, UnitId};
use crate::event::{Event, What};
use crate::state::{Mover, State, Status};
use coupdoeil_hex::{EdgeDir, Facing};

impl DrumsMuskets {
    /// 7.6 The cost in half MP to move from `from` into its neighbour in direction `d`; `None`
    /// when the hex or the hexside is prohibited. 7.6.1: road to connected road costs half a MP
    /// whatever the terrain or hexside; 7.6.2: hexside features add their cost.
    #[must_use]
    pub fn step_cost_half(&self, from: Cell, d: EdgeDir) -> Option<u8> {
        let b = &self.data.board;
        let di = usize::from(d.index());
        let info = &b.cells[from.ix()];
        let to = info.nbr[di]?;
        let t = &self.data.charts.terrain[usize::from(b.cells[to.ix()].terrain)];
        let feature = info.feature[di].map(|f| &self.data.charts.features[usize::from(f)]);
        if t.prohibited || feature.is_some_and(|f| f.prohibited) {
            return None;
        }
        if info.road[di] {
            return Some(self.data.charts.road_half_mp);
        }
        let up = b.cells[to.ix()].upslope_from[usize::from(d.opposite().index())];
        let down = info.upslope_from[di];
        let slope = if up || down {
            self.data.charts.slope.move_cost
        } else {
            0
        };
        Some(2 * (t.move_cost + feature.map_or(0, |f| f.move_cost) + slope))
    }

    /// 7.0, 7.4 A unit's Movement Allowance this phase in half MP, with card effects (never
    /// below one MP: RULING).
    #[must_use]
    pub fn allowance_half(&self, s: &State, u: UnitId) -> u8 {
        let def = &self.data.units[u.ix()];
        let ma = i16::from(def.movement) + i16::from(s.ma_bonus[def.side]);
        (ma.max(1) * 2) as u8
    }

    fn enemy_at(&self, s: &State, c: Cell, u: UnitId) -> bool {
        s.at(c)
            .is_some_and(|o| self.data.units[o.ix()].side != self.data.units[u.ix()].side)
    }

    fn friend_at(&self, s: &State, c: Cell, u: UnitId) -> bool {
        s.at(c)
            .is_some_and(|o| o != u && self.data.units[o.ix()].side == self.data.units[u.ix()].side)
    }

    /// 7.7 After entering a friend's hex the unit must be able to leave it again: from `at` with
    /// `facing` and `half_mp` left, some sequence of paid facing changes (7.2) and steps into
    /// Front hexes through friends' hexes (without stopping in an enemy ZOC, 6.1) reaches an
    /// empty hex. RULING: facing changes while sharing a friend's hex are allowed, paid as usual,
    /// as long as the unit can still leave.
    fn can_leave(&self, s: &State, u: UnitId, at: Cell, facing: Facing, half_mp: u8) -> bool {
        let side = self.data.units[u.ix()].side;
        let enemy = side.other();
        // The common case first: an empty Front hex straight ahead.
        if facing.is_vertex() && !self.in_zoc_of(s, at, enemy) {
            for &d in facing.front() {
                let Some(n) = self.data.board.cells[at.ix()].nbr[usize::from(d.index())] else {
                    continue;
                };
                if s.at(n).is_none() && self.step_cost_half(at, d).is_some_and(|c| c <= half_mp) {
                    return true;
                }
            }
        }
        let turn_cost = if s.free_facing[side] { 0 } else { 2 };
        // The search is small (friends' hexes in a row, facings, MP left): kept on the stack.
        let mut seen: Stack<(Cell, Facing, u8), 24> = Stack::new();
        let mut todo: Stack<(Cell, Facing, u8), 24> = Stack::new();
        todo.push((at, facing, half_mp));
        while let Some((c, f, mp)) = todo.pop() {
            if seen
                .iter()
                .any(|&(c2, f2, mp2)| c2 == c && f2 == f && mp2 >= mp)
            {
                continue;
            }
            seen.push((c, f, mp));
            let here_ezoc = self.in_zoc_of(s, c, enemy);
            if f.is_vertex() {
                for &d in f.front() {
                    let Some(n) = self.data.board.cells[c.ix()].nbr[usize::from(d.index())] else {
                        continue;
                    };
                    let Some(cost) = self.step_cost_half(c, d) else {
                        continue;
                    };
                    if cost > mp || self.enemy_at(s, n, u) {
                        continue;
                    }
                    let n_ezoc = self.in_zoc_of(s, n, enemy);
                    if here_ezoc && n_ezoc {
                        continue;
                    }
                    if !self.friend_at(s, n, u) {
                        return true;
                    }
                    if !n_ezoc {
                        todo.push((n, f, mp - cost));
                    }
                }
            }
            if mp >= turn_cost {
                for k in [-2, -1, 1, 2] {
                    todo.push((c, f.rotate(k), mp - turn_cost));
                }
            }
        }
        false
    }

    /// The actions open to the moving unit `m`.
    /// Listed in the order of `Action` (steps, facing changes, whole-allowance facings, one-hex
    /// moves, the end of the move), so that the list needs no sorting.
    fn mover_actions(&self, s: &State, m: &Mover, out: &mut Vec<Action>) {
        let u = m.unit;
        let p = s.piece(u);
        let Some(at) = p.cell else { return };
        let side = self.data.units[u.ix()].side;
        let enemy = side.other();
        let fresh = m.entered == 0 && m.turns == 0 && m.half_mp == m.full;
        // 7.7 A unit passing through a friend's hex may not stop there; it may turn there only if
        // it can still leave afterwards.
        let sharing = s.at(at) != Some(u);
        let nbr = self.data.board.cells[at.ix()].nbr;
        let here_ezoc = !m.in_ezoc && self.in_zoc_of(s, at, enemy);
        // 7.1 Only a unit facing a vertex moves, into one of its two Front hexes.
        if !m.in_ezoc && p.facing.is_vertex() {
            let mut steps = [None; 2];
            for (k, &d) in p.facing.front().iter().enumerate() {
                let Some(n) = nbr[usize::from(d.index())] else {
                    continue;
                };
                let Some(cost) = self.step_cost_half(at, d) else {
                    continue;
                };
                // 7.7 Never into an enemy's hex.
                if self.enemy_at(s, n, u) {
                    continue;
                }
                let n_ezoc = self.in_zoc_of(s, n, enemy);
                // 6.1 Never directly from one enemy ZOC hex to another.
                if here_ezoc && n_ezoc {
                    continue;
                }
                // 7.4 Speed limit: a unit may always move one hex a phase, which then ends its
                // move. RULING: only while it has entered no hex and still has some MP (a unit
                // that spent its whole allowance on facing changes has nothing left to move with).
                let affordable = cost <= m.half_mp;
                let speed_limit = m.entered == 0 && m.half_mp > 0;
                if !affordable && !speed_limit {
                    continue;
                }
                if self.friend_at(s, n, u) {
                    // 7.7 Passing through is allowed, stopping is not.
                    let left = if affordable { m.half_mp - cost } else { 0 };
                    if !affordable || n_ezoc || !self.can_leave(s, u, n, p.facing, left) {
                        continue;
                    }
                }
                steps[k] = Some(n);
            }
            steps.sort_unstable();
            out.extend(steps.into_iter().flatten().map(Action::Step));
        }
        // 7.2 Facing changes: 30 or 60 degrees. The first, before any hex is entered, is free; the
        // others cost one MP. 6.1: after entering an enemy ZOC only one paid change remains.
        let free = (m.turns == 0 && m.entered == 0 && !m.in_ezoc) || s.free_facing[side];
        if free || m.half_mp >= 2 {
            let left = if free { m.half_mp } else { m.half_mp - 2 };
            let mut faces = [-2, -1, 1, 2].map(|k| p.facing.rotate(k));
            faces.sort_unstable();
            for f in faces {
                if !sharing || self.can_leave(s, u, at, f, left) {
                    out.push(Action::Face(f));
                }
            }
        }
        // 7.2 Any facing for the whole allowance (only those a free change cannot reach).
        if fresh && !m.in_ezoc {
            for f in Facing::ALL {
                if p.facing.steps_to(f) > 2 {
                    out.push(Action::Wheel(f));
                }
            }
        }
        // 7.1 The whole-allowance move of one hex in any direction, ending with the same facing.
        if fresh && !sharing && !m.in_ezoc && p.facing.is_vertex() {
            let mut sides = [None; 6];
            for d in EdgeDir::ALL {
                if p.facing.front().contains(&d) {
                    continue; // a plain step reaches it (7.4 guarantees one hex)
                }
                let Some(n) = nbr[usize::from(d.index())] else {
                    continue;
                };
                if self.step_cost_half(at, d).is_none() || s.at(n).is_some() {
                    continue;
                }
                if here_ezoc && self.in_zoc_of(s, n, enemy) {
                    continue;
                }
                sides[usize::from(d.index())] = Some(n);
            }
            sides.sort_unstable();
            out.extend(sides.into_iter().flatten().map(Action::Sidestep));
        }
        if !sharing {
            out.push(Action::EndMove);
        }
    }

    /// 7.0 What a movement action costs the moving unit, in half MP (`None` for other
    /// actions): a step its terrain, hexside or road cost (7.6), or all that is left under the
    /// one-hex guarantee (7.4); a facing change 1 MP unless free (7.2); a whole-allowance facing
    /// or one-hex move all that is left (7.1, 7.2).
    #[must_use]
    pub fn mp_cost_half(&self, s: &State, a: &Action) -> Option<u8> {
        let m = s.mover?;
        let side = self.data.units[m.unit.ix()].side;
        match *a {
            Action::Step(n) => {
                let from = s.piece(m.unit).cell?;
                let cost = self.step_cost_half(from, self.data.board.direction(from, n)?)?;
                Some(cost.min(m.half_mp))
            }
            Action::Face(_) => {
                let free = (m.turns == 0 && m.entered == 0 && !m.in_ezoc) || s.free_facing[side];
                Some(if free { 0 } else { 2 })
            }
            Action::Wheel(_) | Action::Sidestep(_) => Some(m.half_mp),
            _ => None,
        }
    }

    fn fresh_mover(&self, s: &State, u: UnitId) -> Mover {
        let full = self.allowance_half(s, u);
        Mover {
            unit: u,
            half_mp: full,
            full,
            entered: 0,
            turns: 0,
            in_ezoc: false,
        }
    }

    /// May this unit start a move? 7.3 once a phase; 10.1 not when Routed. (It always has
    /// something to do then: 7.2 its first facing change is free.)
    fn can_select(&self, s: &State, u: UnitId) -> bool {
        let p = s.piece(u);
        p.cell.is_some() && !p.gone && !p.moved && p.status != Status::Routed
    }

    /// 7.0 The Movement Phase's choices.
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(m) = s.mover {
            self.mover_actions(s, &m, out);
            return;
        }
        // In the order of `Action`, so that the list needs no sorting: selections, dummies to
        // take off, the end of the phase.
        // One pass over the pieces: the selections go out at once, the dummies that may be taken
        // off (7.7) are kept aside to follow them.
        let mut dummies: Stack<UnitId, 16> = Stack::new();
        for u in self.units_of(s.phasing) {
            let p = s.piece(u);
            if p.cell.is_none() || p.gone {
                continue;
            }
            if self.can_select(s, u) {
                out.push(Action::Select(u));
            }
            if self.data.units[u.ix()].kind == Kind::Dummy {
                dummies.push(u);
            }
        }
        out.extend(dummies.iter().map(|&u| Action::RemoveDummy(u)));
        out.push(Action::EndPhase);
    }

    fn face_event(&self, s: &State, u: UnitId, mp_left_half: u8, ev: &mut Vec<Event>) {
        let p = s.piece(u);
        let side = self.data.units[u.ix()].side;
        if p.hidden {
            ev.push(Event::private(
                side,
                What::Faced {
                    unit: u,
                    facing: p.facing,
                    mp_left_half: Some(mp_left_half),
                },
            ));
            ev.push(Event::others(
                side,
                What::TokenFaced {
                    side,
                    token: p.token,
                    facing: p.facing,
                },
            ));
        } else {
            ev.push(Event::public(What::Faced {
                unit: u,
                facing: p.facing,
                mp_left_half: Some(mp_left_half),
            }));
        }
    }

    pub(crate) fn move_event(
        &self,
        s: &State,
        u: UnitId,
        from: Cell,
        to: Cell,
        mp_left_half: u8,
        ev: &mut Vec<Event>,
    ) {
        let p = s.piece(u);
        let side = self.data.units[u.ix()].side;
        if p.hidden {
            ev.push(Event::private(
                side,
                What::Moved {
                    unit: u,
                    from,
                    to,
                    mp_left_half,
                },
            ));
            ev.push(Event::others(
                side,
                What::TokenMoved {
                    side,
                    token: p.token,
                    from,
                    to,
                },
            ));
        } else {
            ev.push(Event::public(What::Moved {
                unit: u,
                from,
                to,
                mp_left_half,
            }));
        }
    }

    fn end_move(&self, s: &mut State) {
        if let Some(m) = s.mover.take() {
            s.pieces[m.unit.ix()].moved = true;
        }
    }

    /// Ends the move by itself when nothing but ending it is left (a forced step, not a decision).
    fn settle_mover(&self, s: &mut State) {
        if let Some(m) = s.mover
            && !self.mover_has_choice(s, &m)
        {
            self.end_move(s);
        }
    }

    /// Has the moving unit anything to do but end its move? The same answer as listing
    /// [`Self::mover_actions`], without listing them in the common cases.
    fn mover_has_choice(&self, s: &State, m: &Mover) -> bool {
        let side = self.data.units[m.unit.ix()].side;
        let free = (m.turns == 0 && m.entered == 0 && !m.in_ezoc) || s.free_facing[side];
        let sharing = s
            .piece(m.unit)
            .cell
            .is_some_and(|c| s.at(c) != Some(m.unit));
        if !sharing && (free || m.half_mp >= 2) {
            return true; // a facing change (7.2)
        }
        if m.in_ezoc && !sharing {
            return false; // 6.1: no facing change left, and no more hexes
        }
        let mut v = Vec::new();
        self.mover_actions(s, m, &mut v);
        v.iter().any(|a| *a != Action::EndMove)
    }

    /// Applies a Movement Phase action.
    pub(crate) fn movement_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::EndPhase => {
                self.end_move(s);
                self.end_movement_phase(s, ev);
                return;
            }
            Action::Select(u) => {
                s.mover = Some(self.fresh_mover(s, u));
            }
            Action::RemoveDummy(u) => {
                let p = s.piece(u);
                let side = self.data.units[u.ix()].side;
                if p.hidden {
                    ev.push(Event::private(side, What::DummyRemoved { unit: u }));
                    ev.push(Event::others(
                        side,
                        What::TokenRemoved {
                            side,
                            token: p.token,
                        },
                    ));
                } else {
                    ev.push(Event::public(What::DummyRemoved { unit: u }));
                }
                s.put(u, None);
                s.pieces[u.ix()].gone = true;
            }
            Action::EndMove => self.end_move(s),
            Action::Face(f) => {
                let Some(mut m) = s.mover else { return };
                let side = self.data.units[m.unit.ix()].side;
                let free = (m.turns == 0 && m.entered == 0 && !m.in_ezoc) || s.free_facing[side];
                if !free {
                    m.half_mp = m.half_mp.saturating_sub(2);
                }
                m.turns = m.turns.saturating_add(1);
                s.pieces[m.unit.ix()].facing = f;
                self.face_event(s, m.unit, m.half_mp, ev);
                if m.in_ezoc {
                    // 6.1 RULING: one paid change after entering an enemy ZOC, then the move is over.
                    s.mover = Some(m);
                    self.end_move(s);
                    return;
                }
                s.mover = Some(m);
            }
            Action::Wheel(f) => {
                let Some(m) = s.mover else { return };
                s.pieces[m.unit.ix()].facing = f;
                self.face_event(s, m.unit, 0, ev); // 7.2 the whole allowance
                self.end_move(s);
                return;
            }
            Action::Sidestep(n) => {
                let Some(m) = s.mover else { return };
                let from = s.piece(m.unit).cell.unwrap_or(n);
                s.put(m.unit, Some(n));
                self.move_event(s, m.unit, from, n, 0, ev);
                self.end_move(s);
                return;
            }
            Action::Step(n) => {
                let Some(mut m) = s.mover else { return };
                let u = m.unit;
                let from = s.piece(u).cell.unwrap_or(n);
                let d = self.data.board.direction(from, n).unwrap_or(EdgeDir::N);
                let cost = self.step_cost_half(from, d).unwrap_or(0);
                let speed_limited = cost > m.half_mp;
                if speed_limited {
                    m.half_mp = 0; // 7.4 the guaranteed single hex ends the move
                } else {
                    m.half_mp -= cost;
                }
                m.entered += 1;
                s.put(u, Some(n));
                let enemy = self.data.units[u.ix()].side.other();
                if self.in_zoc_of(s, n, enemy) {
                    m.in_ezoc = true; // 6.1
                }
                self.move_event(s, u, from, n, m.half_mp, ev);
                s.mover = Some(m);
                if speed_limited {
                    self.end_move(s);
                    return;
                }
            }
            _ => {}
        }
        self.settle_mover(s);
    }
}

/// A vector on the stack up to `N` items, spilling onto the heap beyond.
struct Stack<T: Copy, const N: usize> {
    small: [Option<T>; N],
    len: usize,
    more: Vec<T>,
}

impl<T: Copy, const N: usize> Stack<T, N> {
    fn new() -> Self {
        Stack {
            small: [None; N],
            len: 0,
            more: Vec::new(),
        }
    }

    fn push(&mut self, x: T) {
        if self.len < N {
            self.small[self.len] = Some(x);
            self.len += 1;
        } else {
            self.more.push(x);
        }
    }

    fn pop(&mut self) -> Option<T> {
        if let Some(x) = self.more.pop() {
            return Some(x);
        }
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.small[self.len].take()
    }

    fn iter(&self) -> impl Iterator<Item = &T> {
        self.small[..self.len]
            .iter()
            .flatten()
            .chain(self.more.iter())
    }
}
