//! What a Glory and Empire player sees before committing to a fire or a close combat: the Fire
//! Strength, the Fire Chart column with every shift and its rule, and the chance of each result
//! on the percentile dice with the target's Morale Check behind it (12.2, 12.3, 12.3.1); for an
//! Assault or a Charge, each Morale Check of the procedure (13.1.4, 13.1.5, 13.2.4), the
//! Defensive and Offensive Fire columns (13.4) and the Cold Steel totals with the chance of
//! each outcome on the two d10 (13.5); for a reaction, its check (14.3, 14.4.2). Every number
//! comes from the rules crate's own functions, the ones the dice are applied with; nothing is
//! applied.

use crate::PlayError;
use crate::ui::round3;
use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_ge::event::Modifier;
use coupdoeil_ge::fire::{Odds, Strength};
use coupdoeil_ge::reaction::trigger_hex;
use coupdoeil_ge::state::{
    Attacker, Check, CheckKind, Combat, CombatKind, CombatStep, Frame, State,
};
use coupdoeil_ge::{Action, Cell, GloryEmpire, UnitId};
use coupdoeil_hex::Facing;
use serde_json::{Value, json};

/// How the failed Morale Checks of a fire worsen the target (12.3.1, 14.2, 13.4).
#[derive(Clone, Copy, PartialEq, Eq)]
enum FireUse {
    /// 12.3.1 A fire attack of the Fire Segments.
    Segment,
    /// 14.2 Reaction Fire.
    Reaction,
    /// 13.4 Offensive or Defensive Fire.
    Close,
}

fn mods_json(m: &[Modifier]) -> Vec<Value> {
    m.iter()
        .map(|x| json!({ "what": x.what, "value": x.value, "rule": x.rule }))
        .collect()
}

fn ids(g: &GloryEmpire, units: &[UnitId]) -> Vec<String> {
    units
        .iter()
        .map(|u| g.data.troops[u.ix()].id.clone())
        .collect()
}

/// The percentile rolls (of 100) that pass a check against `mv` with `drm` (8.1: the modified
/// roll must exceed the Morale Value).
fn passing(mv: u8, drm: i16) -> u32 {
    (0..100u8)
        .filter(|&r| GloryEmpire::passes(r, drm, mv))
        .count() as u32
}

fn hundredths(n: u32) -> Value {
    json!({ "hundredths": n, "chance": round3(f64::from(n) / 100.0) })
}

/// A Morale Check of `units` (top first): its Morale Value, every DRM (those `terms` give and
/// the stack's own, 8.1) and the chance it passes.
fn check_of(g: &GloryEmpire, s: &State, why: &str, units: &[UnitId], terms: &[Modifier]) -> Value {
    let mut mods = terms.to_vec();
    mods.extend(g.stack_drm(s, units));
    let drm: i16 = mods.iter().map(|m| m.value).sum();
    let mv = g.mv(s, units);
    let pass = passing(mv, drm);
    json!({
        "why": why,
        "units": ids(g, units),
        "mv": mv,
        "drm": drm,
        "modifiers": mods_json(&mods),
        "pass": hundredths(pass),
    })
}

/// A pending check (8.1), as the dice will see it.
pub(super) fn check_json(g: &GloryEmpire, s: &State, ck: &Check) -> Value {
    let (why, mut terms) = g.check_terms(ck.kind);
    if ck.drm != 0 {
        terms.push(Modifier {
            what: "this check".into(),
            value: i16::from(ck.drm),
            rule: "8.1".into(),
        });
    }
    let units = g.alive_in(s, &ck.units, ck.cell);
    let mut v = check_of(g, s, why, &units, &terms);
    v["kind"] = json!(ck.kind);
    v["hex"] = json!(g.data.board.label(ck.cell));
    v["target"] = json!(ck.target.map(|c| g.data.board.label(c)));
    v
}

