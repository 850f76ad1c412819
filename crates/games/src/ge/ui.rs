//! What graphical front ends need from Glory and Empire: the board description (the map with
//! its Elevation Levels, contours, crests and ridges, hexside features, roads and trails, names,
//! Posts and objectives; the charts; the order of battle with its leaders and chain of
//! command), each legal action with the hex and unit it concerns, the hexes a stack or a leader
//! can reach this phase with their MP cost and facings, and the observation with what is being
//! resolved (the moving stack, a reaction window, a check, a close combat). The Soldiers Game
//! hides nothing, so every viewer may be shown all of it.

use crate::ui::{PixelMap, edge_points, label_event, polar, round3};
use crate::{ActionHint, GroupMove, Reach, ReachEnd, ReachHex, side_letter};
use coupdoeil_engine::{Game, Side, ToAct, Viewer};
use coupdoeil_ge::data::{Arc, Arm, Counter, Echelon, LeaderValues, TroopDef};
use coupdoeil_ge::reaction::trigger_hex;
use coupdoeil_ge::state::{Frame, LeaderStatus, ReactKind, Stage, State, Trigger};
use coupdoeil_ge::{Action, Cell, Event, GloryEmpire, LeaderId, UnitId};
use coupdoeil_hex::{EdgeDir, Facing};
use serde_json::{Value, json};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

fn side_id(g: &GloryEmpire, s: Side) -> String {
    g.data.sides[s].0.clone()
}

fn arm_word(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "infantry",
        Arm::Cavalry => "cavalry",
        Arm::Artillery => "artillery",
    }
}

fn echelon_word(e: Echelon) -> &'static str {
    match e {
        Echelon::Adc => "adc",
        Echelon::Brigade => "brigade",
        Echelon::Division => "division",
        Echelon::Corps => "corps",
        Echelon::Army => "army",
    }
}

/// A TEC cost row as `{infantry, cavalry, artillery, sed, leader}` (`null`: prohibited).
fn costs(c: &[Option<u8>; 5]) -> Value {
    json!({ "infantry": c[0], "cavalry": c[1], "artillery": c[2], "sed": c[3], "leader": c[4] })
}

fn values_json(v: &LeaderValues) -> Value {
    json!({ "range": v.range, "fsm": v.fsm, "morale": v.morale, "cvm": v.cvm })
}

/// The letters of a unit's arcs (`F`ront, f`L`ank, `R`ear) over the six hexsides N, NE, SE, S,
/// SW, NW.
fn arcs_text(arcs: &[Arc; 6]) -> String {
    arcs.iter()
        .map(|a| match a {
            Arc::Front => 'F',
            Arc::Flank => 'L',
            Arc::Rear => 'R',
        })
        .collect()
}

fn troop_json(g: &GloryEmpire, t: &TroopDef) -> Value {
    json!({
        "id": t.id,
        "name": t.name,
        "side": side_id(g, t.side),
        "nation": t.nation,
        "arm": arm_word(t.arm()),
        "kind": t.kind.name(),
        "size": t.size,
        "sed": t.sed,
        "rifle": t.rifle,
        "leader": g.data.leaders[t.leader.ix()].id,
        "unit_group": t.unit,
        "gun": t.gun.map(|x| g.data.charts.guns[usize::from(x)].id.clone()),
        "full": t.full(),
        // steps[n - 1]: the printed values with n steps left.
        "steps": t.steps.iter().map(|st| json!({
            "sp": st.sp, "set": st.set, "mv": st.mv, "cvm": st.cvm, "fs": st.fs, "sed_fs": st.sed_fs,
        })).collect::<Vec<_>>(),
    })
}

