//! Pieces the rule systems' terminal pictures share: a character canvas, line wrapping to the
//! panel width, one letter per terrain, facing arrows and the viewer's name.

use coupdoeil_engine::{Side, Viewer};
use coupdoeil_hex::Facing;
use std::collections::BTreeMap;

/// Width of the panel lines under a map.
pub(crate) const PANEL_W: usize = 98;

/// Appends `items` to `out` as lines of at most [`PANEL_W`] characters, the first one starting
/// with `head`, the others indented past its leading spaces.
pub(crate) fn wrap(out: &mut String, head: &str, items: &[String], sep: &str) {
    let lead = head.len() - head.trim_start().len();
    let indent = " ".repeat(lead + 4);
    let mut line = head.to_string();
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

/// A grid of characters the map is drawn into.
pub(crate) struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    pub(crate) fn new(w: usize, h: usize) -> Self {
        Canvas {
            rows: vec![vec![' '; w]; h],
        }
    }

    /// Writes `text` from column `x` of line `y`, clipped to the canvas.
    pub(crate) fn put(&mut self, x: usize, y: usize, text: &str) {
        if let Some(row) = self.rows.get_mut(y) {
            for (i, ch) in text.chars().enumerate() {
                if let Some(c) = row.get_mut(x + i) {
                    *c = ch;
                }
            }
        }
    }

    /// Appends the lines, trailing blanks trimmed.
    pub(crate) fn finish(self, out: &mut String) {
        for r in self.rows {
            let s: String = r.into_iter().collect();
            out.push_str(s.trim_end());
            out.push('\n');
        }
    }
}

/// One letter per terrain type (its name's first free letter, in capitals) and the index of
/// the map's most common terrain, which is drawn blank. `cells` gives each hex's terrain.
pub(crate) fn terrain_letters(
    names: &[&str],
    cells: impl Iterator<Item = usize>,
) -> (Vec<char>, usize) {
    let mut counts = vec![0usize; names.len()];
    for t in cells {
        if let Some(n) = counts.get_mut(t) {
            *n += 1;
        }
    }
    let common = counts
        .iter()
        .enumerate()
        .max_by_key(|(i, n)| (**n, usize::MAX - i))
        .map_or(0, |(i, _)| i);
    let mut letters = Vec::new();
    for name in names {
        let l = name
            .chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_uppercase)
            .find(|c| !letters.contains(c))
            .unwrap_or('#');
        letters.push(l);
    }
    (letters, common)
}

/// Three-letter map codes for counters given as (data id, side): side A in capitals, side B in
/// lower case; from the data id without a short alphabetic side prefix (`p-forcade` is `FOR`,
/// `2-43` is `243`), made unique per side.
pub(crate) fn counter_codes<'a>(
    ids: impl Iterator<Item = (&'a str, Side)>,
) -> BTreeMap<String, String> {
    let mut used: Vec<(Side, String)> = Vec::new();
    let mut out = BTreeMap::new();
    for (id, side) in ids {
        let body = match id.split_once('-') {
            Some((head, rest))
                if head.len() <= 2 && head.chars().all(char::is_alphabetic) && !rest.is_empty() =>
            {
                rest
            }
            _ => id,
        };
        let letters: Vec<char> = body
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .flat_map(char::to_uppercase)
            .collect();
        let taken =
            |c: &String, used: &[(Side, String)]| used.iter().any(|(s, x)| *s == side && x == c);
        let mut pick: String = letters.iter().take(3).collect();
        let mut k = 3;
        while (taken(&pick, &used) || pick.len() < 3) && k < letters.len() {
            pick = [letters[0], letters[1.min(letters.len() - 1)], letters[k]]
                .iter()
                .collect();
            k += 1;
        }
        let mut n = 1;
        while taken(&pick, &used) || pick.len() < 3 {
            let first = letters.first().copied().unwrap_or('U');
            pick = format!("{first}{n:02}");
            n += 1;
        }
        used.push((side, pick.clone()));
        let cased = if side == Side::A {
            pick
        } else {
            pick.to_lowercase()
        };
        out.insert(id.to_string(), cased);
    }
    out
}

/// An arrow for each of the twelve facings: single arrows face a hexside, double arrows a
/// corner.
pub(crate) fn arrow(f: Facing) -> char {
    ['↑', '⇗', '↗', '⇒', '↘', '⇘', '↓', '⇙', '↙', '⇐', '↖', '⇖'][usize::from(f.index() % 12)]
}

/// Whose view a picture shows, in words.
pub(crate) fn view_name(v: Viewer, side_name: impl Fn(Side) -> String) -> String {
    match v {
        Viewer::Side(s) => format!("{}'s view", side_name(s)),
        Viewer::Spectator => "spectator's view".into(),
        Viewer::Referee => "referee's view".into(),
    }
}

/// The window of a map picture, as inclusive column and row ranges of `cols` by `rows` hexes
/// inside the map's `extent` (first and last column, first and last row): centred on `focus`
/// (the hex being acted on), else on the mean of `own` (the acting side's pieces), else on the
/// middle of the map; a map smaller than the window is shown whole.
pub(crate) fn window(
    extent: (i32, i32, i32, i32),
    focus: Option<(i32, i32)>,
    own: &[(i32, i32)],
    cols: i32,
    rows: i32,
) -> ((i32, i32), (i32, i32)) {
    let (c0, c1, r0, r1) = extent;
    let (fc, fr) = match focus {
        Some(f) => f,
        None if !own.is_empty() => {
            let n = own.len() as i32;
            (
                own.iter().map(|p| p.0).sum::<i32>() / n,
                own.iter().map(|p| p.1).sum::<i32>() / n,
            )
        }
        None => ((c0 + c1) / 2, (r0 + r1) / 2),
    };
    let span = |lo: i32, hi: i32, f: i32, w: i32| -> (i32, i32) {
        if hi - lo < w {
            return (lo, hi);
        }
        let start = (f - w / 2).clamp(lo, hi - w + 1);
        (start, start + w - 1)
    };
    (span(c0, c1, fc, cols), span(r0, r1, fr, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_are_distinct() {
        let mut seen: Vec<char> = Facing::ALL.iter().map(|f| arrow(*f)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 12);
    }

    #[test]
    fn the_common_terrain_is_blank_and_letters_are_unique() {
        let (letters, common) =
            terrain_letters(&["Clear", "Woods", "Wall"], [0, 0, 1, 2].into_iter());
        assert_eq!(common, 0);
        assert_eq!(letters, ['C', 'W', 'A']);
    }

    #[test]
    fn codes_drop_a_side_prefix_and_stay_unique() {
        let c = counter_codes(
            [
                ("p-forcade", Side::A),
                ("2-43", Side::A),
                ("gren-1-1", Side::B),
                ("gren-1-2", Side::B),
            ]
            .into_iter(),
        );
        assert_eq!(c["p-forcade"], "FOR");
        assert_eq!(c["2-43"], "243");
        assert_eq!(c["gren-1-1"], "gre");
        assert_eq!(c["gren-1-2"], "grn");
    }

    #[test]
    fn wrapped_lines_keep_to_the_panel() {
        let mut out = String::new();
        let items: Vec<String> = (0..40).map(|i| format!("item {i}")).collect();
        wrap(&mut out, "  Head: ", &items, ", ");
        assert!(out.lines().count() > 1);
        assert!(out.lines().all(|l| l.chars().count() <= PANEL_W), "{out}");
        assert!(
            out.lines().nth(1).unwrap().starts_with("      item"),
            "{out}"
        );
    }
}
