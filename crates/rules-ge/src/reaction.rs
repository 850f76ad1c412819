//! 14 Reactions: what triggers them (14.1), who may react with fire (14.2), by forming Square
//! (14.3) or with a Reaction Charge (14.4), and in what order (14.1). The non-phasing player's
//! reactions (the phasing player's in the Reserve Movement Phase) are a pending window in the
//! middle of the mover's step.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Formation, Kind, UnitId};
use crate::event::Event;
use crate::state::{
    Attacker, CheckKind, Combat, CombatKind, CombatStep, FireKind, FireRoll, Frame, Morale,
    ReactKind, State, Trigger, Window,
};
use coupdoeil_engine::Side;

/// 14.1 The reactions each kind of event may trigger, in the order they are resolved.
#[must_use]
pub fn trigger_kinds(t: Trigger) -> &'static [ReactKind] {
    match t {
        Trigger::Leave { .. } | Trigger::Form { .. } => &[ReactKind::Fire, ReactKind::Charge],
        Trigger::Enter { .. } => &[ReactKind::Fire],
        Trigger::Entered { .. } => &[ReactKind::Square, ReactKind::Charge],
    }
}

/// The hex of the moving group when the event happens (the target of reaction fire and of a
/// Reaction Charge).
#[must_use]
pub fn trigger_hex(t: Trigger) -> Cell {
    match t {
        Trigger::Leave { from } | Trigger::Enter { from, .. } => from,
        Trigger::Entered { at } | Trigger::Form { at } => at,
    }
}

/// B14.3 In the Battalion Game a Reaction Formation Change also answers a unit leaving a hex
/// or changing formation, not only one entering.
#[must_use]
pub fn battalion_trigger_kinds(t: Trigger) -> &'static [ReactKind] {
    match t {
        Trigger::Leave { .. } | Trigger::Form { .. } => {
            &[ReactKind::Fire, ReactKind::Square, ReactKind::Charge]
        }
        Trigger::Enter { .. } => &[ReactKind::Fire],
        Trigger::Entered { .. } => &[ReactKind::Square, ReactKind::Charge],
    }
}

