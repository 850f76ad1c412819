//! The terminal picture of a Glory and Empire battlefield: a title line, what the game waits
//! for, a window of the map around the action with each stack's top counter, its facing arrow
//! and its formation, the score and objectives, what is being resolved (the moving stack, a
//! reaction, a check, a close combat, fire results noted for the end of the segment), and
//! every stack in the window in words. The Soldiers Game hides nothing, so every viewer sees
//! the same picture; it is drawn from the viewer's [`Observation`] and, for the facings, the
//! state.

use crate::text::{Canvas, arrow, counter_codes, terrain_letters, view_name, window, wrap};
use coupdoeil_engine::Side;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::observe::SeenUnit;
use coupdoeil_ge::state::{Frame, Morale, State};
use coupdoeil_ge::{Cell, GloryEmpire, Observation};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Width of one map column in characters.
const COL_W: usize = 7;
/// Map columns shown at most.
const WIN_COLS: i32 = 14;
/// Map rows shown at most.
const WIN_ROWS: i32 = 12;

/// Three-letter map codes for every combat unit and leader (side A in capitals).
fn codes(g: &GloryEmpire) -> BTreeMap<String, String> {
    counter_codes(
        g.data
            .troops
            .iter()
            .map(|t| (t.id.as_str(), t.side))
            .chain(g.data.leaders.iter().map(|l| (l.id.as_str(), l.side))),
    )
}

/// One letter per formation (7), drawn after the facing arrow.
fn formation_letter(f: &str) -> char {
    match Formation::parse(f) {
        Some(Formation::Line) => 'L',
        Some(Formation::Column) => 'C',
        Some(Formation::RoadColumn) => 'K',
        Some(Formation::Sed) => 'E',
        Some(Formation::Square) => 'Q',
        Some(Formation::Limbered) => 'M',
        Some(Formation::Unlimbered) => 'U',
        Some(Formation::Dispersed) | None => '~',
    }
}

/// The one-character mark after a counter: moving, its Morale State, else how many counters
/// share the hex.
fn mark(u: &SeenUnit, moving: bool, count: usize) -> char {
    if moving {
        return '+';
    }
    match u.morale {
        Morale::Normal => {}
        Morale::Disorder => return 'd',
        Morale::Shaken => return 's',
        Morale::Broken => return 'b',
        Morale::Rout => return 'r',
    }
    if count > 1 {
        char::from_digit(count.min(9) as u32, 10).unwrap_or('9')
    } else {
        ' '
    }
}

fn morale_word(m: Morale) -> Option<&'static str> {
    match m {
        Morale::Normal => None,
        Morale::Disorder => Some("Disorder"),
        Morale::Shaken => Some("Shaken"),
        Morale::Broken => Some("Broken"),
        Morale::Rout => Some("Rout"),
    }
}

/// A combat unit in words: code, name, SP/MV/CVM, steps, formation and facing, states (kept
/// short: a battery of the real battles has a long name).
fn unit_words(g: &GloryEmpire, u: &SeenUnit, codes: &BTreeMap<String, String>) -> String {
    let Some(ui) = g.data.troop_by_id(&u.id) else {
        return u.id.clone();
    };
    let d = &g.data.troops[ui.ix()];
    let mut states: Vec<String> = Vec::new();
    if let Some(m) = morale_word(u.morale) {
        states.push(m.into());
    }
    if u.skirmishers > 0 {
        states.push(format!("{} Sk", u.skirmishers));
    }
    if u.ooc {
        states.push("OOC".into());
    }
    if u.spent > 0 {
        states.push(format!("{} Spent", u.spent));
    }
    if let Some(t) = &u.assault {
        states.push(format!("Assault on {t}"));
    }
    if let Some(t) = &u.charge {
        states.push(format!("Charge on {t}"));
    }
    if u.moved {
        states.push("moved".into());
    }
    let name: String = d.name.chars().take(28).collect();
    format!(
        "{} {}: {} SP, MV {}, CVM {:+}, {}/{} steps, {} {}{}",
        codes.get(&u.id).map_or("???", String::as_str),
        name.trim_end(),
        u.sp,
        u.mv,
        u.cvm,
        u.steps,
        d.full(),
        Formation::parse(&u.formation).map_or(u.formation.as_str(), |f| f.title()),
        u.facing,
        if states.is_empty() {
            String::new()
        } else {
            format!(" [{}]", states.join(", "))
        }
    )
}

