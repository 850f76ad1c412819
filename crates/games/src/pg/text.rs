//! The terminal picture of a Prussia's Glory battlefield: a title line, what the game waits
//! for, a window of the map around the action (a battlefield is about 40 hexes wide, too wide
//! for a terminal), the armies' morale and victory points, the combat or bombardment being
//! resolved, and every stack in the window in words. Drawn from the viewer's [`Observation`]
//! (Prussia's Glory hides nothing, so every viewer sees the same) and the scenario's data.

use coupdoeil_engine::Side;
use coupdoeil_pg::data::Arm;
use coupdoeil_pg::observe::SeenUnit;
use coupdoeil_pg::state::{Gone, Morale, State};
use coupdoeil_pg::{Observation, PrussiasGlory};
use std::collections::BTreeMap;
use crate::text::{Canvas, counter_codes, terrain_letters, view_name, window, wrap};
use std::fmt::Write as _;

/// Width of one map column in characters.
const COL_W: usize = 6;
/// Map columns shown at most.
const WIN_COLS: i32 = 16;
/// Map rows shown at most.
const WIN_ROWS: i32 = 12;

/// Three-letter map codes for every Unit and Leader (side A in capitals).
fn codes(g: &PrussiasGlory) -> BTreeMap<String, String> {
    counter_codes(
        g.data
            .troops
            .iter()
            .map(|t| (t.id.as_str(), t.side))
            .chain(g.data.leaders.iter().map(|l| (l.id.as_str(), l.side))),
    )
}

/// The one-letter mark of a Unit on the map: the worst of its states.
fn mark(u: &SeenUnit, moving: bool) -> char {
    if moving {
        '+'
    } else if u.morale == Morale::Routed {
        'R'
    } else if u.morale == Morale::Disordered {
        'D'
    } else if u.in_column {
        'C'
    } else if u.ooc {
        'O'
    } else if u.moved {
        '*'
    } else {
        ' '
    }
}

/// A Unit in words: code, name, current values, steps, states.
fn unit_words(g: &PrussiasGlory, u: &SeenUnit, codes: &BTreeMap<String, String>) -> String {
    let Some(ui) = g.data.troop_by_id(&u.id) else {
        return u.id.clone();
    };
    let d = &g.data.troops[ui.ix()];
    let mut states = Vec::new();
    match u.morale {
        Morale::Formed => {}
        Morale::Disordered => states.push("Disordered"),
        Morale::Routed => states.push("Routed"),
    }
    if u.in_column {
        states.push("In Column");
    }
    if u.ooc {
        states.push("Out of Command");
    }
    if u.engaged {
        states.push("Engaged");
    }
    if u.moved {
        states.push(if d.arm == Arm::Artillery {
            "Artillery Moved"
        } else {
            "moved"
        });
    }
    if u.fired {
        states.push("fired");
    }
    if u.fought {
        states.push("fought");
    }
    let kind = if d.class.is_empty() {
        match d.arm {
            Arm::Infantry => "inf",
            Arm::Cavalry => "cav",
            Arm::Artillery => "art",
        }
    } else {
        d.class.as_str()
    };
    let name: String = d.name.chars().take(28).collect();
    format!(
        "{} {} ({kind}) {} {}/{} steps{}",
        codes.get(&u.id).map_or("???", String::as_str),
        name.trim_end(),
        u.values,
        u.steps,
        d.full(),
        if states.is_empty() {
            String::new()
        } else {
            format!(" [{}]", states.join(", "))
        }
    )
}

/// The hex the picture centres on: what is happening now (the counter moving, the combat, the
/// bombardment, the retreat), else the middle of the acting side's Units on the map.
fn focus(g: &PrussiasGlory, s: &State) -> Option<coupdoeil_pg::Cell> {
    if let Some(m) = s.moving
        && let Some(c) = g.counter_cell(s, m.counter)
    {
        return Some(c);
    }
    if let Some(c) = &s.combat {
        return c.defend_hexes.first().copied();
    }
    if let Some(b) = &s.bombard {
        return Some(b.target);
    }
    for f in s.pending.iter().rev() {
        match f {
            coupdoeil_pg::state::Frame::Retreat(r) => return s.troop(r.unit).cell,
            coupdoeil_pg::state::Frame::Losses(l) => return l.hexes.first().copied(),
            _ => {}
        }
    }
    None
}

