//! What graphical front ends need from Prussia's Glory: the board description (map, charts,
//! order of battle), each legal action with the hex and unit it concerns, the hexes a counter can
//! reach this phase with their MP cost, the odds and result chances of a Close Combat or a
//! bombardment before it is declared, and the observation with the odds of what is being
//! resolved. Prussia's Glory hides nothing, so every viewer may be shown all of it.

use crate::ui::{HEX_SIZE, edge_points, polar, round1, round3};
use crate::{ActionHint, PlayError, Reach, ReachEnd, ReachHex, side_letter};
use coupdoeil_engine::{Game, Side, ToAct, Viewer};
use coupdoeil_hex::{EdgeDir, Hexside};
use coupdoeil_pg::combat::CombatOdds;
use coupdoeil_pg::data::{Arm, Counter, GroupKind, Role, Special};
use coupdoeil_pg::event::Modifier;
use coupdoeil_pg::state::{Combat, CombatStep, Frame, State};
use coupdoeil_pg::{Action, Cell, Event, PrussiasGlory, UnitId};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

fn side_id(g: &PrussiasGlory, s: Side) -> String {
    g.data.sides[s].0.clone()
}

fn arm_word(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "infantry",
        Arm::Cavalry => "cavalry",
        Arm::Artillery => "artillery",
    }
}

/// A chart's per-counter-type costs as `{infantry, cavalry, artillery, leader}` (`null`:
/// prohibited).
fn costs(c: &[Option<u8>; 4]) -> Value {
    json!({ "infantry": c[0], "cavalry": c[1], "artillery": c[2], "leader": c[3] })
}