/// The hex the picture centres on: what is happening now (the moving stack, the close combat,
/// the check, the retreat, the reaction's trigger), else `None`.
fn focus(s: &State) -> Option<Cell> {
    if let Some(m) = &s.moving {
        return Some(m.at);
    }
    for f in s.pending.iter().rev() {
        match f {
            Frame::Combat(c) => return Some(c.target),
            Frame::Check(c) => return Some(c.cell),
            Frame::Retreat(r) => return Some(r.at),
            Frame::React(w) => return Some(coupdoeil_ge::reaction::trigger_hex(w.trigger)),
            Frame::FireRoll(f) => return Some(f.target),
            Frame::FireApply(f) => return Some(f.target),
            _ => {}
        }
    }
    None
}

/// The picture.
#[allow(clippy::too_many_lines)]
pub(super) fn render(g: &GloryEmpire, s: &State, o: &Observation) -> String {
    let b = &g.data.board;
    let codes = codes(g);
    let names: Vec<&str> = g.data.charts.terrain.iter().map(|t| t.name.as_str()).collect();
    let (letters, common) = terrain_letters(&names, b.cells.iter().map(|c| usize::from(c.terrain)));
    let side_name = |x: Side| g.data.sides[x].1.as_str();
    let side_of_unit = |id: &str| g.data.troop_by_id(id).map(|x| g.data.troops[x.ix()].side);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} | Turn {}/{} ({}, {}) | {}",
        g.data.name,
        o.turn,
        o.turns,
        o.clock,
        o.light,
        view_name(o.viewer, |x| side_name(x).to_string())
    );
    let _ = writeln!(out, "{}", crate::GameExt::turn_label(g, s));
    let words: Vec<String> = o.waiting.split(' ').map(String::from).collect();
    wrap(&mut out, "Now: ", &words, " ");

    // The window: around the action, else around the phasing side's units, else the middle.
    let offsets: Vec<(i32, i32)> = b.cells.iter().map(|c| b.numbering.offset(c.hex)).collect();
    let c0 = offsets.iter().map(|p| p.0).min().unwrap_or(0);
    let c1 = offsets.iter().map(|p| p.0).max().unwrap_or(0);
    let r0 = offsets.iter().map(|p| p.1).min().unwrap_or(0);
    let r1 = offsets.iter().map(|p| p.1).max().unwrap_or(0);
    let phasing = s.phasing;
    let own: Vec<(i32, i32)> = o
        .units
        .iter()
        .filter(|u| side_of_unit(&u.id) == Some(phasing))
        .filter_map(|u| u.hex.as_deref().and_then(|h| b.parse(h)))
        .map(|c| offsets[c.ix()])
        .collect();
    let ((wc0, wc1), (wr0, wr1)) = window(
        (c0, c1, r0, r1),
        focus(s).map(|c| offsets[c.ix()]),
        &own,
        WIN_COLS,
        WIN_ROWS,
    );
    let ncols = usize::try_from(wc1 - wc0 + 1).unwrap_or(0);
    let nrows = usize::try_from(wr1 - wr0 + 1).unwrap_or(0);
    let mut canvas = Canvas::new(1 + ncols * COL_W, 2 * nrows + 1);

    // Stacks: combat units top first; leaders by hex.
    let mut stacks: BTreeMap<String, Vec<&SeenUnit>> = BTreeMap::new();
    for u in &o.units {
        if let Some(h) = &u.hex {
            stacks.entry(h.clone()).or_default().push(u);
        }
    }
    for v in stacks.values_mut() {
        v.sort_by_key(|u| u.stack);
    }
    let mut leaders: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for l in &o.leaders {
        if let Some(h) = &l.hex {
            leaders.entry(h.clone()).or_default().push(l.id.as_str());
        }
    }
    // G23.1 Obscured stacks: the side's marker and the number of counters under it.
    let obscured: BTreeMap<&str, String> = o
        .obscured
        .iter()
        .map(|x| {
            let mark = if x.side == g.data.sides[Side::A].0 {
                "OBS"
            } else {
                "obs"
            };
            (x.hex.as_str(), format!("{mark}{}", x.counters.min(9)))
        })
        .collect();
    let moving: Vec<String> = o.moving.as_ref().map(|m| m.0.clone()).unwrap_or_default();
    let mut in_view: Vec<String> = Vec::new();
    for (ci, cell) in b.cells.iter().enumerate() {
        let (col, row) = offsets[ci];
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
        canvas.put(x, y, &format!("{label}{letter}"));
        let units = stacks.get(&label);
        let lead = leaders.get(&label);
        let count = units.map_or(0, Vec::len) + lead.map_or(0, Vec::len);
        let field = match (units.and_then(|v| v.first()), lead) {
            (Some(top), _) => {
                let facing = g
                    .data
                    .troop_by_id(&top.id)
                    .map_or(' ', |u| arrow(s.troop(u).facing));
                Some(format!(
                    "{}{facing}{}{}",
                    codes.get(&top.id).map_or("???", String::as_str),
                    formation_letter(&top.formation),
                    mark(top, moving.contains(&top.id), count)
                ))
            }
            (None, Some(ls)) => Some(format!(
                "{}^{}",
                codes.get(ls[0]).map_or("???", String::as_str),
                if moving.iter().any(|m| m == ls[0]) {
                    '+'
                } else if ls.len() > 1 {
                    char::from_digit(ls.len().min(9) as u32, 10).unwrap_or('9')
                } else {
                    ' '
                }
            )),
            (None, None) if obscured.contains_key(label.as_str()) => {
                obscured.get(label.as_str()).cloned()
            }
            (None, None) => b
                .names
                .get(&Cell(ci as u16))
                .map(|n| n.chars().filter(|c| !c.is_whitespace()).take(6).collect()),
        };
        if count > 0 || obscured.contains_key(label.as_str()) {
            in_view.push(label.clone());
        }
        if let Some(f) = field {
            canvas.put(x, y + 1, &f);
        }
    }
    canvas.finish(&mut out);

    let terrain_key: Vec<String> = g
        .data
        .charts
        .terrain
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != common && b.cells.iter().any(|c| usize::from(c.terrain) == *i))
        .map(|(i, t)| {
            format!(
                "{} {}",
                letters.get(i).copied().unwrap_or('#'),
                t.name.to_lowercase()
            )
        })
        .collect();
    let mut key = vec![
        format!("columns {wc0}-{wc1}, rows {wr0}-{wr1} of {c0}-{c1}, {r0}-{r1}"),
        format!("CAPS {}", side_name(Side::A)),
        format!("lower {}", side_name(Side::B)),
        "arrow: facing".to_string(),
        "^ a leader".to_string(),
    ];
    if !obscured.is_empty() {
        key.push("OBS3/obs3: an obscured stack of 3 counters (G23.1)".to_string());
    }
    wrap(&mut out, "Map: ", &key, " · ");
    let formations = [
        "L line", "C column", "K road column", "E en débandade", "Q square", "M limbered",
        "U unlimbered", "~ none",
    ]
    .map(String::from);
    wrap(&mut out, "Formation: ", &formations, ", ");
    let marks = [
        "+ moving", "d disorder", "s shaken", "b broken", "r rout", "digit: counters in the hex",
    ]
    .map(String::from);
    wrap(&mut out, "Mark: ", &marks, ", ");
    wrap(&mut out, "Terrain: ", &terrain_key, ", ");

    // Score and objectives.
    let _ = writeln!(
        out,
        "Score: {} {}, {} {}",
        side_name(Side::A),
        o.score[0],
        side_name(Side::B),
        o.score[1]
    );
    if !o.objectives.is_empty() {
        let items: Vec<String> = o
            .objectives
            .iter()
            .map(|(name, holder)| {
                let who = holder
                    .as_deref()
                    .and_then(|h| Side::ALL.into_iter().find(|&x| g.data.sides[x].0 == h))
                    .map_or("nobody", side_name);
                format!("{name} ({who})")
            })
            .collect();
        wrap(&mut out, "Objectives: ", &items, ", ");
    }
    if let Some((ids, spent)) = &o.moving {
        let named: Vec<String> = ids
            .iter()
            .map(|id| codes.get(id).cloned().unwrap_or_else(|| id.clone()))
            .collect();
        let _ = writeln!(out, "Moving: {} ({spent} MP spent)", named.join("+"));
    }
    if let Some(c) = &o.combat {
        let _ = writeln!(out, "Close combat against {c}");
    }
    if !s.fire_results.is_empty() {
        let items: Vec<String> = s
            .fire_results
            .iter()
            .map(|p| {
                format!(
                    "{} -> {}: {} ({})",
                    b.label(p.from),
                    b.label(p.target),
                    p.result,
                    p.roll
                )
            })
            .collect();
        wrap(
            &mut out,
            "Fire results applied at the end of the segment (12.3.1): ",
            &items,
            "; ",
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
                let v = g.leader_values(s, li);
                let seen = o.leaders.iter().find(|x| x.id == *l);
                parts.push(format!(
                    "{} {} (leader, range {}, FSM {:+}, morale {:+}, CVM {:+}{})",
                    codes.get(*l).map_or("???", String::as_str),
                    d.name,
                    v.range,
                    v.fsm,
                    v.morale,
                    v.cvm,
                    seen.and_then(|x| x.order.as_deref())
                        .map_or(String::new(), |o| format!(", {o} order"))
                ));
            }
        }
        if let Some(x) = o.obscured.iter().find(|x| &x.hex == h) {
            parts.push(format!(
                "an obscured {} stack of {} counters (G23.1)",
                if x.side == g.data.sides[Side::A].0 {
                    side_name(Side::A)
                } else {
                    side_name(Side::B)
                },
                x.counters
            ));
        }
        lines.push((format!("  {h}: "), parts));
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
                .filter(|u| side_of_unit(&u.id) == Some(side))
                .map(|u| codes.get(&u.id).map_or("???", String::as_str))
                .collect();
            if !own.is_empty() {
                items.push(format!("{h} {}", own.join("+")));
            }
        }
        if !items.is_empty() {
            wrap(
                &mut out,
                &format!("{} elsewhere: ", side_name(side)),
                &items,
                ", ",
            );
        }
        let gone: Vec<String> = o
            .units
            .iter()
            .filter(|u| u.eliminated && side_of_unit(&u.id) == Some(side))
            .map(|u| codes.get(&u.id).cloned().unwrap_or_else(|| u.id.clone()))
            .collect();
        if !gone.is_empty() {
            wrap(
                &mut out,
                &format!("{} eliminated: ", side_name(side)),
                &gone,
                ", ",
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_formation_has_its_own_letter() {
        let mut seen: Vec<char> = Formation::ALL
            .iter()
            .map(|f| formation_letter(f.name()))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), Formation::ALL.len());
    }

    #[test]
    fn codes_are_unique_per_side() {
        let g = crate::ge::tests::test_game();
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
