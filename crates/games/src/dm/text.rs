//! The terminal picture of a Drums & Muskets battlefield, drawn from the viewer's
//! [`Observation`] (never from the state itself, so nothing hidden can appear) and the
//! scenario's map.

use super::phase_name;
use coupdoeil_dm::data::Window;
use coupdoeil_dm::observe::{SeenPiece, SeenUnit};
use coupdoeil_dm::state::{Stage, Status};
use coupdoeil_dm::{DrumsMuskets, Kind, Observation};
use coupdoeil_engine::{Game, Side, Viewer};
use std::collections::BTreeMap;
use crate::text::{Canvas, arrow, terrain_letters, view_name};
use std::fmt::Write as _;

/// Width of one map column in characters.
const COL_W: usize = 6;
/// Left margin of the map.
const MARGIN: usize = 1;
/// Width of the panel lines.
const PANEL_W: usize = 98;

fn stage_name(g: &DrumsMuskets, stage: Stage) -> String {
    let side = |s: Side| g.side_name(s).to_string();
    match stage {
        Stage::OpeningDraw => "drawing the opening hands".into(),
        Stage::Place(s) => format!("{} places a piece (Exclusive 3.0)", side(s)),
        Stage::MovementCard(s) => format!("{} may play a Movement card (4.0)", side(s)),
        Stage::Movement => "moving units (7.0)".into(),
        Stage::Declare => "declaring attacks and Supporting Fire (9.1)".into(),
        Stage::DefenderSupport => "the defender declares Supporting Fire (9.2.2)".into(),
        Stage::ChooseAttack => "choosing the next attack to resolve (9.0)".into(),
        Stage::AttackCard(s, step) => format!("{} may play a card (9.0 step {step})", side(s)),
        Stage::AttackDie => "rolling the attack die (9.0 step 5)".into(),
        Stage::Retreat => "choosing a retreat hex (9.5.1)".into(),
        Stage::MoraleCard(s) => format!("{} may play a Morale card (9.5.2)", side(s)),
        Stage::MoraleDie => "rolling a Morale Test (9.5.2)".into(),
        Stage::Advance => "advance after combat (9.5.3)".into(),
        Stage::AfterFacing => "free facing change after combat (9.5.3)".into(),
        Stage::Discard => "discarding (12.0 C)".into(),
        Stage::Draw => "drawing cards (12.0 C)".into(),
        Stage::RallyCard => "Rally card window (10.2)".into(),
        Stage::RallyChoose => "choosing the unit that rallies automatically (10.2)".into(),
        Stage::RallyDie => "rolling a Rally Test (10.2)".into(),
        Stage::Over => "the game is over".into(),
    }
}

fn window_name(w: Window) -> &'static str {
    match w {
        Window::Movement => "Movement Phase",
        Window::AttackStep3 => "attack step 3",
        Window::AttackStep6 => "attack step 6",
        Window::MoraleTest => "Morale Test",
        Window::Rally => "Rally",
    }
}


fn kind_word(k: Kind) -> &'static str {
    match k {
        Kind::Infantry => "inf",
        Kind::LightInfantry => "light",
        Kind::Cavalry => "cav",
        Kind::Dummy => "dummy",
    }
}

/// Three-character map codes for every unit: side A in capitals, side B in lower case; dummies
/// `D1`, `D2` ... per side. Derived from the order of battle only (public knowledge).
fn unit_codes(g: &DrumsMuskets) -> BTreeMap<String, String> {
    let mut used: Vec<String> = Vec::new();
    let mut out = BTreeMap::new();
    let mut dummies = [0u32; 2];
    for u in &g.data.units {
        let code = if u.kind == Kind::Dummy {
            dummies[u.side.index()] += 1;
            format!("D{}", dummies[u.side.index()])
        } else {
            let letters: Vec<char> = u.name.chars().filter(|c| c.is_alphabetic()).collect();
            let key =
                |cs: &[char]| -> String { cs.iter().flat_map(|c| c.to_uppercase()).collect() };
            let mut pick = key(&letters[..letters.len().min(3)]);
            let mut k = 3;
            while used.contains(&format!("{:?}{pick}", u.side)) && k < letters.len() {
                pick = key(&[letters[0], letters[1.min(letters.len() - 1)], letters[k]]);
                k += 1;
            }
            let mut n = 1;
            while used.contains(&format!("{:?}{pick}", u.side)) || pick.is_empty() {
                pick = format!(
                    "{}{n}",
                    letters
                        .first()
                        .map_or('U', |c| c.to_uppercase().next().unwrap_or('U'))
                );
                n += 1;
            }
            pick
        };
        used.push(format!("{:?}{code}", u.side));
        let cased = if u.side == Side::A {
            code.to_uppercase()
        } else {
            code.to_lowercase()
        };
        out.insert(u.id.clone(), cased);
    }
    out
}

