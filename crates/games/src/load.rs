//! Loading scenarios: built-in ids, or files handed over by the caller; `extends` resolved
//! against the built-ins; every problem returned at once.

use crate::builtin;
use crate::{AnyGame, AnyMatch, RULES_IDS, bind};
use coupdoeil_scenario::{Diagnostic, Diagnostics, Document, Scenario, merge};
use std::collections::BTreeMap;

/// How deep a chain of `extends` may go (deeper means a cycle).
const MAX_EXTENDS: usize = 8;

/// What the registry knows about a scenario before loading it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScenarioInfo {
    /// Id, e.g. `dm-leuthen`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rule system id, e.g. `dm`.
    pub rules: String,
    /// A paragraph for players (may be empty).
    pub description: String,
    /// Side ids and names, side A first.
    pub sides: Vec<(String, String)>,
    /// The scenario this one extends, if any.
    pub extends: Option<String>,
    /// Offered first to players (`[scenario] featured`).
    pub featured: bool,
}

/// Why a scenario could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// No built-in scenario has this id.
    #[error("no built-in scenario `{id}` (built-in: {known})")]
    Unknown {
        /// The id asked for.
        id: String,
        /// The built-in ids, comma-separated.
        known: String,
    },
    /// The files have problems: every one, each with file, key and message.
    #[error("{0}")]
    Invalid(Diagnostics),
}

/// A loaded scenario, ready to start matches.
#[derive(Clone)]
pub struct Loaded {
    /// The game.
    pub game: AnyGame,
    /// The scenario's own files when it is not built-in (records carry them).
    pub files: Option<BTreeMap<String, String>>,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("scenario", &self.game.scenario_id())
            .field("files", &self.files.as_ref().map(BTreeMap::len))
            .finish()
    }
}

impl Loaded {
    /// A new match with dice seeded by `seed`; its record carries the scenario files if any.
    #[must_use]
    pub fn new_match(&self, seed: u64) -> AnyMatch {
        let mut m = self.game.new_match(seed);
        m.set_scenario_files(self.files.clone());
        m
    }
}

/// Every built-in scenario, in registry order.
#[must_use]
pub fn list() -> Vec<ScenarioInfo> {
    builtin::all()
        .iter()
        .filter_map(|b| {
            let own = b.document().ok()?;
            let extends = own.extends().map(str::to_string);
            let doc = resolve(own).ok()?;
            Some(info(&doc, extends))
        })
        .collect()
}

fn info(doc: &Document, extends: Option<String>) -> ScenarioInfo {
    let s = doc.table().get("scenario");
    let field = |k: &str| {
        s.and_then(|s| s.get(k))
            .and_then(toml::Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let sides = doc
        .table()
        .get("side")
        .and_then(toml::Value::as_array)
        .map(|a| {
            a.iter()
                .map(|s| {
                    let f = |k: &str| {
                        s.get(k)
                            .and_then(toml::Value::as_str)
                            .unwrap_or("?")
                            .to_string()
                    };
                    (f("id"), f("name"))
                })
                .collect()
        })
        .unwrap_or_default();
    ScenarioInfo {
        id: field("id"),
        name: field("name"),
        rules: field("rules"),
        description: field("description")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        sides,
        extends,
        featured: s
            .and_then(|s| s.get("featured"))
            .and_then(toml::Value::as_bool)
            .unwrap_or(false),
    }
}

/// Lays the document over the built-in scenarios it extends, as long as it extends one.
fn resolve(mut doc: Document) -> Result<Document, Diagnostics> {
    for _ in 0..MAX_EXTENDS {
        let Some(base_id) = doc.extends().map(str::to_string) else {
            return Ok(doc);
        };
        let Some(base) = builtin::find(&base_id) else {
            return Err(Diagnostics(vec![Diagnostic {
                file: doc.file_of("scenario.extends").to_string(),
                key: "scenario.extends".into(),
                message: format!(
                    "no built-in scenario `{base_id}` to extend (built-in: {})",
                    builtin::all_ids().join(", ")
                ),
            }]));
        };
        doc = merge(base.document()?, doc);
    }
    Err(Diagnostics(vec![Diagnostic {
        file: doc.file_of("scenario.extends").to_string(),
        key: "scenario.extends".into(),
        message: format!("`extends` chain longer than {MAX_EXTENDS}: is there a cycle?"),
    }]))
}

/// Validates a resolved document and binds it to its rule system.
fn build(doc: Document) -> Result<AnyGame, Diagnostics> {
    let scenario = Scenario::from_document(doc)?;
    bind(&scenario).unwrap_or_else(|| {
        Err(Diagnostics(vec![Diagnostic {
            file: scenario.document.file_of("scenario.rules").to_string(),
            key: "scenario.rules".into(),
            message: format!(
                "the rule system `{}` is not available in this program (available: {})",
                scenario.rules,
                RULES_IDS.join(", ")
            ),
        }]))
    })
}

/// Loads a built-in scenario by id.
///
/// # Errors
/// An unknown id, or the built-in files' diagnostics (a bug in the shipped data).
pub fn load(id: &str) -> Result<Loaded, LoadError> {
    let Some(b) = builtin::find(id) else {
        return Err(LoadError::Unknown {
            id: id.to_string(),
            known: builtin::all_ids().join(", "),
        });
    };
    let doc = b.document().and_then(resolve).map_err(LoadError::Invalid)?;
    let game = build(doc).map_err(LoadError::Invalid)?;
    Ok(Loaded { game, files: None })
}

/// Loads a scenario from files the caller read: `(file name, contents)`, one `.toml` file or
/// every `.toml` file of a scenario directory, with the files their `[scenario] include` names
/// ([`scenario_includes`](crate::scenario_includes)). `extends` resolves against the built-ins.
///
/// # Errors
/// Every problem of the files (syntax, merging, validation, the rule system's own checks).
pub fn load_files(files: Vec<(String, String)>) -> Result<Loaded, LoadError> {
    if files.is_empty() {
        return Err(LoadError::Invalid(Diagnostics(vec![Diagnostic {
            file: "?".into(),
            key: "(files)".into(),
            message: "no scenario files given (expected one .toml file or a directory of them)"
                .into(),
        }])));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    crate::include::check_includes(&refs).map_err(LoadError::Invalid)?;
    let doc = Document::parse(&refs)
        .and_then(resolve)
        .map_err(LoadError::Invalid)?;
    let game = build(doc).map_err(LoadError::Invalid)?;
    Ok(Loaded {
        game,
        files: Some(files.into_iter().collect()),
    })
}

/// Loads the scenario of a record: its own files when it carries them, else the built-in with
/// its id.
///
/// # Errors
/// As [`load`] and [`load_files`].
pub fn load_for_record(record: &coupdoeil_engine::Record) -> Result<Loaded, LoadError> {
    match &record.scenario_files {
        Some(files) => load_files(files.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        None => load(&record.scenario),
    }
}