/// The picture.
#[allow(clippy::too_many_lines)]
pub(super) fn render(g: &PrussiasGlory, s: &State, o: &Observation) -> String {
    let b = &g.data.board;
    let codes = codes(g);
    let names: Vec<&str> = g.data.charts.terrain.iter().map(|t| t.name.as_str()).collect();
    let (letters, common) =
        terrain_letters(&names, g.data.board.cells.iter().map(|c| usize::from(c.terrain)));
    let mut out = String::new();
    let side_name = |x: Side| g.data.sides[x].1.as_str();
    let phasing = g.data.side_by_id(&o.phasing).unwrap_or(Side::A);
    let _ = writeln!(
        out,
        "{} | Turn {}/{} ({}) | {}",
        g.data.name,
        o.turn,
        o.turns,
        o.clock,
        view_name(o.viewer, |x| g.data.sides[x].1.clone())
    );
    let _ = writeln!(
        out,
        "{} Player Turn: {}",
        side_name(phasing),
        super::stage_name(s)
    );
    let _ = writeln!(out, "Now: {}", o.waiting);

    // The window: around the action, else around the acting side's Units, else the whole map.
    let (c0, c1, r0, r1) = b.extent;
    let on_map: Vec<(i32, i32)> = o
        .units
        .iter()
        .filter(|u| g.data.troop_by_id(&u.id).is_some_and(|x| g.data.troops[x.ix()].side == phasing))
        .filter_map(|u| u.hex.as_deref().and_then(|h| b.parse(h)))
        .map(|c| b.numbering.offset(b.cells[c.ix()].hex))
        .collect();
    let ((wc0, wc1), (wr0, wr1)) = window(
        (c0, c1, r0, r1),
        focus(g, s).map(|c| b.numbering.offset(b.cells[c.ix()].hex)),
        &on_map,
        WIN_COLS,
        WIN_ROWS,
    );
    let ncols = usize::try_from(wc1 - wc0 + 1).unwrap_or(0);
    let nrows = usize::try_from(wr1 - wr0 + 1).unwrap_or(0);
    let mut canvas = Canvas::new(1 + ncols * COL_W, 2 * nrows + 1);

    // Stacks: Units top first, then Leaders.
    let mut stacks: BTreeMap<String, Vec<&SeenUnit>> = BTreeMap::new();
    for u in &o.units {
        if let Some(h) = &u.hex {
            stacks.entry(h.clone()).or_default().push(u);
        }
    }
    for v in stacks.values_mut() {
        v.sort_by_key(|u| u.stack);
    }
    let mut leaders: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for l in &o.leaders {
        if let Some(h) = &l.hex {
            leaders.entry(h.clone()).or_default().push(l.id.clone());
        }
    }
    let moving = o.moving.as_ref().map(|m| m.0.clone());
    let locked: BTreeMap<&str, bool> = o.locked.iter().map(|(h, p)| (h.as_str(), *p)).collect();
    let mut in_view: Vec<String> = Vec::new();
    for (ci, cell) in b.cells.iter().enumerate() {
        let (col, row) = b.numbering.offset(cell.hex);
        if col < wc0 || col > wc1 || row < wr0 || row > wr1 {
            continue;
        }
        let x = 1 + usize::try_from(col - wc0).unwrap_or(0) * COL_W;
        let y = 2 * usize::try_from(row - wr0).unwrap_or(0)
            + usize::from(b.numbering.column_is_down(col));
        let label = b.numbering.label(cell.hex);
        let t = usize::from(cell.terrain);
        let letter = if t == common {
            ' '
        } else {
            letters.get(t).copied().unwrap_or('#')
        };
        let letter = match locked.get(label.as_str()) {
            Some(true) => '!',
            Some(false) => '=',
            None => letter,
        };
        canvas.put(x, y, &format!("{label}{letter}"));
        let units = stacks.get(&label);
        let lead = leaders.get(&label);
        let field = match (units.and_then(|v| v.first()), lead) {
            (Some(top), _) => {
                let n = units.map_or(0, Vec::len) + lead.map_or(0, Vec::len);
                let code = codes.get(&top.id).map_or("???", String::as_str);
                let count = if n > 1 { char::from_digit(n.min(9) as u32, 10).unwrap_or('9') } else { ' ' };
                let mv = moving.as_deref() == Some(top.id.as_str());
                Some(format!("{code}{count}{}", mark(top, mv)))
            }
            (None, Some(ls)) => {
                let code = codes.get(&ls[0]).map_or("???", String::as_str);
                let mv = moving.as_deref() == Some(ls[0].as_str());
                Some(format!("{code}{}{}", if ls.len() > 1 { '2' } else { '^' }, if mv { '+' } else { ' ' }))
            }
            (None, None) => b
                .names
                .get(&coupdoeil_pg::Cell(ci as u16))
                .map(|n| n.chars().filter(|c| !c.is_whitespace()).take(5).collect()),
        };
        if units.is_some() || lead.is_some() {
            in_view.push(label.clone());
        }
        if let Some(f) = field {
            canvas.put(x, y + 1, &f);
        }
    }
    canvas.finish(&mut out);

    let mut terrain_key: Vec<String> = g
        .data
        .charts
        .terrain
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != common && b.cells.iter().any(|c| usize::from(c.terrain) == *i))
        .map(|(i, t)| format!("{} {}", letters.get(i).copied().unwrap_or('#'), t.name.to_lowercase()))
        .collect();
    terrain_key.push("= Locked (! its -2 side)".into());
    let key = [
        format!("columns {wc0}-{wc1}, rows {wr0}-{wr1} of {c0}-{c1}, {r0}-{r1}"),
        format!("CAPS {}", side_name(Side::A)),
        format!("lower {}", side_name(Side::B)),
        "digit: counters in the hex".to_string(),
        "^ a leader".to_string(),
    ];
    wrap(&mut out, "Map: ", &key, " · ");
    wrap(
        &mut out,
        "Marks: + moving, R routed, D disordered, C in column, O out of command, * moved · ",
        &terrain_key,
        ", ",
    );

    // Armies.
    for (i, a) in o.armies.iter().enumerate() {
        let side = if i == 0 { Side::A } else { Side::B };
        let state = if a.broken {
            "BROKEN"
        } else if a.demoralized {
            "Demoralized"
        } else {
            "steady"
        };
        let _ = writeln!(
            out,
            "{}: AM {} ({state}; demoralized at {}, broken at {}), {}, VP {}{}",
            side_name(side),
            a.am,
            a.demoralized_at,
            a.broken_at,
            if a.active { "Activated" } else { "Inactive" },
            o.vp[i],
            if a.cs > 0 {
                format!(", {} Combat Success marker(s)", a.cs)
            } else {
                String::new()
            }
        );
    }
    if let Some((w, level)) = &o.standing {
        let _ = writeln!(
            out,
            "If the battle ended now: {} {level} victory",
            g.data.side_by_id(w).map_or(w.as_str(), side_name)
        );
    }
    if !o.wings_in_column.is_empty() {
        let names: Vec<String> = o
            .wings_in_column
            .iter()
            .filter_map(|w| g.data.wing_by_id(w).map(|x| g.data.wings[x.ix()].name.clone()))
            .collect();
        wrap(&mut out, "In Column: ", &names, ", ");
    }
    if !o.wings_degraded.is_empty() {
        let names: Vec<String> = o
            .wings_degraded
            .iter()
            .filter_map(|w| g.data.wing_by_id(w).map(|x| g.data.wings[x.ix()].name.clone()))
            .collect();
        wrap(&mut out, "Degraded this Player Turn (4.2): ", &names, ", ");
    }
    if let Some((id, mp)) = &o.moving {
        let _ = writeln!(
            out,
            "Moving: {} {} with {mp} MP left",
            codes.get(id).map_or("???", String::as_str),
            g.data
                .troop_by_id(id)
                .map(|u| g.data.troops[u.ix()].name.clone())
                .or_else(|| g.data.leader_by_id(id).map(|l| g.data.leaders[l.ix()].name.clone()))
                .unwrap_or_default()
        );
    }
    if let Some(bd) = &s.bombard {
        let odds = g.bombard_odds(s, &bd.guns, bd.target);
        let _ = writeln!(
            out,
            "Bombardment of {}: {} BS from {} gun(s), column {}, DRM {:+} ({})",
            b.label(bd.target),
            odds.strength,
            bd.guns.len(),
            odds.column.map_or("none".to_string(), |c| format!("{}+", g.data.charts.bombard.columns[c])),
            odds.drm(),
            mods(&odds.modifiers)
        );
    }
    if let Some(c) = &s.combat {
        let odds = g.combat_odds(s, c);
        let lead = |x: Side| {
            c.lead[x].map_or("not chosen".to_string(), |u| {
                codes.get(&g.data.troops[u.ix()].id).cloned().unwrap_or_default()
            })
        };
        let _ = writeln!(
            out,
            "Close Combat: {} against {}: {} SP vs {} SP, {}, DRM {:+} ({}); leads {} / {}{}",
            c.attack_hexes.iter().map(|&h| b.label(h)).collect::<Vec<_>>().join(","),
            c.defend_hexes.iter().map(|&h| b.label(h)).collect::<Vec<_>>().join(","),
            odds.attacker_sp,
            odds.defender_sp,
            g.data.charts.crt.label(odds.column),
            odds.drm(),
            mods(&odds.modifiers),
            lead(s.phasing),
            lead(s.phasing.other()),
            c.die.map_or(String::new(), |d| format!("; die {d}"))
        );
    }

    // The stacks in the window, in words; the rest by code.
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    for h in &in_view {
        let mut parts: Vec<String> = stacks
            .get(h)
            .map(|v| v.iter().map(|u| unit_words(g, u, &codes)).collect())
            .unwrap_or_default();
        for l in leaders.get(h).into_iter().flatten() {
            if let Some(li) = g.data.leader_by_id(l) {
                let d = &g.data.leaders[li.ix()];
                parts.push(format!(
                    "{} {} (leader{}{}, MA {})",
                    codes.get(l).map_or("???", String::as_str),
                    d.name,
                    d.initiative.map_or(String::new(), |i| format!(", Initiative {i}")),
                    if d.special.is_some() { ", Special" } else { "" },
                    d.ma
                ));
            }
        }
        let locked_here = match locked.get(h.as_str()) {
            Some(true) => " (Locked, -2 side)",
            Some(false) => " (Locked)",
            None => "",
        };
        lines.push((format!("  {h}{locked_here}: "), parts));
    }
    if !lines.is_empty() {
        out.push_str("In view, top of each stack first:\n");
        for (head, parts) in lines {
            wrap(&mut out, &head, &parts, "; ");
        }
    }
    for side in Side::ALL {
        let mut items: Vec<String> = Vec::new();
        for (h, v) in &stacks {
            if in_view.contains(h) {
                continue;
            }
            let own: Vec<&str> = v
                .iter()
                .filter(|u| g.data.troop_by_id(&u.id).is_some_and(|x| g.data.troops[x.ix()].side == side))
                .map(|u| codes.get(&u.id).map_or("???", String::as_str))
                .collect();
            if !own.is_empty() {
                items.push(format!("{h} {}", own.join("+")));
            }
        }
        if !items.is_empty() {
            wrap(&mut out, &format!("{} elsewhere: ", side_name(side)), &items, ", ");
        }
        let gone: Vec<String> = o
            .units
            .iter()
            .filter(|u| g.data.troop_by_id(&u.id).is_some_and(|x| g.data.troops[x.ix()].side == side))
            .filter_map(|u| {
                let why = match u.gone? {
                    Gone::Absent => return None,
                    Gone::Destroyed => "destroyed",
                    Gone::Captured => "captured",
                    Gone::Fled => "fled",
                };
                Some(format!("{} {why}", codes.get(&u.id).map_or("???", String::as_str)))
            })
            .collect();
        if !gone.is_empty() {
            wrap(&mut out, &format!("{} lost: ", side_name(side)), &gone, ", ");
        }
    }
    out
}

fn mods(m: &[coupdoeil_pg::event::Modifier]) -> String {
    if m.is_empty() {
        return "no DRM".into();
    }
    m.iter()
        .map(|x| format!("{} {:+}, {}", x.what, x.value, x.rule))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_per_side() {
        let g = crate::pg::tests::field_game();
        let c = codes(&g);
        for side in Side::ALL {
            let mut mine: Vec<&String> = g
                .data
                .troops
                .iter()
                .filter(|t| t.side == side)
                .map(|t| &t.id)
                .chain(g.data.leaders.iter().filter(|l| l.side == side).map(|l| &l.id))
                .map(|id| &c[id])
                .collect();
            let n = mine.len();
            mine.sort();
            mine.dedup();
            assert_eq!(mine.len(), n, "{c:?}");
        }
    }
}