/// A fire attack by `st` from `from` at the units `targets` in `target`, whose column is
/// `odds`: each result of the column with its rolls, its chance and the chance that the
/// target's Morale Check behind it passes; the leader casualty rolls; what a failed check does.
#[allow(clippy::too_many_arguments)]
fn fire_json(
    g: &GloryEmpire,
    s: &State,
    kind: &str,
    from: Cell,
    target: Cell,
    targets: &[UnitId],
    st: &Strength,
    odds: &Odds,
    use_: FireUse,
) -> Value {
    let ch = &g.data.charts;
    let b = &g.data.board;
    let column = &ch.fire[usize::from(odds.column)];
    let mut stack = g.stack_drm(s, targets);
    if use_ == FireUse::Close && ch.fsm.close_fire_mc != 0 {
        stack.push(Modifier {
            what: "Offensive/Defensive Fire".into(),
            value: i16::from(ch.fsm.close_fire_mc),
            rule: "13.4".into(),
        });
    }
    let stack_drm: i16 = stack.iter().map(|m| m.value).sum();
    let mv = g.mv(s, targets);
    let (mut effect, mut losses, mut checks) = (0u32, 0u32, 0u32);
    let results: Vec<Value> = column
        .rows
        .iter()
        .enumerate()
        .map(|(k, (min, r))| {
            let max = column.rows.get(k + 1).map_or(99, |n| n.0.saturating_sub(1));
            let n = u32::from(max.saturating_sub(*min)) + 1;
            if r.mc {
                effect += n;
                checks += n;
            }
            if r.losses > 0 {
                losses += n;
            }
            let mut v = json!({
                "result": r.to_string(),
                "from": min,
                "to": max,
                "losses": r.losses,
                "mc": r.mc,
                "drm": r.drm,
                "hundredths": n,
                "chance": round3(f64::from(n) / 100.0),
            });
            if r.mc {
                v["check_pass"] = hundredths(passing(mv, i16::from(r.drm) + stack_drm));
            }
            v
        })
        .collect();
    let lc = ch.fsm.leader_casualty;
    let leaders = targets
        .first()
        .map(|&u| g.own_leaders_at(s, g.data.troops[u.ix()].side, target))
        .unwrap_or_default();
    json!({
        "kind": kind,
        "from": b.label(from),
        "target": b.label(target),
        "firers": ids(g, &st.units),
        "targets": ids(g, targets),
        "arm": format!("{:?}", st.arm).to_lowercase(),
        "skirmish": st.skirmish,
        "range": b.distance(from, target),
        "fs": odds.fs,
        "column": odds.column,
        "shift": i32::from(odds.column) - i32::from(odds.fs),
        "modifiers": mods_json(&odds.modifiers),
        "results": results,
        "effect": hundredths(effect),
        "losses": hundredths(losses),
        "checks": hundredths(checks),
        "leader_casualty": {
            "from": lc,
            "hundredths": 100u32.saturating_sub(u32::from(lc)),
            "leaders": leaders.iter().map(|l| g.data.leaders[l.ix()].id.clone()).collect::<Vec<_>>(),
        },
        "morale": { "mv": mv, "modifiers": mods_json(&stack) },
        "failing": match use_ {
            FireUse::Segment => "each failed check worsens the stack one level; Broken or worse is Broken, and it retreats (12.3.1)",
            FireUse::Reaction => "each failed check worsens the moving stack one level (14.2)",
            FireUse::Close => "each failed check worsens the stack two levels, one in a Post (13.4)",
        },
    })
}

