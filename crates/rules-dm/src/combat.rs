//! 9.0 Combat: declarations of attacks and Supporting Fire (9.1, 9.2), the Attack Sequence with
//! terrain (9.3) and flank (9.4) modifiers, the differential CRT and its -1 floor, automatic
//! victories, results (9.5), advance after combat and the free facing change (9.5.3).

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{Cell, CrtResult, Kind, UnitId};
use crate::event::{Event, What};
use crate::state::{Attack, Resolution, Stage, State, Status, Support};
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::Facing;
use serde::Serialize;

/// One line of an attack's arithmetic, for the player to see before committing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// The side whose total it changes.
    pub side: Side,
    /// The unit concerned, if one.
    pub unit: Option<UnitId>,
    /// The change.
    pub amount: i32,
    /// The rule granting it.
    pub rule: &'static str,
    /// In words.
    pub why: &'static str,
}

/// The odds of an attack: totals, differential and CRT column, with every modifier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Odds {
    /// Attacker's total Strength.
    pub attack: i32,
    /// Defender's total Strength.
    pub defence: i32,
    /// Attack minus defence.
    pub differential: i32,
    /// CRT column index, `None` when the attack is prohibited (below the first column).
    pub column: Option<usize>,
    /// Every modifier applied.
    pub lines: Vec<Modifier>,
}

impl DrumsMuskets {
    /// 9.2, 9.2.3, 10.3 Can this unit give Supporting Fire now? Heavy artillery, not Shaken, not
    /// Routed, on the map, and not "badly deployed" in woods or marsh. RULING: a Routed unit gives
    /// no Supporting Fire (it may not attack either).
    #[must_use]
    pub fn can_fire(&self, s: &State, u: UnitId) -> bool {
        let p = s.piece(u);
        let Some(c) = p.cell else { return false };
        self.data.units[u.ix()].heavy_artillery
            && !p.gone
            && p.status == Status::Steady
            && self.data.charts.terrain[usize::from(self.data.board.cells[c.ix()].terrain)]
                .artillery
    }

    fn adjacent_units(&self, s: &State, a: UnitId, b: UnitId) -> bool {
        match (s.piece(a).cell, s.piece(b).cell) {
            (Some(x), Some(y)) => self.data.board.distance(x, y) == 1,
            _ => false,
        }
    }

    /// RULING: declared Supporting Fire counts when the attack is resolved only if the gun can
    /// still fire and is still adjacent to the unit it supports.
    fn support_counts(&self, s: &State, sup: &Support) -> bool {
        self.can_fire(s, sup.artillery)
            && (sup.artillery == sup.to || self.adjacent_units(s, sup.artillery, sup.to))
    }

    fn attacking(&self, s: &State, u: UnitId) -> bool {
        s.attacks.iter().any(|a| a.attackers.contains(&u))
    }

    fn attacked(&self, s: &State, u: UnitId) -> bool {
        s.attacks.iter().any(|a| a.defender == u)
    }

    fn supporting(&self, s: &State, u: UnitId) -> bool {
        s.supports.iter().any(|x| x.artillery == u)
    }

    /// May this unit attack at all? 9.0 not a dummy; 10.1 not Routed.
    fn may_attack(&self, s: &State, u: UnitId) -> bool {
        let p = s.piece(u);
        p.cell.is_some()
            && !p.gone
            && p.status != Status::Routed
            && self.data.units[u.ix()].kind != Kind::Dummy
    }