impl GloryEmpire {
    /// 14.1, B14.3 The reactions an event may trigger at this game's level, in order.
    #[must_use]
    pub fn kinds_for(&self, t: Trigger) -> &'static [ReactKind] {
        if self.battalion() {
            battalion_trigger_kinds(t)
        } else {
            trigger_kinds(t)
        }
    }

    /// The moving combat units.
    fn movers(&self, s: &State) -> Vec<UnitId> {
        s.moving.as_ref().map_or(Vec::new(), |m| m.units.clone())
    }

    /// 13.1.2 A stack that declared an Assault makes no reactions; the target of an Assault
    /// reacts only to the first stack that declared against it, though its artillery may still
    /// fire at others.
    fn assault_allows(&self, s: &State, c: Cell, kind: ReactKind) -> bool {
        let st = s.stack(c);
        if st.iter().any(|&u| s.troop(u).assault.is_some()) {
            return false;
        }
        let targeted = s.troops.iter().any(|t| t.assault == Some(c));
        if !targeted {
            return true;
        }
        if kind == ReactKind::Fire
            && st
                .first()
                .is_some_and(|&u| self.data.troops[u.ix()].arm() == Arm::Artillery)
        {
            return true;
        }
        let movers = self.movers(s);
        s.first_assault
            .iter()
            .find(|x| x.0 == c)
            .is_some_and(|x| movers.contains(&x.1))
    }

    /// The stacks of `side` that may react to `trig` with `kind` (14.2, 14.3, 14.4).
    #[must_use]
    pub fn reactors(&self, s: &State, side: Side, trig: Trigger, kind: ReactKind) -> Vec<Cell> {
        let movers = self.movers(s);
        if movers.is_empty() {
            return Vec::new();
        }
        let b = &self.data.board;
        let x = trigger_hex(trig);
        let mut out = Vec::new();
        // B14.3 A Battalion Reaction Formation Change answers events up to three hexes away.
        let reach = if self.battalion() && kind == ReactKind::Square {
            3
        } else {
            2
        };
        for c in self.stacks_of(s, side) {
            if b.distance(c, x) > reach || !self.assault_allows(s, c, kind) {
                continue;
            }
            let st = s.stack(c);
            let Some(&top) = st.first() else { continue };
            let ok = match kind {
                ReactKind::Fire => self.may_react_fire(s, c, top, trig),
                // RULING: in the Reserve Movement Phase the phasing player's infantry may form
                // Square against moving enemy cavalry too (4.2.5: he may make reactions).
                ReactKind::Square => {
                    // B14.3 Battalion: any moving combat unit entering, leaving or changing
                    // formation within three hexes, in sight (B14.3.2).
                    let near = if self.battalion() {
                        self.los(s, c, x)
                    } else {
                        let Trigger::Entered { at } = trig else {
                            continue;
                        };
                        movers
                            .iter()
                            .any(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
                            && b.adjacent(c, at)
                    };
                    near && self.data.troops[top.ix()].arm() == Arm::Infantry
                        && st.iter().all(|&u| {
                            let t = s.troop(u);
                            self.data.troops[u.ix()].arm() != Arm::Infantry
                                || t.morale == Morale::Normal
                                    && matches!(
                                        t.formation,
                                        Formation::Line | Formation::Column | Formation::Sed
                                    )
                        })
                        && self.formation_allowed(Kind::Infantry, Formation::Square, c, false)
                }
                ReactKind::Charge => {
                    st.iter()
                        .all(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
                        && self.zoc_of(s, top).any(|z| z == x)
                        && self.may_charge(s, &st, c, x)
                }
            };
            if ok {
                out.push(c);
            }
        }
        out
    }

    /// 14.2 Whether the stack in `c` (top unit `top`) may fire at the event `trig`: infantry
    /// when the enemy changes formation in or leaves its ZOC (14.2.1); skirmishers, SeT or SeD,
    /// when the enemy enters, changes formation in or leaves the hexes adjacent to their front
    /// (RULING: "front hexes" are the adjacent ones); artillery when the enemy enters, changes
    /// formation in or leaves its ZOC (14.2.2).
    fn may_react_fire(&self, s: &State, c: Cell, top: UnitId, trig: Trigger) -> bool {
        let Some(st) = self.strength(s, c) else {
            return false;
        };
        let b = &self.data.board;
        let arcs = self.unit_arcs(s, top);
        let zoc = |x: Cell| self.zoc_of(s, top).any(|z| z == x);
        let front = |x: Cell| {
            b.direction(c, x)
                .is_some_and(|d| arcs[d.index() as usize] == crate::data::Arc::Front)
        };
        let art = st.arm == Arm::Artillery;
        let close_inf = st.arm == Arm::Infantry && !st.skirmish;
        match trig {
            Trigger::Leave { from } | Trigger::Form { at: from } => {
                close_inf && zoc(from) || st.skirmish && front(from) || art && zoc(from)
            }
            Trigger::Enter { from, to } => {
                let d = b.distance(c, from);
                (st.skirmish && front(to) && d <= 2) || (art && zoc(to) && d <= 2)
            }
            Trigger::Entered { .. } => false,
        }
    }

    /// B14.3.3 The DRMs of a Reaction Formation Change's Disorder Check by the stack in `c`
    /// against the moving stack in `x`: the distance (the trigger's hex counted, the checking
    /// unit's not), and being already in the ZOC of an enemy other than the moving units.
    #[must_use]
    pub fn formation_change_drms(
        &self,
        s: &State,
        side: Side,
        c: Cell,
        x: Cell,
    ) -> Vec<crate::event::Modifier> {
        let r = &self.data.charts.reactions;
        let d = self.data.board.distance(c, x);
        let mut out = Vec::new();
        let by_distance = r
            .formation_change_distance
            .get((d as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0);
        if by_distance != 0 {
            out.push(crate::event::Modifier {
                what: format!("the enemy {d} hex{} away", if d == 1 { "" } else { "es" }),
                value: i16::from(by_distance),
                rule: "B14.3.3".into(),
            });
        }
        let others = self.occ(s, &self.movers(s));
        if others.in_ezoc(side, c) && r.formation_change_in_ezoc != 0 {
            out.push(crate::event::Modifier {
                what: "already in an enemy ZOC".into(),
                value: i16::from(r.formation_change_in_ezoc),
                rule: "B14.3.3".into(),
            });
        }
        out
    }

    /// Whether anyone may react to `trig`.
    #[must_use]
    pub fn any_reactor(&self, s: &State, trig: Trigger) -> bool {
        let side = self.mover_side(s).other();
        self.kinds_for(trig)
            .iter()
            .any(|&k| !self.reactors(s, side, trig, k).is_empty())
    }

    /// Opens a reaction window on `trig` if anyone may react.
    pub(crate) fn open_window(&self, s: &mut State, trig: Trigger) {
        let side = self.mover_side(s).other();
        if let Some(&kind) = self
            .kinds_for(trig)
            .iter()
            .find(|&&k| !self.reactors(s, side, trig, k).is_empty())
        {
            s.pending.push(Frame::React(Window {
                side,
                trigger: trig,
                kind,
                done: Vec::new(),
            }));
        }
    }

    /// The stacks still able to react in the window's current kind.
    fn window_reactors(&self, s: &State, w: &Window) -> Vec<Cell> {
        let mut v = self.reactors(s, w.side, w.trigger, w.kind);
        v.retain(|c| !w.done.contains(c));
        v
    }

    /// The reacting player's choices.
    pub(crate) fn react_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::React(w)) = s.pending.last() else {
            return;
        };
        for c in self.window_reactors(s, w) {
            out.push(match w.kind {
                ReactKind::Fire => Action::ReactFire(c),
                ReactKind::Square => Action::ReactSquare(c),
                ReactKind::Charge => Action::ReactCharge(c),
            });
        }
        out.push(Action::Pass);
    }

    /// Moves the window on to the next kind of reaction with someone able, or closes it.
    fn advance_window(&self, s: &mut State, mut w: Window) {
        s.pending.pop();
        let kinds = self.kinds_for(w.trigger);
        let pos = kinds
            .iter()
            .position(|&k| k == w.kind)
            .unwrap_or(kinds.len());
        for &k in &kinds[pos + 1..] {
            w.kind = k;
            if !self.window_reactors(s, &w).is_empty() {
                s.pending.push(Frame::React(w));
                return;
            }
        }
    }

    /// A window with nobody left to react, or whose trigger is gone, moves on by itself.
    pub(crate) fn react_auto(&self, s: &mut State) -> bool {
        let Some(Frame::React(w)) = s.pending.last().cloned() else {
            return false;
        };
        let x = trigger_hex(w.trigger);
        let gone = s.moving.as_ref().is_none_or(|m| {
            m.halted || m.units.is_empty() || self.alive_in(s, &m.units, x).is_empty()
        });
        if gone {
            s.pending.pop();
            return true;
        }
        if self.window_reactors(s, &w).is_empty() {
            self.advance_window(s, w);
            return true;
        }
        false
    }

    /// 14.2 The Fire Chart column of Reaction Fire by the stack in `c` at the event `trig`, and
    /// the units it hits.
    #[must_use]
    pub fn reaction_fire_odds(
        &self,
        s: &State,
        trig: Trigger,
        c: Cell,
    ) -> Option<(crate::fire::Odds, Vec<UnitId>)> {
        let st = self.strength(s, c)?;
        let x = trigger_hex(trig);
        // RULING: reaction fire hits the moving units only, where they stand (the hex they
        // leave); artillery needs neither LOS nor its cone for it (14.2.3).
        let group = self.alive_in(s, &self.movers(s), x);
        // 14.2.3 A unit entering an artillery EZOC is fired on at two hexes.
        let range = match trig {
            Trigger::Enter { .. } if st.arm == Arm::Artillery => {
                u32::from(self.data.charts.reactions.artillery_entry_range)
            }
            _ => self.data.board.distance(c, x),
        };
        let odds = self.fire_odds(s, c, x, &group, &st, false, range);
        Some((odds, group))
    }

    /// Applies a reaction decision.
    pub(crate) fn do_react(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(Frame::React(mut w)) = s.pending.last().cloned() else {
            return;
        };
        let x = trigger_hex(w.trigger);
        match a {
            Action::Pass => self.advance_window(s, w),
            Action::ReactFire(c) => {
                w.done.push(c);
                self.replace_top(s, Frame::React(w.clone()));
                let Some((odds, group)) = self.reaction_fire_odds(s, w.trigger, c) else {
                    return;
                };
                ev.push(Event::Reaction {
                    side: w.side,
                    what: "Reaction Fire (14.2)".into(),
                    from: c,
                });
                ev.push(Event::FireDeclared {
                    from: c,
                    target: x,
                    fs: odds.fs,
                    column: odds.column,
                    modifiers: odds.modifiers,
                });
                s.pending.push(Frame::FireRoll(FireRoll {
                    from: c,
                    target: x,
                    column: odds.column,
                    apply: Some((FireKind::Reaction, group)),
                }));
            }
            Action::ReactSquare(c) => {
                w.done.push(c);
                self.replace_top(s, Frame::React(w.clone()));
                ev.push(Event::Reaction {
                    side: w.side,
                    what: "Reaction Formation Change to Square (14.3)".into(),
                    from: c,
                });
                let inf: Vec<UnitId> = s
                    .stack(c)
                    .into_iter()
                    .filter(|&u| self.data.troops[u.ix()].arm() == Arm::Infantry)
                    .collect();
                let drms = if self.battalion() {
                    self.formation_change_drms(s, w.side, c, x)
                } else {
                    Vec::new()
                };
                self.push_check(s, CheckKind::Square, c, inf, None);
                if let Some(Frame::Check(ck)) = s.pending.last_mut() {
                    ck.modifiers = drms;
                }
            }
            Action::ReactCharge(c) => {
                w.done.push(c);
                self.replace_top(s, Frame::React(w.clone()));
                ev.push(Event::Reaction {
                    side: w.side,
                    what: "Reaction Charge attempt (14.4)".into(),
                    from: c,
                });
                let st = s.stack(c);
                self.push_check(s, CheckKind::ReactionCharge, c, st, Some(x));
            }
            _ => {}
        }
    }

    /// 14.4.2, 14.4.3 A passed Reaction Charge Check: the reaction window closes (only the first
    /// stack to pass charges), the trigger's move ends (RULING) and the charge is resolved at
    /// once against its hex.
    pub(crate) fn start_reaction_charge(
        &self,
        s: &mut State,
        cell: Cell,
        units: Vec<UnitId>,
        target: Cell,
        ev: &mut Vec<Event>,
    ) {
        if matches!(s.pending.last(), Some(Frame::React(_))) {
            s.pending.pop();
        }
        if let Some(m) = s.moving.as_mut() {
            m.halted = true;
            m.stop = true;
        }
        let side = self.data.troops[units[0].ix()].side;
        let defenders = s.stack(target);
        ev.push(Event::CloseCombat {
            kind: "Reaction Charge (14.4.3)".into(),
            target,
            attackers: vec![cell],
        });
        let origins = units.iter().map(|&u| (u, cell)).collect();
        s.pending.push(Frame::Combat(Box::new(Combat {
            kind: CombatKind::ReactionCharge,
            target,
            attackers: vec![Attacker {
                cell,
                units,
                wdf: false,
            }],
            defenders,
            def_wdf: false,
            step: CombatStep::Empty,
            attacker_die: None,
            fired_at: Vec::new(),
            cavalry: Vec::new(),
            def_regroup: Vec::new(),
            regroup_left: 0,
            defender_gone: false,
            advanced: Vec::new(),
            origins,
            follow_on: false,
            charge_distance: 0,
            zone: Vec::new(),
            fled: Vec::new(),
            pursuit: None,
            recalled: false,
            side,
        })));
    }
}