/// A close combat as the dice will see it: each Morale Check, the Defensive and Offensive Fire
/// columns (without and with Well Directed Fire, which a passed check gives, 13.1.4, 13.4) and,
/// where it comes to hand to hand, the Cold Steel totals with the chance of each outcome on two
/// d10 (13.5). The values are those of the units as they stand now, before the checks and the
/// fire change them.
#[allow(clippy::too_many_lines)]
pub(super) fn combat_json(g: &GloryEmpire, s: &State, c: &Combat) -> Value {
    let b = &g.data.board;
    let atts = g.live_attackers(s, c);
    let defs = g.live_defenders(s, c);
    let assault = c.kind == CombatKind::Assault;
    let attacker_checks: Vec<Value> = if assault {
        atts.iter()
            .map(|a| {
                let mut v = check_of(
                    g,
                    s,
                    "Attacker Morale Check (13.1.4)",
                    &a.units,
                    &g.attacker_mc_modifiers(s, c, &a.units),
                );
                v["hex"] = json!(b.label(a.cell));
                v
            })
            .collect()
    } else {
        Vec::new()
    };
    let defender_check = g
        .defender_mc_terms(s, c)
        .map(|(why, terms)| check_of(g, s, why, &defs, &terms));
    let mut defensive = Vec::new();
    if let Some(st) = g.strength(s, c.target) {
        for a in &atts {
            if g.fire_line(s, c.target, a.cell, &st).is_none() {
                continue;
            }
            let mut plain = c.clone();
            plain.def_wdf = false;
            let mut wdf = c.clone();
            wdf.def_wdf = true;
            if let (Some((o, units)), Some((ow, _))) = (
                g.defensive_fire_odds(s, &plain, a.cell),
                g.defensive_fire_odds(s, &wdf, a.cell),
            ) {
                let mut v = fire_json(
                    g,
                    s,
                    "Defensive Fire (13.4)",
                    c.target,
                    a.cell,
                    &units,
                    &st,
                    &o,
                    FireUse::Close,
                );
                v["column_wdf"] = json!(ow.column);
                defensive.push(v);
            }
        }
    }
    let mut offensive = Vec::new();
    if assault {
        for a in &atts {
            let Some(st) = g.strength(s, a.cell) else {
                continue;
            };
            if g.fire_line(s, a.cell, c.target, &st).is_none() {
                continue;
            }
            let o = g.fire_odds(s, a.cell, c.target, &defs, &st, false, 1);
            let ow = g.fire_odds(s, a.cell, c.target, &defs, &st, true, 1);
            let mut v = fire_json(
                g,
                s,
                "Offensive Fire (13.4)",
                a.cell,
                c.target,
                &defs,
                &st,
                &o,
                FireUse::Close,
            );
            v["column_wdf"] = json!(ow.column);
            offensive.push(v);
        }
    }
    let hand_to_hand = !assault || g.hand_to_hand(s, c.target);
    let cold_steel = (hand_to_hand && !atts.is_empty() && !defs.is_empty()).then(|| {
        let (a0, d0, mods) = g.cold_steel_totals(s, c, 0, 0);
        let mut wins = 0u32;
        let mut def_losses = [0u32; 8];
        let mut att_losses = [0u32; 8];
        for ad in 0..10i16 {
            def_losses[usize::from(g.cold_steel_losses(ad + a0).min(7))] += 10;
            att_losses[usize::from(g.cold_steel_losses(ad + d0).min(7))] += 10;
            for dd in 0..10i16 {
                if ad + a0 > dd + d0 {
                    wins += 1;
                }
            }
        }
        let dist = |x: &[u32; 8]| -> Vec<Value> {
            x.iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(steps, &n)| json!({ "steps": steps, "hundredths": n, "chance": round3(f64::from(n) / 100.0) }))
                .collect()
        };
        json!({
            "attacker_base": a0,
            "defender_base": d0,
            "modifiers": mods_json(&mods),
            "attacker_wins": hundredths(wins),
            "defender_losses": dist(&def_losses),
            "attacker_losses": dist(&att_losses),
            "loser": "the loser worsens two levels (one in a Post), its unlimbered artillery is eliminated (13.5.1)",
        })
    });
    json!({
        "kind": c.kind,
        "target": b.label(c.target),
        "attacker": crate::side_letter(c.side),
        "attackers": atts.iter().map(|a: &Attacker| json!({
            "hex": b.label(a.cell), "units": ids(g, &a.units),
        })).collect::<Vec<_>>(),
        "defenders": ids(g, &defs),
        "attacker_checks": attacker_checks,
        "defender_check": defender_check,
        "defensive_fire": defensive,
        "offensive_fire": offensive,
        "hand_to_hand": hand_to_hand,
        "cold_steel": cold_steel,
    })
}

/// A close combat that does not exist yet: the moving group (or the stack in `from`) against
/// `target`, with the defenders there now.
fn hypothetical(s: &State, kind: CombatKind, side: Side, from: Cell, units: Vec<UnitId>, target: Cell) -> Combat {
    Combat {
        kind,
        target,
        attackers: vec![Attacker {
            cell: from,
            units: units.clone(),
            wdf: false,
        }],
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
        origins: units.iter().map(|&u| (u, from)).collect(),
        side,
        follow_on: false,
        charge_distance: 0,
        zone: Vec::new(),
        fled: Vec::new(),
        pursuit: None,
        recalled: false,
        def_charge_distance: 0,
        bz_moves: Vec::new(),
    }
}