/// A piece's five-character map field: code, facing arrow, marker.
fn piece_field(
    p: &SeenPiece,
    codes: &BTreeMap<String, String>,
    viewer: Viewer,
    moving: bool,
) -> String {
    let own = viewer.sees_private_of(p.side);
    let code = match &p.unit {
        Some(u) => codes.get(&u.id).cloned().unwrap_or_else(|| "???".into()),
        None => format!("?{:02}", u16::from(p.token) + 1),
    };
    let mark = if moving {
        '+'
    } else if p.unit.is_some() && p.status == Status::Routed {
        'R'
    } else if p.unit.is_some() && p.status == Status::Shaken {
        'S'
    } else if p.moved {
        '*'
    } else if own && p.hidden {
        '°'
    } else {
        ' '
    };
    format!("{code:<3}{}{mark}", arrow(p.facing))
}

fn values(u: &SeenUnit) -> String {
    if u.kind == Kind::Dummy {
        "dummy".into()
    } else {
        format!(
            "{} {}-{}-{}{}",
            kind_word(u.kind),
            u.strength,
            u.morale,
            u.movement,
            if u.heavy_artillery { " HA" } else { "" }
        )
    }
}

/// Appends `items` to `out` as lines of at most [`PANEL_W`] characters, the first one starting
/// with `head`.
fn wrap(out: &mut String, head: &str, items: &[String], sep: &str) {
    let mut line = head.to_string();
    let indent = " ".repeat(2);
    let mut first = true;
    for it in items {
        let add = if first {
            it.clone()
        } else {
            format!("{sep}{it}")
        };
        if !first && line.chars().count() + add.chars().count() > PANEL_W {
            out.push_str(line.trim_end());
            out.push('\n');
            line = format!("{indent}{it}");
        } else {
            line.push_str(&add);
        }
        first = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
}


/// The picture: a title line, the hex map (two lines per hex: label and terrain, then the piece)
/// and the panel (legend, status, morale, depots, attacks, hand, the viewer's pieces).
pub(super) fn render(g: &DrumsMuskets, o: &Observation) -> String {
    let b = &g.data.board;
    let codes = unit_codes(g);
    let names: Vec<&str> = g.data.charts.terrain.iter().map(|t| t.name.as_str()).collect();
    let (letters, common) =
        terrain_letters(&names, g.data.board.cells.iter().map(|c| usize::from(c.terrain)));
    let mut out = String::new();

    // Title.
    let to_act = match (o.to_act, &o.ending) {
        (_, Some(_)) => "game over".to_string(),
        (Some(s), _) => format!("{} decides", g.side_name(s)),
        (None, _) => "dice or cards".to_string(),
    };
    let _ = writeln!(
        out,
        "{} | Turn {}/{}: {} {} | {}",
        g.data.name,
        o.turn,
        o.turns,
        g.side_name(o.phasing),
        phase_name(o.phase),
        view_name(o.viewer, |x| g.side_name(x).to_string())
    );

    // Map geometry.
    let offsets: Vec<(i32, i32)> = b.cells.iter().map(|c| b.numbering.offset(c.hex)).collect();
    let (min_c, max_c) = offsets
        .iter()
        .fold((i32::MAX, i32::MIN), |(lo, hi), (c, _)| {
            (lo.min(*c), hi.max(*c))
        });
    let (min_r, max_r) = offsets
        .iter()
        .fold((i32::MAX, i32::MIN), |(lo, hi), (_, r)| {
            (lo.min(*r), hi.max(*r))
        });
    let ncols = usize::try_from(max_c - min_c + 1).unwrap_or(0);
    let nrows = usize::try_from(max_r - min_r + 1).unwrap_or(0);
    let width = MARGIN + ncols * COL_W;
    let height = 2 * nrows + 1;
    let mut canvas = Canvas::new(width, height);
    let at = |col: i32, row: i32| -> (usize, usize) {
        let x = MARGIN + usize::try_from(col - min_c).unwrap_or(0) * COL_W;
        let y = 2 * usize::try_from(row - min_r).unwrap_or(0)
            + usize::from(b.numbering.column_is_down(col));
        (x, y)
    };

    let mut by_label: BTreeMap<&str, &SeenPiece> = BTreeMap::new();
    for p in &o.pieces {
        if let Some(h) = &p.hex {
            by_label.insert(h.as_str(), p);
        }
    }
    let depots: Vec<String> = o.depots.iter().map(|d| d.0.clone()).collect();
    let mover = o.mover.as_ref().map(|m| (m.side, m.token));
    let mut hidden_names = Vec::new();
    for (i, cell) in b.cells.iter().enumerate() {
        let (col, row) = offsets[i];
        let (x, y) = at(col, row);
        let label = b.numbering.label(cell.hex);
        let t = usize::from(cell.terrain);
        let letter = if t == common {
            ' '
        } else {
            letters.get(t).copied().unwrap_or('#')
        };
        let letter = if depots.contains(&label) { '@' } else { letter };
        canvas.put(x, y, &format!("{label}{letter}"));
        let c = coupdoeil_dm::Cell(u16::try_from(i).unwrap_or(u16::MAX));
        match by_label.get(label.as_str()) {
            Some(p) => {
                let moving = mover == Some((p.side, p.token));
                canvas.put(x, y + 1, &piece_field(p, &codes, o.viewer, moving));
                if let Some(n) = b.names.get(&c) {
                    hidden_names.push(format!("{label} {n}"));
                }
            }
            None => {
                if let Some(n) = b.names.get(&c) {
                    let short: String = n.chars().filter(|c| !c.is_whitespace()).take(5).collect();
                    canvas.put(x, y + 1, &short);
                }
            }
        }
    }
    canvas.finish(&mut out);

    // Legend.
    let mut terrain_legend: Vec<String> = g
        .data
        .charts
        .terrain
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != common)
        .map(|(i, t)| {
            format!(
                "{} {}",
                letters.get(i).copied().unwrap_or('#'),
                t.name.to_lowercase()
            )
        })
        .collect();
    terrain_legend.push("@ depot".into());
    let _ = writeln!(
        out,
        "Key: CAPS {} · lower {} · ?07 hidden piece #7 · arrow: facing (↑ a hexside, ⇗ a corner)",
        g.side_name(Side::A),
        g.side_name(Side::B)
    );
    let mut marks: Vec<String> = [
        "+ moving",
        "R routed",
        "S shaken",
        "* moved",
        "° still hidden ·",
    ]
    .iter()
    .map(|m| (*m).to_string())
    .collect();
    marks.extend(terrain_legend);
    wrap(&mut out, "Marks: ", &marks, " ");
    if !hidden_names.is_empty() {
        wrap(&mut out, "Places under pieces: ", &hidden_names, ", ");
    }

    // Status.
    let _ = writeln!(
        out,
        "Now: {} · {to_act} | VP {} {} - {} {}",
        stage_name(g, o.stage),
        g.side_name(Side::A),
        o.points[0],
        g.side_name(Side::B),
        o.points[1]
    );
    if o.to_place.iter().any(|n| *n > 0) {
        let _ = writeln!(
            out,
            "To place: {} {} · {} {}",
            g.side_name(Side::A),
            o.to_place[0],
            g.side_name(Side::B),
            o.to_place[1]
        );
    }
    for side in Side::ALL {
        let corps: Vec<String> = o
            .corps
            .iter()
            .filter(|c| c.side == side)
            .map(|c| {
                format!(
                    "{} {}{}",
                    c.name,
                    c.morale,
                    if c.demoralized { " DEMORALIZED" } else { "" }
                )
            })
            .collect();
        wrap(
            &mut out,
            &format!("{} corps morale: ", g.side_name(side)),
            &corps,
            " · ",
        );
    }
    let depot_items: Vec<String> = o
        .depots
        .iter()
        .zip(&b.depots)
        .map(|((label, owner, holder), (_, _, name))| {
            if owner == holder {
                format!("{label} {name} ({})", g.side_name(*owner))
            } else {
                format!(
                    "{label} {name} ({}, taken by the {})",
                    g.side_name(*owner),
                    g.side_name(*holder)
                )
            }
        })
        .collect();
    if !depot_items.is_empty() {
        wrap(&mut out, "Depots: ", &depot_items, " · ");
    }
    if let Some(m) = &o.mover {
        let who = m
            .unit
            .as_ref()
            .and_then(|id| codes.get(id))
            .cloned()
            .unwrap_or_else(|| format!("?{:02}", u16::from(m.token) + 1));
        let mp = m.half_mp.map_or(String::new(), |h| {
            format!(", {}{} MP left", h / 2, if h % 2 == 1 { ".5" } else { "" })
        });
        let _ = writeln!(out, "Moving: {who}{mp}");
    }
    let code_of = |id: &str| codes.get(id).cloned().unwrap_or_else(|| id.to_string());
    if !o.attacks.is_empty() {
        let items: Vec<String> = o
            .attacks
            .iter()
            .map(|a| {
                let col = a
                    .odds
                    .column
                    .and_then(|c| g.data.charts.crt.columns.get(c))
                    .map_or("prohibited".to_string(), |d| format!("column {d:+}"));
                format!(
                    "{} on {} {}: {} vs {} ({:+}, {col}){}",
                    a.attackers
                        .iter()
                        .map(|x| code_of(x))
                        .collect::<Vec<_>>()
                        .join("+"),
                    code_of(&a.defender),
                    a.target,
                    a.odds.attack,
                    a.odds.defence,
                    a.odds.differential,
                    if a.resolved { " resolved" } else { "" }
                )
            })
            .collect();
        wrap(&mut out, "Attacks: ", &items, " · ");
    }
    if !o.supports.is_empty() {
        let items: Vec<String> = o
            .supports
            .iter()
            .map(|(a, t)| format!("{} -> {}", code_of(a), code_of(t)))
            .collect();
        wrap(&mut out, "Supporting Fire: ", &items, " · ");
    }
    if let Some((target, die, result)) = &o.resolving {
        let _ = writeln!(
            out,
            "Resolving: attack on {target}{}{}",
            die.map_or(String::new(), |d| format!(", die {d}")),
            result
                .as_ref()
                .map_or(String::new(), |r| format!(", result {r}"))
        );
    }
    if let Some(r) = &o.retreating {
        let _ = writeln!(out, "Retreating or testing: {}", code_of(r));
    }
    for side in Side::ALL {
        let d = &o.decks[side.index()];
        match &d.hand {
            Some(hand) => {
                let items: Vec<String> = hand
                    .iter()
                    .map(|c| {
                        format!(
                            "{} \"{}\" ({}{})",
                            c.id,
                            c.title,
                            window_name(c.window),
                            if c.playable_now { ", playable now" } else { "" }
                        )
                    })
                    .collect();
                let head = format!(
                    "{} hand ({}, draw pile {}): ",
                    g.side_name(side),
                    d.hand_size,
                    d.draw_pile
                );
                if items.is_empty() {
                    let _ = writeln!(out, "{head}empty");
                } else {
                    wrap(&mut out, &head, &items, " · ");
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    "{} hand: {} cards (hidden), draw pile {}, discards {}",
                    g.side_name(side),
                    d.hand_size,
                    d.draw_pile,
                    d.discard.len()
                );
            }
        }
    }

    // The pieces this viewer can identify.
    for side in Side::ALL {
        let mut items: Vec<String> = o
            .pieces
            .iter()
            .filter(|p| p.side == side)
            .filter_map(|p| {
                let u = p.unit.as_ref()?;
                let state = match p.status {
                    Status::Steady => "",
                    Status::Shaken => " shaken",
                    Status::Routed => " routed",
                };
                let name: String = u
                    .name
                    .split(" (")
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(12)
                    .collect::<String>()
                    .trim_end()
                    .to_string();
                if u.kind == Kind::Dummy && p.hex.is_none() {
                    return None;
                }
                if u.kind == Kind::Dummy {
                    return Some(format!(
                        "{} dummy {} {}",
                        code_of(&u.id),
                        p.hex.as_deref().unwrap_or("gone"),
                        p.facing
                    ));
                }
                Some(
                    format!(
                        "{} {} {} {} {}{}",
                        code_of(&u.id),
                        name,
                        values(u),
                        p.hex.as_deref().unwrap_or("eliminated"),
                        if p.hex.is_some() {
                            p.facing.to_string()
                        } else {
                            String::new()
                        },
                        state
                    )
                    .trim_end()
                    .to_string(),
                )
            })
            .collect();
        if items.is_empty() {
            continue;
        }
        items.sort();
        wrap(
            &mut out,
            &format!("{} pieces: ", g.side_name(side)),
            &items,
            " · ",
        );
    }
    if let Some(e) = &o.ending {
        let _ = writeln!(
            out,
            "Result: {} ({}), VP {}-{}",
            e.winner
                .map_or("draw".to_string(), |w| format!("{} wins", g.side_name(w))),
            e.kind,
            e.points[0],
            e.points[1]
        );
    }
    out
}
