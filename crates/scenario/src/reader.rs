//! What every rules crate does to read its own sections of a merged scenario document (its
//! charts, its orders of battle): find a table or an array of tables, type it with serde, and
//! collect one [`Diagnostic`] per problem, naming the file the key came from.

use crate::{Diagnostic, Scenario};
use serde::de::DeserializeOwned;

/// Prepares a record for typing: removes what only documents it (its provenance fields such as
/// `stated`, `source`, `note`) and reports problems found on the way as `(key, message)`.
/// Called with the record's value and its key path (`unit[3]`).
pub type Strip = fn(&toml::Value, &str, &mut Vec<(String, String)>) -> toml::Value;

/// The provenance fields every data record may carry beside its values.
pub const PROVENANCE: [&str; 3] = ["stated", "source", "note"];

/// A [`Strip`] that removes the provenance fields of a table's own keys (not of nested tables)
/// and reports nothing.
#[must_use]
pub fn strip_provenance(
    v: &toml::Value,
    _path: &str,
    _bad: &mut Vec<(String, String)>,
) -> toml::Value {
    match v {
        toml::Value::Table(t) => toml::Value::Table(
            t.iter()
                .filter(|(k, _)| !PROVENANCE.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Reads typed sections from a scenario, collecting diagnostics instead of stopping at the first.
pub struct Reader<'a> {
    /// The scenario read.
    pub sc: &'a Scenario,
    /// The problems found so far.
    pub diags: Vec<Diagnostic>,
    strip: Strip,
}

impl<'a> Reader<'a> {
    /// A reader of `sc` that prepares each record with `strip` before typing it.
    #[must_use]
    pub fn new(sc: &'a Scenario, strip: Strip) -> Self {
        Reader {
            sc,
            diags: Vec::new(),
            strip,
        }
    }

    /// Records a problem at `key` (a key path such as `unit[3].strength`), in the file that
    /// holds it.
    pub fn err(&mut self, key: &str, message: impl Into<String>) {
        let file = self.sc.document.file_of(key).to_string();
        self.diags.push(Diagnostic {
            file,
            key: key.to_string(),
            message: message.into(),
        });
    }

    /// The value at a dotted path of a top-level key and its sub-keys (`fire.limits`).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&toml::Value> {
        let mut parts = key.split('.');
        let mut v = self.sc.document.table().get(parts.next()?)?;
        for p in parts {
            v = v.as_table()?.get(p)?;
        }
        Some(v)
    }

    /// `v` (found at `key`) as a `T`, or a diagnostic.
    pub fn typed<T: DeserializeOwned>(&mut self, key: &str, v: &toml::Value) -> Option<T> {
        let mut bad = Vec::new();
        let clean = (self.strip)(v, key, &mut bad);
        for (k, m) in bad {
            self.err(&k, m);
        }
        match clean.try_into::<T>() {
            Ok(t) => Some(t),
            Err(e) => {
                // The message's last line that is not a source excerpt.
                let msg = e.to_string();
                let line = msg
                    .lines()
                    .map(str::trim)
                    .rfind(|l| !l.is_empty() && !l.starts_with('|') && !l.starts_with("-->"))
                    .unwrap_or("")
                    .to_string();
                self.err(key, line);
                None
            }
        }
    }

    /// The position of side `id` in the scenario's side list; an unknown side is a diagnostic
    /// at `key`. (A rule system maps position 0 to its first side, any other to its second.)
    pub fn side_index(&mut self, key: &str, id: &str) -> Option<usize> {
        let i = self.sc.sides.iter().position(|s| s.id == id);
        if i.is_none() {
            self.err(key, format!("unknown side `{id}`"));
        }
        i
    }

    /// The table `[key]` as a `T`; missing or of another type is a diagnostic.
    pub fn table<T: DeserializeOwned>(&mut self, key: &str) -> Option<T> {
        match self.get(key).cloned() {
            Some(v @ toml::Value::Table(_)) => self.typed(key, &v),
            Some(_) => {
                self.err(key, format!("expected a table ([{key}])"));
                None
            }
            None => {
                self.err(key, format!("missing [{key}]"));
                None
            }
        }
    }

    /// The array of tables `[[key]]`, each entry typed (the entries that fail are left out, with
    /// a diagnostic each); missing is a diagnostic only if `required`.
    pub fn array<T: DeserializeOwned>(&mut self, key: &str, required: bool) -> Vec<T> {
        self.indexed(key, required)
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    }

    /// Like [`Reader::array`], keeping each entry's index (for the keys of later diagnostics).
    pub fn indexed<T: DeserializeOwned>(&mut self, key: &str, required: bool) -> Vec<(usize, T)> {
        let values = match self.get(key).cloned() {
            Some(toml::Value::Array(a)) => a,
            Some(_) => {
                self.err(key, format!("expected an array of tables ([[{key}]])"));
                return Vec::new();
            }
            None => {
                if required {
                    self.err(key, format!("missing [[{key}]]"));
                }
                return Vec::new();
            }
        };
        values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| self.typed(&format!("{key}[{i}]"), v).map(|t| (i, t)))
            .collect()
    }
}
