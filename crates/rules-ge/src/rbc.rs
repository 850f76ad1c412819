//! B13.4 Retreat Before Combat: the defenders of an Assault or a Charge who may, or must, fall
//! back before it is fought (B13.4.1, B13.4.2), how far and where to (B13.4.3, B13.4.4), the
//! Disorder it costs (B13.4.5) and joining a friendly stack on the way (B13.4.6). Battalion
//! Game only: in the Soldiers Game the defenders always stand.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, Kind, Size, TerrainClass, UnitId};
use crate::event::Event;
use crate::state::{Combat, CombatKind, Morale, State};

/// B13.4 Whether the defenders of a combat must retreat before it, or may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RbcDuty {
    /// They may choose to retreat or stand.
    May,
    /// They must retreat (and become Broken if they cannot).
    Must,
}

impl GloryEmpire {
    /// B13.4.1, B13.4.2 Whether the defending stack may or must Retreat Before Combat, `None`
    /// if it may not. Broken and Routed units and Spent cavalry never do. Before an Assault,
    /// cavalry must; SeD companies must (outside a Post, where they may); SeD battalions may.
    /// Before a Charge, SeD infantry must in Open or LDT and may in MDT; irregular cavalry may
    /// before any cavalry, light cavalry before battle cavalry. `forced`: B13.1.5 an SeD
    /// battalion that has just failed its Defender Morale Check must (outside a Post).
    /// RULING: the stack retreats together or not at all: one unit that may not holds the
    /// others; one that must takes the others along.
    #[must_use]
    pub fn rbc_duty(&self, s: &State, c: &Combat, forced: bool) -> Option<RbcDuty> {
        if !self.battalion() {
            return None;
        }
        // B13.4, B14.4.5 Units that triggered a Reaction Charge may not retreat before it.
        if c.kind == CombatKind::ReactionCharge {
            return None;
        }
        let defs = self.live_defenders(s, c);
        if defs.is_empty() {
            return None;
        }
        let charged_by_battle = self
            .live_attackers(s, c)
            .iter()
            .flat_map(|a| a.units.iter())
            .any(|&u| self.data.troops[u.ix()].kind == Kind::BattleCavalry);
        let in_post = self.in_post(s, defs[0]);
        let class = self.class_of(c.target);
        let mut must = false;
        for &u in &defs {
            let t = s.troop(u);
            let d = &self.data.troops[u.ix()];
            if t.morale.broken() || t.spent > 0 {
                return None;
            }
            let duty = match (c.kind, d.arm()) {
                (CombatKind::Assault, Arm::Cavalry) => RbcDuty::Must,
                (CombatKind::Assault, Arm::Infantry) if t.formation == Formation::Sed => {
                    if forced {
                        if in_post {
                            return None;
                        }
                        RbcDuty::Must
                    } else if d.size == Size::Company && !in_post {
                        RbcDuty::Must
                    } else {
                        RbcDuty::May
                    }
                }
                (_, Arm::Infantry) if c.kind != CombatKind::Assault => {
                    if t.formation != Formation::Sed {
                        return None;
                    }
                    match class {
                        TerrainClass::Open | TerrainClass::Ldt => RbcDuty::Must,
                        TerrainClass::Mdt => RbcDuty::May,
                        _ => return None,
                    }
                }
                (_, Arm::Cavalry) if c.kind != CombatKind::Assault => match d.kind {
                    Kind::IrregularCavalry => RbcDuty::May,
                    Kind::LightCavalry if charged_by_battle => RbcDuty::May,
                    _ => return None,
                },
                _ => return None,
            };
            must |= duty == RbcDuty::Must;
        }
        Some(if must { RbcDuty::Must } else { RbcDuty::May })
    }