/// 13.1.1 An Assault declared now on `target` by the moving group: resolved in the Assault
/// Phase from where its move ends. The preview assumes its current hex when adjacent to the
/// target, else the hex next to the target nearest to it, facing the target.
fn assault_preview(g: &GloryEmpire, s: &State, target: Cell) -> Option<Value> {
    let m = s.moving.as_ref()?;
    let side = g.data.troops[m.units.first()?.ix()].side;
    let b = &g.data.board;
    let mut st = s.clone();
    let mut from = m.at;
    let assumed = !b.adjacent(m.at, target);
    if assumed {
        from = b
            .neighbors(target)
            .filter(|&n| g.side_at(s, n) != Some(side.other()))
            .min_by_key(|&n| (b.distance(n, m.at), n))?;
        let dir = b.direction(from, target)?;
        for &u in &m.units {
            let t = st.troop_mut(u);
            t.cell = Some(from);
            t.facing = coupdoeil_ge::formation::fit_facing(t.formation, Facing::from_edge(dir));
        }
    }
    // 13.1.1 The Assault Starting Adjacent marker: enemy next to the stack as it declares.
    let adjacent = b
        .neighbors(m.at)
        .any(|n| g.side_at(s, n) == Some(side.other()));
    // B13.1.6 The Assault AMV marker: the stack's formation as it declares.
    let amv = g.violates_attack_method(s, &m.units);
    for &u in &m.units {
        st.troop_mut(u).adjacent_start = adjacent;
        st.troop_mut(u).amv = amv;
    }
    let c = hypothetical(&st, CombatKind::Assault, side, from, m.units.clone(), target);
    let mut v = combat_json(g, &st, &c);
    v["assumed_from"] = json!(assumed.then(|| b.label(from)));
    Some(v)
}