/// The board description: the shared map part (docs/web.md) and Prussia's Glory's charts, order
/// of battle, armies and victory conditions.
#[allow(clippy::too_many_lines)]
pub(super) fn board(g: &PrussiasGlory) -> Value {
    let b = &g.data.board;
    let h = HEX_SIZE * 3f64.sqrt();
    let offsets: Vec<(i32, i32)> = b.cells.iter().map(|c| b.numbering.offset(c.hex)).collect();
    let (min_c, max_c, min_r, max_r) = b.extent;
    let centre = |col: i32, row: i32| -> (f64, f64) {
        let x = HEX_SIZE + f64::from(col - min_c) * 1.5 * HEX_SIZE;
        let down = if b.numbering.column_is_down(col) {
            h / 2.0
        } else {
            0.0
        };
        let y = h / 2.0 + f64::from(row - min_r) * h + down;
        (round1(x), round1(y))
    };
    let width = round1(2.0 * HEX_SIZE + f64::from(max_c - min_c) * 1.5 * HEX_SIZE);
    let height = round1(f64::from(max_r - min_r + 1) * h + h / 2.0);
    let centres: Vec<(f64, f64)> = offsets.iter().map(|&(c, r)| centre(c, r)).collect();
    let label = |i: usize| b.label(Cell(i as u16));
    let hexes: Vec<Value> = b
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (col, row) = offsets[i];
            let mut v = json!({
                "label": label(i),
                "col": col,
                "row": row,
                "x": centres[i].0,
                "y": centres[i].1,
                "terrain": c.terrain,
            });
            if let Some(n) = b.names.get(&Cell(i as u16)) {
                v["name"] = json!(n);
            }
            v
        })
        .collect();
    let mut hexsides = Vec::new();
    let mut slopes = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, c) in b.cells.iter().enumerate() {
        let (x, y) = centres[i];
        for d in EdgeDir::ALL {
            let di = usize::from(d.index());
            let bits = c.features[di];
            if bits != 0 && seen.insert(Hexside::new(c.hex, d)) {
                let [x1, y1, x2, y2] = edge_points(x, y, d);
                for f in 0..g.data.charts.features.len() {
                    if bits & (1 << f) != 0 {
                        hexsides.push(json!({
                            "hex": label(i), "dir": d.name(), "feature": f,
                            "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                        }));
                    }
                }
            }
            if c.up[di] {
                // Entering this hex from direction `d` climbs: the slope runs along that
                // hexside and this hex is the higher one.
                let [x1, y1, x2, y2] = edge_points(x, y, d);
                let (ux, uy) = polar(f64::from(d.bearing()), 1.0);
                slopes.push(json!({
                    "hex": label(i), "dir": d.name(),
                    "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                    "ux": round3(-ux), "uy": round3(-uy),
                }));
            }
        }
    }
    let roads: Vec<Value> = b
        .roads
        .iter()
        .map(|&(a, c)| {
            let (x1, y1) = centres[a.ix()];
            let (x2, y2) = centres[c.ix()];
            json!({ "from": b.label(a), "to": b.label(c), "x1": x1, "y1": y1, "x2": x2, "y2": y2 })
        })
        .collect();
    let charts = &g.data.charts;
    let terrain: Vec<Value> = charts
        .terrain
        .iter()
        .map(|t| {
            json!({
                "id": t.id, "name": t.name, "move": costs(&t.cost),
                "close_combat": t.cc, "close_combat_cavalry": t.cc_cavalry,
                "bombard": t.bombard, "blocks_los": t.blocks_los,
                "no_shock_defending": t.no_shock_defending,
                "no_shock_attacking": t.no_shock_attacking, "no_flank": t.no_flank,
            })
        })
        .collect();
    let features: Vec<Value> = charts
        .features
        .iter()
        .map(|f| {
            json!({
                "id": f.id, "name": f.name, "move": costs(&f.cost), "crossing": f.crossing,
                "close_combat": f.cc, "bombard": f.bombard, "entrenchment": f.entrenchment,
                "blocks_los": f.blocks_los,
            })
        })
        .collect();
    let wing_id = |w: Option<coupdoeil_pg::WingId>| w.map(|w| g.data.wings[w.ix()].id.clone());
    let units: Vec<Value> = g
        .data
        .troops
        .iter()
        .enumerate()
        .map(|(ui, t)| {
            json!({
                "id": t.id,
                "name": t.name,
                "side": side_id(g, t.side),
                "nation": t.nation,
                "arm": arm_word(t.arm),
                "class": t.class,
                "wing": wing_id(t.wing),
                "group": g.data.groups[t.group.ix()].id,
                "full": t.full(),
                // by_steps[n - 1]: the printed values of the side showing n steps.
                "by_steps": t.steps.iter().enumerate().map(|(i, st)| json!({
                    "sp": st.sp, "mr": st.mr, "ma": st.ma, "paren": st.paren, "bs": st.bs,
                    "values": g.values_text(UnitId(ui as u8), i as u8 + 1),
                })).collect::<Vec<_>>(),
                "shock": t.shock,
                "fast": t.fast,
            })
        })
        .collect();
    let leaders: Vec<Value> = g
        .data
        .leaders
        .iter()
        .map(|l| {
            json!({
                "id": l.id, "name": l.name, "side": side_id(g, l.side), "nation": l.nation,
                "role": match l.role { Role::Commander => "commander", Role::Wing => "wing" },
                "initiative": l.initiative,
                "special": l.special.map(|s| match s {
                    Special::Any => "any", Special::Infantry => "infantry", Special::Cavalry => "cavalry",
                }),
                "morale": l.morale, "movement": l.ma, "wing": wing_id(l.wing),
            })
        })
        .collect();
    let wings: Vec<Value> = g
        .data
        .wings
        .iter()
        .map(|w| {
            json!({
                "id": w.id, "name": w.name, "side": side_id(g, w.side),
                "leader": g.data.leaders[w.leader.ix()].id,
                "group": g.data.groups[w.group.ix()].id, "has_infantry": w.has_infantry,
            })
        })
        .collect();
    let groups: Vec<Value> = g
        .data
        .groups
        .iter()
        .map(|x| {
            json!({
                "id": x.id, "name": x.name, "side": side_id(g, x.side),
                "kind": match x.kind {
                    GroupKind::BasicInfantry => "basic_infantry",
                    GroupKind::BasicCavalry => "basic_cavalry",
                    GroupKind::Specific => "specific",
                },
                "rating": x.rating, "detachment": x.detachment,
            })
        })
        .collect();
    let armies: Vec<Value> = Side::ALL
        .iter()
        .map(|&s| {
            let a = &g.data.armies[s];
            let edges: Vec<&str> = [
                (coupdoeil_pg::data::edge::N, "N"),
                (coupdoeil_pg::data::edge::E, "E"),
                (coupdoeil_pg::data::edge::S, "S"),
                (coupdoeil_pg::data::edge::W, "W"),
            ]
            .into_iter()
            .filter(|(bit, _)| a.edges & bit != 0)
            .map(|(_, e)| e)
            .collect();
            json!({
                "side": side_id(g, s), "commander": g.data.leaders[a.commander.ix()].id,
                "morale": a.morale, "demoralized": a.demoralized, "broken": a.broken,
                "cost_first": a.cost_first, "cost_again": a.cost_again,
                "friendly_edges": edges, "nation": a.nation,
            })
        })
        .collect();
    let crt = &charts.crt;
    let bt = &charts.bombard;
    json!({
        "rules": g.rules_id(),
        "scenario": g.data.id,
        "name": g.data.name,
        "turns": g.data.turns,
        "clocks": (1..=g.data.turns).map(|t| g.data.clock(t)).collect::<Vec<_>>(),
        "main": g.data.main,
        "first": side_letter(g.data.first),
        "sides": Side::ALL.iter().map(|&s| json!({
            "side": side_letter(s),
            "id": side_id(g, s),
            "name": g.data.sides[s].1,
        })).collect::<Vec<_>>(),
        "layout": {
            "orientation": "flat",
            "size": HEX_SIZE,
            "hex_width": 2.0 * HEX_SIZE,
            "hex_height": round1(h),
            "width": width,
            "height": height,
        },
        "terrain": terrain,
        "features": features,
        "slope": {
            "move": json!({ "infantry": charts.slope.cost_up[0], "cavalry": charts.slope.cost_up[1],
                "artillery": charts.slope.cost_up[2], "leader": charts.slope.cost_up[3] }),
            "close_combat": charts.slope.cc_up,
        },
        "hexes": hexes,
        "hexsides": hexsides,
        "roads": roads,
        "slopes": slopes,
        "units": units,
        "leaders": leaders,
        "wings": wings,
        "groups": groups,
        "armies": armies,
        "crt": {
            "columns": (0..crt.columns.len()).map(|c| crt.label(c)).collect::<Vec<_>>(),
            "first_row": crt.first_row,
            "results": crt.rows.iter()
                .map(|row| row.iter().map(|c| format!("{}/{}", c.attacker, c.defender)).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        },
        "bombardment": {
            "columns": bt.columns,
            "first_row": bt.first_row,
            "results": bt.rows.iter()
                .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        },
        "close_combat": charts.cc,
        "bombardment_drm": charts.bombard_drm,
        "rally": charts.rally,
        "leader_loss": charts.leader_loss,
        "victory": g.data.victory.iter().map(|v| json!({
            "winner": side_id(g, v.winner), "level": v.level, "min_vp": v.min_vp,
            "max_vp": v.max_vp, "enemy": v.enemy, "own": v.own,
        })).collect::<Vec<_>>(),
        "vp_bonuses": g.data.bonuses.iter().flatten().map(|x| json!({
            "side": side_id(g, x.side), "vp": x.vp, "units": x.units, "name": x.name,
            "near": x.near.iter().map(|&c| b.label(c)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// The data id of a counter.
fn counter_id(g: &PrussiasGlory, c: Counter) -> String {
    match c {
        Counter::Unit(u) => g.data.troops[u.ix()].id.clone(),
        Counter::Leader(l) => g.data.leaders[l.ix()].id.clone(),
    }
}

/// Each legal action with the unit (or leader) and the hex it concerns.
#[allow(clippy::too_many_lines)]
pub(super) fn hints(g: &PrussiasGlory, s: &State) -> Vec<ActionHint> {
    let b = &g.data.board;
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let uid = |u: UnitId| g.data.troops[u.ix()].id.clone();
    let at = |u: UnitId| s.troop(u).cell.map(|c| b.label(c));
    let leader_at = |l: coupdoeil_pg::LeaderId| s.leader(l).cell.map(|c| b.label(c));
    let mover = s.moving.map(|m| m.counter);
    legal
        .iter()
        .map(|a| {
            let mut h = ActionHint::plain(g.action_notation(a), g.describe_action(s, a));
            match *a {
                Action::Deploy(w) | Action::Column(w) => {
                    let wd = &g.data.wings[w.ix()];
                    h.unit = Some(g.data.leaders[wd.leader.ix()].id.clone());
                    h.hex = leader_at(wd.leader);
                }
                Action::DeployCommander | Action::CommanderColumn => {
                    let c = g.data.armies[s.phasing].commander;
                    h.unit = Some(g.data.leaders[c.ix()].id.clone());
                    h.hex = leader_at(c);
                }
                Action::SpecialRoll { leader, wing } => {
                    h.unit = Some(g.data.leaders[leader.ix()].id.clone());
                    h.hex = leader_at(leader);
                    h.target_unit = Some(g.data.leaders[g.data.wings[wing.ix()].leader.ix()].id.clone());
                }
                Action::Trace(u)
                | Action::Select(u)
                | Action::Raise(u)
                | Action::ColumnArtillery(u)
                | Action::Gun(u)
                | Action::Lead(u)
                | Action::Loss(u)
                | Action::Retreat(u)
                | Action::ArtilleryLoss(u) => {
                    h.unit = Some(uid(u));
                    h.hex = at(u);
                }
                Action::SelectLeader(l) => {
                    h.unit = Some(g.data.leaders[l.ix()].id.clone());
                    h.hex = leader_at(l);
                }
                Action::Step { to, .. } => {
                    h.hex = Some(b.label(to));
                    if let Some(c) = mover {
                        h.unit = Some(counter_id(g, c));
                        h.from = g.counter_cell(s, c).map(|c| b.label(c));
                    }
                }
                Action::EndMove => {
                    if let Some(c) = mover {
                        h.unit = Some(counter_id(g, c));
                        h.hex = g.counter_cell(s, c).map(|c| b.label(c));
                    }
                }
                Action::Target(c) => h.hex = Some(b.label(c)),
                Action::Fire => h.hex = s.bombard.as_ref().map(|x| b.label(x.target)),
                Action::Attack { target, .. }
                | Action::MomentumAttack { target, .. }
                | Action::Sweep { target, .. } => h.hex = Some(b.label(target)),
                Action::Withdraw(to) => {
                    h.hex = Some(b.label(to));
                    if let Some(c) = &s.combat
                        && let CombatStep::Withdraw(i) = c.step
                        && let Some(&from) = c.defend_hexes.get(usize::from(i))
                    {
                        h.from = Some(b.label(from));
                        h.unit = g.withdraw_options(s, c, from).0.first().map(|&u| uid(u));
                    }
                }
                Action::RetreatTo(to) => {
                    h.hex = Some(b.label(to));
                    if let Some(Frame::Retreat(r)) = s.pending.last() {
                        h.unit = Some(uid(r.unit));
                        h.from = at(r.unit);
                    }
                }
                Action::Advance { unit, to } => {
                    h.unit = Some(uid(unit));
                    h.from = at(unit);
                    h.hex = Some(b.label(to));
                }
                Action::MomentumAdvance(to) => {
                    h.hex = Some(b.label(to));
                    if let Some(c) = &s.combat
                        && let Some(from) = g.follow_up_hex(s, c)
                    {
                        h.from = Some(b.label(from));
                    }
                }
                Action::Pass
                | Action::Activate
                | Action::AttemptCdoa
                | Action::PayActivation
                | Action::EndPhase
                | Action::AttemptDeploy => {}
            }
            h
        })
        .collect()
}

/// The counter with data id `id` of `side`.
fn counter_of(g: &PrussiasGlory, side: Side, id: &str) -> Option<Counter> {
    if let Some(u) = g.data.troop_by_id(id) {
        return (g.data.troops[u.ix()].side == side).then_some(Counter::Unit(u));
    }
    let l = g.data.leader_by_id(id)?;
    (g.data.leaders[l.ix()].side == side).then_some(Counter::Leader(l))
}

/// One way to an end: MP left, whether it ends the move, the actions.
type Way = (u8, bool, Vec<Action>);

/// The hexes a counter (a data id of one of `side`'s Units or Leaders) can reach this Movement
/// Phase (7.3), with the cheapest actions to each hex and each placement in its stack (on top,
/// or under the friendly Units there, 5.4): a search over the counter's own Step actions,
/// applied to copies of the state. Prussia's Glory counts whole MP; the reach reports them in
/// half MP like every rule system (twice the MP).
pub(super) fn reach(g: &PrussiasGlory, s: &State, side: Side, id: &str) -> Result<Reach, String> {
    if g.to_act(s) != ToAct::Side(side) {
        return Err("it is not your decision now".into());
    }
    let Some(counter) = counter_of(g, side, id) else {
        return Err(format!("you have no unit or leader `{id}`"));
    };
    let select = match counter {
        Counter::Unit(u) => Action::Select(u),
        Counter::Leader(l) => Action::SelectLeader(l),
    };
    let mut st = s.clone();
    let mut prefix = Vec::new();
    let mut ev = Vec::new();
    let mut legal = Vec::new();
    if st.moving.map(|m| m.counter) != Some(counter) {
        g.legal_actions(&st, &mut legal);
        if legal.binary_search(&select).is_err() {
            return Err(format!("`{id}` cannot move now"));
        }
        g.apply_action_unchecked(&mut st, &select, &mut ev);
        ev.clear();
        prefix.push(g.action_notation(&select));
    }
    let Some(m0) = st.moving.filter(|m| m.counter == counter) else {
        return Err(format!("`{id}` has nothing left to do this phase"));
    };
    let b = &g.data.board;
    let start = g.counter_cell(&st, counter);
    let mut ends: BTreeMap<(Cell, bool), Way> = BTreeMap::new();
    let better = |old: &Way, new: &Way| {
        (new.0, !new.1, std::cmp::Reverse(new.2.len()))
            > (old.0, !old.1, std::cmp::Reverse(old.2.len()))
    };
    let mut seen = BTreeSet::new();
    let mut frontier: Vec<(State, Vec<Action>)> = vec![(st, Vec::new())];
    let mut moves = Vec::new();
    let mut steps = 0usize;
    while let Some((cur, path)) = frontier.pop() {
        steps += 1;
        if steps > 20_000 {
            break; // a safety bound: a counter's move has far fewer positions
        }
        if !cur.move_key().is_some_and(|k| seen.insert(k)) {
            continue;
        }
        if g.to_act(&cur) != ToAct::Side(side) {
            continue;
        }
        g.legal_actions(&cur, &mut moves);
        for a in moves.clone() {
            let Action::Step { below, .. } = a else {
                continue;
            };
            let mut next = cur.clone();
            g.apply_action_unchecked(&mut next, &a, &mut ev);
            ev.clear();
            let mut p2 = path.clone();
            p2.push(a);
            let Some(cell) = g.counter_cell(&next, counter) else {
                continue;
            };
            let going_on = next.moving.filter(|m| m.counter == counter && !m.stop);
            let cand = match going_on {
                Some(m) if g.to_act(&next) == ToAct::Side(side) => (m.mp, false, p2.clone()),
                _ => (0, true, p2.clone()),
            };
            if Some(cell) != start {
                match ends.get(&(cell, below)) {
                    Some(old) if !better(old, &cand) => {}
                    _ => {
                        ends.insert((cell, below), cand.clone());
                    }
                }
            }
            if !cand.1 {
                frontier.push((next, p2));
            }
        }
    }
    let mut by_cell: BTreeMap<Cell, Vec<(bool, Way)>> = BTreeMap::new();
    for ((c, below), v) in ends {
        by_cell.entry(c).or_default().push((below, v));
    }
    let notations = |p: &[Action]| -> Vec<String> {
        prefix
            .iter()
            .cloned()
            .chain(p.iter().map(|a| g.action_notation(a)))
            .collect()
    };
    let hexes = by_cell
        .into_iter()
        .map(|(c, ways)| {
            // The hex's own way: the best, on top of the stack when that is as good.
            let best = ways
                .iter()
                .map(|(_, v)| v)
                .fold(None::<&Way>, |acc, v| match acc {
                    Some(a) if !better(a, v) => Some(a),
                    _ => Some(v),
                });
            let (left, ends_move, path) = best.cloned().unwrap_or((0, true, Vec::new()));
            ReachHex {
                hex: b.label(c),
                cost_half: 2 * m0.mp.saturating_sub(left),
                left_half: 2 * left,
                ends_move,
                path: notations(&path),
                facings: ways
                    .iter()
                    .map(|(below, (l, e, p))| ReachEnd {
                        facing: if *below { "below" } else { "top" }.to_string(),
                        left_half: 2 * l,
                        ends_move: *e,
                        path: notations(p),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(Reach {
        unit: id.to_string(),
        from: start.map(|c| b.label(c)).unwrap_or_default(),
        facing: String::new(),
        start_half_mp: 2 * m0.mp,
        prefix,
        hexes,
        group_moves: Vec::new(),
    })
}

/// The chance of each result of the Combat Results Table at `column` with `drm`, die by die.
fn crt_rows(g: &PrussiasGlory, column: usize, drm: i8) -> Vec<Value> {
    let crt = &g.data.charts.crt;
    (1..=6i32)
        .map(|die| {
            let roll = die + i32::from(drm);
            let r = crt.result(column, roll);
            json!({
                "die": die, "roll": roll,
                "attacker": r.attacker.to_string(), "defender": r.defender.to_string(),
                "result": format!("{}/{}", r.attacker, r.defender),
            })
        })
        .collect()
}

/// The chance of each result of the Bombardment Table at `column` with `drm`, die by die.
fn bombard_rows(g: &PrussiasGlory, column: Option<usize>, drm: i8) -> Vec<Value> {
    let t = &g.data.charts.bombard;
    (1..=6i32)
        .map(|die| {
            let roll = die + i32::from(drm);
            let r = column.map_or_else(Default::default, |c| t.result(c, roll));
            json!({ "die": die, "roll": roll, "result": r.to_string() })
        })
        .collect()
}

/// Each distinct result with its chance in sixths, in the order of the dice.
fn chances(rows: &[Value]) -> Vec<Value> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for r in rows {
        let k = r["result"].as_str().unwrap_or("-").to_string();
        match out.iter_mut().find(|x| x.0 == k) {
            Some(x) => x.1 += 1,
            None => out.push((k, 1)),
        }
    }
    out.into_iter()
        .map(|(result, n)| json!({ "result": result, "sixths": n, "chance": round3(f64::from(n) / 6.0) }))
        .collect()
}

fn mods_json(m: &[Modifier]) -> Vec<Value> {
    m.iter()
        .map(|x| json!({ "what": x.what, "value": x.value, "rule": x.rule }))
        .collect()
}

/// The odds of a combat when each side chooses the Lead Unit best for it (10.4): the attacker
/// first, then the defender knowing it; the choices already made stand.
fn odds_with_leads(g: &PrussiasGlory, s: &State, c: &Combat) -> (CombatOdds, [Option<UnitId>; 2]) {
    let att = s.phasing;
    let def = att.other();
    let a_choices: Vec<Option<UnitId>> = match c.lead[att] {
        Some(u) => vec![Some(u)],
        None => {
            let v = g.lead_candidates(s, c, att);
            if v.is_empty() { vec![None] } else { v.into_iter().map(Some).collect() }
        }
    };
    let d_choices: Vec<Option<UnitId>> = match c.lead[def] {
        Some(u) => vec![Some(u)],
        None => {
            let v = g.lead_candidates(s, c, def);
            if v.is_empty() { vec![None] } else { v.into_iter().map(Some).collect() }
        }
    };
    let mut best: Option<(i8, CombatOdds, [Option<UnitId>; 2])> = None;
    for &a in &a_choices {
        let mut worst: Option<(i8, CombatOdds, [Option<UnitId>; 2])> = None;
        for &d in &d_choices {
            let mut x = c.clone();
            x.lead[att] = a;
            x.lead[def] = d;
            let o = g.combat_odds(s, &x);
            let v = o.drm();
            if worst.as_ref().is_none_or(|w| v < w.0) {
                worst = Some((v, o, [a, d]));
            }
        }
        if let Some(w) = worst
            && best.as_ref().is_none_or(|b| w.0 > b.0)
        {
            best = Some(w);
        }
    }
    match best {
        Some((_, o, l)) => (o, l),
        None => (g.combat_odds(s, c), [None, None]),
    }
}

/// A Close Combat as plain data: hexes, units, Lead Units, the odds, every DRM with its rule,
/// and each die's result with the chance of each result.
fn combat_json(g: &PrussiasGlory, s: &State, c: &Combat) -> Value {
    let b = &g.data.board;
    let uid = |u: UnitId| g.data.troops[u.ix()].id.clone();
    let chosen = c.lead[s.phasing].is_some() && c.lead[s.phasing.other()].is_some();
    let (odds, leads) = odds_with_leads(g, s, c);
    let drm = odds.drm();
    let rows = crt_rows(g, odds.column, drm);
    let defenders: Vec<UnitId> = if c.defenders.is_empty() {
        c.defend_hexes
            .iter()
            .flat_map(|&h| g.top_steps(s, h))
            .filter(|&u| g.data.troops[u.ix()].side != s.phasing)
            .collect()
    } else {
        c.defenders.clone()
    };
    let (att, def) = (s.phasing, s.phasing.other());
    json!({
        "kind": match c.kind {
            coupdoeil_pg::state::CombatKind::Normal => "close combat",
            coupdoeil_pg::state::CombatKind::Momentum => "momentum attack",
            coupdoeil_pg::state::CombatKind::Sweep => "sweeping cavalry charge",
        },
        "attacker": side_letter(att),
        "attack": c.attack_hexes.iter().map(|&h| b.label(h)).collect::<Vec<_>>(),
        "defend": c.defend_hexes.iter().map(|&h| b.label(h)).collect::<Vec<_>>(),
        "attackers": c.attackers.iter().map(|&u| uid(u)).collect::<Vec<_>>(),
        "defenders": defenders.iter().map(|&u| uid(u)).collect::<Vec<_>>(),
        "flank": c.flank,
        "supported": c.supported,
        "lead": {
            "attacker": c.lead[att].map(uid),
            "defender": c.lead[def].map(uid),
        },
        "leads_assumed": !chosen,
        "assumed_lead": { "attacker": leads[0].map(uid), "defender": leads[1].map(uid) },
        "attacker_sp": odds.attacker_sp,
        "defender_sp": odds.defender_sp,
        "column": odds.column,
        "odds": g.data.charts.crt.label(odds.column),
        "modifiers": mods_json(&odds.modifiers),
        "drm": drm,
        "steps": odds.steps,
        "die": c.die,
        "result": c.result.map(|r| format!("{}/{}", r.attacker, r.defender)),
        "rows": rows,
        "chances": chances(&rows),
        "step": format!("{:?}", c.step),
        // Past its die (or with nothing left to fight): what follows is the combat's aftermath.
        "resolved": !matches!(
            c.step,
            CombatStep::Withdraw(_) | CombatStep::AttackerLead | CombatStep::DefenderLead | CombatStep::Die
        ),
    })
}

/// A bombardment by `guns` at `target` as plain data: strength, column, DRMs and each die's
/// result.
fn bombard_json(
    g: &PrussiasGlory,
    s: &State,
    target: Cell,
    guns: &[UnitId],
    offensive: bool,
    declared: bool,
) -> Value {
    let b = &g.data.board;
    let o = g.bombard_odds(s, guns, target);
    let drm = o.drm();
    let rows = bombard_rows(g, o.column, drm);
    let available = g.guns_for(s, target, offensive);
    json!({
        "kind": "bombardment",
        "offensive": offensive,
        "declared": declared,
        "target": b.label(target),
        "guns": guns.iter().map(|&u| g.data.troops[u.ix()].id.clone()).collect::<Vec<_>>(),
        "available": available.iter().map(|&u| g.data.troops[u.ix()].id.clone()).collect::<Vec<_>>(),
        "strength": o.strength,
        "column": o.column,
        "odds": o.column.map(|c| format!("{}+ BS", g.data.charts.bombard.columns[c])),
        "modifiers": mods_json(&o.modifiers),
        "drm": drm,
        "canister": o.canister,
        "rows": rows,
        "chances": chances(&rows),
    })
}

/// What `side` would face after declaring `text`: a Close Combat (`attack`, `momentum`,
/// `sweep`: the odds, every DRM and the chance of each result, with the Lead Units each side
/// would choose) or a bombardment (`target`: with every gun that may fire; `gun`: with that
/// gun added; `fire`: as declared). Nothing is applied.
pub(super) fn preview(
    g: &PrussiasGlory,
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
    match a {
        Action::Attack { .. } | Action::MomentumAttack { .. } | Action::Sweep { .. } => {
            let mut st = s.clone();
            let mut ev = Vec::new();
            g.apply_action_unchecked(&mut st, &a, &mut ev);
            let Some(c) = st.combat.as_ref().filter(|_| ev.iter().any(|e| matches!(e, Event::CombatDeclared { .. }))) else {
                return Err(PlayError::Illegal {
                    action: text.to_string(),
                    reason: "it declares no Close Combat".into(),
                });
            };
            let mut v = combat_json(g, &st, c);
            v["action"] = json!(text);
            Ok(v)
        }
        Action::Target(c) => {
            let offensive = s.stage == coupdoeil_pg::state::Stage::OffensiveBombardment;
            let guns = g.guns_for(s, c, offensive);
            let mut v = bombard_json(g, s, c, &guns, offensive, false);
            v["action"] = json!(text);
            Ok(v)
        }
        Action::Gun(u) => {
            let Some(bd) = &s.bombard else {
                return Err(PlayError::WrongTime("no bombardment is being declared".into()));
            };
            let mut guns = bd.guns.clone();
            guns.push(u);
            guns.sort_unstable();
            let mut v = bombard_json(g, s, bd.target, &guns, bd.offensive, true);
            v["action"] = json!(text);
            Ok(v)
        }
        Action::Fire => {
            let Some(bd) = &s.bombard else {
                return Err(PlayError::WrongTime("no bombardment is being declared".into()));
            };
            let mut v = bombard_json(g, s, bd.target, &bd.guns, bd.offensive, true);
            v["action"] = json!(text);
            Ok(v)
        }
        _ => Err(PlayError::Illegal {
            action: text.to_string(),
            reason: "only attack, momentum, sweep, target, gun and fire can be previewed".into(),
        }),
    }
}

/// The observation as JSON, with what a graphical client draws besides: the counter moving
/// (`mover`), the odds of the Close Combat or bombardment being resolved, the Loss Points or
/// retreat being decided.
pub(super) fn observe_ui(g: &PrussiasGlory, s: &State, viewer: Viewer) -> Value {
    let b = &g.data.board;
    let uid = |u: UnitId| g.data.troops[u.ix()].id.clone();
    let mut v = serde_json::to_value(g.observe(s, viewer)).unwrap_or(Value::Null);
    // Each counter's side (A or B) and each Unit's Morale Rating now (9.3), for drawing.
    if let Some(units) = v.get_mut("units").and_then(Value::as_array_mut) {
        for (i, u) in units.iter_mut().enumerate() {
            let d = &g.data.troops[i];
            u["side"] = json!(side_letter(d.side));
            if s.troops[i].cell.is_some() {
                u["mr"] = json!(g.mr(s, UnitId(i as u8)));
            }
        }
    }
    if let Some(leaders) = v.get_mut("leaders").and_then(Value::as_array_mut) {
        for (i, l) in leaders.iter_mut().enumerate() {
            l["side"] = json!(side_letter(g.data.leaders[i].side));
        }
    }
    if let Some(m) = s.moving {
        v["mover"] = json!({
            "unit": counter_id(g, m.counter),
            "mp": m.mp,
            "hexes": m.hexes,
            "leader": matches!(m.counter, Counter::Leader(_)),
        });
    }
    if let Some(c) = &s.combat {
        v["close_combat"] = combat_json(g, s, c);
    }
    if let Some(bd) = &s.bombard {
        v["bombardment"] = bombard_json(g, s, bd.target, &bd.guns, bd.offensive, true);
    }
    match s.pending.last() {
        Some(Frame::Losses(l)) => {
            v["losses"] = json!({
                "side": side_letter(l.side),
                "lp": l.lp,
                "hexes": l.hexes.iter().map(|&h| b.label(h)).collect::<Vec<_>>(),
                "result": l.result.to_string(),
                "lead": l.lead.map(uid),
                "required": l.required,
                "combat": l.combat,
            });
        }
        Some(Frame::Retreat(r)) => {
            v["retreat"] = json!({
                "unit": uid(r.unit),
                "left": r.left,
                "rout": r.rout,
                "origin": b.label(r.origin),
            });
        }
        _ => {}
    }
    v["stage_name"] = json!(super::stage_name(s));
    // The sequence of play's phase (3.0) and whether this is the Turn's first or second Player
    // Turn, for the page's strip of phases.
    v["phase"] = json!(super::phase_id(s));
    v["player_turn"] = json!(1 + u8::from(s.second));
    v
}

/// An event as plain data for programs: its fields with data ids for Units, Leaders, Wings and
/// Groups, printed labels for hexes, side ids for sides, and its text.
pub(super) fn event_view(g: &PrussiasGlory, e: &Event) -> Value {
    let v = serde_json::to_value(e).unwrap_or(Value::Null);
    let b = &g.data.board;
    let name = |k: &str, n: u64| -> Option<String> {
        let n = n as usize;
        match k {
            "unit" | "units" | "guns" => g.data.troops.get(n).map(|x| x.id.clone()),
            "leader" => g.data.leaders.get(n).map(|x| x.id.clone()),
            "wing" => g.data.wings.get(n).map(|x| x.id.clone()),
            "group" => g.data.groups.get(n).map(|x| x.id.clone()),
            "from" | "to" | "hex" | "hexes" | "target" | "attack" | "defend" => {
                (n < b.len()).then(|| b.label(Cell(n as u16)))
            }
            _ => None,
        }
    };
    crate::ui::label_event(v, name, |side| side_id(g, side), g.event_text(e))
}