    /// B13.4.3, B13.4.4 The hexes the defending stack may Retreat Before Combat into. Each hex
    /// entered is farther from the target hex (RULING: as every retreat, 9.2.1), passable to
    /// the units in their formation, not an enemy ZOC unless friendly combat units are there,
    /// within stacking. It may end: before an Assault, in an adjacent Fortified Post hex (infantry) or an
    /// adjacent friendly stack in a close order formation, or 2 or 3 hexes away; before a
    /// Charge, infantry in an adjacent MDT or HDT hex, an adjacent friendly close order stack,
    /// 2 hexes away through such a stack, or an adjacent hex the charging cavalry could not
    /// enter next (RULING: not adjacent to a charging stack, or closed to cavalry), and
    /// cavalry as before an Assault.
    #[must_use]
    pub fn rbc_destinations(&self, s: &State, c: &Combat) -> Vec<Cell> {
        self.rbc_paths(s, c).into_iter().map(|x| x.0).collect()
    }

    /// [`GloryEmpire::rbc_destinations`], each with the first path found to it (from the
    /// target hex on; B13.2.9 a pursuit follows it).
    #[must_use]
    pub fn rbc_paths(&self, s: &State, c: &Combat) -> Vec<(Cell, Vec<Cell>)> {
        let defs = self.live_defenders(s, c);
        let Some(&top) = defs.first() else {
            return Vec::new();
        };
        let side = self.data.troops[top.ix()].side;
        let infantry = defs
            .iter()
            .all(|&u| self.data.troops[u.ix()].arm() == Arm::Infantry);
        let occ = self.occ(s, &defs);
        let load = self.load_of(s, &defs);
        let b = &self.data.board;
        let atts = self.live_attackers(s, c);
        let charge = c.kind != CombatKind::Assault;
        // Whether the stack may pass through `n` coming from `from` (joining: may end there
        // after taking the friends' formation).
        let passable = |from: Cell, n: Cell, joining: bool| -> bool {
            // 16.3 RULING: a Retreat Before Combat is chosen, so it never enters a hex on fire
            // (ge-rulings 158).
            if !self.may_pass(&occ, side, n, load) || self.on_fire(s, n) {
                return false;
            }
            if occ.in_ezoc(side, n) && !occ.unit_of(side, n) {
                return false;
            }
            defs.iter().all(|&u| {
                let m = self.mover_of(s, u);
                self.data.terrain(n).cost[m as usize].is_some()
                    && !self.hexside_impassable(m, from, n)
                    && (joining
                        || self.formation_allowed(
                            self.data.troops[u.ix()].kind,
                            s.troop(u).formation,
                            n,
                            false,
                        ))
            })
        };
        let friends_cof = |n: Cell| -> bool {
            let st = s.stack(n);
            !st.is_empty()
                && st.iter().all(|&u| {
                    self.data.troops[u.ix()].side == side && s.troop(u).formation.close_order()
                })
        };
        let may_end = |n: Cell| -> bool {
            let here = occ.here(n);
            if here.counters == 0 {
                return self.may_end_in(here, side, n, load);
            }
            friends_cof(n) && self.may_end_in(here, side, n, load)
        };
        let mut ends = Vec::new();
        let mut path = vec![c.target];
        self.rbc_walk(c.target, &mut path, &mut |path: &[Cell]| {
            let n = *path.last().unwrap_or(&c.target);
            let from = path[path.len() - 2];
            let hexes = path.len() - 1;
            let joining = friends_cof(n);
            if !passable(from, n, joining) {
                return (false, false);
            }
            let ok_end = may_end(n)
                && if charge && infantry {
                    match hexes {
                        1 => {
                            joining
                                || self.class_of(n).dense()
                                || !atts.iter().any(|a| b.adjacent(a.cell, n))
                                || self.data.terrain(n).cost[crate::data::Mover::Cavalry as usize]
                                    .is_none()
                        }
                        2 => friends_cof(path[1]),
                        _ => false,
                    }
                } else {
                    match hexes {
                        1 => joining || infantry && self.post_fortified(s, n) && !charge,
                        _ => true,
                    }
                };
            if ok_end && !ends.iter().any(|x: &(Cell, Vec<Cell>)| x.0 == n) {
                ends.push((n, path.to_vec()));
            }
            (ok_end, !joining)
        });
        ends.sort_unstable_by_key(|x| x.0);
        ends
    }

