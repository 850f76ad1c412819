//! 10 Close Combat: the sequence of steps 1 to 12. Declaration (10.1) and Flank Attacks or
//! Supported Defenses (10.1.1), Withdrawal Before Combat (10.2), odds (10.3), Lead Units (10.4),
//! DRMs and cavalry shock (10.5, 10.5.1), the die (10.6), Leader Loss Checks (10.7), results
//! (10.8, in `losses.rs`), Advance After Combat, Momentum, Combat Success markers and Cavalry
//! Action (steps 9 to 12).

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, LeaderId, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{Combat, CombatKind, CombatStep, Frame, Gone, LossStep, Losses, Morale, State};
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::EdgeDir;

/// 10.1.1 Steps of Supporting Units a Supported Defense adds.
pub const SUPPORT_STEPS: u8 = 4;

/// A Close Combat's odds and modifiers, worked out before its die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatOdds {
    /// Attacking SP, after the per-hex limits.
    pub attacker_sp: u16,
    /// Defending SP, after the per-hex limits (Supporting Units included in a Supported
    /// Defense).
    pub defender_sp: u16,
    /// The CRT column.
    pub column: usize,
    /// DRMs with their rules.
    pub modifiers: Vec<Modifier>,
    /// Steps contributing SP on each side (attacker first).
    pub steps: [u8; 2],
}

impl CombatOdds {
    /// The total DRM.
    #[must_use]
    pub fn drm(&self) -> i8 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

fn round_half_up_quarter(steps: u8) -> u8 {
    // 10.8.2 steps / 4, rounded to the nearest, .5 up.
    (steps + 2) / 4
}

impl PrussiasGlory {
    /// Infantry and cavalry of `side` in `c` that may attack: Engaged (or, RULING, the top four
    /// steps of a hex next to enemy Units that exert no ZOC, such as Routed ones: 9.2 and 10.8
    /// speak of attacks on Routed Units, which leave their attackers un-Engaged), not Routed,
    /// not yet in a Close Combat this Turn, of an Activated army or Detachment.
    #[must_use]
    pub fn attack_ready(&self, s: &State, side: Side, c: Cell) -> Vec<UnitId> {
        let units = if self.in_ezoc(s, side, c) {
            self.engaged(s, c)
        } else if self
            .data
            .board
            .neighbors(c)
            .any(|n| self.has_unit_of(s, side.other(), n))
            && self.owner_of(s, c) == Some(side)
        {
            self.top_steps(s, c)
        } else {
            Vec::new()
        };
        units
            .into_iter()
            .filter(|&u| {
                let t = s.troop(u);
                self.data.troops[u.ix()].side == side
                    && t.morale != Morale::Routed
                    && !t.fought
                    && self.acts(s, u)
            })
            .collect()
    }

    /// 10.1 Whether `c` may be a defending hex against `side`: Engaged enemy infantry or
    /// cavalry not yet in a Close Combat this Turn, or enemy artillery alone.
    fn defendable(&self, s: &State, side: Side, c: Cell, follow_up: bool) -> bool {
        if !self.has_unit_of(s, side.other(), c) {
            return false;
        }
        let stack = self.stack(s, c);
        let foot_horse = stack
            .iter()
            .any(|u| self.data.troops[u.ix()].arm != Arm::Artillery);
        if !foot_horse {
            return true;
        }
        self.engaged(s, c)
            .iter()
            .any(|&u| follow_up || !s.troop(u).fought)
    }