/// What `side` would face after declaring `text`: a fire (`fire`, `react-fire`, `defend`: the
/// column, every shift and the chance of each result), a close combat (`assault`, `charge`,
/// `resolve`: each check, the fire and the Cold Steel odds) or a reaction's check
/// (`react-square`, `react-charge`, the latter with its charge's Cold Steel odds). Nothing is
/// applied.
#[allow(clippy::too_many_lines)]
pub(super) fn preview(
    g: &GloryEmpire,
    s: &State,
    side: Side,
    text: &str,
) -> Result<Value, PlayError> {
    if g.to_act(s) != ToAct::Side(side) {
        return Err(PlayError::WrongTime("it is not your decision now".into()));
    }
    let a = g.parse_action(text).map_err(|reason| PlayError::Parse {
        text: text.to_string(),
        reason,
    })?;
    if !g.is_legal(s, &a) {
        return Err(PlayError::Illegal {
            action: text.to_string(),
            reason: "it is not among the legal actions now".into(),
        });
    }
    let nothing = |why: &str| PlayError::Illegal {
        action: text.to_string(),
        reason: why.to_string(),
    };
    let mut v = match a {
        Action::Fire { from, target } | Action::FireRound { from, target, .. } => {
            // G19.1 A Brigade battery's attack with the round it names.
            let round = match a {
                Action::FireRound { round, .. } => Some(round),
                _ => None,
            };
            let st = match round {
                Some(_) => g.strength_round(s, from, round),
                None => g.strength(s, from),
            }
            .ok_or_else(|| nothing("that stack has no Fire Strength"))?;
            let targets = s.stack(target);
            let range = g.data.board.distance(from, target);
            let odds = g.fire_odds(s, from, target, &targets, &st, false, range);
            fire_json(
                g,
                s,
                "fire (12)",
                from,
                target,
                &targets,
                &st,
                &odds,
                FireUse::Segment,
            )
        }
        Action::ReactFire(c) => {
            let Some(Frame::React(w)) = s.pending.last() else {
                return Err(nothing("no reaction is being offered"));
            };
            let st = g
                .strength(s, c)
                .ok_or_else(|| nothing("that stack has no Fire Strength"))?;
            let (odds, group) = g
                .reaction_fire_odds(s, w, c)
                .ok_or_else(|| nothing("that stack cannot fire"))?;
            fire_json(
                g,
                s,
                "Reaction Fire (14.2)",
                c,
                trigger_hex(w.trigger),
                &group,
                &st,
                &odds,
                FireUse::Reaction,
            )
        }
        Action::DefendAgainst(at) => {
            let Some(Frame::Combat(c)) = s.pending.last() else {
                return Err(nothing("no close combat is being resolved"));
            };
            let st = g
                .strength(s, c.target)
                .ok_or_else(|| nothing("the defenders have no Fire Strength"))?;
            let (odds, units) = g
                .defensive_fire_odds(s, c, at)
                .ok_or_else(|| nothing("the defenders cannot fire at that stack"))?;
            let mut v = fire_json(
                g,
                s,
                "Defensive Fire (13.4)",
                c.target,
                at,
                &units,
                &st,
                &odds,
                FireUse::Close,
            );
            v["well_directed"] = json!(c.def_wdf);
            v
        }
        Action::ReactSquare(c) => {
            let inf: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|&u| g.data.troops[u.ix()].arm() == coupdoeil_ge::data::Arm::Infantry)
                .collect();
            let (why, mut terms) = g.check_terms(CheckKind::Square);
            // B14.3.3 The Battalion Game's distance and EZOC DRMs.
            if g.battalion()
                && let Some(Frame::React(w)) = s.pending.last()
            {
                terms.extend(g.formation_change_drms(s, w, c));
            }
            let mut v = check_of(g, s, why, &inf, &terms);
            v["kind"] = json!("square");
            v["hex"] = json!(g.data.board.label(c));
            v["failing"] = json!("a failed check worsens the stack one level (14.3)");
            v
        }
        Action::ReactCharge(c) => {
            let Some(Frame::React(w)) = s.pending.last() else {
                return Err(nothing("no reaction is being offered"));
            };
            let units = s.stack(c);
            let (why, terms) = g.check_terms(CheckKind::ReactionCharge);
            let mut v = check_of(g, s, why, &units, &terms);
            v["kind"] = json!("reaction_charge");
            v["hex"] = json!(g.data.board.label(c));
            let x = trigger_hex(w.trigger);
            let combat = hypothetical(s, CombatKind::ReactionCharge, w.side, c, units, x);
            v["combat"] = combat_json(g, s, &combat);
            v
        }
        Action::Charge(target) => {
            // B13.2.6 A Battalion target declared at the end of a Charge Movement, with its
            // charge distance.
            if let Some(Frame::ChargeMove(cm)) = s.pending.last() {
                let mut c = hypothetical(s, CombatKind::Charge, side, cm.at, cm.units.clone(), target);
                c.charge_distance = cm.open;
                return Ok(combat_json(g, s, &c));
            }
            let m = s
                .moving
                .as_ref()
                .ok_or_else(|| nothing("nothing is moving"))?;
            let c = hypothetical(s, CombatKind::Charge, side, m.at, m.units.clone(), target);
            combat_json(g, s, &c)
        }
        Action::Assault(target) => {
            assault_preview(g, s, target).ok_or_else(|| nothing("no stack can assault it"))?
        }
        Action::Resolve(target) => {
            let mut st = s.clone();
            let mut ev = Vec::new();
            g.apply_action_unchecked(&mut st, &a, &mut ev);
            match st.pending.iter().rev().find_map(|f| match f {
                Frame::Combat(c) if c.target == target => Some(c.as_ref().clone()),
                _ => None,
            }) {
                Some(c) => combat_json(g, &st, &c),
                None => json!({
                    "kind": "nothing",
                    "target": g.data.board.label(target),
                    "note": "nothing is left to fight there: the marker does nothing (13.1.1)",
                }),
            }
        }
        _ => {
            return Err(nothing(
                "only fire, react-fire, defend, react-square, react-charge, assault, charge and \
                 resolve can be previewed",
            ));
        }
    };
    v["action"] = json!(text);
    Ok(v)
}