    /// Walks the retreat paths from `start` up to three hexes, each hex farther from `start`;
    /// `visit` says of the path ending at its last hex whether it may end there and whether it
    /// may go on.
    fn rbc_walk(
        &self,
        start: Cell,
        path: &mut Vec<Cell>,
        visit: &mut dyn FnMut(&[Cell]) -> (bool, bool),
    ) {
        let b = &self.data.board;
        let at = *path.last().unwrap_or(&start);
        if path.len() > 3 {
            return;
        }
        let d = b.distance(start, at);
        for n in b.neighbors(at) {
            if b.distance(start, n) <= d || path.contains(&n) {
                continue;
            }
            path.push(n);
            let (_, go_on) = visit(path);
            if go_on {
                self.rbc_walk(start, path, visit);
            }
            path.pop();
        }
    }

    /// B13.4.3-B13.4.6 The defending stack retreats into `to`: it keeps together; joining a
    /// friendly stack it takes that stack's formation and facing for free and goes to its
    /// bottom, and the whole stack is Disordered; otherwise units in Normal end Disordered.
    /// RULING: the leaders in the hex go with it, as in a retreat (9.2.1).
    pub(crate) fn retreat_before(&self, s: &mut State, c: &Combat, to: Cell, ev: &mut Vec<Event>) {
        let defs = self.live_defenders(s, c);
        let Some(&top) = defs.first() else { return };
        let side = self.data.troops[top.ix()].side;
        let path = self
            .rbc_paths(s, c)
            .into_iter()
            .find(|x| x.0 == to)
            .map_or_else(|| vec![c.target, to], |x| x.1);
        let friends: Vec<UnitId> = s.stack(to);
        let leaders = self.own_leaders_at(s, side, c.target);
        let pickups = self.pickup_leaders(s, c.target, &defs);
        let joined = friends
            .first()
            .map(|&f| (s.troop(f).formation, s.troop(f).facing));
        for &u in &defs {
            let p = if joined.is_some() {
                s.bottom_pos()
            } else {
                s.top_pos()
            };
            let t = s.troop_mut(u);
            t.cell = Some(to);
            t.pos = p;
            if let Some((f, facing)) = joined
                && self.data.troops[u.ix()].arm() != Arm::Artillery
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
        ev.push(Event::RetreatedBeforeCombat {
            units: defs.clone(),
            from: c.target,
            to,
        });
        self.note_flight(s, &defs, &path);
        self.touch_objective(s, to, side, ev);
        let stack = s.stack(to);
        let normal: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|&u| {
                s.troop(u).morale == Morale::Normal && (joined.is_some() || defs.contains(&u))
            })
            .collect();
        if !normal.is_empty() {
            self.set_morale(s, &normal, Some(Morale::Disorder), ev);
        }
        // B13.4, B13.4.7 The retreat may trigger a Reaction Charge once it is over, if the
        // stack is still in the zone; the attackers it falls back from may not react.
        let barred: Vec<UnitId> = self
            .live_attackers(s, c)
            .into_iter()
            .flat_map(|a| a.units)
            .collect();
        let still = self.alive_in(s, &defs, to);
        self.open_window_for(
            s,
            crate::state::Trigger::Entered { at: to },
            &still,
            crate::state::MoveSource::RetreatBefore,
            &barred,
        );
        // G17.1.2 The leader, who went with his Directing Unit, may be picked up and put with
        // another unit of his: offered now the stack has moved, before anything else is
        // decided, which leaves him where a pick-up as it began to move would (RULING,
        // ge-rulings 141).
        self.push_pickups(s, &pickups);
    }
}