    /// 10.1 Every legal declaration, and the end of the phase when no compulsory combat is left.
    pub(crate) fn declare_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.phasing;
        let board = &self.data.board;
        let mut targets: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side != side)
            .filter_map(|(_, t)| t.cell)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let ready_at = |c: Cell| !self.attack_ready(s, side, c).is_empty();
        for &t in &targets {
            if !self.defendable(s, side, t, false) {
                continue;
            }
            let dirs: Vec<(u8, Cell)> = EdgeDir::ALL
                .iter()
                .filter_map(|&d| {
                    board.cells[t.ix()].nbr[d.index() as usize].map(|n| (d.index(), n))
                })
                .filter(|&(_, n)| ready_at(n))
                .collect();
            let k = dirs.len();
            for mask in 1u32..(1 << k) {
                let mut from = 0u8;
                for (j, &(d, _)) in dirs.iter().enumerate() {
                    if mask & (1 << j) != 0 {
                        from |= 1 << d;
                    }
                }
                out.push(Action::Attack {
                    target: t,
                    second: None,
                    from,
                });
            }
            // Two defending hexes: attackers adjacent to both.
            for &t2 in &targets {
                if t2 <= t || !board.adjacent(t, t2) || !self.defendable(s, side, t2, false) {
                    continue;
                }
                let common: Vec<(u8, Cell)> = dirs
                    .iter()
                    .copied()
                    .filter(|&(_, n)| board.adjacent(n, t2))
                    .collect();
                for mask in 1u32..(1 << common.len()) {
                    let mut from = 0u8;
                    for (j, &(d, _)) in common.iter().enumerate() {
                        if mask & (1 << j) != 0 {
                            from |= 1 << d;
                        }
                    }
                    out.push(Action::Attack {
                        target: t,
                        second: Some(t2),
                        from,
                    });
                }
            }
        }
        if !self.compulsory_left(s) {
            out.push(Action::EndPhase);
        }
    }

    /// RULING (pg-rulings 19): what "every Engaged Unit must participate" obliges.
    /// 10 Whether some Engaged infantry or cavalry must still fight: a ready attacking hex next
    /// to an enemy hex with Engaged infantry or cavalry that have not fought.
    #[must_use]
    pub fn compulsory_left(&self, s: &State) -> bool {
        let side = s.phasing;
        let board = &self.data.board;
        let mut cells: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side == side)
            .filter_map(|(_, t)| t.cell)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells.into_iter().any(|c| {
            self.in_ezoc(s, side, c)
                && !self.attack_ready(s, side, c).is_empty()
                && board.neighbors(c).any(|n| {
                    self.engaged(s, n)
                        .iter()
                        .any(|&u| self.data.troops[u.ix()].side != side && !s.troop(u).fought)
                })
        })
    }

    /// The attacking hexes named by a declaration.
    #[must_use]
    pub fn attack_hexes(&self, target: Cell, from: u8) -> Vec<Cell> {
        EdgeDir::ALL
            .iter()
            .filter(|d| from & (1 << d.index()) != 0)
            .filter_map(|d| self.data.board.cells[target.ix()].nbr[d.index() as usize])
            .collect()
    }

    /// Builds the combat of a declaration (not yet in the state).
    #[must_use]
    pub fn new_combat(
        &self,
        s: &State,
        kind: CombatKind,
        attack_hexes: Vec<Cell>,
        attackers: Vec<UnitId>,
        target: Cell,
        second: Option<Cell>,
    ) -> Combat {
        let mut defend_hexes = vec![target];
        defend_hexes.extend(second);
        let mut c = Combat {
            kind,
            attack_hexes,
            defend_hexes,
            attackers,
            defenders: Vec::new(),
            flank: false,
            supported: false,
            lead: BySide::new(None, None),
            column: 0,
            drm: 0,
            die: None,
            result: None,
            step: CombatStep::Withdraw(0),
            leaders: Vec::new(),
            unsatisfied: 0,
            advanced: Vec::new(),
            attacker_gave_ground: false,
            routed_only: false,
            artillery_only: false,
            steps: BySide::new(0, 0),
            success_done: false,
        };
        self.surround(s, &mut c);
        c
    }

    /// 10.1.1 A single defending hex surrounded by the attacking Units and their ZOC: a Flank
    /// Attack without Supporting Units there, a Supported Defense with them.
    fn surround(&self, s: &State, c: &mut Combat) {
        if c.defend_hexes.len() != 1 {
            return;
        }
        let d = c.defend_hexes[0];
        let nbr = self.data.board.cells[d.ix()].nbr;
        // RULING: a hex at the map edge, with a side off the map, is never surrounded.
        let surrounded = nbr.iter().all(|n| {
            n.is_some_and(|n| c.attack_hexes.contains(&n) || self.in_zoc_of(s, &c.attackers, n))
        });
        if !surrounded {
            return;
        }
        if self.supporting(s, d).is_empty() {
            c.flank = true;
        } else {
            c.supported = true;
        }
    }

    pub(crate) fn do_declare(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Attack {
                target,
                second,
                from,
            } => {
                let hexes = self.attack_hexes(target, from);
                let side = s.phasing;
                let attackers: Vec<UnitId> = hexes
                    .iter()
                    .flat_map(|&h| self.attack_ready(s, side, h))
                    .collect();
                let c = self.new_combat(s, CombatKind::Normal, hexes, attackers, target, second);
                self.start_combat(s, c, ev);
            }
            Action::EndPhase => self.end_player_turn(s, ev),
            _ => {}
        }
    }

    /// A declared Close Combat begins (step 1 done): its attackers have fought this Turn.
    pub(crate) fn start_combat(&self, s: &mut State, c: Combat, ev: &mut Vec<Event>) {
        for &u in &c.attackers {
            s.troop_mut(u).fought = true;
        }
        ev.push(Event::CombatDeclared {
            attack: c.attack_hexes.clone(),
            defend: c.defend_hexes.clone(),
            flank: c.flank,
            supported: c.supported,
            kind: match c.kind {
                CombatKind::Normal => "close combat",
                CombatKind::Momentum => "momentum attack",
                CombatKind::Sweep => "sweeping cavalry charge",
            }
            .into(),
        });
        s.combat = Some(c);
        s.stage = crate::state::Stage::Combat;
    }

    /// 10.2 Fast Units of a defending hex that may withdraw, and where to.
    #[must_use]
    pub fn withdraw_options(&self, s: &State, c: &Combat, hex: Cell) -> (Vec<UnitId>, Vec<Cell>) {
        // Not when Formed cavalry is Engaged among the attackers.
        let formed_cavalry = c.attackers.iter().any(|&u| {
            self.data.troops[u.ix()].arm == Arm::Cavalry
                && s.troop(u).morale == Morale::Formed
                && s.troop(u).cell.is_some()
        });
        if formed_cavalry {
            return (Vec::new(), Vec::new());
        }
        let units: Vec<UnitId> = self
            .engaged(s, hex)
            .into_iter()
            .filter(|&u| self.data.troops[u.ix()].fast && s.troop(u).morale != Morale::Routed)
            .collect();
        if units.is_empty() {
            return (units, Vec::new());
        }
        let side = self.data.troops[units[0].ix()].side;
        let mut to = Vec::new();
        for n in self.data.board.neighbors(hex) {
            if self.has_counter_of(s, side.other(), n) {
                continue;
            }
            let ok = units
                .iter()
                .all(|&u| self.passable(self.data.troops[u.ix()].arm.into(), hex, n));
            if !ok {
                continue;
            }
            // (pg-rulings 21)
            // RULING: a withdrawal respects the stacking limits.
            let (mut fh, art, mut ic) = self.stack_steps(s, n);
            for &u in &units {
                fh += u32::from(s.troop(u).steps);
                ic |= s.troop(u).in_column;
            }
            if Self::within_limits(fh, art, ic) {
                to.push(n);
            }
        }
        (units, to)
    }

    /// The defending Units contributing SP now: the Engaged infantry and cavalry of the
    /// defending hexes, and in a Supported Defense up to 4 steps of Supporting ones.
    fn defending_units(&self, s: &State, c: &Combat) -> Vec<UnitId> {
        let mut out = Vec::new();
        for &h in &c.defend_hexes {
            out.extend(
                self.top_steps(s, h)
                    .into_iter()
                    .filter(|&u| self.data.troops[u.ix()].side != s.phasing),
            );
            if c.supported {
                let mut steps = 0;
                for u in self.supporting(s, h) {
                    let n = s.troop(u).steps;
                    if steps + n > SUPPORT_STEPS {
                        break;
                    }
                    steps += n;
                    out.push(u);
                }
            }
        }
        out
    }

    /// 10.3 SP of a set of Units with the per-hex limits (8 infantry, 6 cavalry), applied
    /// separately to Engaged and Supporting Units; and their steps.
    fn limited_sp(&self, s: &State, units: &[UnitId], supporting: &[UnitId]) -> (u16, u8) {
        let cc = &self.data.charts.cc;
        let mut per: std::collections::BTreeMap<(Cell, bool), (u16, u16)> = Default::default();
        let mut steps = 0u8;
        for &u in units {
            let t = s.troop(u);
            let Some(c) = t.cell else { continue };
            let d = &self.data.troops[u.ix()];
            let e = per.entry((c, supporting.contains(&u))).or_default();
            let sp = u16::from(d.at(t.steps).sp);
            match d.arm {
                Arm::Infantry => e.0 += sp,
                Arm::Cavalry => e.1 += sp,
                Arm::Artillery => continue,
            }
            steps += t.steps;
        }
        let total = per
            .values()
            .map(|&(i, c)| {
                i.min(u16::from(cc.hex_infantry_sp)) + c.min(u16::from(cc.hex_cavalry_sp))
            })
            .sum();
        (total, steps)
    }

    /// 10.3 - 10.5 The odds and DRMs of a combat as it stands.
    #[must_use]
    pub fn combat_odds(&self, s: &State, c: &Combat) -> CombatOdds {
        let board = &self.data.board;
        let charts = &self.data.charts;
        let attackers: Vec<UnitId> = c
            .attackers
            .iter()
            .copied()
            .filter(|&u| s.troop(u).cell.is_some())
            .collect();
        let defenders = if c.defenders.is_empty() {
            self.defending_units(s, c)
        } else {
            c.defenders
                .iter()
                .copied()
                .filter(|&u| s.troop(u).cell.is_some())
                .collect()
        };
        let supporting: Vec<UnitId> = if c.supported {
            c.defend_hexes
                .iter()
                .flat_map(|&h| self.supporting(s, h))
                .collect()
        } else {
            Vec::new()
        };
        let (asp, asteps) = self.limited_sp(s, &attackers, &[]);
        let (dsp, dsteps) = self.limited_sp(s, &defenders, &supporting);
        let column = charts.crt.column(u32::from(asp), u32::from(dsp));
        let mut modifiers = Vec::new();
        let all_cav = |us: &[UnitId]| {
            !us.is_empty()
                && us
                    .iter()
                    .all(|&u| self.data.troops[u.ix()].arm == Arm::Cavalry)
        };
        let cavalry_attack = all_cav(&attackers);
        // 10.5.1 Shock applies when every attacker is cavalry and every defender is cavalry, In
        // Column, or Disordered or Routed infantry.
        let shock_possible = cavalry_attack
            && !defenders.is_empty()
            && defenders.iter().all(|&u| {
                let d = &self.data.troops[u.ix()];
                let t = s.troop(u);
                d.arm == Arm::Cavalry || t.in_column || t.morale != Morale::Formed
            });
        let avg_shock = |us: &[UnitId]| -> i32 {
            let formed: Vec<u32> = us
                .iter()
                .filter(|&&u| {
                    self.data.troops[u.ix()].arm == Arm::Cavalry
                        && s.troop(u).morale == Morale::Formed
                })
                .map(|&u| u32::from(self.data.troops[u.ix()].shock))
                .collect();
            if formed.is_empty() {
                0
            } else {
                let n = formed.len() as u32;
                let total: u32 = formed.iter().sum();
                ((2 * total + n) / (2 * n)) as i32
            }
        };
        let shock = avg_shock(&attackers) - avg_shock(&defenders);
        // RULING (pg-rulings 16, 17): the engine selects for the attacker; cavalry values when every attacker is cavalry.
        // 10.5 The attacker selects one attacking and one defending hex: the least favourable
        // terrain of the two, with the hexside between; the engine selects the best for it.
        let tdef = |h: Cell| &charts.terrain[usize::from(board.cells[h.ix()].terrain)];
        let mut best: Option<(i32, i8, bool, String)> = None;
        for &a in &c.attack_hexes {
            for &d in &c.defend_hexes {
                if !board.adjacent(a, d) {
                    continue;
                }
                let value = |t: &crate::data::TerrainDef| {
                    if cavalry_attack { t.cc_cavalry } else { t.cc }
                };
                let (ta, td) = (tdef(a), tdef(d));
                let mut terrain = value(ta).min(value(td));
                let mut name = if value(td) <= value(ta) {
                    td.name.clone()
                } else {
                    ta.name.clone()
                };
                let bits = board.features_between(a, d);
                let mut entrenched = false;
                for (i, f) in charts.features.iter().enumerate() {
                    if bits & (1 << i) != 0 {
                        terrain += f.cc;
                        entrenched |= f.entrenchment;
                        if f.cc != 0 {
                            name = format!("{name}, {}", f.name);
                        }
                    }
                }
                if board.upslope(a, d) {
                    terrain += charts.slope.cc_up;
                    name = format!("{name}, upslope");
                }
                let shock_ok = shock_possible
                    && !td.no_shock_defending
                    && !ta.no_shock_attacking
                    && !entrenched;
                let total = i32::from(terrain) + if shock_ok { shock } else { 0 };
                if best.as_ref().is_none_or(|b| total > b.0) {
                    best = Some((total, terrain, shock_ok, name));
                }
            }
        }
        let (terrain, shock_ok, tname) =
            best.map(|b| (b.1, b.2, b.3))
                .unwrap_or((0, false, String::new()));
        if terrain != 0 {
            modifiers.push(Modifier {
                what: format!("terrain ({tname})"),
                value: terrain,
                rule: "10.5".into(),
            });
        }
        if shock_ok && shock != 0 {
            modifiers.push(Modifier {
                what: "cavalry shock".into(),
                value: shock.clamp(-9, 9) as i8,
                rule: "10.5.1".into(),
            });
        }
        let cc = &charts.cc;
        if c.flank {
            let d = c.defend_hexes[0];
            if !tdef(d).no_flank {
                modifiers.push(Modifier {
                    what: "Flank Attack".into(),
                    value: cc.flank_attack,
                    rule: "10.1.1".into(),
                });
            }
        }
        if c.attack_hexes.iter().any(|&h| s.locked_at(h) == Some(true)) {
            modifiers.push(Modifier {
                what: "Locked marker on its penalty side".into(),
                value: cc.locked_penalty,
                rule: "6.3".into(),
            });
        }
        let lead_a = c.lead[s.phasing];
        let lead_d = c.lead[s.phasing.other()];
        if let (Some(a), Some(d)) = (lead_a, lead_d) {
            let diff = (i32::from(self.mr(s, a)) - i32::from(self.mr(s, d)))
                * i32::from(cc.morale_difference);
            let cap = i32::from(cc.morale_difference_cap);
            let v = diff.clamp(-cap, cap) as i8;
            if v != 0 {
                modifiers.push(Modifier {
                    what: "Lead Units' morale".into(),
                    value: v,
                    rule: "10.4".into(),
                });
            }
            if s.troop(a).morale == Morale::Disordered && cc.attacker_disordered != 0 {
                modifiers.push(Modifier {
                    what: "attacking Lead Unit Disordered".into(),
                    value: cc.attacker_disordered,
                    rule: "9.1".into(),
                });
            }
            match s.troop(d).morale {
                Morale::Disordered if cc.defender_disordered != 0 => modifiers.push(Modifier {
                    what: "defending Lead Unit Disordered".into(),
                    value: cc.defender_disordered,
                    rule: "9.1".into(),
                }),
                Morale::Routed if cc.defender_routed != 0 => modifiers.push(Modifier {
                    what: "defending Lead Unit Routed".into(),
                    value: cc.defender_routed,
                    rule: "9.2".into(),
                }),
                _ => {}
            }
        }
        if attackers.iter().any(|&u| s.troop(u).in_column) && cc.attacker_in_column != 0 {
            modifiers.push(Modifier {
                what: "attacker In Column".into(),
                value: cc.attacker_in_column,
                rule: "7.6.1".into(),
            });
        }
        if defenders.iter().any(|&u| s.troop(u).in_column) && cc.defender_in_column != 0 {
            modifiers.push(Modifier {
                what: "defender In Column".into(),
                value: cc.defender_in_column,
                rule: "7.6.1".into(),
            });
        }
        CombatOdds {
            attacker_sp: asp,
            defender_sp: dsp,
            column,
            modifiers,
            steps: [asteps, dsteps],
        }
    }

    /// 10.4 The Units that may be a side's Lead Unit.
    #[must_use]
    pub fn lead_candidates(&self, s: &State, c: &Combat, side: Side) -> Vec<UnitId> {
        if side == s.phasing {
            c.attackers
                .iter()
                .copied()
                .filter(|&u| s.troop(u).cell.is_some())
                .collect()
        } else {
            c.defend_hexes
                .iter()
                .flat_map(|&h| self.top_steps(s, h))
                .filter(|&u| self.data.troops[u.ix()].side == side)
                .collect()
        }
    }

    pub(crate) fn combat_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(c) = &s.combat else { return };
        match c.step {
            CombatStep::Withdraw(i) => {
                let Some(&h) = c.defend_hexes.get(usize::from(i)) else {
                    return;
                };
                let (_, to) = self.withdraw_options(s, c, h);
                if !to.is_empty() {
                    out.extend(to.into_iter().map(Action::Withdraw));
                    out.push(Action::Pass);
                }
            }
            CombatStep::AttackerLead => {
                out.extend(
                    self.lead_candidates(s, c, s.phasing)
                        .into_iter()
                        .map(Action::Lead),
                );
            }
            CombatStep::DefenderLead => {
                out.extend(
                    self.lead_candidates(s, c, s.phasing.other())
                        .into_iter()
                        .map(Action::Lead),
                );
            }
            CombatStep::Advance => {
                for (u, to) in self.advance_options(s, c) {
                    out.push(Action::Advance { unit: u, to });
                }
                out.push(Action::Pass);
            }
            CombatStep::Momentum => {
                if let Some(h) = self.follow_up_hex(s, c) {
                    for (t, t2) in self.follow_up_targets(s, h) {
                        out.push(Action::MomentumAttack {
                            target: t,
                            second: t2,
                        });
                    }
                    for n in self.momentum_advances(s, c, h) {
                        out.push(Action::MomentumAdvance(n));
                    }
                }
                out.push(Action::Pass);
            }
            CombatStep::Sweep => {
                if let Some(h) = self.follow_up_hex(s, c) {
                    for (t, t2) in self.follow_up_targets(s, h) {
                        out.push(Action::Sweep {
                            target: t,
                            second: t2,
                        });
                    }
                }
                out.push(Action::Pass);
            }
            _ => {}
        }
    }

    pub(crate) fn do_combat_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        match (c.step, a) {
            (CombatStep::Withdraw(i), Action::Withdraw(to)) => {
                let h = c.defend_hexes[usize::from(i)];
                let (units, _) = self.withdraw_options(s, &c, h);
                for &u in &units {
                    let pos = s.top_pos();
                    let t = s.troop_mut(u);
                    t.cell = Some(to);
                    t.pos = pos;
                }
                ev.push(Event::Withdrew { units, from: h, to });
                c.step = CombatStep::Withdraw(i + 1);
                s.combat = Some(c);
            }
            (CombatStep::Withdraw(i), _) => {
                c.step = CombatStep::Withdraw(i + 1);
                s.combat = Some(c);
            }
            (CombatStep::AttackerLead, Action::Lead(u)) => {
                c.lead[s.phasing] = Some(u);
                ev.push(Event::LeadChosen {
                    side: s.phasing,
                    unit: u,
                });
                c.step = CombatStep::DefenderLead;
                s.combat = Some(c);
            }
            (CombatStep::DefenderLead, Action::Lead(u)) => {
                c.lead[s.phasing.other()] = Some(u);
                ev.push(Event::LeadChosen {
                    side: s.phasing.other(),
                    unit: u,
                });
                c.step = CombatStep::Die;
                s.combat = Some(c);
            }
            (CombatStep::Advance, Action::Advance { unit, to }) => {
                let from = s.troop(unit).cell;
                let side = s.phasing;
                // Artillery capture: enemy artillery alone in the hex entered is captured.
                for i in 0..s.troops.len() {
                    if s.troops[i].cell == Some(to) && self.data.troops[i].side != side {
                        self.remove_unit(
                            s,
                            crate::data::UnitId(i as u8),
                            Gone::Captured,
                            "captured by an advance after combat (10 step 9)",
                            ev,
                        );
                    }
                }
                let pos = s.top_pos();
                let t = s.troop_mut(unit);
                t.cell = Some(to);
                t.pos = pos;
                t.in_column = false;
                if let Some(from) = from {
                    ev.push(Event::Advanced { unit, from, to });
                }
                self.displace_leaders(s, side.other(), ev);
                c.advanced.push(unit);
                s.combat = Some(c);
            }
            (CombatStep::Advance, _) => {
                c.step = CombatStep::Momentum;
                s.combat = Some(c);
                self.after_advance(s, ev);
            }
            (CombatStep::Momentum, Action::MomentumAttack { target, second }) => {
                self.earn_success(s, ev);
                self.follow_up(s, CombatKind::Momentum, target, second, ev);
            }
            (CombatStep::Momentum, Action::MomentumAdvance(to)) => {
                if let Some(h) = self.follow_up_hex(s, &c) {
                    for u in c.advanced.clone() {
                        if s.troop(u).cell == Some(h) {
                            let pos = s.top_pos();
                            s.troop_mut(u).cell = Some(to);
                            s.troop_mut(u).pos = pos;
                            ev.push(Event::Advanced {
                                unit: u,
                                from: h,
                                to,
                            });
                        }
                    }
                    self.displace_leaders(s, s.phasing.other(), ev);
                }
                c.step = CombatStep::Sweep;
                c.kind = CombatKind::Momentum; // no sweep after a momentum advance
                s.combat = Some(c);
                self.finish_combat(s, ev);
            }
            (CombatStep::Momentum, _) => {
                c.step = CombatStep::Sweep;
                s.combat = Some(c);
                self.after_momentum(s, ev);
            }
            (CombatStep::Sweep, Action::Sweep { target, second }) => {
                self.follow_up(s, CombatKind::Sweep, target, second, ev);
            }
            (CombatStep::Sweep, _) => self.finish_combat(s, ev),
            _ => {}
        }
    }

    /// Runs a combat forward where no decision is needed. Returns whether anything changed.
    pub(crate) fn combat_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(mut c) = s.combat.clone() else {
            s.stage = crate::state::Stage::CloseCombat;
            return true;
        };
        match c.step {
            CombatStep::Withdraw(i) => {
                if usize::from(i) >= c.defend_hexes.len() {
                    self.after_withdrawals(s, ev);
                    return true;
                }
                let h = c.defend_hexes[usize::from(i)];
                let (_, to) = self.withdraw_options(s, &c, h);
                if to.is_empty() {
                    c.step = CombatStep::Withdraw(i + 1);
                    s.combat = Some(c);
                    return true;
                }
                false
            }
            CombatStep::AttackerLead | CombatStep::DefenderLead => {
                let side = if c.step == CombatStep::AttackerLead {
                    s.phasing
                } else {
                    s.phasing.other()
                };
                let cands = self.lead_candidates(s, &c, side);
                match cands.as_slice() {
                    [] | [_] => {
                        c.lead[side] = cands.first().copied();
                        c.step = if c.step == CombatStep::AttackerLead {
                            CombatStep::DefenderLead
                        } else {
                            CombatStep::Die
                        };
                        s.combat = Some(c);
                        true
                    }
                    _ => false,
                }
            }
            CombatStep::Results => {
                // The loss procedures have all run.
                c.step = CombatStep::Advance;
                s.combat = Some(c);
                self.enter_advance(s, ev);
                true
            }
            CombatStep::Advance | CombatStep::Momentum | CombatStep::Sweep => false,
            _ => false,
        }
    }

    /// After withdrawals: the defenders are known; a vacated or artillery-only defense skips to
    /// the advance (10.1, 10.2); 9.2 Routed Units of a Demoralized or Broken army surrender.
    fn after_withdrawals(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        let enemy = s.phasing.other();
        // 9.2 Surrender before the die.
        if s.armies[enemy].demoralized || s.armies[enemy].broken {
            for &h in &c.defend_hexes.clone() {
                for u in self.top_steps(s, h) {
                    if self.data.troops[u.ix()].side == enemy && s.troop(u).morale == Morale::Routed
                    {
                        self.remove_unit(
                            s,
                            u,
                            Gone::Captured,
                            "Routed Unit of a Demoralized army attacked (9.2)",
                            ev,
                        );
                    }
                }
            }
        }
        let defenders = self.defending_units(s, &c);
        let foot_horse_left = c.defend_hexes.iter().any(|&h| {
            self.stack(s, h).iter().any(|&u| {
                self.data.troops[u.ix()].side == enemy
                    && self.data.troops[u.ix()].arm != Arm::Artillery
            })
        });
        for &u in &defenders {
            s.troop_mut(u).fought = true;
        }
        c.defenders = defenders.clone();
        if !foot_horse_left {
            c.artillery_only = true;
            c.step = CombatStep::Advance;
            s.combat = Some(c);
            self.enter_advance(s, ev);
            return;
        }
        c.routed_only = defenders
            .iter()
            .all(|&u| s.troop(u).morale == Morale::Routed);
        c.step = CombatStep::AttackerLead;
        s.combat = Some(c);
    }

    /// 10.6 The combat die; then 10.7 the Leader Loss Checks and 10.8 the results.
    pub(crate) fn combat_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        match c.step {
            CombatStep::Die => {
                let odds = self.combat_odds(s, &c);
                let roll = i32::from(die) + i32::from(odds.drm());
                let result = self.data.charts.crt.result(odds.column, roll);
                c.column = odds.column as u8;
                c.drm = odds.drm();
                c.die = Some(die);
                c.result = Some(result);
                c.steps = BySide::new(0, 0);
                c.steps[s.phasing] = odds.steps[0];
                c.steps[s.phasing.other()] = odds.steps[1];
                // 10.8.2, 10.8.3.4, 10.1.1 Loss Points of each side.
                let lp_of = |side: Side| -> u8 {
                    let r = if side == s.phasing {
                        result.attacker
                    } else {
                        result.defender
                    };
                    let enemy_steps = c.steps[side.other()];
                    let mut lp = if r.exchange {
                        round_half_up_quarter(enemy_steps) + u8::from(r.plus_one)
                    } else {
                        r.lp
                    };
                    if r.paren {
                        let hexes = if side == s.phasing {
                            &c.attack_hexes
                        } else {
                            &c.defend_hexes
                        };
                        if hexes.iter().any(|&h| !self.supporting(s, h).is_empty()) {
                            lp = lp.saturating_sub(1);
                        }
                    }
                    if c.supported {
                        lp += self.data.charts.cc.supported_defense_lp;
                    }
                    // 10.8.1 Never more LP than the enemy's steps contributing SP.
                    lp.min(enemy_steps)
                };
                let att_lp = if c.routed_only { 0 } else { lp_of(s.phasing) };
                let def_lp = lp_of(s.phasing.other());
                ev.push(Event::CombatResolved {
                    attacker_sp: odds.attacker_sp,
                    defender_sp: odds.defender_sp,
                    odds: self.data.charts.crt.label(odds.column),
                    modifiers: odds.modifiers.clone(),
                    die,
                    roll: roll.clamp(-99, 99) as i8,
                    result,
                    attacker_lp: att_lp,
                    defender_lp: def_lp,
                });
                // 10.7 Leaders in any hex of the combat.
                let mut hexes = c.attack_hexes.clone();
                hexes.extend(c.defend_hexes.iter().copied());
                c.leaders = (0..s.leaders.len())
                    .map(|i| LeaderId(i as u8))
                    .filter(|&l| s.leader(l).cell.is_some_and(|x| hexes.contains(&x)))
                    .collect();
                c.unsatisfied = 0;
                c.step = CombatStep::LeaderFirst(0);
                // The results wait (pushed now, run after the checks): attacker's below, the
                // defender's on top so that it is applied first.
                let mut frames = Vec::new();
                let att = if c.routed_only {
                    Default::default()
                } else {
                    result.attacker
                };
                if att_lp > 0 || att.artillery || att.retreat || att.surrender {
                    frames.push(Frame::Losses(Losses {
                        side: s.phasing,
                        hexes: c.attack_hexes.clone(),
                        lp: att_lp,
                        result: att,
                        lead: c.lead[s.phasing],
                        required: 1,
                        taken: Vec::new(),
                        step: LossStep::Surrender,
                        combat: true,
                    }));
                }
                let def = result.defender;
                if def_lp > 0 || def.artillery || def.retreat || def.surrender {
                    frames.push(Frame::Losses(Losses {
                        side: s.phasing.other(),
                        hexes: c.defend_hexes.clone(),
                        lp: def_lp,
                        result: def,
                        lead: c.lead[s.phasing.other()],
                        required: 1,
                        taken: Vec::new(),
                        step: LossStep::Surrender,
                        combat: true,
                    }));
                }
                s.combat = Some(c);
                s.checks.clear();
                self.stash_frames(s, frames);
                self.next_leader_check(s, ev);
            }
            CombatStep::LeaderFirst(i) => {
                let l = c.leaders[usize::from(i)];
                let ll = &self.data.charts.leader_loss;
                if ll.first.contains(&die) {
                    c.step = CombatStep::LeaderSecond(i);
                    s.combat = Some(c);
                } else {
                    ev.push(Event::LeaderCheck {
                        leader: l,
                        die,
                        second: None,
                        casualty: false,
                    });
                    c.step = CombatStep::LeaderFirst(i + 1);
                    s.combat = Some(c);
                    self.next_leader_check(s, ev);
                }
            }
            CombatStep::LeaderSecond(i) => {
                let l = c.leaders[usize::from(i)];
                let casualty = self.data.charts.leader_loss.second.contains(&die);
                ev.push(Event::LeaderCheck {
                    leader: l,
                    die: *self.data.charts.leader_loss.first.first().unwrap_or(&6),
                    second: Some(die),
                    casualty,
                });
                // RULING (pg-rulings 6): the Leader Loss Check and the successor.
                if casualty {
                    // 15.2 The Leader is lost; his successor comes in the next Command Phase.
                    s.leaders[l.ix()].cell = None;
                    s.leaders[l.ix()].in_column = false;
                }
                c.step = CombatStep::LeaderFirst(i + 1);
                s.combat = Some(c);
                self.next_leader_check(s, ev);
            }
            _ => {}
        }
    }

    /// The result frames wait in the combat until the Leader Loss Checks are done.
    fn stash_frames(&self, s: &mut State, frames: Vec<Frame>) {
        s.pending_results = frames;
    }

    /// The next Leader Loss Check, or the results once all are done.
    fn next_leader_check(&self, s: &mut State, _ev: &mut Vec<Event>) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        if let CombatStep::LeaderFirst(i) = c.step
            && usize::from(i) >= c.leaders.len()
        {
            c.step = CombatStep::Results;
            s.combat = Some(c);
            let frames = std::mem::take(&mut s.pending_results);
            s.pending.extend(frames);
        }
    }

    /// RULING (pg-rulings 7).
    /// 10 step 9 Advance After Combat: the attacking Units that did not retreat may enter the
    /// defending hexes left empty of enemy infantry and cavalry (capturing artillery left alone
    /// there), within the stacking limits.
    #[must_use]
    pub fn advance_options(&self, s: &State, c: &Combat) -> Vec<(UnitId, Cell)> {
        let enemy = s.phasing.other();
        let mut out = Vec::new();
        for &h in &c.defend_hexes {
            let foot_horse = self.stack(s, h).iter().any(|&u| {
                self.data.troops[u.ix()].side == enemy
                    && self.data.troops[u.ix()].arm != Arm::Artillery
            });
            if foot_horse {
                continue;
            }
            for &u in &c.attackers {
                let t = s.troop(u);
                let Some(from) = t.cell else { continue };
                if !c.attack_hexes.contains(&from)
                    || t.morale == Morale::Routed
                    || c.advanced.contains(&u)
                    || !self.data.board.adjacent(from, h)
                    || !self.passable(self.data.troops[u.ix()].arm.into(), from, h)
                {
                    continue;
                }
                // The hex must be free of enemy counters once its artillery is taken.
                let enemy_units_other_than_art = self.stack(s, h).iter().any(|&x| {
                    self.data.troops[x.ix()].side == enemy
                        && self.data.troops[x.ix()].arm != Arm::Artillery
                });
                if enemy_units_other_than_art {
                    continue;
                }
                let (mut fh, art, ic) = self.stack_steps_of(s, h, s.phasing);
                fh += u32::from(t.steps);
                if Self::within_limits(fh, art, ic || t.in_column) {
                    out.push((u, h));
                }
            }
        }
        out
    }

    /// Steps of one side in a hex.
    fn stack_steps_of(&self, s: &State, c: Cell, side: Side) -> (u32, u32, bool) {
        let mut fh = 0;
        let mut art = 0;
        let mut ic = false;
        for (i, t) in s.troops.iter().enumerate() {
            if t.cell != Some(c) || self.data.troops[i].side != side {
                continue;
            }
            if self.data.troops[i].arm == Arm::Artillery {
                art += u32::from(t.steps);
            } else {
                fh += u32::from(t.steps);
            }
            ic |= t.in_column;
        }
        (fh, art, ic)
    }

    fn enter_advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = s.combat.clone() else { return };
        // Some attacking Unit retreated, was captured or destroyed: the attacker gave ground.
        let gave = c
            .attackers
            .iter()
            .any(|&u| s.troop(u).cell.is_none_or(|x| !c.attack_hexes.contains(&x)));
        if let Some(cm) = s.combat.as_mut() {
            cm.attacker_gave_ground = gave;
        }
        if self.advance_options(s, &c).is_empty() {
            if let Some(cm) = s.combat.as_mut() {
                cm.step = CombatStep::Momentum;
            }
            self.after_advance(s, ev);
        }
    }

    /// RULING (pg-rulings 8): Momentum Attack or Momentum Advance.
    /// After the advance: 10 step 10 Momentum, if the defender left LP unsatisfied and some
    /// Unit advanced.
    fn after_advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = s.combat.clone() else { return };
        let momentum = c.kind == CombatKind::Normal
            && c.unsatisfied > 0
            && self.follow_up_hex(s, &c).is_some();
        if !momentum {
            if let Some(cm) = s.combat.as_mut() {
                cm.step = CombatStep::Sweep;
            }
            self.after_momentum(s, ev);
        }
    }

    /// After Momentum: 11 Combat Success markers, then 12 Cavalry Action when the attack was
    /// made by Formed cavalry alone that advanced.
    fn after_momentum(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.earn_success(s, ev);
        let Some(c) = s.combat.clone() else { return };
        let cavalry = !c.attackers.is_empty()
            && c.attackers.iter().all(|&u| {
                self.data.troops[u.ix()].arm == Arm::Cavalry && s.troop(u).morale == Morale::Formed
            });
        let sweep = c.kind == CombatKind::Normal
            && cavalry
            && self
                .follow_up_hex(s, &c)
                .is_some_and(|h| !self.follow_up_targets(s, h).is_empty());
        if !sweep {
            self.finish_combat(s, ev);
        }
    }

    /// 10 step 11 Combat Success markers (RULING: the attacker earns one when the defending
    /// hexes were all vacated and no attacking Unit gave ground; the defender earns one when
    /// the attacker gave ground and the defender still holds a defending hex). Each marker
    /// costs the enemy army 1 AM at the Joint Army Morale Adjustment (13).
    fn earn_success(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = s.combat.as_ref() else { return };
        if c.success_done {
            return;
        }
        let c = c.clone();
        let enemy = s.phasing.other();
        let held = c
            .defend_hexes
            .iter()
            .any(|&h| self.has_unit_of(s, enemy, h));
        let side = if !held && !c.attacker_gave_ground {
            Some(s.phasing)
        } else if held && c.attacker_gave_ground {
            Some(enemy)
        } else {
            None
        };
        if let Some(side) = side {
            s.armies[side].cs = s.armies[side].cs.saturating_add(1);
            ev.push(Event::CombatSuccess { side });
        }
        if let Some(cm) = s.combat.as_mut() {
            cm.success_done = true;
        }
    }

    /// The hex of the advanced Units for a follow-up (the first advanced Unit's).
    #[must_use]
    pub fn follow_up_hex(&self, s: &State, c: &Combat) -> Option<Cell> {
        c.advanced.iter().find_map(|&u| s.troop(u).cell)
    }

    /// Defending hexes a follow-up attack from `h` may name: one enemy hex adjacent to `h`, or
    /// two adjacent enemy hexes both adjacent to it.
    #[must_use]
    pub fn follow_up_targets(&self, s: &State, h: Cell) -> Vec<(Cell, Option<Cell>)> {
        let side = s.phasing;
        let board = &self.data.board;
        let ts: Vec<Cell> = board
            .neighbors(h)
            .filter(|&n| self.defendable(s, side, n, true))
            .collect();
        let mut out: Vec<(Cell, Option<Cell>)> = ts.iter().map(|&t| (t, None)).collect();
        for &a in &ts {
            for &b in &ts {
                if a < b && board.adjacent(a, b) {
                    out.push((a, Some(b)));
                }
            }
        }
        out
    }

    /// Hexes the advanced Units may reach by a Momentum Advance: adjacent, passable, free of
    /// enemy counters, within the stacking limits.
    fn momentum_advances(&self, s: &State, c: &Combat, h: Cell) -> Vec<Cell> {
        let units: Vec<UnitId> = c
            .advanced
            .iter()
            .copied()
            .filter(|&u| s.troop(u).cell == Some(h))
            .collect();
        let side = s.phasing;
        self.data
            .board
            .neighbors(h)
            .filter(|&n| {
                !self.has_counter_of(s, side.other(), n)
                    && units
                        .iter()
                        .all(|&u| self.passable(self.data.troops[u.ix()].arm.into(), h, n))
                    && {
                        let (mut fh, art, ic) = self.stack_steps(s, n);
                        fh += units
                            .iter()
                            .map(|&u| u32::from(s.troop(u).steps))
                            .sum::<u32>();
                        Self::within_limits(fh, art, ic)
                    }
            })
            .collect()
    }

    /// A Momentum Attack or Sweeping Charge: a new combat by the advanced Units at once.
    fn follow_up(
        &self,
        s: &mut State,
        kind: CombatKind,
        target: Cell,
        second: Option<Cell>,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = s.combat.clone() else { return };
        let Some(h) = self.follow_up_hex(s, &c) else {
            self.finish_combat(s, ev);
            return;
        };
        let attackers: Vec<UnitId> = c
            .advanced
            .iter()
            .copied()
            .filter(|&u| s.troop(u).cell == Some(h))
            .collect();
        s.combat = None;
        if kind == CombatKind::Sweep {
            // RULING: the sweeping cavalry is blown: Disordered (in place) after the charge.
            s.sweepers = attackers.clone();
        }
        let nc = self.new_combat(s, kind, vec![h], attackers, target, second);
        self.start_combat(s, nc, ev);
    }

    /// The combat is over.
    fn finish_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.earn_success(s, ev);
        let kind = s.combat.as_ref().map(|c| c.kind);
        s.combat = None;
        if kind == Some(CombatKind::Sweep) {
            for u in std::mem::take(&mut s.sweepers) {
                if s.troop(u).cell.is_some() && s.troop(u).morale == Morale::Formed {
                    s.troop_mut(u).morale = Morale::Disordered;
                    ev.push(Event::MoraleChanged {
                        unit: u,
                        morale: Morale::Disordered,
                        why: "blown after a Sweeping Charge (10 step 12)".into(),
                    });
                }
            }
        }
        s.stage = crate::state::Stage::CloseCombat;
    }
}
