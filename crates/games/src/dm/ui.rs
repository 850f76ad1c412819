//! What graphical front ends need from Drums & Muskets: the board description, each legal
//! action with the hex, unit, facing or card it concerns, the hexes a unit can reach this phase,
//! and the odds of a declaration before it is made.
//!
//! Everything here is derived from the scenario's public data, the legal actions, or a viewer's
//! own observation: nothing a side may not see goes into what these functions return for it.

use crate::ui::{HEX_SIZE, edge_points, polar, round1, round3};
use crate::{ActionHint, PlayError, Reach, ReachEnd, ReachHex, side_letter};
use coupdoeil_dm::state::{Stage, State};
use coupdoeil_dm::{Action, DrumsMuskets};
use coupdoeil_engine::{Game, Side, ToAct, Viewer};
use coupdoeil_hex::{EdgeDir, Facing, Hexside};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn board(g: &DrumsMuskets) -> Value {
    let b = &g.data.board;
    let h = HEX_SIZE * 3f64.sqrt();
    let offsets: Vec<(i32, i32)> = b.cells.iter().map(|c| b.numbering.offset(c.hex)).collect();
    let min_c = offsets.iter().map(|o| o.0).min().unwrap_or(0);
    let max_c = offsets.iter().map(|o| o.0).max().unwrap_or(0);
    let min_r = offsets.iter().map(|o| o.1).min().unwrap_or(0);
    let max_r = offsets.iter().map(|o| o.1).max().unwrap_or(0);
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
    let depot_at: BTreeMap<usize, usize> = b
        .depots
        .iter()
        .enumerate()
        .map(|(i, d)| (d.0.ix(), i))
        .collect();
    let side_id = |s: Side| g.data.sides[s].0.clone();
    let hexes: Vec<Value> = b
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let cell = coupdoeil_dm::Cell(i as u16);
            let (col, row) = offsets[i];
            let mut v = json!({
                "label": b.label(cell),
                "col": col,
                "row": row,
                "x": centres[i].0,
                "y": centres[i].1,
                "terrain": c.terrain,
            });
            if let Some(n) = b.names.get(&cell) {
                v["name"] = json!(n);
            }
            if let Some(&d) = depot_at.get(&i) {
                v["depot"] = json!(d);
            }
            v
        })
        .collect();
    let mut hexsides = Vec::new();
    let mut roads = Vec::new();
    let mut slopes = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, c) in b.cells.iter().enumerate() {
        let (x, y) = centres[i];
        for d in EdgeDir::ALL {
            let di = usize::from(d.index());
            let nbr = c.nbr[di];
            if let Some(f) = c.feature[di]
                && seen.insert(Hexside::new(c.hex, d))
            {
                let [x1, y1, x2, y2] = edge_points(x, y, d);
                hexsides.push(json!({
                    "hex": b.label(coupdoeil_dm::Cell(i as u16)),
                    "dir": d.name(),
                    "feature": f,
                    "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                }));
            }
            if c.road[di]
                && let Some(n) = nbr
                && i < n.ix()
            {
                let (nx, ny) = centres[n.ix()];
                roads.push(json!({
                    "from": b.label(coupdoeil_dm::Cell(i as u16)),
                    "to": b.label(n),
                    "x1": x, "y1": y, "x2": nx, "y2": ny,
                }));
            }
            if c.upslope_from[di] {
                // Entering this hex from direction `d` climbs: the slope runs along that
                // hexside and this hex is the higher one.
                let [x1, y1, x2, y2] = edge_points(x, y, d);
                let (ux, uy) = polar(f64::from(d.bearing()), 1.0);
                slopes.push(json!({
                    "hex": b.label(coupdoeil_dm::Cell(i as u16)),
                    "dir": d.name(),
                    "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                    // Unit vector from the edge towards the higher hex (into this one).
                    "ux": round3(-ux), "uy": round3(-uy),
                }));
            }
        }
    }
    let depots: Vec<Value> = b
        .depots
        .iter()
        .map(|(c, s, name)| json!({ "hex": b.label(*c), "side": side_id(*s), "name": name }))
        .collect();
    let slots: BTreeMap<String, Vec<Value>> = Side::ALL
        .into_iter()
        .map(|s| {
            (
                side_id(s),
                g.data.slots[s]
                    .iter()
                    .map(|(c, f)| json!({ "hex": b.label(*c), "facing": f.name() }))
                    .collect(),
            )
        })
        .collect();
    let units: Vec<Value> = g
        .data
        .units
        .iter()
        .map(|u| {
            json!({
                "id": u.id,
                "name": u.name,
                "side": side_id(u.side),
                "kind": u.kind.word(),
                "corps": u.corps.map(|c| g.data.corps[usize::from(c)].id.clone()),
                "strength": u.strength,
                "morale": u.morale,
                "movement": u.movement,
                "heavy_artillery": u.heavy_artillery,
            })
        })
        .collect();
    let corps: Vec<Value> = g
        .data
        .corps
        .iter()
        .map(|c| json!({ "id": c.id, "name": c.name, "side": side_id(c.side) }))
        .collect();
    let cards: Vec<Value> = g
        .data
        .cards
        .iter()
        .map(|c| {
            json!({
                "id": c.id, "side": side_id(c.side), "title": c.title,
                "window": c.window, "text": c.text,
            })
        })
        .collect();
    let terrain: Vec<Value> = g
        .data
        .charts
        .terrain
        .iter()
        .map(|t| {
            json!({
                "id": t.id, "name": t.name, "move_cost": t.move_cost,
                "prohibited": t.prohibited, "attack_into": t.attack_into,
                "cavalry_attack_into": t.cavalry_attack_into, "artillery": t.artillery,
                "morale": t.morale,
            })
        })
        .collect();
    let features: Vec<Value> = g
        .data
        .charts
        .features
        .iter()
        .map(|f| {
            json!({
                "id": f.id, "name": f.name, "move_cost": f.move_cost,
                "prohibited": f.prohibited, "attack_across": f.attack_across,
                "cavalry_attack_across": f.cavalry_attack_across,
            })
        })
        .collect();
    let crt = &g.data.charts.crt;
    json!({
        "rules": g.rules_id(),
        "scenario": g.data.id,
        "name": g.data.name,
        "turns": g.data.turns,
        "sides": Side::ALL.iter().map(|&s| json!({
            "side": side_letter(s),
            "id": side_id(s),
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
        "slope": { "move_cost": g.data.charts.slope.move_cost,
                   "infantry_upslope": g.data.charts.slope.infantry_upslope,
                   "cavalry_across": g.data.charts.slope.cavalry_across },
        "hexes": hexes,
        "hexsides": hexsides,
        "roads": roads,
        "slopes": slopes,
        "depots": depots,
        "slots": slots,
        "units": units,
        "corps": corps,
        "cards": cards,
        // Exclusive 13.0: the side that wins a tie on Victory Points, if the scenario names one.
        "victory": { "draw_winner": g.data.draw_winner.map(side_id) },
        "crt": {
            "columns": crt.columns,
            "results": crt.results.iter()
                .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        },
    })
}

pub(super) fn hints(g: &DrumsMuskets, s: &State) -> Vec<ActionHint> {
    let b = &g.data.board;
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let uid = |u: coupdoeil_dm::UnitId| g.data.units[u.ix()].id.clone();
    let at = |u: coupdoeil_dm::UnitId| s.piece(u).cell.map(|c| b.label(c));
    let card = |c: coupdoeil_dm::CardId| g.data.cards[c.ix()].id.clone();
    legal
        .iter()
        .map(|a| {
            let mut h = ActionHint::plain(g.action_notation(a), g.describe_action(s, a));
            match *a {
                Action::Place(slot) => {
                    let side = match s.stage {
                        Stage::Place(side) => side,
                        _ => s.phasing,
                    };
                    if let Some((c, f)) = g.data.slots[side].get(usize::from(slot)) {
                        h.hex = Some(b.label(*c));
                        h.facing = Some(f.name().to_string());
                    }
                }
                Action::PlayCard(c) | Action::Discard(c) => h.card = Some(card(c)),
                Action::Select(u)
                | Action::RemoveDummy(u)
                | Action::Rally(u)
                | Action::Advance(u) => {
                    h.unit = Some(uid(u));
                    h.hex = at(u);
                    if let Action::Advance(_) = a
                        && let Some(r) = &s.resolution
                        && let Some(att) = s.attacks.get(usize::from(r.attack))
                    {
                        h.from = at(u);
                        h.hex = Some(b.label(att.target));
                    }
                }
                Action::Step(c) | Action::Sidestep(c) => {
                    h.hex = Some(b.label(c));
                    if let Some(m) = s.mover {
                        h.unit = Some(uid(m.unit));
                        h.from = at(m.unit);
                    }
                }
                Action::RetreatTo(c) => {
                    h.hex = Some(b.label(c));
                    if let Some(r) = s.retreat {
                        h.unit = Some(uid(r.unit));
                        h.from = at(r.unit);
                    }
                }
                Action::Resolve(c) => h.hex = Some(b.label(c)),
                Action::Face(f) | Action::Wheel(f) => {
                    h.facing = Some(f.name().to_string());
                    if let Some(m) = s.mover {
                        h.unit = Some(uid(m.unit));
                        h.hex = at(m.unit);
                    }
                }
                Action::TurnTo(f) => {
                    h.facing = Some(f.name().to_string());
                    if let Some(u) = g.facing_unit(s) {
                        h.unit = Some(uid(u));
                        h.hex = at(u);
                    }
                }
                Action::Attack { unit, target } => {
                    h.unit = Some(uid(unit));
                    h.hex = Some(b.label(target));
                    h.from = at(unit);
                }
                Action::Support { artillery, to } => {
                    h.unit = Some(uid(artillery));
                    h.from = at(artillery);
                    h.hex = at(to);
                    h.target_unit = Some(uid(to));
                }
                Action::Pass
                | Action::SetUpCorps(_)
                | Action::EndMove
                | Action::EndPhase
                | Action::NoAdvance
                | Action::EndDiscard => {}
            }
            h
        })
        .collect()
}

/// One way to an end position: MP left (half MP), whether it ends the move, the actions.
type Way = (u8, bool, Vec<Action>);

/// The hexes `unit` (a data id of one of `side`'s units) can reach this Movement Phase (7.0), with
/// the cheapest actions to each hex and facing: a search over the unit's own movement actions,
/// applied to copies of the state.
pub(super) fn reach(g: &DrumsMuskets, s: &State, side: Side, unit: &str) -> Result<Reach, String> {
    if g.to_act(s) != ToAct::Side(side) {
        return Err("it is not your decision now".into());
    }
    if s.stage != Stage::Movement {
        return Err("units move only in their Movement Phase".into());
    }
    let Some(u) = g
        .data
        .units
        .iter()
        .position(|d| d.id == unit && d.side == side)
        .map(|i| coupdoeil_dm::UnitId(i as u8))
    else {
        return Err(format!("you have no unit `{unit}`"));
    };
    let mut st = s.clone();
    let mut prefix = Vec::new();
    let mut ev = Vec::new();
    let mut legal = Vec::new();
    let mut apply = |st: &mut State, a: Action, prefix: &mut Vec<String>| -> Result<(), String> {
        g.legal_actions(st, &mut legal);
        if legal.binary_search(&a).is_err() {
            return Err(format!(
                "`{}` cannot move now ({} is not legal)",
                unit,
                g.action_notation(&a)
            ));
        }
        g.apply_action_unchecked(st, &a, &mut ev);
        ev.clear();
        prefix.push(g.action_notation(&a));
        Ok(())
    };
    match st.mover {
        Some(m) if m.unit == u => {}
        Some(_) => {
            apply(&mut st, Action::EndMove, &mut prefix)?;
            apply(&mut st, Action::Select(u), &mut prefix)?;
        }
        None => apply(&mut st, Action::Select(u), &mut prefix)?,
    }
    let Some(m0) = st.mover else {
        return Err(format!("`{unit}` has nothing left to do this phase"));
    };
    let b = &g.data.board;
    let start_cell = st.piece(u).cell;
    let start_facing = st.piece(u).facing;
    // Best way to each (cell, facing): most MP left, a way that keeps the move open, fewest
    // actions.
    let mut ends: BTreeMap<(coupdoeil_dm::Cell, Facing), Way> = BTreeMap::new();
    let better = |old: &Way, new: &Way| {
        (new.0, !new.1, std::cmp::Reverse(new.2.len()))
            > (old.0, !old.1, std::cmp::Reverse(old.2.len()))
    };
    let mut record = |cell: coupdoeil_dm::Cell, f: Facing, cand: Way| match ends.get(&(cell, f)) {
        Some(old) if !better(old, &cand) => {}
        _ => {
            ends.insert((cell, f), cand);
        }
    };
    if let Some(c) = start_cell {
        record(c, start_facing, (m0.half_mp, false, Vec::new()));
    }
    // Best first: the position with the most MP left, then the fewest actions, is expanded first,
    // so that each position is reached first by its best way. (Taken in any other order, a
    // position first reached the long way round, e.g. by turning through every facing when
    // turns cost nothing, kept that way for everything after it.)
    let mut seen: BTreeSet<coupdoeil_dm::state::MoveKey> = BTreeSet::new();
    let mut pool: Vec<Option<(State, Vec<Action>)>> = vec![Some((st.clone(), Vec::new()))];
    let mut frontier = std::collections::BinaryHeap::new();
    frontier.push((m0.half_mp, std::cmp::Reverse(0usize), std::cmp::Reverse(0usize)));
    let mut moves = Vec::new();
    let mut steps = 0usize;
    while let Some((_, _, std::cmp::Reverse(i))) = frontier.pop() {
        let Some((cur, path)) = pool[i].take() else {
            continue;
        };
        steps += 1;
        if steps > 20_000 {
            break; // a safety bound: a unit's move has far fewer positions
        }
        if !cur.move_key().is_some_and(|k| seen.insert(k)) {
            continue;
        }
        g.legal_actions(&cur, &mut moves);
        for a in moves.clone() {
            if !matches!(
                a,
                Action::Step(_) | Action::Face(_) | Action::Wheel(_) | Action::Sidestep(_)
            ) {
                continue;
            }
            let mut next = cur.clone();
            g.apply_action_unchecked(&mut next, &a, &mut ev);
            ev.clear();
            let mut p2 = path.clone();
            p2.push(a);
            let piece = next.piece(u);
            let Some(cell) = piece.cell else { continue };
            match next.mover {
                Some(m2) if m2.unit == u => {
                    g.legal_actions(&next, &mut legal);
                    if legal.binary_search(&Action::EndMove).is_ok() {
                        record(cell, piece.facing, (m2.half_mp, false, p2.clone()));
                    }
                    let key = (
                        m2.half_mp,
                        std::cmp::Reverse(p2.len()),
                        std::cmp::Reverse(pool.len()),
                    );
                    pool.push(Some((next, p2)));
                    frontier.push(key);
                }
                _ => record(cell, piece.facing, (0, true, p2)),
            }
        }
    }
    let mut by_cell: BTreeMap<coupdoeil_dm::Cell, Vec<(Facing, Way)>> = BTreeMap::new();
    for ((c, f), v) in ends {
        by_cell.entry(c).or_default().push((f, v));
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
        .map(|(c, fs)| {
            let best = fs
                .iter()
                .map(|(_, v)| v)
                .fold(None::<&Way>, |acc, v| match acc {
                    Some(a) if !better(a, v) => Some(a),
                    _ => Some(v),
                });
            let (left, ends_move, path) = best.cloned().unwrap_or((0, true, Vec::new()));
            ReachHex {
                hex: b.label(c),
                cost_half: m0.half_mp.saturating_sub(left),
                left_half: left,
                ends_move,
                path: notations(&path),
                facings: fs
                    .iter()
                    .map(|(f, (l, e, p))| ReachEnd {
                        facing: f.name().to_string(),
                        left_half: *l,
                        ends_move: *e,
                        path: notations(p),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(Reach {
        unit: unit.to_string(),
        from: start_cell.map(|c| b.label(c)).unwrap_or_default(),
        facing: start_facing.name().to_string(),
        start_half_mp: m0.half_mp,
        prefix,
        hexes,
        group_moves: Vec::new(),
    })
}

/// The attacks of `side`'s observation after `action` (an attack or Supporting Fire
/// declaration), applied to a copy of the state.
pub(super) fn preview(
    g: &DrumsMuskets,
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
    if !matches!(a, Action::Attack { .. } | Action::Support { .. }) {
        return Err(PlayError::Illegal {
            action: text.to_string(),
            reason: "only attack and support declarations can be previewed".into(),
        });
    }
    if !g.is_legal(s, &a) {
        return Err(PlayError::Illegal {
            action: text.to_string(),
            reason: "it is not among the legal actions now".into(),
        });
    }
    let mut st = s.clone();
    let mut ev = Vec::new();
    g.apply_action_unchecked(&mut st, &a, &mut ev);
    let mut obs = serde_json::to_value(g.observe(&st, Viewer::Side(side))).unwrap_or(Value::Null);
    name_odds_units(g, &mut obs);
    Ok(obs.get("attacks").cloned().unwrap_or(Value::Null))
}

/// Replaces the internal unit indices of the odds lines by the units' data ids.
pub(super) fn name_odds_units(g: &DrumsMuskets, obs: &mut Value) {
    if let Some(attacks) = obs.get_mut("attacks").and_then(Value::as_array_mut) {
        for a in attacks {
            if let Some(lines) = a
                .get_mut("odds")
                .and_then(|o| o.get_mut("lines"))
                .and_then(Value::as_array_mut)
            {
                for l in lines {
                    if let Some(n) = l.get("unit").and_then(Value::as_u64) {
                        let id = g
                            .data
                            .units
                            .get(n as usize)
                            .map_or(Value::Null, |u| Value::String(u.id.clone()));
                        l["unit"] = id;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyMatch, load};

    fn to_decision(m: &mut AnyMatch) {
        while m.to_act() == ToAct::Chance {
            m.roll().expect("rolls");
        }
    }

    /// Plays to the first Movement Phase decision with units to move (passing card windows).
    fn movement_start() -> AnyMatch {
        let mut m = load("dm-leuthen-historical").unwrap().new_match(3);
        for _ in 0..20 {
            to_decision(&mut m);
            let legal = m.legal_actions();
            if legal.iter().any(|a| a.notation.starts_with("select ")) {
                return m;
            }
            m.apply("pass").unwrap();
        }
        panic!("no movement decision reached");
    }

    #[test]
    fn board_lists_every_hex_once_with_geometry() {
        let l = load("dm-leuthen").unwrap();
        let b = l.game.board_json();
        let hexes = b["hexes"].as_array().unwrap();
        assert_eq!(hexes.len(), 15 * 11);
        let labels: BTreeSet<&str> = hexes.iter().map(|h| h["label"].as_str().unwrap()).collect();
        assert_eq!(labels.len(), hexes.len());
        let leuthen = hexes.iter().find(|h| h["label"] == "0806").unwrap();
        assert_eq!(leuthen["name"], "Leuthen");
        // Neighbours in a column are one hex height apart.
        let y = |l: &str| {
            hexes.iter().find(|h| h["label"] == l).unwrap()["y"]
                .as_f64()
                .unwrap()
        };
        assert!((y("0807") - y("0806") - 86.6).abs() < 0.2);
        assert!(!b["hexsides"].as_array().unwrap().is_empty());
        assert!(!b["roads"].as_array().unwrap().is_empty());
        assert!(!b["slopes"].as_array().unwrap().is_empty());
        assert_eq!(b["depots"].as_array().unwrap().len(), 3);
        assert!(b["layout"]["width"].as_f64().unwrap() > 1000.0);
    }

    #[test]
    fn reach_paths_are_legal_and_cheapest() {
        let m = movement_start();
        let ToAct::Side(side) = m.to_act() else {
            panic!()
        };
        let hints = m.legal_hints();
        let unit = hints
            .iter()
            .find(|h| h.verb == "select")
            .and_then(|h| h.unit.clone())
            .unwrap();
        let r = m.reachable(side, &unit).unwrap();
        assert_eq!(r.prefix, [format!("select {unit}")]);
        assert!(r.hexes.len() > 1, "{r:?}");
        for h in &r.hexes {
            m.check_sequence(side, &h.path).unwrap();
            for f in &h.facings {
                m.check_sequence(side, &f.path).unwrap();
                assert!(f.left_half <= h.left_half);
            }
            // Apply it for real on a copy: the unit ends where promised.
            let mut c = m.clone();
            for a in &h.path {
                c.apply(a).unwrap();
            }
            let obs = c.observe_ui(Viewer::Side(side));
            let piece = obs["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["unit"]["id"] == unit.as_str())
                .unwrap();
            assert_eq!(piece["hex"], h.hex.as_str());
        }
        assert!(m.reachable(side.other(), &unit).is_err());
        assert!(m.reachable(side, "nobody").is_err());
        assert!(m.check_sequence(side, &["select nobody".into()]).is_err());
    }

    /// The unit's hex and facing in `m`, as its own side sees it.
    fn position(m: &AnyMatch, side: Side, unit: &str) -> (Value, Value) {
        let obs = m.observe_ui(Viewer::Side(side));
        let piece = obs["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["unit"]["id"] == unit)
            .unwrap()
            .clone();
        (piece["hex"].clone(), piece["facing"].clone())
    }

    /// Plays to the first Movement Phase decision of a game whose side to move played `card` in
    /// its Movement card window (the first seed that deals it).
    fn movement_start_playing(card: &str) -> AnyMatch {
        let play = format!("play {card}");
        for seed in 1..200 {
            let mut m = load("dm-leuthen-historical").unwrap().new_match(seed);
            let mut played = false;
            for _ in 0..20 {
                to_decision(&mut m);
                let legal = m.legal_actions();
                if legal.iter().any(|a| a.notation == play) {
                    m.apply(&play).unwrap();
                    played = true;
                } else if legal.iter().any(|a| a.notation.starts_with("select ")) {
                    break;
                } else {
                    m.apply("pass").unwrap();
                }
            }
            if played {
                return m;
            }
        }
        panic!("no seed deals {card} for the first Movement Phase");
    }

    #[test]
    fn the_move_finder_never_turns_a_unit_through_a_full_circle() {
        // With facing changes free (P07 "Dead Ground behind the Rises") every turn costs
        // nothing: the search must still not turn a unit round and back.
        for m in [movement_start(), movement_start_playing("P07")] {
            full_circles_checked(&m);
        }
    }

    fn full_circles_checked(m: &AnyMatch) {
        let ToAct::Side(side) = m.to_act() else {
            panic!()
        };
        let units: Vec<String> = m
            .legal_hints()
            .iter()
            .filter(|h| h.verb == "select")
            .filter_map(|h| h.unit.clone())
            .take(4)
            .collect();
        let mut ways = 0;
        for unit in &units {
            let r = m.reachable(side, unit).unwrap();
            for h in &r.hexes {
                for f in &h.facings {
                    // Along the way the unit never stands in a hex with a facing it had there
                    // already: no turn that comes back where it began.
                    let mut c = m.clone();
                    let mut been = BTreeSet::new();
                    for a in &f.path {
                        c.apply(a).unwrap();
                        let (hex, facing) = position(&c, side, unit);
                        assert!(
                            been.insert((hex.to_string(), facing.to_string())),
                            "{unit} to {} facing {}: {:?} comes back to {hex} {facing}",
                            h.hex,
                            f.facing,
                            f.path
                        );
                    }
                    ways += 1;
                }
            }
        }
        assert!(ways > 20, "{ways} ways checked");
    }

    #[test]
    fn hints_cover_every_legal_action() {
        let m = movement_start();
        let hints = m.legal_hints();
        let legal = m.legal_actions();
        assert_eq!(hints.len(), legal.len());
        for (h, a) in hints.iter().zip(&legal) {
            assert_eq!(h.notation, a.notation);
            if h.verb == "select" {
                assert!(h.unit.is_some() && h.hex.is_some());
            }
        }
    }
}