/// The board description: the shared map part (docs/web.md) and Glory and Empire's heights,
/// charts, order of battle, chain of command, Posts, Garrisons, objectives and reinforcements.
#[allow(clippy::too_many_lines)]
pub(super) fn board(g: &GloryEmpire) -> Value {
    let d = &g.data;
    let b = &d.board;
    let px = PixelMap::new(&b.numbering, b.cells.iter().map(|c| c.hex));
    let label = |i: usize| b.label(Cell(i as u16));
    let hexes: Vec<Value> = b
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (col, row) = px.offsets[i];
            let mut v = json!({
                "label": label(i),
                "col": col,
                "row": row,
                "x": px.centres[i].0,
                "y": px.centres[i].1,
                "terrain": c.terrain,
                "level": c.level,
            });
            if let Some(n) = b.names.get(&Cell(i as u16)) {
                v["name"] = json!(n);
            }
            if let Some(p) = c.post {
                v["post"] = json!(p.0);
            }
            // G23.3 An Observation Point: its height above the hex.
            if c.observation != 0 {
                v["observation"] = json!(c.observation);
            }
            v
        })
        .collect();
    let mut hexsides = Vec::new();
    let mut contours = Vec::new();
    let mut roads = Vec::new();
    let mut trails = Vec::new();
    for (i, c) in b.cells.iter().enumerate() {
        let (x, y) = px.centres[i];
        for dir in EdgeDir::ALL {
            let di = usize::from(dir.index());
            let n = c.nbr[di];
            // Each hexside once: from the lower-numbered of its two hexes (or the map's edge).
            let first = n.is_none_or(|n| i < n.ix());
            let [x1, y1, x2, y2] = edge_points(x, y, dir);
            let bits = c.features[di];
            if bits != 0 && first {
                for (f, _) in d.charts.features.iter().enumerate() {
                    if bits & (1 << f) != 0 {
                        hexsides.push(json!({
                            "hex": label(i), "dir": dir.name(), "feature": f,
                            "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                        }));
                    }
                }
            }
            let Some(n) = n else { continue };
            let other = &b.cells[n.ix()];
            if other.level < c.level {
                // 11.2.2 A contour: this hex is its higher side; `ux`, `uy` point into it.
                let (ux, uy) = polar(f64::from(dir.bearing()), 1.0);
                contours.push(json!({
                    "hex": label(i), "dir": dir.name(), "high": c.level, "low": other.level,
                    "top": c.top_contour[di],
                    "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                    "ux": round3(-ux), "uy": round3(-uy),
                }));
            }
            if i < n.ix() {
                let (x2, y2) = px.centres[n.ix()];
                let seg =
                    json!({ "from": label(i), "to": label(n.ix()), "x1": x, "y1": y, "x2": x2, "y2": y2 });
                if c.road & (1 << di) != 0 {
                    roads.push(seg);
                } else if c.trail & (1 << di) != 0 {
                    trails.push(seg);
                }
            }
        }
    }
    let ch = &d.charts;
    let terrain: Vec<Value> = ch
        .terrain
        .iter()
        .map(|t| {
            json!({
                "id": t.id, "name": t.name, "class": t.class, "bua": t.bua, "move": costs(&t.cost),
                "fsm": t.fsm, "cvm": t.cvm, "height": t.height, "blocks_los": t.blocks_los,
                "stacking": t.stacking,
            })
        })
        .collect();
    let features: Vec<Value> = ch
        .features
        .iter()
        .map(|f| {
            json!({
                "id": f.id, "name": f.name, "obstacle": f.obstacle, "move": costs(&f.cost),
                "fsm": f.fsm, "cvm": f.cvm, "los": f.los, "height": f.height,
            })
        })
        .collect();
    let units: Vec<Value> = d.troops.iter().map(|t| troop_json(g, t)).collect();
    let leaders: Vec<Value> = d
        .leaders
        .iter()
        .map(|l| {
            json!({
                "id": l.id, "name": l.name, "side": side_id(g, l.side), "nation": l.nation,
                "echelon": echelon_word(l.echelon), "overall": l.overall,
                "superior": l.superior.map(|x| d.leaders[x.ix()].id.clone()),
                "values": values_json(&l.values),
                "repl": l.repl.as_ref().map(values_json),
                "er": l.er, "cim": l.cim,
                "subordinates": l.subordinates.iter().map(|x| d.leaders[x.ix()].id.clone()).collect::<Vec<_>>(),
                "units": l.units.iter().map(|x| d.troops[x.ix()].id.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let fire: Vec<Value> = ch
        .fire
        .iter()
        .enumerate()
        .map(|(fs, col)| {
            let rows: Vec<Value> = col
                .rows
                .iter()
                .enumerate()
                .map(|(k, (min, r))| {
                    let max = col.rows.get(k + 1).map_or(99, |n| n.0.saturating_sub(1));
                    json!({ "from": min, "to": max, "result": r.to_string() })
                })
                .collect();
            json!({ "fs": fs, "rows": rows })
        })
        .collect();
    json!({
        "rules": g.rules_id(),
        "game": if g.brigade() { "brigade" } else if g.battalion() { "battalion" } else { "soldiers" },
        "limited_intelligence": g.limited_intelligence(),
        "scenario": d.id,
        "name": d.name,
        "turns": d.turns,
        "clocks": (1..=d.turns).map(|t| d.clock(t)).collect::<Vec<_>>(),
        "turn_minutes": d.turn_minutes,
        "twilight": d.twilight,
        "night": d.night,
        "sides": Side::ALL.iter().map(|&s| json!({
            "side": side_letter(s),
            "id": side_id(g, s),
            "name": d.sides[s].1,
            "overall": d.leaders[d.armies[s].oc.ix()].id,
        })).collect::<Vec<_>>(),
        "layout": px.layout_json(),
        "terrain": terrain,
        "features": features,
        "hexes": hexes,
        "hexsides": hexsides,
        "contours": contours,
        "roads": roads,
        "trails": trails,
        "units": units,
        "leaders": leaders,
        "posts": d.posts.iter().map(|p| json!({
            "hex": b.label(p.cell), "kind": p.kind, "class": p.class, "fortified": p.fortified,
            "name": p.name,
            "front": EdgeDir::ALL.iter().filter(|e| p.front & (1 << e.index()) != 0).map(|e| e.name()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "garrisons": d.garrisons.iter().map(|x| json!({
            "id": x.id, "name": x.name, "side": side_id(g, x.side),
            "area": x.area.iter().map(|&c| b.label(c)).collect::<Vec<_>>(),
            "units": x.units.iter().map(|u| d.troops[u.ix()].id.clone()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "objectives": d.objectives.iter().map(|o| json!({
            "hex": b.label(o.cell), "name": o.name, "vp": o.vp,
            "owner": o.owner.map(|s| side_id(g, s)),
            "scores_for": o.scores_for.map(|s| side_id(g, s)),
        })).collect::<Vec<_>>(),
        "reinforcements": d.reinforcements.iter().map(|r| json!({
            "id": match r.counter {
                Counter::Unit(u) => d.troops[u.ix()].id.clone(),
                Counter::Leader(l) => d.leaders[l.ix()].id.clone(),
            },
            "turn": r.turn,
            "entry": r.entry.iter().map(|&c| b.label(c)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "scoring": d.scoring,
        "fire_chart": fire,
        "charts": ch,
    })
}

/// The data id of a unit.
fn uid(g: &GloryEmpire, u: UnitId) -> String {
    g.data.troops[u.ix()].id.clone()
}

/// The data id of a leader.
fn lid(g: &GloryEmpire, l: LeaderId) -> String {
    g.data.leaders[l.ix()].id.clone()
}

/// The moving stack's or leader's id (its top unit's) and hex.
fn mover(g: &GloryEmpire, s: &State) -> (Option<String>, Option<String>) {
    let b = &g.data.board;
    // B13.2.5 A Charge Movement moves its cavalry as a move does.
    if let Some(Frame::ChargeMove(cm)) = s.pending.last() {
        return (cm.units.first().map(|&u| uid(g, u)), Some(b.label(cm.at)));
    }
    match &s.moving {
        Some(m) => (
            m.units
                .first()
                .map(|&u| uid(g, u))
                .or_else(|| m.leader.map(|l| lid(g, l))),
            Some(b.label(m.at)),
        ),
        None => (None, None),
    }
}

/// Each legal action with the unit (or leader) and the hex it concerns.
#[allow(clippy::too_many_lines)]
pub(super) fn hints(g: &GloryEmpire, s: &State) -> Vec<ActionHint> {
    let b = &g.data.board;
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let at = |u: UnitId| s.troop(u).cell.map(|c| b.label(c));
    let leader_at = |l: LeaderId| s.leader(l).cell.map(|c| b.label(c));
    let top = |c: Cell| s.top(c).map(|u| uid(g, u));
    let (moving, moving_at) = mover(g, s);
    let combat = s.pending.iter().rev().find_map(|f| match f {
        Frame::Combat(c) => Some(c.as_ref()),
        _ => None,
    });
    legal
        .iter()
        .map(|a| {
            let mut h = ActionHint::plain(g.action_notation(a), g.describe_action(s, a));
            match *a {
                // G19.2, G19.3 Trains and Caissons: pieces of their own on the page.
                Action::TrainMove { train, to } => {
                    h.unit = Some(g.data.trains[usize::from(train)].id.clone());
                    h.from = s.trains[usize::from(train)].cell.map(|c| b.label(c));
                    h.hex = Some(b.label(to));
                }
                Action::TrainOff(train) => {
                    h.unit = Some(g.data.trains[usize::from(train)].id.clone());
                    h.hex = s.trains[usize::from(train)].cell.map(|c| b.label(c));
                }
                Action::CaissonCreate(u) => {
                    h.unit = Some(uid(g, u));
                    h.hex = at(u);
                }
                Action::CaissonMove { battery, to } => {
                    h.unit = Some(format!("caisson:{}", uid(g, battery)));
                    h.from = g.caisson_of(s, battery).map(|k| b.label(s.caissons[k].cell));
                    h.hex = Some(b.label(to));
                }
                // G23.2 Dummy Brigades: the owner's own markers (`dummy:N`, its number among
                // its side's Dummy Stacks, as the observation's `dummies` give it).
                Action::DummyBrigade(leader) => {
                    h.unit = Some(lid(g, leader));
                    h.hex = leader_at(leader);
                }
                Action::DummyMove { dummy, to } => {
                    h.unit = Some(format!("dummy:{dummy}"));
                    h.from = g
                        .dummy_index(s, g.mover_side(s), dummy)
                        .map(|k| b.label(s.dummies[k].cell));
                    h.hex = Some(b.label(to));
                }
                Action::Attach { unit, leader } | Action::Detach { unit, leader } => {
                    h.unit = Some(uid(g, unit));
                    h.hex = at(unit);
                    h.target_unit = Some(lid(g, leader));
                }
                Action::Order { leader, .. }
                | Action::OrdersInitiative { leader, .. }
                | Action::OrdersCheck { leader, .. }
                | Action::PassOrder(leader)
                | Action::Recover(leader)
                | Action::Gtf { leader, .. }
                | Action::Evolve { leader, .. }
                | Action::CompleteEvolution(leader)
                | Action::Rejoin(leader)
                | Action::CreateBz(leader)
                | Action::DissolveBz(leader) => {
                    h.unit = Some(lid(g, leader));
                    h.hex = leader_at(leader);
                }
                Action::OrderGarrison { garrison, .. } => {
                    let first = g.data.garrisons[garrison.ix()]
                        .units
                        .iter()
                        .copied()
                        .find(|&u| s.troop(u).cell.is_some());
                    h.unit = first.map(|u| uid(g, u));
                    h.hex = first.and_then(at);
                }
                Action::Fire { from, target }
                | Action::FireRound { from, target, .. }
                | Action::RollingShot { from, ish: target } => {
                    h.unit = top(from);
                    h.from = Some(b.label(from));
                    h.hex = Some(b.label(target));
                }
                Action::Select(u) | Action::Drop(u) | Action::Top(u) => {
                    h.unit = Some(uid(g, u));
                    h.hex = at(u);
                }
                Action::SelectLeader(l) => {
                    h.unit = Some(lid(g, l));
                    h.hex = leader_at(l);
                }
                Action::Enter { unit, at } => {
                    h.unit = Some(uid(g, unit));
                    h.hex = Some(b.label(at));
                }
                Action::EnterLeader { leader, at } => {
                    h.unit = Some(lid(g, leader));
                    h.hex = Some(b.label(at));
                }
                Action::ChangeDu { leader, to } => {
                    h.unit = Some(lid(g, leader));
                    h.from = leader_at(leader);
                    h.hex = Some(b.label(to));
                }
                Action::Step(c) => {
                    h.unit.clone_from(&moving);
                    h.from.clone_from(&moving_at);
                    h.hex = Some(b.label(c));
                }
                Action::Face(f) => {
                    h.facing = Some(f.to_string());
                    match s.pending.last() {
                        Some(Frame::Face { units, .. }) => {
                            h.unit = units.first().map(|&u| uid(g, u));
                            h.hex = units.first().and_then(|&u| at(u));
                        }
                        _ => {
                            h.unit.clone_from(&moving);
                            h.hex.clone_from(&moving_at);
                        }
                    }
                }
                Action::Form(_)
                | Action::FormColumn(_)
                | Action::ClosedSquare
                | Action::QuarterWheel { .. }
                | Action::RefuseFlank { .. }
                | Action::Skirmish(_)
                | Action::Fortify
                | Action::Reorder
                | Action::Prone
                | Action::StandUp
                | Action::EndMove => {
                    h.unit.clone_from(&moving);
                    h.hex.clone_from(&moving_at);
                }
                Action::Assault(c) | Action::Charge(c) => {
                    h.unit.clone_from(&moving);
                    h.from.clone_from(&moving_at);
                    h.hex = Some(b.label(c));
                }
                Action::RetreatTo(c) => {
                    h.hex = Some(b.label(c));
                    if let Some(Frame::Retreat(r)) = s.pending.last() {
                        h.unit = r.units.first().map(|&u| uid(g, u));
                        h.from = Some(b.label(r.at));
                    }
                }
                Action::ReactFire(c)
                | Action::ReactSquare(c)
                | Action::ReactCharge(c)
                | Action::ReactChange { at: c, .. } => {
                    // The reacting stack: its hex is what the player clicks.
                    h.unit = top(c);
                    h.hex = Some(b.label(c));
                    h.target_unit.clone_from(&moving);
                }
                Action::ReactMove { from, to } => {
                    // G21.2 The reacting stack and where it rides to.
                    h.unit = top(from);
                    h.from = Some(b.label(from));
                    h.hex = Some(b.label(to));
                }
                Action::WaveCharge { unit, target } => {
                    // G20.1 The first wave, and the one target.
                    h.unit = Some(uid(g, unit));
                    h.from = at(unit);
                    h.hex = Some(b.label(target));
                }
                Action::Wave(u) => {
                    h.unit = Some(uid(g, u));
                    h.hex = at(u);
                }
                Action::Resolve(c) => h.hex = Some(b.label(c)),
                Action::DefendAgainst(c) => {
                    h.hex = Some(b.label(c));
                    if let Some(cb) = combat {
                        h.unit = top(cb.target);
                        h.from = Some(b.label(cb.target));
                    }
                }
                Action::Advance(u) => {
                    h.unit = Some(uid(g, u));
                    h.from = at(u);
                    h.hex = combat.map(|c| b.label(c.target));
                }
                Action::Regroup(c) => h.hex = Some(b.label(c)),
                Action::ChargeMarker => {
                    h.unit = moving.clone();
                    h.hex = moving_at.clone();
                }
                Action::RetreatBefore(c) => {
                    h.hex = Some(b.label(c));
                    if let Some(cb) = combat {
                        h.from = Some(b.label(cb.target));
                        h.unit = top(cb.target);
                    }
                }
                Action::Place(c) => {
                    h.hex = Some(b.label(c));
                    h.unit = s.returning.first().map(|&l| lid(g, l));
                }
                Action::Recall | Action::FollowOnCharge => {
                    if let Some(Frame::ChargeMove(cm)) = s.pending.last() {
                        h.unit = cm.units.first().map(|&u| uid(g, u));
                        h.hex = Some(b.label(cm.at));
                    } else if let Some(cb) = combat {
                        h.hex = Some(b.label(cb.target));
                    }
                }
                Action::Pass | Action::First(_) => {}
            }
            h
        })
        .collect()
}

/// What `id` names among `side`'s counters: a combat unit or a leader.
fn counter_of(g: &GloryEmpire, side: Side, id: &str) -> Option<Counter> {
    if let Some(u) = g.data.troop_by_id(id) {
        return (g.data.troops[u.ix()].side == side).then_some(Counter::Unit(u));
    }
    let l = g.data.leader_by_id(id)?;
    (g.data.leaders[l.ix()].side == side).then_some(Counter::Leader(l))
}

/// Whether `counter` is moving now.
fn is_moving(s: &State, counter: Counter) -> bool {
    s.moving.as_ref().is_some_and(|m| match counter {
        Counter::Unit(u) => m.units.contains(&u),
        Counter::Leader(l) => m.leader == Some(l),
    })
}

/// The facing of the moving group: its first unit that is not artillery (artillery in a stack
/// with infantry keeps its own, 6.1.1), else its first unit; `None` for a leader.
fn group_facing(s: &State, g: &GloryEmpire) -> Option<Facing> {
    let m = s.moving.as_ref()?;
    let lead = m
        .units
        .iter()
        .find(|&&u| g.data.troops[u.ix()].arm() != Arm::Artillery)
        .or(m.units.first())?;
    Some(s.troop(*lead).facing)
}

/// MP spent, the allowance, and whether the move must stop, of the moving group.
fn group_mp(g: &GloryEmpire, s: &State) -> Option<(u8, u8, bool)> {
    let m = s.moving.as_ref()?;
    let ma = if m.leader.is_some() {
        g.data.charts.leader_ma
    } else {
        g.group_ma(s, &m.units)
    };
    Some((m.spent, ma, m.stop))
}

/// One way to an end: MP left, whether it ends the move, the actions.
type Way = (u8, bool, Vec<Action>);

fn better(old: &Way, new: &Way) -> bool {
    (new.0, !new.1, Reverse(new.2.len())) > (old.0, !old.1, Reverse(old.2.len()))
}

/// The hexes a stack (named by one of its units' data ids) or a leader of `side` can reach
/// this Movement or Reserve Movement Phase (9.1), with the cheapest actions to each hex and
/// each facing it can end with: a search, cheapest first, over the group's own step and facing
/// actions (facing changes are free, 7.1.2) applied to copies of the state, so that every rule
/// of movement (front hexsides, EZOC, terrain, stacking, the minimum move) is the rules crate's
/// own. A step that gives the opponent a reaction or needs a check ends the search along its
/// way: what follows is decided after it. Glory and Empire counts whole MP; the reach reports
/// them in half MP like every rule system (twice the MP).
#[allow(clippy::too_many_lines)]
pub(super) fn reach(g: &GloryEmpire, s: &State, side: Side, id: &str) -> Result<Reach, String> {
    if g.to_act(s) != ToAct::Side(side) {
        return Err("it is not your decision now".into());
    }
    let Some(counter) = counter_of(g, side, id) else {
        return Err(format!("you have no unit or leader `{id}`"));
    };
    let mut st = s.clone();
    let mut prefix = Vec::new();
    let mut ev = Vec::new();
    let mut legal = Vec::new();
    let mut group_plans: (Vec<Action>, Vec<Vec<Action>>) = (Vec::new(), Vec::new());
    if !is_moving(&st, counter) {
        g.legal_actions(&st, &mut legal);
        if st.moving.is_some() {
            // Another stack is moving: its move ends first.
            if legal.binary_search(&Action::EndMove).is_err() {
                return Err("another stack is moving and cannot stop where it is".into());
            }
            g.apply_action_unchecked(&mut st, &Action::EndMove, &mut ev);
            prefix.push(Action::EndMove);
            if g.to_act(&st) != ToAct::Side(side) {
                return Err(format!("`{id}` cannot move now"));
            }
            g.legal_actions(&st, &mut legal);
        }
        // Selecting any unit of a stack moves the stack: the legal selection is its first unit
        // that may move.
        let select = legal.iter().copied().find(|a| match (*a, counter) {
            (Action::Select(x), Counter::Unit(u)) => {
                st.troop(x).cell.is_some() && st.troop(x).cell == st.troop(u).cell
            }
            (Action::SelectLeader(x), Counter::Leader(l)) => x == l,
            _ => false,
        });
        let Some(select) = select else {
            return Err(format!("`{id}` cannot move now"));
        };
        // G17.2.3 A Directing Unit's whole GTF may move with it, as one choice.
        group_plans = (prefix.clone(), g.gtf_move_plans(&st, side, select));
        g.apply_action_unchecked(&mut st, &select, &mut ev);
        prefix.push(select);
        if g.to_act(&st) != ToAct::Side(side) || !is_moving(&st, counter) {
            return Err(format!("`{id}` cannot move now"));
        }
    }
    let b = &g.data.board;
    let Some(m0) = st.moving.clone() else {
        return Err(format!("`{id}` has nothing left to do this phase"));
    };
    let Some((spent0, ma, _)) = group_mp(g, &st) else {
        return Err(format!("`{id}` has nothing left to do this phase"));
    };
    let start = m0.at;
    let facing0 = group_facing(&st, g);
    // Ends by (hex, facing); the start hex included with what a facing change alone gives.
    let mut ends: BTreeMap<(Cell, Option<Facing>), Way> = BTreeMap::new();
    ends.insert((start, facing0), (ma.saturating_sub(spent0), m0.stop, Vec::new()));
    // Nodes by (hex, facing, must stop, has acted): the cheapest is expanded first, each once.
    type Key = (Cell, Option<Facing>, bool, bool);
    let key_of = |x: &State| -> Option<(Key, u8)> {
        let m = x.moving.as_ref()?;
        Some(((m.at, group_facing(x, g), m.stop, m.acted), m.spent))
    };
    let mut best: BTreeMap<Key, u8> = BTreeMap::new();
    let mut frontier: BinaryHeap<Reverse<(u8, usize)>> = BinaryHeap::new();
    if let Some((k, sp)) = key_of(&st) {
        best.insert(k, sp);
    }
    let mut nodes: Vec<(State, Vec<Action>)> = vec![(st, Vec::new())];
    frontier.push(Reverse((spent0, 0)));
    let mut moves = Vec::new();
    while let Some(Reverse((spent, i))) = frontier.pop() {
        let (cur, path) = nodes[i].clone();
        if key_of(&cur).is_none_or(|(k, _)| best.get(&k).is_some_and(|&x| x < spent)) {
            continue; // reached more cheaply since
        }
        g.legal_actions(&cur, &mut moves);
        let last_face = matches!(path.last(), Some(Action::Face(_)));
        for a in moves.clone() {
            match a {
                Action::Step(_) => {}
                Action::Face(_) if !last_face => {}
                _ => continue,
            }
            let mut next = cur.clone();
            g.apply_action_unchecked(&mut next, &a, &mut ev);
            ev.clear();
            let mut p2 = path.clone();
            p2.push(a);
            let still = is_moving(&next, counter);
            let ours = still && g.to_act(&next) == ToAct::Side(side);
            let (cell, facing, way) = if still {
                let (sp, _, stop) = group_mp(g, &next).unwrap_or((ma, ma, true));
                let at = next.moving.as_ref().map_or(start, |x| x.at);
                (at, group_facing(&next, g), (ma.saturating_sub(sp), stop, p2.clone()))
            } else {
                // The move ended with this action (a reaction or a check halted it).
                let (cell, facing) = match counter {
                    Counter::Unit(u) => (next.troop(u).cell, Some(next.troop(u).facing)),
                    Counter::Leader(l) => (next.leader(l).cell, None),
                };
                let Some(cell) = cell else { continue };
                (cell, facing, (0, true, p2.clone()))
            };
            match ends.get(&(cell, facing)) {
                Some(old) if !better(old, &way) => {}
                _ => {
                    ends.insert((cell, facing), way);
                }
            }
            // A step the opponent may answer (or that needs a check) ends the search along this
            // way: what follows is decided after it.
            if !ours || nodes.len() >= 20_000 {
                continue;
            }
            let Some((k, sp)) = key_of(&next) else {
                continue;
            };
            if best.get(&k).is_some_and(|&x| x <= sp) {
                continue;
            }
            best.insert(k, sp);
            nodes.push((next, p2));
            frontier.push(Reverse((sp, nodes.len() - 1)));
        }
    }
    let mut by_cell: BTreeMap<Cell, Vec<(Option<Facing>, Way)>> = BTreeMap::new();
    for ((c, f), w) in ends {
        by_cell.entry(c).or_default().push((f, w));
    }
    let notations = |p: &[Action]| -> Vec<String> {
        prefix
            .iter()
            .chain(p.iter())
            .map(|a| g.action_notation(a))
            .collect()
    };
    let hexes = by_cell
        .into_iter()
        .map(|(c, ways)| {
            let best = ways
                .iter()
                .map(|(_, w)| w)
                .fold(None::<&Way>, |acc, w| match acc {
                    Some(a) if !better(a, w) => Some(a),
                    _ => Some(w),
                });
            let (left, ends_move, path) = best.cloned().unwrap_or((0, true, Vec::new()));
            let base = ma.saturating_sub(spent0);
            ReachHex {
                hex: b.label(c),
                cost_half: 2 * base.saturating_sub(left),
                left_half: 2 * left,
                ends_move,
                path: if path.is_empty() && c == start {
                    Vec::new()
                } else {
                    notations(&path)
                },
                facings: ways
                    .iter()
                    .filter(|(_, w)| !(w.2.is_empty() && c == start))
                    .map(|(f, (l, e, p))| ReachEnd {
                        facing: f.map(|f| f.to_string()).unwrap_or_default(),
                        left_half: 2 * l,
                        ends_move: *e,
                        path: notations(p),
                    })
                    .collect(),
            }
        })
        .collect();
    let group_moves = group_plans
        .1
        .iter()
        .filter_map(|plan| group_move(g, s, &group_plans.0, plan))
        .collect();
    Ok(Reach {
        unit: id.to_string(),
        from: b.label(start),
        facing: facing0.map(|f| f.to_string()).unwrap_or_default(),
        start_half_mp: 2 * ma.saturating_sub(spent0),
        prefix: notations(&[]),
        hexes,
        group_moves,
    })
}

/// G17.2.3 A whole GTF's move (`before`, then `plan` from its DU's selection) as one choice
/// for a person: where the DU ends, how many stacks move, the actions in notation.
fn group_move(g: &GloryEmpire, s: &State, before: &[Action], plan: &[Action]) -> Option<GroupMove> {
    let b = &g.data.board;
    let Some(Action::Select(du)) = plan.first().copied() else {
        return None;
    };
    let from = s.troop(du).cell?;
    let first: Vec<Action> = plan
        .iter()
        .copied()
        .take_while(|a| *a != Action::EndMove)
        .collect();
    let ahead = first.iter().filter(|a| matches!(a, Action::Step(_))).count();
    let to = first.iter().fold(from, |c, a| match a {
        Action::Step(x) => *x,
        _ => c,
    });
    let stacks = plan
        .iter()
        .filter(|a| matches!(a, Action::Select(_)))
        .count();
    let name = (0..s.leaders.len())
        .map(|i| LeaderId(i as u8))
        .find(|&l| s.leader(l).gtf.kind.is_some() && g.directing_unit(s, l) == Some(du))
        .map_or_else(String::new, |l| format!("{}'s ", g.data.leaders[l.ix()].name));
    Some(GroupMove {
        label: format!(
            "Move {name}whole GTF {ahead} hex{} ahead ({stacks} stack{})",
            if ahead == 1 { "" } else { "es" },
            if stacks == 1 { "" } else { "s" }
        ),
        to: b.label(to),
        stacks: u8::try_from(stacks).unwrap_or(u8::MAX),
        path: before
            .iter()
            .chain(plan)
            .map(|a| g.action_notation(a))
            .collect(),
    })
}

/// The observation as JSON, with what a graphical client draws besides: each unit's side,
/// arm, arcs and allowance; the moving group (`mover`); the reaction window, the check, the
/// retreat or the close combat being resolved; the fire results noted for the end of the
/// segment.
#[allow(clippy::too_many_lines)]
pub(super) fn observe_ui(g: &GloryEmpire, s: &State, viewer: Viewer) -> Value {
    let b = &g.data.board;
    let d = &g.data;
    let mut v = serde_json::to_value(g.observe(s, viewer)).unwrap_or(Value::Null);
    // G19.2, G19.3 Trains and Caissons carry their side as the units do.
    if let Some(trains) = v.get_mut("trains").and_then(Value::as_array_mut) {
        for (i, t) in trains.iter_mut().enumerate() {
            t["side"] = json!(side_letter(d.trains[i].side));
        }
    }
    // G23.2 The owner's Dummy Stacks likewise.
    if let Some(dummies) = v.get_mut("dummies").and_then(Value::as_array_mut) {
        for x in dummies.iter_mut() {
            let side = x["side"]
                .as_str()
                .and_then(|id| Side::ALL.into_iter().find(|&sd| d.sides[sd].0 == id));
            if let Some(sd) = side {
                x["side"] = json!(side_letter(sd));
            }
        }
    }
    if let Some(caissons) = v.get_mut("caissons").and_then(Value::as_array_mut) {
        for (k, c) in caissons.iter_mut().enumerate() {
            if let Some(x) = s.caissons.get(k) {
                c["side"] = json!(side_letter(d.troops[x.battery.ix()].side));
            }
        }
    }
    // G23.1 The hexes of obscured stacks this viewer may not look into (Limited Intelligence):
    // nothing below may tell of the pieces there.
    let hidden_cells = g.hidden_cells(s, viewer);
    let hidden = |c: Cell| hidden_cells.iter().any(|h| h.binary_search(&c).is_ok());
    // The observation leaves hidden pieces out: each entry is found by its id.
    if let Some(units) = v.get_mut("units").and_then(Value::as_array_mut) {
        for u in units.iter_mut() {
            let Some(id) = u["id"].as_str().and_then(|x| d.troop_by_id(x)) else {
                continue;
            };
            let i = id.ix();
            let t = &d.troops[i];
            u["side"] = json!(side_letter(t.side));
            u["arm"] = json!(arm_word(t.arm()));
            if s.troops[i].cell.is_some() {
                u["arcs"] = json!(arcs_text(&g.unit_arcs(s, id)));
                u["ma"] = json!(g.unit_ma(s, id));
                u["order"] = json!(g.unit_order(s, id).map(|o| format!("{o:?}").to_lowercase()));
                u["attached"] = json!(s.troops[i].attached.map(|l| lid(g, l)));
                u["commander"] = json!(g.command_leader(s, id).map(|l| lid(g, l)));
                u["fired"] = json!(s.troops[i].fired);
            }
        }
    }
    if let Some(leaders) = v.get_mut("leaders").and_then(Value::as_array_mut) {
        for l in leaders.iter_mut() {
            let Some(id) = l["id"].as_str().and_then(|x| d.leader_by_id(x)) else {
                continue;
            };
            let i = id.ix();
            l["side"] = json!(side_letter(d.leaders[i].side));
            l["range"] = json!(g.command_range(s, id));
            l["order"] = json!(g.leader_order(s, id).map(|o| format!("{o:?}").to_lowercase()));
            l["values"] = values_json(&g.leader_values(s, id));
            l["moved"] = json!(s.leaders[i].moved);
            // 5.3.1 The hexes his command reaches: a path of at most his Command Range, not
            // counting his own hex (the hexes a subordinate there would be In Command in).
            if let (LeaderStatus::OnMap, Some(at)) = (s.leaders[i].status, s.leaders[i].cell) {
                let paths = g.command_paths(s, d.leaders[i].side, at, g.command_range(s, id));
                let hexes: Vec<String> = paths
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.is_some_and(|n| n > 0))
                    .map(|(c, _)| b.label(Cell(c as u16)))
                    .collect();
                l["command_hexes"] = json!(hexes);
            }
        }
    }
    // The observation says nothing of a hidden stack's move (G23.1.3).
    if let Some(m) = s.moving.as_ref().filter(|_| !v["moving"].is_null()) {
        let (spent, ma, stop) = group_mp(g, s).unwrap_or((0, 0, true));
        let (unit, at) = mover(g, s);
        v["mover"] = json!({
            "unit": unit,
            "units": m.units.iter().map(|&u| uid(g, u)).collect::<Vec<_>>(),
            "leader": m.leader.map(|l| lid(g, l)),
            "hex": at,
            "spent": spent,
            "ma": ma,
            "left": ma.saturating_sub(spent),
            "stop": stop,
            "hexes": m.hexes,
        });
    }
    if let Some(c) = s.pending.iter().rev().find_map(|f| match f {
        Frame::Combat(c) => Some(c),
        _ => None,
    }) {
        v["close_combat"] = json!({
            "kind": c.kind,
            "target": b.label(c.target),
            "attacker": side_letter(c.side),
            "attackers": c.attackers.iter().map(|a| json!({
                "hex": b.label(a.cell),
                "units": a.units.iter().map(|&u| uid(g, u)).collect::<Vec<_>>(),
                "wdf": a.wdf,
            })).collect::<Vec<_>>(),
            "defenders": c.defenders.iter().map(|&u| uid(g, u)).collect::<Vec<_>>(),
            "def_wdf": c.def_wdf,
            "step": c.step,
            "step_words": GloryEmpire::combat_step_name(c.step),
            "attacker_die": c.attacker_die,
        });
    }
    match s.pending.last() {
        Some(Frame::React(w)) => {
            let (from, to) = match w.trigger {
                Trigger::Leave { from } => (from, None),
                Trigger::Enter { from, to } => (from, Some(to)),
                Trigger::Entered { at } | Trigger::Form { at } => (at, None),
            };
            v["reaction"] = json!({
                "side": side_letter(w.side),
                "kind": w.kind,
                "trigger": match w.trigger {
                    Trigger::Leave { .. } => "leave",
                    Trigger::Enter { .. } => "enter",
                    Trigger::Entered { .. } => "entered",
                    Trigger::Form { .. } => "form",
                },
                "from": b.label(from),
                "to": to.map(|c| b.label(c)),
                "target": b.label(trigger_hex(w.trigger)),
                "reactors": g.window_reactors(s, w).into_iter()
                    .map(|c| b.label(c)).collect::<Vec<_>>(),
                "words": match w.kind {
                    ReactKind::Fire => "Reaction Fire (14.2)",
                    ReactKind::Square => "Reaction Formation Change to Square (14.3)",
                    ReactKind::Charge => "Reaction Charge (14.4)",
                    ReactKind::Move => "Reaction Move (G21.2)",
                },
            });
        }
        Some(Frame::Check(ck)) if hidden(ck.cell) => {}
        Some(Frame::Retreat(r)) if hidden(r.at) => {}
        Some(Frame::Check(ck)) => {
            v["check"] = super::preview::check_json(g, s, ck);
        }
        Some(Frame::Retreat(r)) => {
            v["retreat"] = json!({
                "units": r.units.iter().map(|&u| uid(g, u)).collect::<Vec<_>>(),
                "hex": b.label(r.at),
                "origin": b.label(r.origin),
                "left": r.left,
            });
        }
        _ => {}
    }
    if !s.fire_results.is_empty() {
        v["fire_results"] = json!(
            s.fire_results
                .iter()
                // G23.1.2 The results of fire at an obscured stack are secret.
                .filter(|p| !hidden(p.target))
                .map(|p| json!({
                    "from": b.label(p.from), "target": b.label(p.target),
                    "roll": p.roll, "result": p.result.to_string(),
                }))
                .collect::<Vec<_>>()
        );
    }
    v["charged"] = json!(s.charged.iter().map(|&c| b.label(c)).collect::<Vec<_>>());
    v["stage_name"] = json!(super::stage_name(g, s));
    // Whether this is the Game Turn's first or second Player Turn (4), for the page's strip of
    // phases; null in the Command and End of Turn Segments, which belong to neither.
    v["player_turn"] =
        if super::command_stage(s.stage) || matches!(s.stage, Stage::LeaderReplacement | Stage::Over) {
            Value::Null
        } else {
            json!(1 + u8::from(s.second))
        };
    // G23.1.2 Less the points of the losses this viewer cannot see (as its `score`).
    let real = g.score(s);
    let seen: [i32; 2] = serde_json::from_value(v["score"].clone()).unwrap_or(real);
    v["vp"] = json!([
        s.vp[Side::A] - (real[0] - seen[0]),
        s.vp[Side::B] - (real[1] - seen[1])
    ]);
    v
}

/// An event as plain data for programs: its fields with data ids for units, leaders and
/// garrisons, printed labels for hexes, side ids for sides, and its text.
pub(super) fn event_view(g: &GloryEmpire, e: &Event) -> Value {
    let b = &g.data.board;
    let d = &g.data;
    let name = |k: &str, n: u64| -> Option<String> {
        let n = n as usize;
        match k {
            "unit" | "units" | "out" | "back" => d.troops.get(n).map(|x| x.id.clone()),
            "leader" => d.leaders.get(n).map(|x| x.id.clone()),
            "garrison" => d.garrisons.get(n).map(|x| x.id.clone()),
            "from" | "to" | "at" | "target" | "attackers" => {
                (n < b.len()).then(|| b.label(Cell(n as u16)))
            }
            _ => None,
        }
    };
    let mut v = label_event(
        serde_json::to_value(e).unwrap_or(Value::Null),
        name,
        |side| side_id(g, side),
        g.event_text(e),
    );
    if let Event::FireRolled { result, .. } = e {
        v["result_text"] = json!(result.to_string());
    }
    // G23.1.2 The event inside a secret one, labelled as it would be on its own.
    if let Event::Secret { inner, .. } = e {
        v["inner"] = event_view(g, inner);
    }
    if let Event::Formed { formation, .. } = e {
        v["formation"] = json!(formation.name());
    }
    v
}
