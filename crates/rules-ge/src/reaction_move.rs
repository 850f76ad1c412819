//! G21.2 The Reaction Move of the Brigade Game: cavalry, or horse artillery that is limbered,
//! may ride off up to three hexes when enemy infantry or artillery comes next to it or changes
//! formation next to it (G21.2, G21.2.1); where it may go (G21.2.2), the Disorder it costs and
//! joining friends on the way (G21.2.2), and the reactions it may itself trigger (G21.2.3).
//! It is one more kind of reaction in the window of the triggering event (14.1), offered after
//! the Reaction Formation Change and before the Reaction Charge.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Kind, UnitId};
use crate::event::Event;
use crate::state::{Frame, MoveSource, ReactMove, State, Trigger, Window};

impl GloryEmpire {
    /// G21.2 Whether the stack in `c` may make a Reaction Move against the event `trig` of
    /// the moving stack `movers`: Brigade Game only; the movers hold infantry or artillery and
    /// have come next to `c` or are changing formation next to it; every unit in `c` is
    /// cavalry, or horse artillery that is limbered (RULING: the stack reacts whole, ge-rulings
    /// 170), none Broken or Routed; and it has somewhere to go.
    #[must_use]
    pub fn may_reaction_move(&self, s: &State, c: Cell, trig: Trigger, movers: &[UnitId]) -> bool {
        if !self.brigade() {
            return false;
        }
        let at = match trig {
            Trigger::Entered { at } | Trigger::Form { at } => at,
            Trigger::Leave { .. } | Trigger::Enter { .. } => return false,
        };
        if !self.data.board.adjacent(c, at) {
            return false;
        }
        if !movers.iter().any(|&u| {
            matches!(
                self.data.troops[u.ix()].arm(),
                Arm::Infantry | Arm::Artillery
            )
        }) {
            return false;
        }
        // RULING: the whole stack reacts, or none of it (ge-rulings 170).
        let st = s.stack(c);
        !st.is_empty()
            && st.iter().all(|&u| {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                let rides = d.arm() == Arm::Cavalry
                    || d.kind == Kind::HorseArtillery
                        && t.formation == crate::data::Formation::Limbered;
                rides && !t.morale.broken()
            })
            && !self.reaction_move_paths(s, c).is_empty()
    }

    /// G21.2.2 Where the stack in `c` may end a Reaction Move, each hex with the first path
    /// found to it (from `c` on). It goes up to three hexes, each step into a hex its units
    /// may enter in their formation (RULING: it neither turns nor changes formation on the
    /// way, ge-rulings 171), within stacking, and not into an enemy ZOC unless friendly combat
    /// units are there. Entering friends ends it there (RULING, ge-rulings 171): it joins them.
    #[must_use]
    pub fn reaction_move_paths(&self, s: &State, c: Cell) -> Vec<(Cell, Vec<Cell>)> {
        let units = s.stack(c);
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        let side = self.data.troops[top.ix()].side;
        let occ = self.occ(s, &units);
        let load = self.load_of(s, &units);
        let b = &self.data.board;
        let mut ends: Vec<(Cell, Vec<Cell>)> = Vec::new();
        // RULING: no MP, no turning, entering friends ends it (ge-rulings 171). Breadth first,
        // so the path kept to each hex is a shortest one.
        let mut frontier: Vec<Vec<Cell>> = vec![vec![c]];
        for _ in 0..3 {
            let mut next = Vec::new();
            for path in &frontier {
                let from = *path.last().unwrap_or(&c);
                for n in b.neighbors(from) {
                    if n == c || path.contains(&n) || ends.iter().any(|e| e.0 == n) {
                        continue;
                    }
                    // 16.3 Never into a hex on fire.
                    if !self.may_pass(&occ, side, n, load) || self.on_fire(s, n) {
                        continue;
                    }
                    let friends = occ.unit_of(side, n);
                    if occ.in_ezoc(side, n) && !friends {
                        continue;
                    }
                    let enters = units.iter().all(|&u| {
                        let m = self.mover_of(s, u);
                        self.data.terrain(n).cost[m as usize].is_some()
                            && !self.hexside_impassable(m, from, n)
                            && (friends
                                || self.formation_allowed(
                                    self.data.troops[u.ix()].kind,
                                    s.troop(u).formation,
                                    n,
                                    false,
                                ))
                    });
                    if !enters {
                        continue;
                    }
                    let mut p = path.clone();
                    p.push(n);
                    if self.may_end_in(occ.here(n), side, n, load) {
                        ends.push((n, p.clone()));
                    }
                    if !friends {
                        next.push(p);
                    }
                }
            }
            frontier = next;
        }
        ends.sort_unstable_by_key(|x| x.0);
        ends
    }

