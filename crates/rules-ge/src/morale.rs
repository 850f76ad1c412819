//! 8 Morale: checks against a Morale Value (8.1), the state machine of the Morale State Diagram
//! with its retreats (8.3-8.6), rally (8.2), and step losses and elimination (12.3.1).

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, LeaderId, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{
    Check, CheckKind, Frame, Gone, LeaderRoll, LeaderStatus, Morale, Retreat, State,
};
use coupdoeil_engine::Side;

/// 8.5, 8.6 Hexes a Broken or Routed stack retreats: infantry 3, cavalry 6.
pub const BROKEN_RETREAT: [u8; 2] = [3, 6];

impl GloryEmpire {
    /// 8.1 The Morale Value a stack checks against: its top unit's.
    #[must_use]
    pub fn mv(&self, s: &State, units: &[UnitId]) -> u8 {
        units
            .first()
            .map_or(0, |&u| self.data.troops[u.ix()].at(s.troop(u).steps).mv)
    }

    /// 5.2.1 The leader whose modifiers a stack in `c` of `side` uses: the owner picks, so the
    /// best for the purpose (RULING: chosen automatically, see ge-rulings).
    #[must_use]
    pub fn best_leader(
        &self,
        s: &State,
        side: Side,
        c: Cell,
        value: impl Fn(&crate::data::LeaderValues) -> i8,
    ) -> Option<(LeaderId, i8)> {
        s.leaders_at(c)
            .into_iter()
            .filter(|&l| self.data.leaders[l.ix()].side == side)
            .map(|l| (l, value(&self.leader_values(s, l))))
            .max_by_key(|&(l, v)| (v, std::cmp::Reverse(l)))
    }

    /// The values a leader shows now (front or Repl side, 5.2.3).
    #[must_use]
    pub fn leader_values(&self, s: &State, l: LeaderId) -> crate::data::LeaderValues {
        let d = &self.data.leaders[l.ix()];
        match (s.leader(l).repl, d.repl) {
            (true, Some(r)) => r,
            _ => d.values,
        }
    }

    /// 8.1 The DRMs every check of this stack takes: its morale marker, its leader's Morale
    /// DRM, the Out of Command marker, a Post.
    #[must_use]
    pub fn stack_drm(&self, s: &State, units: &[UnitId]) -> Vec<Modifier> {
        let mut m = Vec::new();
        let Some(&top) = units.first() else {
            return m;
        };
        let t = s.troop(top);
        if let Some(i) = t.morale.marker() {
            let v = self.data.charts.states[i].mc;
            if v != 0 {
                m.push(Modifier {
                    what: format!("{} marker", t.morale.name()),
                    value: i16::from(v),
                    rule: "8 Morale State Diagram".into(),
                });
            }
        }
        if let Some(c) = t.cell {
            let side = self.data.troops[top.ix()].side;
            if let Some((l, v)) = self.best_leader(s, side, c, |x| x.morale)
                && v != 0
            {
                m.push(Modifier {
                    what: format!("leader {}", self.data.leaders[l.ix()].name),
                    value: i16::from(v),
                    rule: "5.2.1".into(),
                });
            }
        }
        let mc = &self.data.charts.mc;
        if t.ooc && mc.out_of_command != 0 {
            m.push(Modifier {
                what: "Out of Command".into(),
                value: i16::from(mc.out_of_command),
                rule: "5.3, Morale Check DRM Chart".into(),
            });
        }
        if self.in_post(s, top) && mc.in_post != 0 {
            m.push(Modifier {
                what: "in a Fortified Post".into(),
                value: i16::from(mc.in_post),
                rule: "15.2, Morale Check DRM Chart".into(),
            });
        }
        // G22.2 A fatigued brigade's checks.
        m.extend(self.fatigue_drm(s, top));
        m
    }

    /// 8.1 Whether a modified roll passes: above the Morale Value.
    #[must_use]
    pub fn passes(roll: u8, drm: i16, mv: u8) -> bool {
        i16::from(roll) + drm > i16::from(mv)
    }

    /// Rolls a check of a stack: the event, and whether it passed.
    pub(crate) fn roll_check(
        &self,
        s: &State,
        units: &[UnitId],
        why: &str,
        mut modifiers: Vec<Modifier>,
        roll: u8,
        ev: &mut Vec<Event>,
    ) -> bool {
        modifiers.extend(self.stack_drm(s, units));
        let drm: i16 = modifiers.iter().map(|m| m.value).sum();
        let mv = self.mv(s, units);
        let passed = Self::passes(roll, drm, mv);
        ev.push(Event::Check {
            units: units.to_vec(),
            why: why.to_string(),
            roll,
            drm,
            mv,
            passed,
            modifiers,
        });
        passed
    }

