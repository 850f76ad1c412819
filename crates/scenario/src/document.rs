//! A scenario's TOML files merged into one table, remembering which file each key came from.

use std::collections::BTreeMap;

use crate::{Diagnostic, Diagnostics};

/// Key used in diagnostics for TOML syntax errors.
pub(crate) const SYNTAX_KEY: &str = "(syntax)";

/// One or more TOML files merged into one table.
///
/// Each top-level key may come from one file only. The document remembers the file of every
/// top-level key, and of every key of the `[scenario]` table (which [`merge`] may assemble from
/// two documents), so that diagnostics can name the file to fix.
///
/// ```
/// use coupdoeil_scenario::Document;
/// let doc = Document::parse(&[
///     ("scenario.toml", "[scenario]\nid = \"x\"\nextends = \"base\"\n"),
///     ("oob.toml", "[[unit]]\nid = \"a\"\n"),
/// ])
/// .unwrap();
/// assert_eq!(doc.file_of("unit"), "oob.toml");
/// assert_eq!(doc.file_of("unit[0].id"), "oob.toml");
/// assert_eq!(doc.file_of("map"), "?");
/// assert_eq!(doc.extends(), Some("base"));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    table: toml::Table,
    files: BTreeMap<String, String>,
    scenario_files: BTreeMap<String, String>,
}

impl Document {
    /// Parses and merges `(file name, contents)` pairs.
    ///
    /// # Errors
    ///
    /// Every TOML syntax error (with its line and column) and every top-level key defined by
    /// more than one file, all at once.
    pub fn parse(files: &[(&str, &str)]) -> Result<Document, Diagnostics> {
        let mut doc = Document::default();
        let mut diags = Vec::new();
        for &(file, text) in files {
            let table = match text.parse::<toml::Table>() {
                Ok(t) => t,
                Err(e) => {
                    diags.push(Diagnostic {
                        file: file.to_string(),
                        key: SYNTAX_KEY.to_string(),
                        message: syntax_message(&e, text),
                    });
                    continue;
                }
            };
            for (key, value) in table {
                if let Some(first) = doc.files.get(&key) {
                    diags.push(Diagnostic {
                        file: file.to_string(),
                        key: key.clone(),
                        message: format!(
                            "`{key}` is also defined in {first}; each top-level key must come \
                             from a single file"
                        ),
                    });
                    continue;
                }
                if key == "scenario"
                    && let toml::Value::Table(t) = &value
                {
                    for k in t.keys() {
                        doc.scenario_files.insert(k.clone(), file.to_string());
                    }
                }
                doc.files.insert(key.clone(), file.to_string());
                doc.table.insert(key, value);
            }
        }
        if diags.is_empty() {
            Ok(doc)
        } else {
            Err(Diagnostics(diags))
        }
    }

    /// The merged table.
    #[must_use]
    pub fn table(&self) -> &toml::Table {
        &self.table
    }

    /// The file a key came from, or `"?"` if the document has no such key.
    ///
    /// Accepts a top-level key (`"unit"`) or a diagnostic key path (`"unit[3].strength"`,
    /// `"scenario.turns"`); keys of `[scenario]` resolve to the file that set that very key.
    #[must_use]
    pub fn file_of(&self, top_level_key: &str) -> &str {
        let top = first_segment(top_level_key);
        if top == "scenario"
            && let Some(rest) = top_level_key.strip_prefix("scenario.")
            && let Some(file) = self.scenario_files.get(first_segment(rest))
        {
            return file;
        }
        self.files.get(top).map_or("?", String::as_str)
    }

    /// The id of the scenario this one extends (`[scenario] extends`), if any.
    #[must_use]
    pub fn extends(&self) -> Option<&str> {
        self.table
            .get("scenario")?
            .as_table()?
            .get("extends")?
            .as_str()
    }

    /// The top-level keys with the file each came from, in key order.
    pub fn files(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files.iter().map(|(k, f)| (k.as_str(), f.as_str()))
    }
}

