//! 14 Reactions: what triggers them (14.1), who may react with fire (14.2), by forming Square
//! (14.3) or with a Reaction Charge (14.4), and in what order (14.1). The non-phasing player's
//! reactions (the phasing player's in the Reserve Movement Phase) are a pending window in the
//! middle of the mover's step. In the Battalion Game a Reaction Charge answers events in its
//! zone (B14.4.1) after a Reaction Charge Movement (B14.4.5), a charging stack may be
//! counter-charged (B14.4.3), and Charge Movements, Pursuits and Retreats Before Combat
//! trigger reactions too (the window then names the moving stack itself).

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Formation, Kind, UnitId};
use crate::event::Event;
use crate::state::{
    Attacker, ChargeKind, ChargeMove, CheckKind, Combat, CombatKind, CombatStep, FireKind,
    FireRoll, Frame, Morale, MoveSource, ReactKind, State, Trigger, Window,
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

/// G21.2 In the Brigade Game a Reaction Move also answers a unit entering a hex or changing
/// formation, after the Reaction Formation Change and before the Reaction Charge (14.1).
#[must_use]
pub fn brigade_trigger_kinds(t: Trigger) -> &'static [ReactKind] {
    match t {
        Trigger::Leave { .. } => &[ReactKind::Fire, ReactKind::Square, ReactKind::Charge],
        Trigger::Form { .. } => &[
            ReactKind::Fire,
            ReactKind::Square,
            ReactKind::Move,
            ReactKind::Charge,
        ],
        Trigger::Enter { .. } => &[ReactKind::Fire],
        Trigger::Entered { .. } => &[ReactKind::Square, ReactKind::Move, ReactKind::Charge],
    }
}