    /// The units of a stack still on the map in `c`, top first.
    #[must_use]
    pub fn alive_in(&self, s: &State, units: &[UnitId], c: Cell) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|&u| s.troop(u).cell == Some(c))
            .collect();
        v.sort_by_key(|&u| s.troop(u).pos);
        v
    }

    /// 8 Worsens a stack by `levels`, with everything entering the new state requires: the
    /// marker; at Shaken a 1-hex retreat (not unlimbered artillery, not in a Post); at Broken
    /// or Rout the formation lost, artillery eliminated and a 3- or 6-hex retreat; past Rout
    /// elimination. `post_rule`: 8.1 / 13.4 / 13.5.1 units defending in a Post lose only one
    /// level for this.
    pub(crate) fn worsen(
        &self,
        s: &mut State,
        units: &[UnitId],
        levels: u8,
        post_rule: bool,
        ev: &mut Vec<Event>,
    ) {
        if units.is_empty() || levels == 0 {
            return;
        }
        let from = self.worst_morale(s, units);
        let in_post = units.iter().any(|&u| self.in_post(s, u));
        let levels = if post_rule && in_post { 1 } else { levels };
        self.set_morale(s, units, from.worse(levels), ev);
    }

    /// 8 Puts a stack into a morale state (`None`: eliminated), retreating as required.
    pub(crate) fn set_morale(
        &self,
        s: &mut State,
        units: &[UnitId],
        to: Option<Morale>,
        ev: &mut Vec<Event>,
    ) {
        let Some(&top) = units.first() else { return };
        let Some(cell) = s.troop(top).cell else {
            return;
        };
        let from = self.worst_morale(s, units);
        let Some(to) = to else {
            for &u in units {
                self.eliminate(s, u, "failed a check in Rout (Morale State Diagram)", ev);
            }
            return;
        };
        for &u in units {
            s.troop_mut(u).morale = to;
        }
        if to != from {
            ev.push(Event::MoraleChanged {
                units: units.to_vec(),
                from,
                to,
            });
        }
        if to.broken() {
            // 8.5, 8.6 Artillery is eliminated; the others lose their formation and retreat.
            let mut movers = Vec::new();
            for &u in units {
                if self.data.troops[u.ix()].arm() == Arm::Artillery {
                    self.eliminate(s, u, "artillery Broken or Routed (8.5, 8.6)", ev);
                } else {
                    let t = s.troop_mut(u);
                    t.formation = Formation::Dispersed;
                    t.column = None;
                    t.refused = 0;
                    t.skirmishers = 0;
                    // G18.6.3 Only a Line or Column lies prone.
                    t.prone = false;
                    t.assault = None;
                    t.charge = None;
                    movers.push(u);
                }
            }
            if !movers.is_empty() && (to > from || from.broken()) {
                let cav = movers
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry);
                let hexes = BROKEN_RETREAT[usize::from(cav)];
                self.push_retreat(s, movers, cell, hexes);
            }
        } else if to == Morale::Shaken && from < Morale::Shaken {
            // 8.4 Retreat 1 hex: not unlimbered artillery, not units in a Post.
            let movers: Vec<UnitId> = units
                .iter()
                .copied()
                .filter(|&u| s.troop(u).formation != Formation::Unlimbered && !self.in_post(s, u))
                .collect();
            if !movers.is_empty() {
                self.push_retreat(s, movers, cell, 1);
            }
        }
    }

    /// 9.2 Starts a retreat of `units` from `cell`.
    pub(crate) fn push_retreat(&self, s: &mut State, units: Vec<UnitId>, cell: Cell, hexes: u8) {
        let Some(&first) = units.first() else { return };
        let side = self.data.troops[first.ix()].side;
        // RULING: leaders go with the stack unless friendly combat units stay in the hex.
        let stays = s
            .stack(cell)
            .iter()
            .any(|u| !units.contains(u) && self.data.troops[u.ix()].side == side);
        let leaders = if stays {
            Vec::new()
        } else {
            self.own_leaders_at(s, side, cell)
        };
        let pickups = self.pickup_leaders(s, cell, &units);
        s.pending.push(Frame::Retreat(Retreat {
            units,
            origin: cell,
            at: cell,
            left: hexes,
            visited: vec![cell],
            worsen: 0,
            passed: Vec::new(),
            to_broken: false,
            leaders,
        }));
        // G17.1.2 The leader may be picked up as his Directing Unit begins to retreat.
        self.push_pickups(s, &pickups);
    }

    /// 12.3.1 Step losses from the top of a stack down; losses beyond the stack are ignored.
    pub(crate) fn lose_steps(&self, s: &mut State, units: &[UnitId], n: u8, ev: &mut Vec<Event>) {
        let mut left = n;
        for &u in units {
            while left > 0 && s.troop(u).cell.is_some() {
                left -= 1;
                self.lose_step(s, u, ev);
            }
        }
    }

    /// Removes one step from a unit, eliminating it at its last; its skirmishers are cut to
    /// the new exponent (7.6).
    pub(crate) fn lose_step(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let side = self.data.troops[u.ix()].side;
        s.vp[side.other()] += self.data.scoring.step;
        let t = s.troop_mut(u);
        t.steps = t.steps.saturating_sub(1);
        let left = t.steps;
        if left == 0 {
            self.eliminate(s, u, "lost its last step (12.3.1)", ev);
            return;
        }
        let set = self.data.troops[u.ix()].at(left).set;
        let t = s.troop_mut(u);
        t.skirmishers = t.skirmishers.min(set);
        ev.push(Event::StepLost { unit: u, left });
    }

    /// Removes a unit from the map, scoring its steps for the enemy; 5.3.2 a garrison whose
    /// units have all left dissolves; 5.2.2 leaders left alone in an EZOC may be captured.
    pub(crate) fn eliminate(&self, s: &mut State, u: UnitId, why: &str, ev: &mut Vec<Event>) {
        let Some(cell) = s.troop(u).cell else { return };
        let side = self.data.troops[u.ix()].side;
        s.vp[side.other()] += self.data.scoring.step * i32::from(s.troop(u).steps);
        let t = s.troop_mut(u);
        t.cell = None;
        t.gone = Some(Gone::Eliminated);
        t.assault = None;
        t.charge = None;
        ev.push(Event::Eliminated {
            unit: u,
            why: why.to_string(),
        });
        if let Some(m) = s.moving.as_mut() {
            m.units.retain(|&x| x != u);
        }
        self.check_garrisons(s, ev);
        let friends_left = s
            .stack(cell)
            .iter()
            .any(|&x| self.data.troops[x.ix()].side == side);
        if !friends_left {
            let leaders: Vec<LeaderId> = s
                .leaders_at(cell)
                .into_iter()
                .filter(|&l| self.data.leaders[l.ix()].side == side)
                .collect();
            if !leaders.is_empty() && self.in_ezoc(s, side, cell) {
                s.pending.push(Frame::Leader(LeaderRoll::Capture(leaders)));
            }
        }
    }

    /// 8.2 Whether a stack of the phasing side must make a Rally Check: worse than Normal and
    /// not in an EZOC.
    #[must_use]
    pub fn must_rally(&self, s: &State, c: Cell) -> bool {
        let st = s.stack(c);
        let Some(&top) = st.first() else { return false };
        let side = self.data.troops[top.ix()].side;
        s.troop(top).morale != Morale::Normal && !self.in_ezoc(s, side, c)
    }

    /// 8.1 What a check of this kind is for, in words with its rule, and the DRM particular
    /// to it (the stack's own, [`GloryEmpire::stack_drm`], are added when it is rolled).
    #[must_use]
    pub fn check_terms(&self, kind: CheckKind) -> (&'static str, Vec<Modifier>) {
        let mc = &self.data.charts.mc;
        let (why, what, v, rule) = match kind {
            CheckKind::EnterEzoc => (
                "to enter an enemy ZOC (10.1)",
                "entering an EZOC",
                mc.enter_ezoc,
                "10.1",
            ),
            CheckKind::Rally => ("Rally Check (8.2)", "rally", mc.rally, "8.2"),
            CheckKind::PassedThrough => (
                "Broken or Routed friends retreated through (9.2.1)",
                "passed through",
                mc.passed_through,
                "9.2.1",
            ),
            // B14.3 The Battalion Game's is a Disorder Check with its own DRMs, gathered when
            // the reaction is declared.
            CheckKind::Square if self.battalion() => (
                "Reaction Formation Change Disorder Check (B14.3)",
                "",
                0,
                "B14.3",
            ),
            CheckKind::Square => (
                "to form Square as a reaction (14.3)",
                "reaction square",
                mc.reaction_square,
                "14.3",
            ),
            CheckKind::ReactionCharge => (
                "Reaction Charge Check (14.4.2)",
                "reaction charge",
                mc.reaction_charge,
                "14.4.2",
            ),
            // B9.4 Its modifiers were gathered during the move and travel with the check.
            CheckKind::Disorder => ("Disorder Check (B9.4.1)", "", 0, "B9.4"),
            // B13.2.7 A Recall Check takes the Morale Check DRMs, none of its own.
            CheckKind::Recall => ("Recall Check (B13.2.7)", "", 0, "B13.2.7"),
            CheckKind::FollowOnCharge => (
                "Morale Check for a Follow-On Charge (B13.2.10)",
                "",
                0,
                "B13.2.10",
            ),
            CheckKind::RecallSkirmishers => ("Recall Skirmishers Check (B7.7.2)", "", 0, "B7.7.2"),
            CheckKind::Command => ("Command Check (B7.7.3)", "", 0, "B7.7.3"),
            // 16.3 A plain Morale Check, no DRM of its own.
            CheckKind::Fire => ("in a hex on fire (16.3)", "", 0, "16.3"),
        };
        let mods = if v == 0 {
            Vec::new()
        } else {
            vec![Modifier {
                what: what.into(),
                value: i16::from(v),
                rule: rule.into(),
            }]
        };
        (why, mods)
    }

    /// Resolves the dice of a check (8.1) according to what it was for.
    pub(crate) fn resolve_check(&self, s: &mut State, ck: Check, roll: u8, ev: &mut Vec<Event>) {
        let units = self.alive_in(s, &ck.units, ck.cell);
        if units.is_empty() {
            return;
        }
        let (why, mut mods) = self.check_terms(ck.kind);
        mods.extend(ck.modifiers.iter().cloned());
        let ok = self.roll_check(s, &units, why, mods, roll, ev);
        match ck.kind {
            CheckKind::EnterEzoc => {
                if !ok {
                    // 10.1 Worse by one level, retreating if need be: the move is over.
                    if let Some(m) = s.moving.as_mut() {
                        m.halted = true;
                        m.stop = true;
                    }
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CheckKind::Rally => self.rally_result(s, &units, ok, ev),
            CheckKind::PassedThrough => {
                if !ok {
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CheckKind::Square if ck.change.is_some() => {
                // G21.1 A Brigade Game Reaction Formation Change other than a Square.
                if let (true, Some(change)) = (ok, ck.change) {
                    self.apply_react_change(s, ck.cell, change, ev);
                } else if !ok {
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CheckKind::Square => {
                if ok && self.any_refused(s, &units) {
                    // G18.5.3 A refused stack's Reaction Formation Change removes its markers.
                    self.unrefuse_all(s, &units, ev);
                } else if ok {
                    self.form_square(s, ck.cell, ev);
                } else {
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CheckKind::ReactionCharge => {
                if ok && let Some(target) = ck.target {
                    self.start_reaction_charge(s, ck.cell, units, target, ev);
                }
            }
            CheckKind::Disorder => {
                if !ok {
                    self.disorder_failed(s, &units, ck.cell, ev);
                }
            }
            CheckKind::Recall => self.recall_result(s, ok, ev),
            CheckKind::FollowOnCharge => self.follow_on_result(s, &units, ok, ev),
            CheckKind::RecallSkirmishers => {
                if let Some(f) = ck.form {
                    self.recall_skirmishers_result(s, f, ok, ev);
                }
            }
            // RULING: a failed check in a burning hex worsens the stack a level, as other plain
            // Morale Checks do (ge-rulings 155)
            CheckKind::Fire => {
                if !ok {
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CheckKind::Command => {
                if !ok {
                    self.command_check_failed(s, &units, ck.reserve, ev);
                }
            }
        }
    }

    /// B9.4.1 A failed Disorder Check: the stack is one level worse (retreating if it becomes
    /// Shaken). RULING: a moving stack that ended its move on friendly units and stays with
    /// them shares its new state with them, as a stack ending a move does (B9.1.2).
    pub(crate) fn disorder_failed(
        &self,
        s: &mut State,
        units: &[UnitId],
        cell: Cell,
        ev: &mut Vec<Event>,
    ) {
        // B13.2.1 Cavalry that fails the check its move calls for may not charge: the Charge
        // marker it declared as its move ended is not placed.
        let charging: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|&u| s.troop(u).charge.is_some())
            .collect();
        if let Some(target) = charging.first().and_then(|&u| s.troop(u).charge) {
            for &u in &charging {
                s.troop_mut(u).charge = None;
            }
            if !s
                .troops
                .iter()
                .any(|t| t.charge == Some(target) && t.cell.is_some())
            {
                s.charged.retain(|&c| c != target);
            }
            ev.push(Event::ChargeCancelled {
                units: charging,
                target,
            });
        }
        // G19.4 Breakdown: in the Brigade Game each battery of the stack also loses a step.
        // RULING: the step first, then the worsening (ge-rulings 125)
        let kept;
        let units = if self.brigade() {
            let guns: Vec<UnitId> = self
                .alive_in(s, units, cell)
                .into_iter()
                .filter(|&u| self.data.troops[u.ix()].arm() == crate::data::Arm::Artillery)
                .collect();
            for u in guns {
                ev.push(Event::Breakdown { unit: u });
                self.lose_step(s, u, ev);
            }
            kept = self.alive_in(s, units, cell);
            &kept[..]
        } else {
            units
        };
        self.worsen(s, units, 1, false, ev);
        let still: Vec<UnitId> = self.alive_in(s, units, cell);
        if still.is_empty() || s.pending.iter().any(|f| matches!(f, Frame::Retreat(_))) {
            return;
        }
        let worst = self.worst_morale(s, &still);
        let others: Vec<UnitId> = s
            .stack(cell)
            .into_iter()
            .filter(|u| !still.contains(u) && s.troop(*u).morale < worst)
            .collect();
        if !others.is_empty() {
            let from = self.worst_morale(s, &others);
            for &u in &others {
                s.troop_mut(u).morale = worst;
            }
            ev.push(Event::MoraleChanged {
                units: others,
                from,
                to: worst,
            });
        }
    }

    /// 8.2 The result of a Rally Check: Disorder and Shaken one level better on a pass; Broken
    /// and Rout to Shaken (in Column, facing as the owner likes) on a pass, worse on a fail.
    fn rally_result(&self, s: &mut State, units: &[UnitId], ok: bool, ev: &mut Vec<Event>) {
        let from = self.worst_morale(s, units);
        match (from, ok) {
            (Morale::Disorder | Morale::Shaken, true) => {
                // RULING: Shaken rallies to Disorder, one level (8.2's text, not the diagram's
                // "or Normal").
                let to = from.better();
                for &u in units {
                    s.troop_mut(u).morale = to;
                }
                ev.push(Event::MoraleChanged {
                    units: units.to_vec(),
                    from,
                    to,
                });
            }
            (Morale::Broken | Morale::Rout, true) => {
                for &u in units {
                    let t = s.troop_mut(u);
                    t.morale = Morale::Shaken;
                    t.formation = Formation::Column;
                    t.column = None;
                    t.facing = crate::formation::fit_facing(Formation::Column, t.facing);
                }
                ev.push(Event::MoraleChanged {
                    units: units.to_vec(),
                    from,
                    to: Morale::Shaken,
                });
                s.pending.push(Frame::Face {
                    units: units.to_vec(),
                    hexside: true,
                });
            }
            (Morale::Broken | Morale::Rout, false) => {
                self.set_morale(s, units, from.worse(1), ev);
            }
            _ => {}
        }
    }

    /// 14.3 The infantry of a hex forms Square at no cost; artillery goes to the bottom
    /// (7.8.1) and skirmishers are recalled (7.6.5).
    pub(crate) fn form_square(&self, s: &mut State, c: Cell, ev: &mut Vec<Event>) {
        let st = s.stack(c);
        let mut inf = Vec::new();
        for &u in &st {
            if self.data.troops[u.ix()].arm() == Arm::Infantry {
                let t = s.troop_mut(u);
                // RULING (ge-rulings 116): a Reaction Formation Change forms a hollow Square.
                t.formation = Formation::Square;
                t.column = None;
                t.skirmishers = 0;
                inf.push(u);
            }
        }
        for &u in &st {
            if self.data.troops[u.ix()].arm() == Arm::Artillery {
                let p = s.bottom_pos();
                s.troop_mut(u).pos = p;
            }
        }
        ev.push(Event::Formed {
            units: inf,
            formation: Formation::Square,
            cost: 0,
        });
    }

    /// The leaders of `side` in a hex.
    #[must_use]
    pub fn own_leaders_at(&self, s: &State, side: Side, c: Cell) -> Vec<LeaderId> {
        s.leaders_at(c)
            .into_iter()
            .filter(|&l| {
                self.data.leaders[l.ix()].side == side && s.leader(l).status == LeaderStatus::OnMap
            })
            .collect()
    }

    /// Queues a check.
    pub(crate) fn push_check(
        &self,
        s: &mut State,
        kind: CheckKind,
        cell: Cell,
        units: Vec<UnitId>,
        target: Option<Cell>,
    ) {
        s.pending.push(Frame::Check(Check {
            kind,
            cell,
            units,
            drm: 0,
            target,
            modifiers: Vec::new(),
            form: None,
            reserve: false,
            change: None,
        }));
    }
}