/// Lays `over` on top of `base` (the scenario that `over` extends).
///
/// Every top-level key of `over` replaces the base's key of the same name wholesale, except the
/// `[scenario]` table, which is merged key by key (`over` wins). The merged `extends` is the
/// base's own `extends` (or none): `over`'s parent has now been resolved, so a caller resolving a
/// chain of bases keeps calling [`Document::extends`] on the result until it is `None`.
///
/// ```
/// use coupdoeil_scenario::{Document, merge};
/// let base = Document::parse(&[
///     ("base/scenario.toml", "[scenario]\nid = \"b\"\nturns = 6\n"),
///     ("base/oob.toml", "[[unit]]\nid = \"a\"\n"),
/// ])
/// .unwrap();
/// let over = Document::parse(&[(
///     "over/scenario.toml",
///     "[scenario]\nid = \"o\"\nextends = \"b\"\n",
/// )])
/// .unwrap();
/// let doc = merge(base, over);
/// assert_eq!(doc.table()["scenario"]["id"].as_str(), Some("o"));
/// assert_eq!(doc.table()["scenario"]["turns"].as_integer(), Some(6));
/// assert_eq!(doc.extends(), None);
/// assert_eq!(doc.file_of("scenario.turns"), "base/scenario.toml");
/// assert_eq!(doc.file_of("scenario.id"), "over/scenario.toml");
/// assert_eq!(doc.file_of("unit"), "base/oob.toml");
/// ```
#[must_use]
pub fn merge(base: Document, over: Document) -> Document {
    let mut out = base;
    let Document {
        table: over_table,
        files: over_files,
        scenario_files: over_scenario_files,
    } = over;
    for (key, value) in over_table {
        let file = over_files.get(&key).cloned().unwrap_or_else(|| "?".into());
        if key == "scenario"
            && let toml::Value::Table(over_s) = value
        {
            if !out.table.get("scenario").is_some_and(toml::Value::is_table) {
                out.scenario_files.clear();
                out.table
                    .insert(key.clone(), toml::Value::Table(toml::Table::new()));
            }
            if let Some(toml::Value::Table(base_s)) = out.table.get_mut("scenario") {
                for (k, v) in over_s {
                    if k == "extends" {
                        continue;
                    }
                    let f = over_scenario_files
                        .get(&k)
                        .cloned()
                        .unwrap_or_else(|| file.clone());
                    out.scenario_files.insert(k.clone(), f);
                    base_s.insert(k, v);
                }
            }
            out.files.insert(key, file);
            continue;
        }
        if key == "scenario" {
            out.scenario_files.clear();
        }
        out.files.insert(key.clone(), file);
        out.table.insert(key, value);
    }
    out
}

/// The part of a key path before the first `.` or `[`.
fn first_segment(key: &str) -> &str {
    key.split(['.', '[']).next().unwrap_or(key)
}

/// One line describing a TOML syntax error, with its 1-based line and column.
fn syntax_message(e: &toml::de::Error, text: &str) -> String {
    let message = e.message().trim().replace('\n', "; ");
    match e.span() {
        Some(span) => {
            let (line, column) = line_column(text, span.start);
            format!("TOML syntax error at line {line}, column {column}: {message}")
        }
        None => format!("TOML syntax error: {message}"),
    }
}