    /// 9.1 The attacker's declarations: attacks through Front hexes (each unit once, each target
    /// once, several units may combine), Supporting Fire (9.2.1), or the end of declarations.
    pub(crate) fn declare_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.push(Action::EndPhase);
        let side = s.phasing;
        for u in self.units_of(side) {
            if !self.may_attack(s, u) || self.attacking(s, u) {
                continue;
            }
            let p = s.piece(u);
            let Some(c) = p.cell else { continue };
            for t in self.front_cells(c, p.facing) {
                if s.at(t)
                    .is_some_and(|o| self.data.units[o.ix()].side != side)
                {
                    out.push(Action::Attack { unit: u, target: t });
                }
            }
        }
        self.support_actions(s, side, out, |me, st, to| me.attacking(st, to));
    }

    fn support_actions(
        &self,
        s: &State,
        side: Side,
        out: &mut Vec<Action>,
        eligible: impl Fn(&Self, &State, UnitId) -> bool,
    ) {
        for a in self.units_of(side) {
            if !self.can_fire(s, a) || self.supporting(s, a) {
                continue;
            }
            if side != s.phasing && self.attacked(s, a) {
                continue; // 9.2.2 it fires for itself, already declared
            }
            for to in self.units_of(side) {
                if (to == a || self.adjacent_units(s, a, to)) && eligible(self, s, to) {
                    out.push(Action::Support { artillery: a, to });
                }
            }
        }
    }

    fn declare_support(&self, s: &mut State, artillery: UnitId, to: UnitId, ev: &mut Vec<Event>) {
        s.supports.push(Support { artillery, to });
        // 9.2.1 A hidden unit giving Supporting Fire is revealed at once.
        self.reveal(s, artillery, ev);
        ev.push(Event::public(What::SupportDeclared {
            artillery,
            supported: to,
        }));
    }

    /// Applies a declaration.
    pub(crate) fn declare_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Attack { unit, target } => {
                let defender = s.at(target).unwrap_or(unit);
                match s.attacks.iter_mut().find(|x| x.target == target) {
                    Some(x) => x.attackers.push(unit),
                    None => s.attacks.push(Attack {
                        target,
                        defender,
                        attackers: vec![unit],
                        resolved: false,
                    }),
                }
                self.reveal(s, unit, ev);
                ev.push(Event::public(What::AttackDeclared { unit, target }));
            }
            Action::Support { artillery, to } => self.declare_support(s, artillery, to, ev),
            Action::EndPhase => {
                if s.attacks.is_empty() {
                    self.end_combat_phase(s, ev);
                    return;
                }
                // 9.2.2 Defending artillery under attack must fire for itself.
                let defenders: Vec<UnitId> = s.attacks.iter().map(|x| x.defender).collect();
                for d in defenders {
                    if self.can_fire(s, d) && !self.supporting(s, d) {
                        self.declare_support(s, d, d, ev);
                    }
                }
                // RULING: the defender is always asked, even with no gun able to fire, so that
                // the question reveals nothing about its hidden pieces.
                s.stage = Stage::DefenderSupport;
            }
            _ => {}
        }
    }

    /// 9.2.2 The defender's Supporting Fire for adjacent attacked units.
    pub(crate) fn defender_support_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.push(Action::EndPhase);
        self.support_actions(s, s.phasing.other(), out, |me, st, to| me.attacked(st, to));
    }

    /// Applies a defender's declaration.
    pub(crate) fn defender_support_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Support { artillery, to } => self.declare_support(s, artillery, to, ev),
            _ => self.next_attack(s, ev),
        }
    }

    /// 9.0 The attacker picks which declared attack to resolve next.
    pub(crate) fn choose_attack_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.extend(
            s.attacks
                .iter()
                .filter(|a| !a.resolved)
                .map(|a| Action::Resolve(a.target)),
        );
    }

    fn next_attack(&self, s: &mut State, ev: &mut Vec<Event>) {
        let open: Vec<Cell> = s
            .attacks
            .iter()
            .filter(|a| !a.resolved)
            .map(|a| a.target)
            .collect();
        match open.len() {
            0 => self.end_combat_phase(s, ev),
            1 => self.begin_attack(s, open[0], ev),
            _ => s.stage = Stage::ChooseAttack,
        }
    }

    fn attack_index(s: &State, target: Cell) -> usize {
        s.attacks
            .iter()
            .position(|a| a.target == target)
            .unwrap_or(0)
    }

    /// The attackers of attack `i` still able to take part: on the map, not Routed, adjacent.
    fn live_attackers(&self, s: &State, i: usize) -> Vec<UnitId> {
        let a = &s.attacks[i];
        a.attackers
            .iter()
            .copied()
            .filter(|&u| {
                self.may_attack(s, u)
                    && s.piece(u)
                        .cell
                        .is_some_and(|c| self.data.board.distance(c, a.target) == 1)
            })
            .collect()
    }

    /// 9.0 Starts resolving the attack on `target`: automatic victories against dummies and Routed
    /// units, or the Attack Sequence from step 3.
    pub(crate) fn begin_attack(&self, s: &mut State, target: Cell, ev: &mut Vec<Event>) {
        let i = Self::attack_index(s, target);
        let defender = s.attacks[i].defender;
        let attackers = self.live_attackers(s, i);
        let infantry_only = attackers
            .iter()
            .all(|u| self.data.units[u.ix()].kind != Kind::Cavalry);
        s.resolution = Some(Resolution {
            attack: i as u8,
            card_bonus: BySide::new(0, 0),
            die: None,
            after_roll: 0,
            result: None,
            to_retreat: Vec::new(),
            vacated: false,
            infantry_only,
            to_face: Vec::new(),
        });
        // RULING: an attack whose defender has left the Target hex, or whose attackers can no
        // longer attack, is void.
        if attackers.is_empty() || s.at(target) != Some(defender) {
            ev.push(Event::public(What::AttackCancelled {
                target,
                differential: 0,
            }));
            self.finish_attack(s, ev);
            return;
        }
        let def = &self.data.units[defender.ix()];
        if def.kind == Kind::Dummy {
            ev.push(Event::public(What::AutomaticVictory { target }));
            self.reveal(s, defender, ev);
            self.eliminate(s, defender, false, "9.0 a dummy attacked is eliminated", ev);
            self.after_result(s, ev);
            return;
        }
        if s.piece(defender).status == Status::Routed {
            ev.push(Event::public(What::AutomaticVictory { target }));
            ev.push(Event::public(What::Routed { unit: defender }));
            self.eliminate(
                s,
                defender,
                true,
                "9.0, 10.1 a Routed unit attacked routs again",
                ev,
            );
            self.after_result(s, ev);
            return;
        }
        self.open_window(s, Stage::AttackCard(s.phasing, 3), ev);
    }

    /// 9.0 steps 1, 2 and 4, 9.2, 9.3, 9.4: the strengths and the differential of attack `i`.
    /// With `with_lines`, every modifier is listed with the rule granting it (for the player to
    /// see before committing); without, nothing is allocated (for search).
    #[must_use]
    pub fn odds(&self, s: &State, i: usize, with_lines: bool) -> Odds {
        let a = &s.attacks[i];
        let attacker_side = s.phasing;
        let defender_side = attacker_side.other();
        let charts = &self.data.charts;
        let b = &self.data.board;
        let mut lines = Vec::new();
        let target_info = &b.cells[a.target.ix()];
        let target_terrain = &charts.terrain[usize::from(target_info.terrain)];
        let mut attack = 0;
        for u in self.live_attackers(s, i) {
            let def = &self.data.units[u.ix()];
            let p = s.piece(u);
            let Some(c) = p.cell else { continue };
            let cav = def.kind == Kind::Cavalry;
            let mut t = Tally::new(attacker_side, Some(u), with_lines.then_some(&mut lines));
            t.add(i32::from(def.strength), "2.0", "printed Combat Strength");
            if p.status == Status::Shaken {
                t.add(-1, "10.3", "Shaken");
            }
            if self.is_flank(s, a.defender, c) {
                t.add(if cav { 2 } else { 1 }, "9.4", "flank attack");
            }
            let into = if cav {
                target_terrain.cavalry_attack_into
            } else {
                target_terrain.attack_into
            };
            t.add(i32::from(into), "9.3", "terrain of the Target hex");
            if let Some(d) = b.direction(a.target, c) {
                let di = usize::from(d.index());
                if let Some(f) = target_info.feature[di] {
                    let f = &charts.features[usize::from(f)];
                    let m = if cav {
                        f.cavalry_attack_across
                    } else {
                        f.attack_across
                    };
                    t.add(i32::from(m), "9.3", "attacking across a hexside feature");
                }
                let up = target_info.upslope_from[di];
                let down = b.cells[c.ix()].upslope_from[usize::from(d.opposite().index())];
                if cav && (up || down) {
                    t.add(
                        i32::from(charts.slope.cavalry_across),
                        "9.3",
                        "cavalry across a slope",
                    );
                } else if !cav && up {
                    t.add(
                        i32::from(charts.slope.infantry_upslope),
                        "9.3",
                        "attacking upslope",
                    );
                }
            }
            for sup in s.supports.iter().filter(|x| x.to == u) {
                if self.support_counts(s, sup) {
                    t.add(1, "9.2.1", "heavy artillery Supporting Fire");
                }
            }
            // RULING: no unit adds less than nothing to an attack.
            attack += t.total.max(0);
        }
        let dp = s.piece(a.defender);
        let mut t = Tally::new(
            defender_side,
            Some(a.defender),
            with_lines.then_some(&mut lines),
        );
        t.add(
            i32::from(self.data.units[a.defender.ix()].strength),
            "2.0",
            "printed Combat Strength",
        );
        if dp.status == Status::Shaken {
            t.add(-1, "10.3", "Shaken");
        }
        for sup in s.supports.iter().filter(|x| x.to == a.defender) {
            if self.support_counts(s, sup) {
                t.add(1, "9.2.2", "heavy artillery Supporting Fire");
            }
        }
        let mut defence = t.total.max(0);
        if let Some(r) = &s.resolution
            && usize::from(r.attack) == i
        {
            let mut t = Tally::new(attacker_side, None, with_lines.then_some(&mut lines));
            t.add(i32::from(r.card_bonus[attacker_side]), "9.0 step 3", "card");
            attack += t.total;
            let mut t = Tally::new(defender_side, None, with_lines.then_some(&mut lines));
            t.add(i32::from(r.card_bonus[defender_side]), "9.0 step 3", "card");
            defence += t.total;
        }
        let differential = attack - defence;
        Odds {
            attack,
            defence,
            differential,
            column: charts.crt.column(differential),
            lines,
        }
    }

    /// 9.0 step 4: the differential; attacks below the first column are cancelled.
    /// RULING: such attacks may be declared; they are cancelled here, after the step-3 cards,
    /// which may lift them to the -1 column.
    pub(crate) fn attack_step4(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(r) = s.resolution.as_ref() else {
            return;
        };
        let i = usize::from(r.attack);
        let odds = self.odds(s, i, false);
        if odds.column.is_none() {
            ev.push(Event::public(What::AttackCancelled {
                target: s.attacks[i].target,
                differential: odds.differential,
            }));
            self.finish_attack(s, ev);
            return;
        }
        s.stage = Stage::AttackDie;
    }

    /// 9.0 step 5: the die is rolled (again, after a re-roll card).
    pub(crate) fn attack_die(&self, s: &mut State, face: u8, ev: &mut Vec<Event>) {
        let Some(r) = s.resolution.as_mut() else {
            return;
        };
        let rerolled = r.die.is_some();
        r.die = Some(face);
        let next = r.after_roll;
        let target = s.attacks[usize::from(r.attack)].target;
        if rerolled {
            ev.push(Event::public(What::Rerolled { die: face }));
        } else {
            ev.push(Event::public(What::AttackRolled { target, die: face }));
        }
        match next {
            0 => self.open_window(s, Stage::AttackCard(s.phasing, 6), ev),
            1 => self.open_window(s, Stage::AttackCard(s.phasing.other(), 6), ev),
            _ => self.attack_step6_done(s, ev),
        }
    }

    /// 9.0 step 6, 9.5: the result is applied.
    pub(crate) fn attack_step6_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(r) = s.resolution.as_ref() else {
            return;
        };
        let i = usize::from(r.attack);
        let die = r.die.unwrap_or(1);
        let odds = self.odds(s, i, false);
        let Some(col) = odds.column else {
            self.finish_attack(s, ev);
            return;
        };
        let result = self.data.charts.crt.result(col, die);
        ev.push(Event::public(What::AttackResolved {
            target: s.attacks[i].target,
            attack: odds.attack,
            defence: odds.defence,
            differential: odds.differential,
            die,
            result,
        }));
        let to_retreat = match result {
            CrtResult::NoEffect => Vec::new(),
            // RULING: attackers retreat one after the other in the order they were declared.
            CrtResult::AttackerRetreat(_) => self.live_attackers(s, i),
            CrtResult::DefenderRetreat(_) => vec![s.attacks[i].defender],
        };
        if let Some(r) = s.resolution.as_mut() {
            r.result = Some(result);
            r.to_retreat = to_retreat;
            r.to_retreat.reverse(); // popped from the back: first declared retreats first
        }
        self.next_retreat(s, ev);
    }

    /// After every retreat of the result: 9.5.3 advance and facing when the defender's hex was
    /// vacated, else the attack is over.
    pub(crate) fn after_result(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(r) = s.resolution.as_ref() else {
            return;
        };
        let i = usize::from(r.attack);
        let target = s.attacks[i].target;
        let defender = s.attacks[i].defender;
        let vacated = s.piece(defender).cell != Some(target) && s.at(target).is_none();
        if !vacated {
            self.finish_attack(s, ev);
            return;
        }
        let faces = self.live_attackers(s, i);
        if let Some(r) = s.resolution.as_mut() {
            r.vacated = true;
            r.to_face = faces.iter().rev().copied().collect();
        }
        if faces.is_empty() {
            self.finish_attack(s, ev);
        } else {
            s.stage = Stage::Advance;
        }
    }

    /// 9.5.3 One attacking unit may advance into the vacated hex, whatever its facing.
    pub(crate) fn advance_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.push(Action::NoAdvance);
        if let Some(r) = &s.resolution {
            for u in self.live_attackers(s, usize::from(r.attack)) {
                out.push(Action::Advance(u));
            }
        }
    }

    /// Applies the advance choice; then the free facing changes follow.
    pub(crate) fn advance_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        if let (Action::Advance(u), Some(r)) = (a, s.resolution.as_ref()) {
            let target = s.attacks[usize::from(r.attack)].target;
            let from = s.piece(u).cell.unwrap_or(target);
            s.put(u, Some(target));
            ev.push(Event::public(What::Advanced {
                unit: u,
                from,
                to: target,
            }));
        }
        self.next_facing(s, ev);
    }

    fn next_facing(&self, s: &mut State, ev: &mut Vec<Event>) {
        let has_more = s.resolution.as_ref().is_some_and(|r| !r.to_face.is_empty());
        if has_more {
            s.stage = Stage::AfterFacing;
        } else {
            self.finish_attack(s, ev);
        }
    }

    /// The unit whose free facing change is pending.
    #[must_use]
    pub fn facing_unit(&self, s: &State) -> Option<UnitId> {
        s.resolution
            .as_ref()
            .and_then(|r| r.to_face.last().copied())
    }

    /// 9.5.3 The free facing change (up to 180 degrees: any facing) of the next attacking unit.
    pub(crate) fn after_facing(&self, s: &mut State, f: Facing, ev: &mut Vec<Event>) {
        let Some(u) = s.resolution.as_mut().and_then(|r| r.to_face.pop()) else {
            return;
        };
        if s.pieces[u.ix()].facing != f {
            s.pieces[u.ix()].facing = f;
            ev.push(Event::public(What::Faced {
                unit: u,
                facing: f,
                mp_left_half: None,
            }));
        }
        self.next_facing(s, ev);
    }

    /// The attack is over; the next one, or the end of the Combat Phase.
    pub(crate) fn finish_attack(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(r) = s.resolution.take() {
            s.attacks[usize::from(r.attack)].resolved = true;
        }
        s.retreat = None;
        s.test = None;
        self.next_attack(s, ev);
    }
}

/// Adds up one unit's (or one side's) strength, listing each non-zero term when asked.
struct Tally<'a> {
    side: Side,
    unit: Option<UnitId>,
    lines: Option<&'a mut Vec<Modifier>>,
    total: i32,
}

impl<'a> Tally<'a> {
    fn new(side: Side, unit: Option<UnitId>, lines: Option<&'a mut Vec<Modifier>>) -> Self {
        Tally {
            side,
            unit,
            lines,
            total: 0,
        }
    }

    fn add(&mut self, amount: i32, rule: &'static str, why: &'static str) {
        self.total += amount;
        if amount != 0
            && let Some(lines) = self.lines.as_deref_mut()
        {
            lines.push(Modifier {
                side: self.side,
                unit: self.unit,
                amount,
                rule,
                why,
            });
        }
    }
}