    /// G21.2.1 The Reaction Move from `from` to `to` is declared in the window `w`: the
    /// trigger stops and may move no more this phase (G21.2.2; RULING: it may still turn and
    /// change formation where it stands, and finishes the change it was making, ge-rulings
    /// 172), then the move itself is made once the reactions to its leaving are over.
    pub(crate) fn start_reaction_move(
        &self,
        s: &mut State,
        w: &Window,
        from: Cell,
        to: Cell,
        ev: &mut Vec<Event>,
    ) {
        let units = s.stack(from);
        if units.is_empty() {
            return;
        }
        let movers = self.window_movers(s, w);
        // RULING: the trigger steps no further but may still act in place (ge-rulings 172).
        if w.source == MoveSource::Move
            && let Some(m) = s.moving.as_mut()
        {
            m.stop = true;
        }
        ev.push(Event::Reaction {
            side: w.side,
            what: "Reaction Move (G21.2)".into(),
            from,
        });
        s.pending.push(Frame::ReactMove(ReactMove {
            units,
            from,
            to,
            barred: movers,
            offered: false,
            moved: false,
        }));
    }

    /// G21.2.3 The Reaction Move's own course: the reactions to its leaving its hex (unless
    /// friends stay there, 14.1), then the move, then the reactions to its arrival (unless it
    /// joined friends). RULING (ge-rulings 172): as a Retreat Before Combat, the hexes between
    /// are passed without reactions.
    pub(crate) fn react_move_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::ReactMove(mut rm)) = s.pending.last().cloned() else {
            return false;
        };
        let group = self.alive_in(s, &rm.units, rm.from);
        if !rm.offered {
            rm.offered = true;
            self.replace_top(s, Frame::ReactMove(rm.clone()));
            let friends_stay = s.stack(rm.from).len() > group.len();
            if !friends_stay && !group.is_empty() {
                self.open_window_for(
                    s,
                    Trigger::Leave { from: rm.from },
                    &group,
                    MoveSource::ReactionMove,
                    &rm.barred,
                );
            }
            return true;
        }
        s.pending.pop();
        if rm.moved {
            return true;
        }
        // RULING: a stack its leaving's reactions broke, or that no longer may go there, stays
        // (ge-rulings 172).
        if group.is_empty()
            || group.iter().any(|&u| s.troop(u).morale.broken())
            || s.stack(rm.from).len() != group.len()
        {
            return true;
        }
        if !self
            .reaction_move_paths(s, rm.from)
            .iter()
            .any(|x| x.0 == rm.to)
        {
            return true;
        }
        // G19.5.3 The way it goes (the shortest), for Bombardment Attacks.
        let path = if s.bombard.zones.is_empty() {
            Vec::new()
        } else {
            self.reaction_move_paths(s, rm.from)
                .into_iter()
                .find(|x| x.0 == rm.to)
                .map_or_else(|| vec![rm.from, rm.to], |x| x.1)
        };
        let joined = self.reaction_move_into(s, &group, rm.from, rm.to, ev);
        rm.moved = true;
        if !joined {
            s.pending.push(Frame::ReactMove(rm.clone()));
            let still = self.alive_in(s, &group, rm.to);
            self.open_window_for(
                s,
                Trigger::Entered { at: rm.to },
                &still,
                MoveSource::ReactionMove,
                &rm.barred,
            );
        }
        self.bombard_path(s, &group, &path, ev);
        true
    }

    /// G21.2.2 The stack goes to `to`, with the leaders in its hex (RULING, as in a retreat).
    /// Joining friends it takes their formation and facing for free and goes to the bottom of
    /// their stack, and the whole stack, if Normal, becomes Disordered; otherwise its Normal
    /// units become Disordered. Returns whether it joined friends.
    fn reaction_move_into(
        &self,
        s: &mut State,
        group: &[UnitId],
        from: Cell,
        to: Cell,
        ev: &mut Vec<Event>,
    ) -> bool {
        let side = self.data.troops[group[0].ix()].side;
        let friends = s.stack(to);
        let joined = friends
            .first()
            .map(|&f| (s.troop(f).formation, s.troop(f).facing));
        let leaders = self.own_leaders_at(s, side, from);
        for &u in group {
            let p = if joined.is_some() {
                s.bottom_pos()
            } else {
                s.top_pos()
            };
            let arm = self.data.troops[u.ix()].arm();
            let t = s.troop_mut(u);
            t.cell = Some(to);
            t.pos = p;
            if let Some((f, facing)) = joined
                && arm != Arm::Artillery
            {
                t.formation = f;
                t.column = None;
                t.facing = facing;
                t.skirmishers = 0;
            }
        }
        for l in leaders {
            s.leaders[l.ix()].cell = Some(to);
        }
        ev.push(Event::ReactionMoved {
            units: group.to_vec(),
            from,
            to,
        });
        self.touch_objective(s, to, side, ev);
        let stack = s.stack(to);
        let normal: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|&u| {
                s.troop(u).morale == crate::state::Morale::Normal
                    && (joined.is_some() || group.contains(&u))
            })
            .collect();
        if !normal.is_empty() {
            self.set_morale(s, &normal, Some(crate::state::Morale::Disorder), ev);
        }
        joined.is_some()
    }
}