/// 1-based line and column (in characters) of byte offset `at` in `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(files: &[(&str, &str)]) -> Document {
        Document::parse(files).expect("parses")
    }

    #[test]
    fn merges_files_and_tracks_origins() {
        let d = doc(&[
            ("a.toml", "[scenario]\nid = \"x\"\n[map]\nname = \"m\"\n"),
            ("b.toml", "[[unit]]\nid = \"u\"\n"),
        ]);
        assert_eq!(d.file_of("scenario"), "a.toml");
        assert_eq!(d.file_of("scenario.id"), "a.toml");
        assert_eq!(d.file_of("map.name"), "a.toml");
        assert_eq!(d.file_of("unit[0].id"), "b.toml");
        assert_eq!(d.file_of("nothing"), "?");
        assert_eq!(d.table().len(), 3);
        assert_eq!(d.extends(), None);
        let files: Vec<_> = d.files().collect();
        assert_eq!(
            files,
            [
                ("map", "a.toml"),
                ("scenario", "a.toml"),
                ("unit", "b.toml")
            ]
        );
    }

    #[test]
    fn duplicate_top_level_key_names_both_files() {
        let err = Document::parse(&[
            ("map.toml", "[[hex]]\nat = \"0101\"\n"),
            ("oob.toml", "[[unit]]\nid = \"u\"\n"),
            ("extra.toml", "[[hex]]\nat = \"0102\"\n"),
        ])
        .unwrap_err();
        assert_eq!(err.len(), 1);
        let d = &err.0[0];
        assert_eq!(d.file, "extra.toml");
        assert_eq!(d.key, "hex");
        assert!(d.message.contains("map.toml"), "{}", d.message);
    }

    #[test]
    fn syntax_errors_report_line_and_column_for_every_file() {
        let err = Document::parse(&[
            ("good.toml", "a = 1\n"),
            ("bad.toml", "x = 1\n[unit\nid = 3\n"),
            ("worse.toml", "y = \"unterminated\n"),
        ])
        .unwrap_err();
        assert_eq!(err.len(), 2, "{err}");
        assert_eq!(err.0[0].file, "bad.toml");
        assert_eq!(err.0[0].key, SYNTAX_KEY);
        assert!(
            err.0[0].message.contains("line 2, column"),
            "{}",
            err.0[0].message
        );
        assert_eq!(err.0[1].file, "worse.toml");
        assert!(
            err.0[1].message.contains("line 1, column"),
            "{}",
            err.0[1].message
        );
        assert!(!err.to_string().contains('^'));
        assert_eq!(err.to_string().lines().count(), 2);
    }

    #[test]
    fn duplicate_key_inside_one_file_is_a_syntax_error() {
        let err = Document::parse(&[("a.toml", "x = 1\nx = 2\n")]).unwrap_err();
        assert_eq!(err.0[0].key, SYNTAX_KEY);
        assert!(err.0[0].message.contains("line 2"), "{}", err.0[0].message);
    }

    #[test]
    fn merge_replaces_top_level_keys_and_merges_scenario() {
        let base = doc(&[
            (
                "base/scenario.toml",
                "[scenario]\nid = \"b\"\nsetup = \"free\"\nturns = 6\nextends = \"root\"\n",
            ),
            (
                "base/oob.toml",
                "[[unit]]\nid = \"a\"\n[[corps]]\nid = \"c\"\n",
            ),
        ]);
        let over = doc(&[
            (
                "over/scenario.toml",
                "[scenario]\nid = \"o\"\nsetup = \"historical\"\nextends = \"b\"\n",
            ),
            (
                "over/units.toml",
                "[[unit]]\nid = \"z\"\n[[unit]]\nid = \"y\"\n",
            ),
        ]);
        let m = merge(base, over);
        let s = m.table()["scenario"].as_table().unwrap();
        assert_eq!(s["id"].as_str(), Some("o"));
        assert_eq!(s["setup"].as_str(), Some("historical"));
        assert_eq!(s["turns"].as_integer(), Some(6));
        assert_eq!(m.extends(), Some("root"), "the base's own parent remains");
        assert_eq!(m.table()["unit"].as_array().unwrap().len(), 2);
        assert_eq!(m.table()["corps"].as_array().unwrap().len(), 1);
        assert_eq!(m.file_of("unit"), "over/units.toml");
        assert_eq!(m.file_of("corps"), "base/oob.toml");
        assert_eq!(m.file_of("scenario.setup"), "over/scenario.toml");
        assert_eq!(m.file_of("scenario.turns"), "base/scenario.toml");
        assert_eq!(m.file_of("scenario"), "over/scenario.toml");
    }

    #[test]
    fn merge_without_base_scenario_takes_over_scenario_minus_extends() {
        let base = doc(&[("b.toml", "[map]\nname = \"m\"\n")]);
        let over = doc(&[("o.toml", "[scenario]\nid = \"o\"\nextends = \"b\"\n")]);
        let m = merge(base, over);
        assert_eq!(m.extends(), None);
        assert_eq!(m.table()["scenario"]["id"].as_str(), Some("o"));
        assert_eq!(m.file_of("scenario.id"), "o.toml");
        assert_eq!(m.file_of("map"), "b.toml");
    }

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncdé\nx", 0), (1, 1));
        assert_eq!(line_column("ab\ncdé\nx", 3), (2, 1));
        assert_eq!(line_column("ab\ncdé\nx", 8), (3, 1));
        assert_eq!(line_column("ab\ncdé\nx", 6), (2, 3));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
