//! 13 Close Combat: the Assault procedure (13.1.3) with its morale checks (13.1.4, 13.1.5),
//! the Charge procedure (13.2.3) with its defender check (13.2.4), regroup (13.2.5) and spent
//! horses (13.2.6), the Empty Target Hex (13.3), Offensive and Defensive Fire (13.4), Cold
//! Steel (13.5) and Advance After Combat (13.6); the Reaction Charge of 14.4.3 follows the
//! Charge's steps.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arc, Arm, Cell, Formation, PostKind, TerrainClass, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{
    Attacker, Combat, CombatKind, CombatStep, FireKind, FireRoll, Frame, LeaderRoll, Morale, State,
};
use coupdoeil_engine::Side;

/// 13.2.5 Hexes of a Regroup.
pub const REGROUP_HEXES: u8 = 3;
/// 13.2.6 Spent markers after a Charge.
pub const SPENT_MARKERS: u8 = 2;
/// 13.5.1 Levels lost by the loser of Cold Steel (one in a Post).
pub const COLD_STEEL_LEVELS: u8 = 2;

fn md(what: impl Into<String>, value: i16, rule: &str) -> Option<Modifier> {
    (value != 0).then(|| Modifier {
        what: what.into(),
        value,
        rule: rule.into(),
    })
}

impl GloryEmpire {
    /// 4.2.6 The targets of the phasing side's Charge (or Assault) markers still to resolve.
    #[must_use]
    pub fn combat_targets(&self, s: &State, charge: bool) -> Vec<Cell> {
        let side = s.phasing;
        let mut v: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| self.data.troops[*i].side == side && t.cell.is_some())
            .filter_map(|(_, t)| if charge { t.charge } else { t.assault })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// 13.1.1 / 13.2.1 Starts the close combat against `target`: every stack of the phasing
    /// side marked against it and adjacent to it (RULING: a marker whose stack did not end
    /// adjacent does nothing).
    pub(crate) fn start_combat(
        &self,
        s: &mut State,
        charge: bool,
        target: Cell,
        ev: &mut Vec<Event>,
    ) {
        let side = s.phasing;
        let mut cells: Vec<Cell> = Vec::new();
        let mut marked: Vec<UnitId> = Vec::new();
        for (i, t) in s.troops.iter().enumerate() {
            let mark = if charge { t.charge } else { t.assault };
            if self.data.troops[i].side == side && mark == Some(target) {
                marked.push(UnitId(i as u8));
                if let Some(c) = t.cell
                    && !cells.contains(&c)
                {
                    cells.push(c);
                }
            }
        }
        for &u in &marked {
            let t = s.troop_mut(u);
            if charge {
                t.charge = None;
            } else {
                t.assault = None;
            }
        }
        cells.sort_unstable();
        // RULING: a marker whose stack did not end adjacent to its target does nothing (13.1.1).
        let arm = if charge { Arm::Cavalry } else { Arm::Infantry };
        let attackers: Vec<Attacker> = cells
            .into_iter()
            .filter(|&c| self.data.board.adjacent(c, target))
            .map(|c| Attacker {
                cell: c,
                units: self
                    .alive_in(s, &marked, c)
                    .into_iter()
                    .filter(|&u| self.data.troops[u.ix()].arm() == arm)
                    .collect(),
                wdf: false,
            })
            .filter(|a| !a.units.is_empty())
            .collect();
        if attackers.is_empty() {
            return;
        }
        // G22 Both sides' brigades have fought a close combat.
        let fought: Vec<UnitId> = attackers
            .iter()
            .flat_map(|a| a.units.iter().copied())
            .chain(s.stack(target))
            .collect();
        self.mark_fatigue(s, &fought, true, ev);
        ev.push(Event::CloseCombat {
            kind: if charge {
                "Charge (13.2)".into()
            } else {
                "Assault (13.1)".into()
            },
            target,
            attackers: attackers.iter().map(|a| a.cell).collect(),
        });
        let origins = attackers
            .iter()
            .flat_map(|a| a.units.iter().map(move |&u| (u, a.cell)))
            .collect();
        s.pending.push(Frame::Combat(Box::new(Combat {
            kind: if charge {
                CombatKind::Charge
            } else {
                CombatKind::Assault
            },
            target,
            attackers,
            defenders: s.stack(target),
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
            def_charge_distance: 0,
            bz_moves: Vec::new(),
            side,
        })));
    }

    /// B13.1.6 A nation's Attack Method, if the scenario gives it one.
    #[must_use]
    pub fn attack_method(&self, nation: &str) -> Option<crate::data::AttackMethod> {
        self.data
            .attack_methods
            .iter()
            .find(|x| x.0 == nation)
            .map(|x| x.1)
    }

    /// B13.1.6 Whether infantry declaring an Assault now violates its nation's Attack Method
    /// (Battalion Game): a Linear nation's in Column, a Massed nation's in Line. RULING: a
    /// nation the scenario gives no method never violates one; a stack violates it if any of
    /// its infantry does.
    #[must_use]
    pub fn violates_attack_method(&self, s: &State, units: &[UnitId]) -> bool {
        use crate::data::AttackMethod;
        self.battalion()
            && units.iter().any(|&u| {
                let d = &self.data.troops[u.ix()];
                matches!(
                    (self.attack_method(&d.nation), s.troop(u).formation),
                    (Some(AttackMethod::Linear), Formation::Column)
                        | (Some(AttackMethod::Massed), Formation::Line)
                )
            })
    }

    /// The attacking stacks still able: alive, in their hexes, adjacent to the target.
    #[must_use]
    pub fn live_attackers(&self, s: &State, c: &Combat) -> Vec<Attacker> {
        c.attackers
            .iter()
            .map(|a| Attacker {
                cell: a.cell,
                units: self.alive_in(s, &a.units, a.cell),
                wdf: a.wdf,
            })
            .filter(|a| !a.units.is_empty() && self.data.board.adjacent(a.cell, c.target))
            .collect()
    }

    /// The defenders still in the target hex.
    #[must_use]
    pub fn live_defenders(&self, s: &State, c: &Combat) -> Vec<UnitId> {
        s.stack(c.target)
            .into_iter()
            .filter(|&u| self.data.troops[u.ix()].side != c.side)
            .collect()
    }

    /// Whether the target is a Fortified Post or a BUA (13.1.3 hand to hand).
    #[must_use]
    pub fn hand_to_hand(&self, s: &State, target: Cell) -> bool {
        self.post_fortified(s, target) || self.data.terrain(target).bua
    }

    /// The worst arc of the defender's top unit facing an attacking hex.
    fn attack_arc(&self, s: &State, defender: UnitId, target: Cell, from: Cell) -> Arc {
        let arcs = self.unit_arcs(s, defender);
        self.data
            .board
            .direction(target, from)
            .map_or(Arc::Front, |d| arcs[d.index() as usize])
    }