impl GloryEmpire {
    /// 14.1, B14.3, G21.2 The reactions an event may trigger at this game's level, in order.
    #[must_use]
    pub fn kinds_for(&self, t: Trigger) -> &'static [ReactKind] {
        if self.brigade() {
            brigade_trigger_kinds(t)
        } else if self.battalion() {
            battalion_trigger_kinds(t)
        } else {
            trigger_kinds(t)
        }
    }

    /// 14.1 The reactions an event of a move of this kind may trigger, in order: B14.4.5 only
    /// Reaction Fire answers a Reaction Charge Movement; B13.4.7 a Retreat Before Combat is
    /// answered by a Reaction Charge once it ends (RULING, ruling 94).
    #[must_use]
    pub fn kinds_of(&self, t: Trigger, source: MoveSource) -> &'static [ReactKind] {
        let all = self.kinds_for(t);
        match source {
            MoveSource::Move | MoveSource::Charge | MoveSource::Pursuit => all,
            MoveSource::ReactionCharge => {
                if all.first() == Some(&ReactKind::Fire) {
                    &[ReactKind::Fire]
                } else {
                    &[]
                }
            }
            MoveSource::RetreatBefore => match t {
                Trigger::Entered { .. } => &[ReactKind::Charge],
                _ => &[],
            },
            // G21.2 Only the moving player's infantry and artillery trigger a Reaction Move.
            MoveSource::ReactionMove => battalion_trigger_kinds(t),
            // G20.1.2 A later wave of a Wave Charge may only be Reaction Charged.
            MoveSource::LaterWave => match t {
                Trigger::Enter { .. } => &[],
                _ => &[ReactKind::Charge],
            },
        }
    }

    /// The moving combat units.
    fn movers(&self, s: &State) -> Vec<UnitId> {
        s.moving.as_ref().map_or(Vec::new(), |m| m.units.clone())
    }

    /// The units whose move a reaction window answers.
    #[must_use]
    pub fn window_movers(&self, s: &State, w: &Window) -> Vec<UnitId> {
        if w.movers.is_empty() {
            self.movers(s)
        } else {
            w.movers.clone()
        }
    }

    /// B14.4.2 The moving stack a Reaction Charge attempt is counted against: its lowest unit
    /// id (RULING: a stack is known by its units).
    #[must_use]
    pub fn mover_key(movers: &[UnitId]) -> Option<UnitId> {
        movers.iter().copied().min()
    }

    /// 13.1.2 A stack that declared an Assault makes no reactions; the target of an Assault
    /// reacts only to the first stack that declared against it, though its artillery may still
    /// fire at others.
    fn assault_allows(&self, s: &State, c: Cell, kind: ReactKind, movers: &[UnitId]) -> bool {
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
        s.first_assault
            .iter()
            .find(|x| x.0 == c)
            .is_some_and(|x| movers.contains(&x.1))
    }

    /// The stacks of `side` that may react to `trig` with `kind` (14.2, 14.3, 14.4), in the
    /// Movement Phases.
    #[must_use]
    pub fn reactors(&self, s: &State, side: Side, trig: Trigger, kind: ReactKind) -> Vec<Cell> {
        let movers = self.movers(s);
        self.reactors_to(s, side, trig, kind, &movers, &[])
    }

    /// The stacks still able to react in a reaction window's current kind.
    #[must_use]
    pub fn window_reactors(&self, s: &State, w: &Window) -> Vec<Cell> {
        let movers = self.window_movers(s, w);
        let mut v = self.reactors_to(s, w.side, w.trigger, w.kind, &movers, &w.barred);
        v.retain(|c| !w.done.contains(c));
        v
    }

    /// The stacks of `side` that may react to `trig` of the stack `movers` with `kind`; the
    /// `barred` units may not (14.1, B13.4.7).
    #[must_use]
    pub fn reactors_to(
        &self,
        s: &State,
        side: Side,
        trig: Trigger,
        kind: ReactKind,
        movers: &[UnitId],
        barred: &[UnitId],
    ) -> Vec<Cell> {
        if movers.is_empty() {
            return Vec::new();
        }
        let b = &self.data.board;
        let x = trigger_hex(trig);
        let mut out = Vec::new();
        // B14.3 A Battalion Reaction Formation Change answers events up to three hexes away,
        // B14.4.1 a Reaction Charge events in its three-hex zone.
        let reach = if self.battalion() && kind != ReactKind::Fire {
            3
        } else {
            2
        };
        for c in self.stacks_of(s, side) {
            if b.distance(c, x) > reach || !self.assault_allows(s, c, kind, movers) {
                continue;
            }
            let st = s.stack(c);
            let Some(&top) = st.first() else { continue };
            if st.iter().any(|u| barred.contains(u) || movers.contains(u)) {
                continue;
            }
            let ok = match kind {
                ReactKind::Fire => self.may_react_fire(s, c, top, trig),
                ReactKind::Square => {
                    // G21.1 In the Brigade Game any combat unit may make another change.
                    self.may_react_square(s, c, trig, movers)
                        || self.brigade()
                            && self.los(s, c, x)
                            && !self.react_changes(s, c).is_empty()
                }
                ReactKind::Charge if self.battalion() => {
                    self.may_reaction_charge(s, &st, c, x, movers)
                }
                ReactKind::Charge => {
                    st.iter()
                        .all(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
                        && self.zoc_of(s, top).any(|z| z == x)
                        && self.may_charge(s, &st, c, x)
                }
                ReactKind::Move => self.may_reaction_move(s, c, trig, movers),
            };
            // G17.4.3 A stack with inverted sub-units may only fire. RULING (ge-rulings 107):
            // the marker has this effect whenever it is on, although G17.4 is optional: the
            // about-face of G18.1.2 places it outside that rule and it would mean nothing else.
            let inverted = kind != ReactKind::Fire && st.iter().any(|&u| s.troop(u).inverted);
            // G18.5.3 A refused stack's only Reaction Formation Change removes its markers (the
            // Square reaction's check, see `unrefuse_all`); it has no Reaction Charge.
            let inverted = inverted || kind == ReactKind::Charge && self.any_refused(s, &st);
            if ok && !inverted {
                out.push(c);
            }
        }
        out
    }

    /// 14.3, B14.3 Whether the stack in `c` may react to `trig` of `movers` by forming Square
    /// (or, refused, by bringing its flank back, G18.5.3).
    fn may_react_square(&self, s: &State, c: Cell, trig: Trigger, movers: &[UnitId]) -> bool {
        let b = &self.data.board;
        let x = trigger_hex(trig);
        let st = s.stack(c);
        let Some(&top) = st.first() else {
            return false;
        };
        // RULING: in the Reserve Movement Phase the phasing player's infantry may form
        // Square against moving enemy cavalry too (4.2.5: he may make reactions).
        // B14.3 Battalion: any moving combat unit entering, leaving or changing
        // formation within three hexes, in sight (B14.3.2).
        let near = if self.battalion() {
            self.los(s, c, x)
        } else {
            let Trigger::Entered { at } = trig else {
                return false;
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
        w: &Window,
        c: Cell,
    ) -> Vec<crate::event::Modifier> {
        let side = w.side;
        let x = trigger_hex(w.trigger);
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
        let others = self.occ(s, &self.window_movers(s, w));
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
                movers: Vec::new(),
                source: MoveSource::Move,
                barred: Vec::new(),
            }));
        }
    }

    /// Opens a reaction window on `trig` by the stack `movers`, outside the Movement Phases'
    /// moves (Battalion Game), if anyone may react.
    pub(crate) fn open_window_for(
        &self,
        s: &mut State,
        trig: Trigger,
        movers: &[UnitId],
        source: MoveSource,
        barred: &[UnitId],
    ) {
        let Some(&first) = movers.first() else {
            return;
        };
        let side = self.data.troops[first.ix()].side.other();
        if let Some(&kind) = self.kinds_of(trig, source).iter().find(|&&k| {
            !self
                .reactors_to(s, side, trig, k, movers, barred)
                .is_empty()
        }) {
            s.pending.push(Frame::React(Window {
                side,
                trigger: trig,
                kind,
                done: Vec::new(),
                movers: movers.to_vec(),
                source,
                barred: barred.to_vec(),
            }));
        }
    }

    /// The reactions to one stage of a step `(from, to, stage)` of the stack `units` outside
    /// the Movement Phases (a Charge Movement, a Pursuit): to its leaving (unless friends stay
    /// behind, 14.1), to its entering (reaction fire before it is in, B14.2.3) and once it is
    /// in (unless it joins friends); the entry itself is the caller's.
    pub(crate) fn step_reactions(
        &self,
        s: &mut State,
        units: &[UnitId],
        (from, to, stage): (Cell, Cell, crate::state::StepStage),
        source: MoveSource,
        barred: &[UnitId],
    ) {
        use crate::state::StepStage;
        let Some(&first) = units.first() else {
            return;
        };
        let side = self.data.troops[first.ix()].side;
        let friends = |s: &State, c: Cell| {
            s.stack(c)
                .iter()
                .any(|u| !units.contains(u) && self.data.troops[u.ix()].side == side)
        };
        let (trig, c) = match stage {
            StepStage::Leave | StepStage::Check => (Trigger::Leave { from }, from),
            StepStage::PreFire => (Trigger::Enter { from, to }, to),
            StepStage::Enter => return,
            StepStage::After => (Trigger::Entered { at: to }, to),
        };
        if !friends(s, c) {
            self.open_window_for(s, trig, units, source, barred);
        }
    }

    /// The reacting player's choices.
    pub(crate) fn react_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::React(w)) = s.pending.last() else {
            return;
        };
        let movers = self.window_movers(s, w);
        for c in self.window_reactors(s, w) {
            match w.kind {
                ReactKind::Fire => out.push(Action::ReactFire(c)),
                ReactKind::Square => {
                    if self.may_react_square(s, c, w.trigger, &movers) {
                        out.push(Action::ReactSquare(c));
                    }
                    // G21.1 The Brigade Game's other changes.
                    if self.brigade() {
                        for change in self.react_changes(s, c) {
                            out.push(Action::ReactChange { at: c, change });
                        }
                    }
                }
                ReactKind::Charge => out.push(Action::ReactCharge(c)),
                ReactKind::Move => {
                    for (to, _) in self.reaction_move_paths(s, c) {
                        out.push(Action::ReactMove { from: c, to });
                    }
                }
            }
        }
        out.push(Action::Pass);
    }

    /// Moves the window on to the next kind of reaction with someone able, or closes it. The
    /// kinds are those of the move's source, as when the window opened: B14.4.5 a Reaction
    /// Charge Movement is answered by Reaction Fire alone, G21.2 a Reaction Move by the
    /// Battalion Game's kinds.
    fn advance_window(&self, s: &mut State, mut w: Window) {
        s.pending.pop();
        let kinds = self.kinds_of(w.trigger, w.source);
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
        let gone = if w.movers.is_empty() {
            s.moving.as_ref().is_none_or(|m| {
                m.halted || m.units.is_empty() || self.alive_in(s, &m.units, x).is_empty()
            })
        } else {
            self.alive_in(s, &w.movers, x).is_empty()
        };
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
        w: &Window,
        c: Cell,
    ) -> Option<(crate::fire::Odds, Vec<UnitId>)> {
        let trig = w.trigger;
        let st = self.strength(s, c)?;
        let x = trigger_hex(trig);
        // RULING: reaction fire hits the moving units only, where they stand (the hex they
        // leave); artillery needs neither LOS nor its cone for it (14.2.3).
        let group = self.alive_in(s, &self.window_movers(s, w), x);
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
        // G18.6.2 A prone stack stands up as it attempts any reaction.
        if let Action::ReactFire(c)
        | Action::ReactSquare(c)
        | Action::ReactCharge(c)
        | Action::ReactChange { at: c, .. } = a
        {
            self.stand_up_in(s, c, ev);
        }
        match a {
            Action::Pass => self.advance_window(s, w),
            Action::ReactFire(c) => {
                w.done.push(c);
                self.replace_top(s, Frame::React(w.clone()));
                let Some((odds, group)) = self.reaction_fire_odds(s, &w, c) else {
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
                    round: self.strength(s, c).and_then(|x| x.round),
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
                    self.formation_change_drms(s, &w, c)
                } else {
                    Vec::new()
                };
                self.push_check(s, CheckKind::Square, c, inf, None);
                if let Some(Frame::Check(ck)) = s.pending.last_mut() {
                    ck.modifiers = drms;
                }
            }
            Action::ReactChange { at, change } => {
                w.done.push(at);
                self.replace_top(s, Frame::React(w.clone()));
                self.start_react_change(s, &w, at, change, ev);
            }
            Action::ReactMove { from, to } => {
                w.done.push(from);
                self.replace_top(s, Frame::React(w.clone()));
                self.start_reaction_move(s, &w, from, to, ev);
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
                // B14.4.2 One attempt per moving enemy stack.
                if self.battalion()
                    && let Some(key) = self.attempt_key(s, &self.window_movers(s, &w))
                {
                    for &u in &st {
                        s.reaction_charges.push((u, key));
                    }
                }
                self.push_check(s, CheckKind::ReactionCharge, c, st, Some(x));
            }
            _ => {}
        }
    }

    /// 14.4.2, 14.4.3 A passed Reaction Charge Check: the reaction window closes (only the first
    /// stack to pass charges), the trigger's move ends (RULING) and the charge is resolved at
    /// once against its hex. B14.4.3, B13.2.9 In the Battalion Game a Charge Movement it
    /// answers is aborted (a Counter-Charge), a Pursuit ends, and the reacting cavalry first
    /// makes its Reaction Charge Movement (B14.4.5).
    pub(crate) fn start_reaction_charge(
        &self,
        s: &mut State,
        cell: Cell,
        units: Vec<UnitId>,
        target: Cell,
        ev: &mut Vec<Event>,
    ) {
        let window = match s.pending.last() {
            Some(Frame::React(w)) => Some(w.clone()),
            _ => None,
        };
        if window.is_some() {
            s.pending.pop();
        }
        let movers = window
            .as_ref()
            .map_or_else(Vec::new, |w| self.window_movers(s, w));
        if window.as_ref().is_none_or(|w| w.source == MoveSource::Move)
            && let Some(m) = s.moving.as_mut()
        {
            m.halted = true;
            m.stop = true;
        }
        // G21.2.3, B14.4.3 A Reaction Charge at a stack making a Reaction Move ends that move.
        for f in s.pending.iter_mut().rev() {
            if let Frame::ReactMove(rm) = f
                && rm.units.iter().any(|u| movers.contains(u))
            {
                rm.moved = true;
            }
        }
        if !self.battalion() {
            self.push_reaction_combat(s, cell, units, target, 0, ev);
            return;
        }
        let mut counter = false;
        for f in s.pending.iter_mut().rev() {
            match f {
                Frame::ChargeMove(cm) if cm.units.iter().any(|u| movers.contains(u)) => {
                    cm.halted = true;
                    cm.step = None;
                    counter = cm.kind != ChargeKind::Reaction;
                    break;
                }
                Frame::Combat(c)
                    if c.pursuit
                        .as_ref()
                        .is_some_and(|p| p.units.iter().any(|u| movers.contains(u))) =>
                {
                    if let Some(p) = c.pursuit.as_mut() {
                        p.halted = true;
                        p.step = None;
                    }
                    break;
                }
                _ => {}
            }
        }
        ev.push(Event::Reaction {
            side: self.data.troops[units[0].ix()].side,
            what: if counter {
                "Counter-Charge (B14.4.3)".into()
            } else {
                "Reaction Charge Movement (B14.4.5)".into()
            },
            from: cell,
        });
        let zone = self.reaction_charge_zone(s, &units, cell);
        self.push_charge_move(
            s,
            ChargeMove {
                target: Some(target),
                barred: movers,
                ..ChargeMove::new(ChargeKind::Reaction, units, cell, zone)
            },
        );
    }

    /// 14.4.3, B14.4.5 The Reaction Charge's combat against `target` by the cavalry `units`
    /// in `cell`, with the Open hexes of its Reaction Charge Movement; B14.4.3 against a stack
    /// whose Charge Movement it aborted (a Counter-Charge), that stack's own Open hexes count
    /// for it too (B13.6.2).
    pub(crate) fn push_reaction_combat(
        &self,
        s: &mut State,
        cell: Cell,
        units: Vec<UnitId>,
        target: Cell,
        distance: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = self.data.troops[units[0].ix()].side;
        let defenders = s.stack(target);
        let def_charge_distance = s
            .pending
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::ChargeMove(cm)
                    if cm.halted
                        && cm.kind != ChargeKind::Reaction
                        && cm.units.iter().any(|u| defenders.contains(u)) =>
                {
                    Some(cm.open)
                }
                _ => None,
            })
            .unwrap_or(0);
        // G22 Both sides' brigades have fought a close combat.
        let fought: Vec<UnitId> = units.iter().chain(&defenders).copied().collect();
        self.mark_fatigue(s, &fought, true, ev);
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
            charge_distance: distance,
            zone: Vec::new(),
            fled: Vec::new(),
            pursuit: None,
            recalled: false,
            def_charge_distance,
            bz_moves: Vec::new(),
            side,
        })));
    }
}