    /// 13.1.3, 13.2.3 The first step of the fight itself once the target is known to hold
    /// defenders: the attackers' checks of an Assault, the defender's check of a Charge on
    /// infantry or artillery, the terrain of a Charge on cavalry.
    fn opening_step(&self, c: &Combat, defs: &[UnitId]) -> CombatStep {
        match c.kind {
            CombatKind::Assault => CombatStep::AttackerMc(0),
            // RULING: any infantry or artillery in the target calls for 13.2.3's combat versus
            // infantry and artillery.
            _ if defs
                .iter()
                .any(|&u| self.data.troops[u.ix()].arm() != Arm::Cavalry) =>
            {
                CombatStep::DefenderMc
            }
            _ => CombatStep::Terrain,
        }
    }

    /// B13.1.7 The infantry that advanced into the emptied target and may still make its
    /// Follow-On Assault this Close Combat Segment, and the enemy hexes in the front of all
    /// of them it may assault.
    #[must_use]
    pub fn follow_on_targets(&self, s: &State, c: &Combat) -> (Vec<UnitId>, Vec<Cell>) {
        let units: Vec<UnitId> = self
            .alive_in(s, &c.advanced, c.target)
            .into_iter()
            .filter(|&u| {
                let t = s.troop(u);
                self.data.troops[u.ix()].arm() == Arm::Infantry
                    && !t.followed_on
                    && !t.morale.broken()
                    && t.assault.is_none()
            })
            .collect();
        if units.is_empty() {
            return (units, Vec::new());
        }
        let targets = self
            .data
            .board
            .neighbors(c.target)
            .filter(|&n| {
                self.side_at(s, n) == Some(c.side.other())
                    && self.data.board.direction(c.target, n).is_some_and(|d| {
                        units
                            .iter()
                            .all(|&u| self.unit_arcs(s, u)[d.index() as usize] == Arc::Front)
                    })
            })
            .collect();
        (units, targets)
    }

    /// Who decides at this combat step, if anyone.
    #[must_use]
    pub fn combat_decider(&self, c: &Combat) -> Option<Side> {
        match c.step {
            CombatStep::DefensiveFire
            | CombatStep::RegroupDefender
            | CombatStep::RetreatBefore
            | CombatStep::RetreatAfterMc => Some(c.side.other()),
            CombatStep::Advance
            | CombatStep::RegroupAttacker
            | CombatStep::FollowOn
            | CombatStep::Pursuit
            | CombatStep::FollowOnCharge
            | CombatStep::FollowOnTarget => Some(c.side),
            _ => None,
        }
    }

    /// The stacks the defenders may fire at in Defensive Fire (13.4; a Square twice at
    /// stacks not adjacent to each other, 7.8.2).
    #[must_use]
    pub fn defensive_targets(&self, s: &State, c: &Combat) -> Vec<Cell> {
        let Some(st) = self.strength(s, c.target) else {
            return Vec::new();
        };
        let square = s
            .top(c.target)
            .is_some_and(|u| s.troop(u).formation == Formation::Square);
        let limit = if square { 2 } else { 1 };
        if c.fired_at.len() >= limit {
            return Vec::new();
        }
        self.live_attackers(s, c)
            .into_iter()
            .map(|a| a.cell)
            .filter(|&a| {
                !c.fired_at.contains(&a)
                    && c.fired_at.iter().all(|&f| !self.data.board.adjacent(f, a))
                    && self.fire_line(s, c.target, a, &st).is_some()
            })
            .collect()
    }

    /// The units that may advance into the emptied target now (13.6).
    fn advancers(&self, s: &State, c: &Combat) -> Vec<UnitId> {
        // 16.3 No advance into a hex on fire.
        if !self.live_defenders(s, c).is_empty() || self.on_fire(s, c.target) {
            return Vec::new();
        }
        let here = self.here(s, c.target, &[]);
        let mut out = Vec::new();
        for a in self.live_attackers(s, c) {
            for &u in &a.units {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                if t.morale.broken() {
                    continue;
                }
                let f = if self.formation_allowed(d.kind, t.formation, c.target, false) {
                    t.formation
                } else {
                    Formation::Column
                };
                if !self.formation_allowed(d.kind, f, c.target, false) {
                    continue;
                }
                let m = self.mover_of(s, u);
                if self.data.terrain(c.target).cost[m as usize].is_none()
                    || self.hexside_impassable(m, a.cell, c.target)
                {
                    continue;
                }
                let load = self.load_of(s, &[u]);
                if self.may_end_in(here, c.side, c.target, load) {
                    out.push(u);
                }
            }
        }
        out
    }

    /// The regrouping cavalry (13.2.5): attackers not forced to retreat (still where they
    /// attacked from, or advanced), or defenders still in the target hex.
    fn regroupers(&self, s: &State, c: &Combat, attacker: bool) -> Vec<UnitId> {
        if attacker {
            let mut v: Vec<UnitId> = c
                .origins
                .iter()
                .filter(|(u, from)| {
                    self.data.troops[u.ix()].arm() == Arm::Cavalry
                        && s.troop(*u)
                            .cell
                            .is_some_and(|x| x == *from || x == c.target && c.advanced.contains(u))
                        && !s.troop(*u).morale.broken()
                })
                .map(|x| x.0)
                .collect();
            // One stack regroups: the one with the first unit.
            if let Some(&f) = v.first() {
                let cell = s.troop(f).cell;
                v.retain(|u| s.troop(*u).cell == cell);
            }
            v.sort_by_key(|u| s.troop(*u).pos);
            v
        } else {
            c.def_regroup
                .iter()
                .copied()
                .filter(|&u| s.troop(u).cell == Some(c.target) && !s.troop(u).morale.broken())
                .collect()
        }
    }

    /// The hexes a regrouping stack may move into (RULING: any hexside, keeping formation and
    /// facing, never into an enemy ZOC, with the usual terrain and stacking).
    fn regroup_steps(&self, s: &State, units: &[UnitId]) -> Vec<Cell> {
        // RULING: regroup movement (13.2.5) goes through any hexside, never into an EZOC.
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let Some(at) = s.troop(first).cell else {
            return Vec::new();
        };
        let side = self.data.troops[first.ix()].side;
        let occ = self.occ_near(s, units, at, 1);
        let load = self.load_of(s, units);
        self.data
            .board
            .neighbors(at)
            .filter(|&n| {
                // 16.3 Not into a hex on fire.
                !occ.in_ezoc(side, n)
                    && !self.on_fire(s, n)
                    && self.may_end(&occ, side, n, load)
                    && units.iter().all(|&u| {
                        let m = self.mover_of(s, u);
                        self.data.terrain(n).cost[m as usize].is_some()
                            && !self.hexside_impassable(m, at, n)
                            && self.formation_allowed(
                                self.data.troops[u.ix()].kind,
                                s.troop(u).formation,
                                n,
                                false,
                            )
                    })
            })
            .collect()
    }

    /// The decisions of a combat.
    pub(crate) fn combat_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::Combat(c)) = s.pending.last() else {
            return;
        };
        match c.step {
            CombatStep::Pursuit => {
                // B13.2.7 A Reaction Charge may not Recall (B14.4.5).
                if c.kind == CombatKind::Charge {
                    out.push(Action::Recall);
                }
                out.push(Action::Pass);
            }
            CombatStep::FollowOnCharge => {
                out.push(Action::FollowOnCharge);
                out.push(Action::Pass);
            }
            CombatStep::FollowOnTarget => {
                out.extend(
                    self.follow_on_charges(s, c)
                        .1
                        .into_iter()
                        .map(Action::Charge),
                );
            }
            CombatStep::FollowOn => {
                out.extend(
                    self.follow_on_targets(s, c)
                        .1
                        .into_iter()
                        .map(Action::Assault),
                );
                out.push(Action::Pass);
            }
            CombatStep::RetreatBefore | CombatStep::RetreatAfterMc => {
                let forced = c.step == CombatStep::RetreatAfterMc;
                out.extend(
                    self.rbc_destinations(s, c)
                        .into_iter()
                        .map(Action::RetreatBefore),
                );
                if self.rbc_duty(s, c, forced) == Some(crate::rbc::RbcDuty::May) {
                    out.push(Action::Pass);
                }
            }
            CombatStep::DefensiveFire => {
                // RULING: Defensive Fire is voluntary, as all fire is (12).
                out.extend(
                    self.defensive_targets(s, c)
                        .into_iter()
                        .map(Action::DefendAgainst),
                );
                out.push(Action::Pass);
            }
            CombatStep::Advance => {
                out.extend(self.advancers(s, c).into_iter().map(Action::Advance));
                if !c.advanced.is_empty() {
                    out.push(Action::Pass);
                }
            }
            CombatStep::RegroupAttacker | CombatStep::RegroupDefender => {
                let units = self.regroupers(s, c, c.step == CombatStep::RegroupAttacker);
                if c.regroup_left > 0 {
                    out.extend(
                        self.regroup_steps(s, &units)
                            .into_iter()
                            .map(Action::Regroup),
                    );
                }
                out.push(Action::Pass);
            }
            _ => {}
        }
    }

    /// 13.6 Entering Advance After Combat: attacking units in Normal become Disordered first
    /// (RULING: every attacking unit, as the Battalion text has it).
    fn go_advance(&self, s: &mut State, c: &mut Combat, ev: &mut Vec<Event>) {
        // RULING: every attacking unit in Normal is Disordered, not only those advancing.
        c.defender_gone = true;
        c.step = CombatStep::Advance;
        for a in self.live_attackers(s, c) {
            let normal: Vec<UnitId> = a
                .units
                .iter()
                .copied()
                .filter(|&u| s.troop(u).morale == Morale::Normal)
                .collect();
            if !normal.is_empty() {
                self.set_morale(s, &normal, Some(Morale::Disorder), ev);
            }
        }
    }

    /// The step after the Advance: Finish for an Assault (B13.1.7 after a Follow-On Assault
    /// may be declared, in the Battalion Game), Regroup for a Charge (B13.2.9 after the
    /// Pursuit and the Follow-On Charge, in the Battalion Game).
    fn after_advance(&self, c: &mut Combat) {
        c.step = if c.kind == CombatKind::Assault && c.follow_on && self.battalion() {
            CombatStep::FollowOn
        } else if c.kind == CombatKind::Assault {
            CombatStep::Finish
        } else if self.battalion() {
            CombatStep::Pursuit
        } else {
            c.regroup_left = REGROUP_HEXES;
            CombatStep::RegroupAttacker
        };
    }

    /// Runs a combat forward through its steps that need no decision or die.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn combat_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Combat(cb)) = s.pending.last().cloned() else {
            return false;
        };
        let mut c = *cb;
        let defs = self.live_defenders(s, &c);
        let atts = self.live_attackers(s, &c);
        // Defenders driven out before Cold Steel: advance.
        let before_advance = matches!(
            c.step,
            CombatStep::RetreatBefore
                | CombatStep::RetreatAfterMc
                | CombatStep::AttackerMc(_)
                | CombatStep::DefenderMc
                | CombatStep::Alterations
                | CombatStep::DefensiveFire
                | CombatStep::DefensiveApplied
                | CombatStep::OffensiveFire
                | CombatStep::Terrain
                | CombatStep::ColdSteelAttacker
                | CombatStep::ColdSteelDefender
        );
        if before_advance && defs.is_empty() {
            // B13.1.7 Emptied by a Retreat Before Combat.
            c.follow_on |= matches!(
                c.step,
                CombatStep::RetreatBefore | CombatStep::RetreatAfterMc
            );
            self.go_advance(s, &mut c, ev);
            self.replace_top(s, Frame::Combat(Box::new(c)));
            return true;
        }
        let progressed = match c.step {
            CombatStep::Empty => {
                if defs.is_empty() {
                    c.follow_on = true;
                    self.go_advance(s, &mut c, ev);
                } else {
                    // 13.3 Routed defenders are eliminated, Broken ones Rout, limbered
                    // artillery without infantry is eliminated.
                    let no_inf = !defs
                        .iter()
                        .any(|&u| self.data.troops[u.ix()].arm() == Arm::Infantry);
                    let mut broken = Vec::new();
                    for &u in &defs {
                        let t = s.troop(u);
                        if t.morale == Morale::Rout {
                            self.eliminate(s, u, "Routed and attacked (13.3)", ev);
                        } else if t.morale == Morale::Broken {
                            broken.push(u);
                        } else if no_inf
                            && (matches!(t.formation, Formation::Limbered | Formation::RoadColumn)
                                || t.formation == Formation::Unlimbered && self.out_of_ammo(s, u))
                        {
                            self.eliminate(
                                s,
                                u,
                                "limbered artillery without infantry attacked (13.3)",
                                ev,
                            );
                        }
                    }
                    c.step = CombatStep::AfterEmpty;
                    if !broken.is_empty() {
                        self.replace_top(s, Frame::Combat(Box::new(c)));
                        self.set_morale(s, &broken, Some(Morale::Rout), ev);
                        return true;
                    }
                }
                true
            }
            CombatStep::AfterEmpty => {
                if defs.is_empty() {
                    c.follow_on = true;
                    self.go_advance(s, &mut c, ev);
                } else {
                    c.defenders = defs.clone();
                    let mut cav: Vec<UnitId> = atts
                        .iter()
                        .flat_map(|a| a.units.iter().copied())
                        .chain(defs.iter().copied())
                        .filter(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
                        .collect();
                    cav.sort_unstable();
                    c.cavalry = cav;
                    c.def_regroup = defs
                        .iter()
                        .copied()
                        .filter(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry)
                        .collect();
                    c.step = if self.rbc_duty(s, &c, false).is_some() {
                        CombatStep::RetreatBefore
                    } else {
                        self.opening_step(&c, &defs)
                    };
                }
                true
            }
            CombatStep::RetreatBefore | CombatStep::RetreatAfterMc => {
                let forced = c.step == CombatStep::RetreatAfterMc;
                let next = if forced {
                    CombatStep::Alterations
                } else {
                    self.opening_step(&c, &defs)
                };
                if defs.is_empty() || atts.is_empty() {
                    c.step = next;
                    true
                } else {
                    match self.rbc_duty(s, &c, forced) {
                        None => {
                            c.step = next;
                            true
                        }
                        Some(crate::rbc::RbcDuty::Must)
                            if self.rbc_destinations(s, &c).is_empty() =>
                        {
                            // B13.4.3 Bound to retreat and unable to: Broken.
                            c.step = next;
                            self.replace_top(s, Frame::Combat(Box::new(c)));
                            ev.push(Event::NoRetreatBeforeCombat {
                                units: defs.clone(),
                            });
                            self.set_morale(s, &defs, Some(Morale::Broken), ev);
                            return true;
                        }
                        Some(_) => false,
                    }
                }
            }
            CombatStep::AttackerMc(i) => {
                if usize::from(i) < c.attackers.len() {
                    let a = &c.attackers[usize::from(i)];
                    if self.alive_in(s, &a.units, a.cell).is_empty() {
                        c.step = CombatStep::AttackerMc(i + 1);
                        true
                    } else {
                        false
                    }
                } else if atts.is_empty() {
                    c.step = CombatStep::Finish;
                    true
                } else {
                    c.step = CombatStep::DefenderMc;
                    true
                }
            }
            CombatStep::DefenderMc
            | CombatStep::ColdSteelAttacker
            | CombatStep::ColdSteelDefender => {
                if atts.is_empty() {
                    c.step = CombatStep::Finish;
                    true
                } else if c.step == CombatStep::DefenderMc && self.later_wave_combat(s, &c) {
                    // G20.1.1 Only the first wave draws the Defender MC and Defensive Fire:
                    // the defenders stand, their muskets empty.
                    c.step = CombatStep::Terrain;
                    true
                } else {
                    false
                }
            }
            CombatStep::Alterations => {
                // 13.1.3 Skirmishers recalled on both sides; non-SeD attackers across a
                // Hexside Obstacle are Disordered.
                for &u in atts.iter().flat_map(|a| a.units.iter()).chain(defs.iter()) {
                    s.troop_mut(u).skirmishers = 0;
                }
                for a in &atts {
                    if self.data.obstacle_between(a.cell, c.target) {
                        let d: Vec<UnitId> = a
                            .units
                            .iter()
                            .copied()
                            .filter(|&u| {
                                s.troop(u).formation != Formation::Sed
                                    && s.troop(u).morale == Morale::Normal
                            })
                            .collect();
                        if !d.is_empty() {
                            self.set_morale(s, &d, Some(Morale::Disorder), ev);
                        }
                    }
                }
                c.step = CombatStep::DefensiveFire;
                true
            }
            CombatStep::DefensiveFire => {
                if atts.is_empty() {
                    c.step = CombatStep::Finish;
                    true
                } else if self.defensive_targets(s, &c).is_empty() {
                    c.step = CombatStep::DefensiveApplied;
                    true
                } else {
                    false
                }
            }
            CombatStep::DefensiveApplied => {
                c.step = if atts.is_empty() {
                    CombatStep::Finish
                } else if c.kind == CombatKind::Assault {
                    CombatStep::OffensiveFire
                } else {
                    CombatStep::Terrain
                };
                true
            }
            CombatStep::OffensiveFire => {
                c.step = CombatStep::OffensiveApply;
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                for a in atts.iter().rev() {
                    let Some(st) = self.strength(s, a.cell) else {
                        continue;
                    };
                    if self.fire_line(s, a.cell, c.target, &st).is_none() {
                        continue;
                    }
                    let odds = self.fire_odds(s, a.cell, c.target, &defs, &st, a.wdf, 1);
                    ev.push(Event::FireDeclared {
                        from: a.cell,
                        target: c.target,
                        fs: odds.fs,
                        column: odds.column,
                        modifiers: odds.modifiers,
                    });
                    s.pending.push(Frame::FireRoll(FireRoll {
                        from: a.cell,
                        target: c.target,
                        column: odds.column,
                        apply: None,
                        round: st.round,
                    }));
                }
                return true;
            }
            CombatStep::OffensiveApply => {
                c.step = CombatStep::OffensiveApplied;
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                self.apply_noted_fire(s, FireKind::Close, Some(c.target));
                return true;
            }
            CombatStep::OffensiveApplied => {
                if defs.is_empty() {
                    self.go_advance(s, &mut c, ev);
                } else if atts.is_empty() || !self.hand_to_hand(s, c.target) {
                    c.step = CombatStep::Finish;
                } else {
                    c.step = CombatStep::ColdSteelAttacker;
                }
                true
            }
            CombatStep::Terrain => {
                // 13.2.3 Charging across a Hexside Obstacle or into MDT disorders the cavalry.
                let mdt = self.class_of(c.target) == TerrainClass::Mdt;
                for a in &atts {
                    if mdt || self.data.obstacle_between(a.cell, c.target) {
                        let d: Vec<UnitId> = a
                            .units
                            .iter()
                            .copied()
                            .filter(|&u| s.troop(u).morale == Morale::Normal)
                            .collect();
                        if !d.is_empty() {
                            self.set_morale(s, &d, Some(Morale::Disorder), ev);
                        }
                    }
                }
                c.step = CombatStep::ColdSteelAttacker;
                true
            }
            CombatStep::AfterColdSteel => {
                if defs.is_empty() {
                    self.go_advance(s, &mut c, ev);
                } else if c.kind == CombatKind::Assault {
                    c.step = CombatStep::Finish;
                } else {
                    c.regroup_left = REGROUP_HEXES;
                    c.step = CombatStep::RegroupAttacker;
                }
                true
            }
            CombatStep::Advance => {
                if self.advancers(s, &c).is_empty() {
                    let inf: Vec<UnitId> = c
                        .advanced
                        .iter()
                        .copied()
                        .filter(|&u| {
                            self.data.troops[u.ix()].arm() == Arm::Infantry
                                && s.troop(u).cell == Some(c.target)
                        })
                        .collect();
                    self.after_advance(&mut c);
                    self.replace_top(s, Frame::Combat(Box::new(c)));
                    // 13.6 Infantry may change facing after the advance.
                    if !inf.is_empty() {
                        let hexside = s.troop(inf[0]).formation != Formation::Line;
                        s.pending.push(Frame::Face {
                            units: inf,
                            hexside,
                        });
                    }
                    return true;
                }
                false
            }
            CombatStep::Pursuit => {
                // B13.2.9 Nothing to pursue: on to the Follow-On Charge; a Reaction Charge
                // pursues without a Recall (B14.4.5).
                match self.pursuit_due(s, &c) {
                    None => {
                        c.step = CombatStep::FollowOnCharge;
                        true
                    }
                    Some(_) if c.kind == CombatKind::ReactionCharge => {
                        c.step = CombatStep::Pursuing;
                        true
                    }
                    Some(_) => false,
                }
            }
            CombatStep::Pursuing => {
                if c.pursuit.is_none() {
                    c.pursuit = self.pursuit_due(s, &c);
                }
                if self.pursue_stage(s, &mut c, ev) {
                    // The combat is written back already, and may have frames above it.
                    return true;
                }
                // G19.5.3 A Pursuit is a voluntary move: its path, for the Bombardment Zones
                // (ge-rulings 211).
                if let Some(p) = c.pursuit.as_ref()
                    && p.hexes > 0
                {
                    let last = usize::from(p.hexes).min(p.path.len().saturating_sub(1));
                    c.bz_moves.push((p.units.clone(), p.path[..=last].to_vec()));
                }
                c.regroup_left = REGROUP_HEXES;
                c.step = CombatStep::RegroupAttacker;
                true
            }
            CombatStep::FollowOnCharge => {
                if self.follow_on_charges(s, &c).1.is_empty() {
                    c.regroup_left = REGROUP_HEXES;
                    c.step = CombatStep::RegroupAttacker;
                    true
                } else {
                    false
                }
            }
            CombatStep::FollowOnTarget => {
                if self.follow_on_charges(s, &c).1.is_empty() {
                    c.regroup_left = REGROUP_HEXES;
                    c.step = CombatStep::RegroupAttacker;
                    true
                } else {
                    false
                }
            }
            CombatStep::FollowOn => {
                if self.follow_on_targets(s, &c).1.is_empty() {
                    c.step = CombatStep::Finish;
                    true
                } else {
                    false
                }
            }
            CombatStep::RegroupAttacker | CombatStep::RegroupDefender => {
                let attacker = c.step == CombatStep::RegroupAttacker;
                let units = self.regroupers(s, &c, attacker);
                if units.is_empty()
                    || c.regroup_left == 0
                    || self.regroup_steps(s, &units).is_empty()
                {
                    if attacker {
                        c.regroup_left = REGROUP_HEXES;
                        c.step = CombatStep::RegroupDefender;
                    } else {
                        c.step = CombatStep::Finish;
                    }
                    true
                } else {
                    false
                }
            }
            CombatStep::Finish => {
                s.pending.pop();
                // G19.5.3 The Bombardment Attacks on the Pursuit and the Regroups, now that
                // the combat is over (ge-rulings 211).
                for (units, path) in std::mem::take(&mut c.bz_moves) {
                    self.bombard_path(s, &units, &path, ev);
                }
                if c.kind != CombatKind::Assault {
                    // 13.2.6 Every cavalry unit that took part, attacking or defending.
                    let mut spent: Vec<UnitId> = c
                        .cavalry
                        .iter()
                        .copied()
                        .chain(c.origins.iter().map(|x| x.0))
                        .filter(|&u| {
                            s.troop(u).cell.is_some()
                                && self.data.troops[u.ix()].arm() == Arm::Cavalry
                        })
                        .collect();
                    spent.sort_unstable();
                    spent.dedup();
                    for &u in &spent {
                        // G22.2 Three for a fatigued brigade.
                        s.troop_mut(u).spent = self.spent_markers(s, u);
                    }
                    if !spent.is_empty() {
                        ev.push(Event::Spent { units: spent });
                    }
                }
                return true;
            }
        };
        if progressed {
            self.replace_top(s, Frame::Combat(Box::new(c)));
        }
        progressed
    }

    /// 13.1.5 / 13.2.4 The defender's Morale Check of a close combat: what it is, and its DRMs
    /// particular to the combat (the stack's own are added when it is rolled); `None` without
    /// defenders.
    #[must_use]
    pub fn defender_mc_terms(
        &self,
        s: &State,
        c: &Combat,
    ) -> Option<(&'static str, Vec<Modifier>)> {
        let mc = &self.data.charts.mc;
        let defs = self.live_defenders(s, c);
        let atts = self.live_attackers(s, c);
        let &top = defs.first()?;
        let flank = atts
            .iter()
            .any(|a| self.attack_arc(s, top, c.target, a.cell) != Arc::Front);
        let mut mods = Vec::new();
        let why;
        if c.kind == CombatKind::Assault {
            why = "Assault Defender Morale Check (13.1.5)";
            let extra = atts.len().saturating_sub(1) as i16;
            mods.push(md(
                format!("assaulted from {} hexes", atts.len()),
                extra * i16::from(mc.per_extra_hex),
                "13.1.5 Assault Odds",
            ));
            if flank {
                mods.push(md(
                    "assaulted through a flank or rear",
                    i16::from(mc.assault_flank),
                    "13.1.5",
                ));
            }
            if self.in_post(s, top) {
                mods.push(md("defending a Post", i16::from(mc.assault_post), "13.1.5"));
            } else if self.data.terrain(c.target).bua {
                mods.push(md(
                    "defending a BUA",
                    i16::from(mc.assault_bua_defender),
                    "13.1.5",
                ));
            }
        } else {
            why = "Charge Defender Morale Check (13.2.4)";
            let cvm = atts
                .first()
                .and_then(|a| a.units.first())
                .map_or(0, |&u| self.data.troops[u.ix()].at(s.troop(u).steps).cvm);
            mods.push(md(
                format!("charging top unit's CVM {cvm}"),
                i16::from(cvm) * i16::from(mc.per_charger_cvm),
                "13.2.4",
            ));
            if s.troop(top).formation == Formation::Square {
                mods.push(md("in Square", i16::from(mc.charge_square), "13.2.4"));
            }
            if flank {
                mods.push(md(
                    "charged through a flank or rear",
                    i16::from(mc.charge_flank),
                    "13.2.4",
                ));
            }
            if self.class_of(c.target) == TerrainClass::Mdt {
                mods.push(md("in MDT", i16::from(mc.charge_mdt), "13.2.4"));
            }
        }
        Some((why, mods.into_iter().flatten().collect()))
    }

    /// 13.1.4 The DRMs of an attacking stack's Morale Check particular to the Assault (the
    /// stack's own are added when it is rolled): starting adjacent, a Post or BUA target.
    #[must_use]
    pub fn attacker_mc_modifiers(&self, s: &State, c: &Combat, units: &[UnitId]) -> Vec<Modifier> {
        let mc = &self.data.charts.mc;
        let mut mods = Vec::new();
        if units.iter().any(|&u| s.troop(u).adjacent_start) {
            mods.push(md(
                "Assault Starting Adjacent",
                i16::from(mc.starting_adjacent),
                "13.1.1",
            ));
        }
        if units.iter().any(|&u| s.troop(u).amv) {
            mods.push(md(
                "Assault AMV (Attack Method Violation)",
                i16::from(mc.attack_method_violation),
                "B13.1.6",
            ));
        }
        if self.hand_to_hand(s, c.target) {
            mods.push(md(
                "assaulting a Post or BUA",
                i16::from(mc.assault_bua),
                "13.1.4",
            ));
        }
        mods.into_iter().flatten().collect()
    }

    /// 13.4 The Fire Chart column of the defenders' Defensive Fire at the attacking stack in
    /// `at`, and the units it hits.
    #[must_use]
    pub fn defensive_fire_odds(
        &self,
        s: &State,
        c: &Combat,
        at: Cell,
    ) -> Option<(crate::fire::Odds, Vec<UnitId>)> {
        let st = self.strength(s, c.target)?;
        let att = self
            .live_attackers(s, c)
            .into_iter()
            .find(|x| x.cell == at)?;
        let odds = self.fire_odds(s, c.target, at, &att.units, &st, c.def_wdf, 1);
        Some((odds, att.units))
    }

    /// The dice of a combat step: the morale checks and the Cold Steel dice.
    pub(crate) fn combat_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Combat(cb)) = s.pending.last().cloned() else {
            return;
        };
        let mut c = *cb;
        match c.step {
            CombatStep::AttackerMc(i) => {
                let idx = usize::from(i);
                let a = c.attackers[idx].clone();
                let units = self.alive_in(s, &a.units, a.cell);
                let mods = self.attacker_mc_modifiers(s, &c, &units);
                let ok = self.roll_check(s, &units, "Attacker Morale Check (13.1.4)", mods, v, ev);
                c.attackers[idx].wdf = ok;
                c.step = CombatStep::AttackerMc(i + 1);
                self.replace_top(s, Frame::Combat(Box::new(c)));
                if !ok {
                    self.worsen(s, &units, 1, false, ev);
                }
            }
            CombatStep::DefenderMc => {
                let defs = self.live_defenders(s, &c);
                let Some((why, mods)) = self.defender_mc_terms(s, &c) else {
                    return;
                };
                let ok = self.roll_check(s, &defs, why, mods, v, ev);
                c.def_wdf = ok;
                c.step = if c.kind == CombatKind::Assault && !ok && self.battalion() {
                    // B13.1.5 A failing SeD battalion may now have to retreat.
                    CombatStep::RetreatAfterMc
                } else if c.kind == CombatKind::Assault {
                    CombatStep::Alterations
                } else {
                    // 13.2.3 (b) The defenders' skirmishers are recalled.
                    for &u in &defs {
                        s.troop_mut(u).skirmishers = 0;
                    }
                    CombatStep::DefensiveFire
                };
                self.replace_top(s, Frame::Combat(Box::new(c)));
                if !ok {
                    self.worsen(s, &defs, 1, false, ev);
                }
            }
            CombatStep::ColdSteelAttacker => {
                c.attacker_die = Some(v);
                c.step = CombatStep::ColdSteelDefender;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            CombatStep::ColdSteelDefender => {
                c.step = CombatStep::AfterColdSteel;
                let ad = c.attacker_die.unwrap_or(0);
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                self.cold_steel(s, &c, ad, v, ev);
            }
            _ => {}
        }
    }

    /// 13.5 Cold Steel: each side's die plus the sum, over its stacks, of the top unit's CVM,
    /// one leader's CVM, its morale marker's, and the charts' modifiers (charging, flank and
    /// rear, odds to the larger side, a Square's SP, the target's terrain, hexside and Post);
    /// the higher wins, the defender on ties. Each side's modified roll inflicts its losses on
    /// the other (Cold Steel Losses Chart); the loser worsens two levels (one in a Post) and
    /// its unlimbered artillery is eliminated; an unmodified 9 hits an opposing leader.
    #[allow(clippy::too_many_lines)]
    pub fn cold_steel_totals(
        &self,
        s: &State,
        c: &Combat,
        ad: u8,
        dd: u8,
    ) -> (i16, i16, Vec<Modifier>) {
        let cs = &self.data.charts.cold_steel;
        let charge = c.kind != CombatKind::Assault;
        let atts = self.live_attackers(s, c);
        let defs = self.live_defenders(s, c);
        let mut mods: Vec<Option<Modifier>> = Vec::new();
        let top_values =
            |u: UnitId, side: Side, cell: Cell, who: &str, mods: &mut Vec<Option<Modifier>>| {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                mods.push(md(
                    format!("{who} {} CVM", d.name),
                    i16::from(d.at(t.steps).cvm),
                    "13.5.2",
                ));
                if let Some((l, v)) = self.best_leader(s, side, cell, |x| x.cvm) {
                    mods.push(md(
                        format!("{who} leader {}", self.data.leaders[l.ix()].name),
                        i16::from(v),
                        "13.5.2",
                    ));
                }
                if let Some(i) = t.morale.marker() {
                    mods.push(md(
                        format!("{who} {} marker", t.morale.name()),
                        i16::from(self.data.charts.states[i].cvm),
                        "8 Morale State Diagram",
                    ));
                }
            };
        let mut att: Vec<Option<Modifier>> = Vec::new();
        let def_top = defs.first().copied();
        for a in &atts {
            let Some(&top) = a.units.first() else {
                continue;
            };
            top_values(top, c.side, a.cell, "attacker", &mut att);
            if charge {
                att.push(md("charging", i16::from(cs.charging), "Charge CVM Chart"));
            }
            // B13.6.2 The Open hexes of the Charge Movement: not against a Square, into MDT,
            // across a Hexside Obstacle, or in twilight.
            if charge
                && c.charge_distance > 0
                && def_top.is_none_or(|u| s.troop(u).formation != Formation::Square)
                && self.class_of(c.target) != TerrainClass::Mdt
                && !self.data.obstacle_between(a.cell, c.target)
                && self.light(s) == crate::los::Light::Day
            {
                att.push(md(
                    format!("charge distance, {} Open hexes", c.charge_distance),
                    i16::from(c.charge_distance),
                    "B13.6.2",
                ));
            }
            if let Some(dt) = def_top
                && self
                    .data
                    .board
                    .direction(c.target, a.cell)
                    .is_some_and(|d| self.refused_sides(s, dt).contains(&(d.index() as usize)))
            {
                // G18.5.3 Through a Refused Flank: its own CVM, not the flank's.
                att.push(md(
                    "through the defender's refused flank",
                    i16::from(cs.refused_flank),
                    "G18.5.3",
                ));
            } else if let Some(dt) = def_top {
                match self.attack_arc(s, dt, c.target, a.cell) {
                    Arc::Flank => att.push(md(
                        "through the defender's flank",
                        i16::from(if charge {
                            cs.charge_flank
                        } else {
                            cs.assault_flank
                        }),
                        "CVM Charts",
                    )),
                    Arc::Rear => att.push(md(
                        "through the defender's rear",
                        i16::from(if charge {
                            cs.charge_rear
                        } else {
                            cs.assault_rear
                        }),
                        "CVM Charts",
                    )),
                    Arc::Front => {}
                }
            }
        }
        let mut def: Vec<Option<Modifier>> = Vec::new();
        if let Some(dt) = def_top {
            top_values(dt, c.side.other(), c.target, "defender", &mut def);
            let terrain = self.data.terrain(c.target);
            def.push(md(terrain.name.clone(), i16::from(terrain.cvm), "15 TEC"));
            // 15.1 The least favourable hexside for the defender.
            let side_cvm = atts
                .iter()
                .map(|a| {
                    self.data
                        .features(c.target, a.cell)
                        .map(|f| i16::from(f.cvm))
                        .sum::<i16>()
                })
                .min()
                .unwrap_or(0);
            def.push(md("hexside", side_cvm, "15.1"));
            if self.in_post(s, dt) {
                let p = self.data.post(c.target);
                let through_front = atts
                    .iter()
                    .all(|a| self.attack_arc(s, dt, c.target, a.cell) == Arc::Front);
                if p.is_some_and(|p| p.kind == PostKind::Building) || through_front {
                    def.push(md("Fortified Post", i16::from(cs.post), "15.2"));
                }
            }
            // B14.4.3, B13.6.2 In a Counter-Charge the defending cavalry keeps the Open hexes
            // of the Charge Movement it was making (RULING: not across a Hexside Obstacle,
            // not in twilight).
            if c.def_charge_distance > 0
                && self.light(s) == crate::los::Light::Day
                && atts
                    .iter()
                    .all(|a| !self.data.obstacle_between(a.cell, c.target))
            {
                def.push(md(
                    format!(
                        "charge distance of the Counter-Charged, {} Open hex{}",
                        c.def_charge_distance,
                        if c.def_charge_distance == 1 { "" } else { "es" }
                    ),
                    i16::from(c.def_charge_distance),
                    "B13.6.2",
                ));
            }
            if charge && s.troop(dt).formation == Formation::Square {
                let sp: i16 = defs
                    .iter()
                    .filter(|&&u| self.data.troops[u.ix()].arm() == Arm::Infantry)
                    .map(|&u| i16::from(self.data.troops[u.ix()].at(s.troop(u).steps).sp))
                    .sum();
                def.push(md(
                    format!("Square, {sp} infantry SP"),
                    sp * i16::from(cs.square_per_sp),
                    "13.5.2",
                ));
            }
        }
        // 13.5.2 Cold Steel Odds to the larger side.
        let sp = |units: &mut dyn Iterator<Item = UnitId>| -> u32 {
            units
                .map(|u| u32::from(self.data.troops[u.ix()].at(s.troop(u).steps).sp))
                .sum()
        };
        let a_sp = sp(&mut atts.iter().flat_map(|a| a.units.iter().copied()));
        let d_sp = sp(&mut defs.iter().copied());
        let (big, small) = (a_sp.max(d_sp), a_sp.min(d_sp));
        if small > 0 && big > small {
            let odds = self.odds_cvm(big, small);
            let text = format!("odds {a_sp} to {d_sp} SP");
            if a_sp > d_sp {
                att.push(md(text, i16::from(odds), "13.5.2 Cold Steel Odds"));
            } else {
                def.push(md(text, i16::from(odds), "13.5.2 Cold Steel Odds"));
            }
        }
        let at: i16 = i16::from(ad) + att.iter().flatten().map(|m| m.value).sum::<i16>();
        let dt: i16 = i16::from(dd) + def.iter().flatten().map(|m| m.value).sum::<i16>();
        mods.extend(att);
        mods.extend(def);
        (at, dt, mods.into_iter().flatten().collect())
    }

    /// 13.5.2 The Cold Steel Odds Chart: the ratio rounded to the nearest odds (RULING: a ratio
    /// exactly between two rounds down).
    #[must_use]
    pub fn odds_cvm(&self, big: u32, small: u32) -> i8 {
        let odds = &self.data.charts.cold_steel.odds;
        // RULING: a ratio exactly between two odds rounds down (toward the smaller side).
        let mut best: Option<(u64, u64, i8)> = None;
        for &(a, b, cvm) in odds {
            // |big/small - a/b| = |big*b - a*small| / (small*b)
            let num =
                (i64::from(big) * i64::from(b) - i64::from(a) * i64::from(small)).unsigned_abs();
            let den = u64::from(small) * u64::from(b);
            let better = best.is_none_or(|(n, d, _)| {
                u128::from(num) * u128::from(d) < u128::from(n) * u128::from(den)
            });
            if better {
                best = Some((num, den, cvm));
            }
        }
        best.map_or(0, |x| x.2)
    }

    /// 13.5.1 The Cold Steel Losses Chart.
    #[must_use]
    pub fn cold_steel_losses(&self, roll: i16) -> u8 {
        self.data
            .charts
            .cold_steel
            .losses
            .iter()
            .rev()
            .find(|(min, _)| i16::from(*min) <= roll)
            .map_or(0, |x| x.1)
    }

    fn cold_steel(&self, s: &mut State, c: &Combat, ad: u8, dd: u8, ev: &mut Vec<Event>) {
        let (at, dt, modifiers) = self.cold_steel_totals(s, c, ad, dd);
        let attacker_wins = at > dt;
        ev.push(Event::ColdSteel {
            attacker_die: ad,
            attacker_total: at,
            defender_die: dd,
            defender_total: dt,
            attacker_wins,
            modifiers,
        });
        let atts = self.live_attackers(s, c);
        let defs = self.live_defenders(s, c);
        self.lose_steps(s, &defs, self.cold_steel_losses(at), ev);
        // RULING: the attackers' losses come off the first attacking stack, then the next.
        let mut left = self.cold_steel_losses(dt);
        for a in &atts {
            let alive = self.alive_in(s, &a.units, a.cell);
            let before: u32 = alive.iter().map(|&u| u32::from(s.troop(u).steps)).sum();
            let n = left.min(before.min(255) as u8);
            self.lose_steps(s, &alive, n, ev);
            left -= n;
        }
        let cs = &self.data.charts.cold_steel;
        if ad == cs.leader_casualty {
            let l = self.own_leaders_at(s, c.side.other(), c.target);
            if !l.is_empty() {
                s.pending.push(Frame::Leader(LeaderRoll::Casualty(l)));
            }
        }
        if dd == cs.leader_casualty {
            let l: Vec<_> = atts
                .iter()
                .flat_map(|a| self.own_leaders_at(s, c.side, a.cell))
                .collect();
            if !l.is_empty() {
                s.pending.push(Frame::Leader(LeaderRoll::Casualty(l)));
            }
        }
        if attacker_wins {
            let defs = self.live_defenders(s, c);
            for &u in &defs {
                if s.troop(u).formation == Formation::Unlimbered {
                    self.eliminate(
                        s,
                        u,
                        "unlimbered artillery in a stack that lost Cold Steel (13.5.1)",
                        ev,
                    );
                }
            }
            let defs = self.live_defenders(s, c);
            self.worsen(s, &defs, COLD_STEEL_LEVELS, true, ev);
        } else {
            for a in self.live_attackers(s, c) {
                self.worsen(s, &a.units, COLD_STEEL_LEVELS, false, ev);
            }
        }
    }

    /// Applies a combat decision.
    pub(crate) fn do_combat_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(Frame::Combat(cb)) = s.pending.last().cloned() else {
            return;
        };
        let mut c = *cb;
        match (c.step, a) {
            (CombatStep::RetreatBefore | CombatStep::RetreatAfterMc, Action::RetreatBefore(to)) => {
                let defs = self.live_defenders(s, &c);
                c.cavalry.retain(|u| !defs.contains(u));
                c.def_regroup.retain(|u| !defs.contains(u));
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                self.retreat_before(s, &c, to, ev);
            }
            (CombatStep::RetreatBefore, Action::Pass) => {
                let defs = self.live_defenders(s, &c);
                c.step = self.opening_step(&c, &defs);
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::FollowOn, Action::Assault(t)) => {
                let (units, _) = self.follow_on_targets(s, &c);
                let amv = self.violates_attack_method(s, &units);
                for &u in &units {
                    let x = s.troop_mut(u);
                    x.assault = Some(t);
                    x.adjacent_start = true;
                    x.amv = amv;
                    x.followed_on = true;
                }
                if !s.first_assault.iter().any(|x| x.0 == t)
                    && let Some(&first) = units.first()
                {
                    s.first_assault.push((t, first));
                }
                if !s.queue.contains(&t) {
                    s.queue.push(t);
                }
                ev.push(Event::FollowOnAssault {
                    units: units.clone(),
                    target: t,
                });
                if amv {
                    ev.push(Event::AttackMethodViolation { units });
                }
                c.step = CombatStep::Finish;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::Pursuit, Action::Recall) => {
                let units = self.pursuers(s, &c);
                self.push_check(s, crate::state::CheckKind::Recall, c.target, units, None);
            }
            (CombatStep::Pursuit, Action::Pass) => {
                c.step = CombatStep::Pursuing;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::FollowOnCharge, Action::FollowOnCharge) => {
                let (units, _) = self.follow_on_charges(s, &c);
                self.push_check(
                    s,
                    crate::state::CheckKind::FollowOnCharge,
                    c.target,
                    units,
                    None,
                );
            }
            (CombatStep::FollowOnCharge, Action::Pass) => {
                c.regroup_left = REGROUP_HEXES;
                c.step = CombatStep::RegroupAttacker;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::FollowOnTarget, Action::Charge(t)) => {
                self.start_follow_on(s, &mut c, t, ev);
            }
            (CombatStep::FollowOn, Action::Pass) => {
                c.step = CombatStep::Finish;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::RetreatAfterMc, Action::Pass) => {
                c.step = CombatStep::Alterations;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::DefensiveFire, Action::DefendAgainst(at)) => {
                let Some((odds, units)) = self.defensive_fire_odds(s, &c, at) else {
                    return;
                };
                c.fired_at.push(at);
                ev.push(Event::FireDeclared {
                    from: c.target,
                    target: at,
                    fs: odds.fs,
                    column: odds.column,
                    modifiers: odds.modifiers,
                });
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                s.pending.push(Frame::FireRoll(FireRoll {
                    from: c.target,
                    target: at,
                    column: odds.column,
                    apply: Some((FireKind::Close, units)),
                    round: self.strength(s, c.target).and_then(|x| x.round),
                }));
            }
            (CombatStep::DefensiveFire, Action::Pass) => {
                c.step = CombatStep::DefensiveApplied;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::Advance, Action::Advance(u)) => {
                let Some(from) = s.troop(u).cell else { return };
                let d = &self.data.troops[u.ix()];
                let t = s.troop(u);
                if !self.formation_allowed(d.kind, t.formation, c.target, false) {
                    // 13.6 A free change into a formation the terrain allows.
                    let t = s.troop_mut(u);
                    t.formation = Formation::Column;
                    t.column = None;
                    t.facing = crate::formation::fit_facing(Formation::Column, t.facing);
                    t.skirmishers = 0;
                }
                let enemy_leaders = self.own_leaders_at(s, c.side.other(), c.target);
                let p = s.top_pos();
                let t = s.troop_mut(u);
                t.cell = Some(c.target);
                t.pos = p;
                c.advanced.push(u);
                ev.push(Event::Advanced {
                    unit: u,
                    to: c.target,
                });
                self.touch_objective(s, c.target, c.side, ev);
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                self.road_columns_break(s, c.side, c.target, ev);
                self.stand_up_near(s, c.side, c.target, ev);
                if !enemy_leaders.is_empty() {
                    s.pending
                        .push(Frame::Leader(LeaderRoll::Capture(enemy_leaders)));
                }
                // G19.5.3 An advance is a voluntary move: a Bombardment Zone strikes it.
                self.bombard_path(s, &[u], &[from, c.target], ev);
            }
            (CombatStep::Advance, Action::Pass) => {
                let inf: Vec<UnitId> = c
                    .advanced
                    .iter()
                    .copied()
                    .filter(|&u| {
                        self.data.troops[u.ix()].arm() == Arm::Infantry
                            && s.troop(u).cell == Some(c.target)
                    })
                    .collect();
                self.after_advance(&mut c);
                self.replace_top(s, Frame::Combat(Box::new(c)));
                if !inf.is_empty() {
                    let hexside = s.troop(inf[0]).formation != Formation::Line;
                    s.pending.push(Frame::Face {
                        units: inf,
                        hexside,
                    });
                }
            }
            (CombatStep::RegroupAttacker | CombatStep::RegroupDefender, Action::Regroup(to)) => {
                let units = self.regroupers(s, &c, c.step == CombatStep::RegroupAttacker);
                // G19.5.3 A Regroup is a voluntary move: its path, for the Bombardment Zones
                // (ge-rulings 211).
                if let Some(from) = units.first().and_then(|&u| s.troop(u).cell) {
                    match c
                        .bz_moves
                        .iter_mut()
                        .find(|(us, p)| us == &units && p.last() == Some(&from))
                    {
                        Some((_, p)) => p.push(to),
                        None => c.bz_moves.push((units.clone(), vec![from, to])),
                    }
                }
                for &u in units.iter().rev() {
                    let p = s.top_pos();
                    let t = s.troop_mut(u);
                    t.cell = Some(to);
                    t.pos = p;
                }
                if c.step == CombatStep::RegroupAttacker {
                    // Advanced cavalry that regroups is still a regrouper where it goes.
                    for &u in &units {
                        if let Some(o) = c.origins.iter_mut().find(|x| x.0 == u) {
                            o.1 = to;
                        }
                    }
                    c.advanced.retain(|u| !units.contains(u));
                }
                c.regroup_left = c.regroup_left.saturating_sub(1);
                let side = self.data.troops[units[0].ix()].side;
                ev.push(Event::Regrouped { units, to });
                self.replace_top(s, Frame::Combat(Box::new(c)));
                self.touch_objective(s, to, side, ev);
                self.road_columns_break(s, side, to, ev);
                self.stand_up_near(s, side, to, ev);
            }
            (CombatStep::RegroupAttacker, Action::Pass) => {
                c.regroup_left = REGROUP_HEXES;
                c.step = CombatStep::RegroupDefender;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            (CombatStep::RegroupDefender, Action::Pass) => {
                c.step = CombatStep::Finish;
                self.replace_top(s, Frame::Combat(Box::new(c)));
            }
            _ => {}
        }
    }
}
