//! The scenarios shipped inside the program, embedded at build time. Each rule system's module
//! lists its own directories with [`scenario_files!`]; the registry gathers them.

use coupdoeil_scenario::Document;
use std::sync::OnceLock;

/// A scenario directory shipped with the program: its path under `data/scenarios/` and its files.
pub(crate) struct Builtin {
    /// `dm/leuthen`.
    pub dir: &'static str,
    /// File name and contents.
    pub files: &'static [(&'static str, &'static str)],
}

/// A built-in scenario directory: `scenario_files!("dm/leuthen": "scenario.toml", "map.toml")`
/// embeds `data/scenarios/dm/leuthen/scenario.toml` and `map.toml`. A file its `[scenario]
/// include` names is listed the same way, relative to the directory (`"../charts.toml"`).
macro_rules! scenario_files {
    ($dir:literal: $($file:literal),+ $(,)?) => {
        Builtin {
            dir: $dir,
            files: &[$(($file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/scenarios/", $dir, "/", $file)))),+],
        }
    };
}

/// Every built-in scenario directory, in registry order.
pub(crate) fn all() -> &'static [&'static Builtin] {
    static ALL: OnceLock<Vec<&'static Builtin>> = OnceLock::new();
    ALL.get_or_init(|| crate::builtin_scenarios().collect())
}

impl Builtin {
    /// The files named `dir/file` (an included `../charts.toml` of `pg/rossbach` is
    /// `pg/charts.toml`), for diagnostics.
    pub(crate) fn named_files(&self) -> Vec<(String, &'static str)> {
        self.files
            .iter()
            .map(|(f, text)| {
                (
                    crate::include::normalize(&format!("{}/{f}", self.dir)),
                    *text,
                )
            })
            .collect()
    }

    /// The files parsed into one document, their includes checked.
    pub(crate) fn document(&self) -> Result<Document, coupdoeil_scenario::Diagnostics> {
        let files = self.named_files();
        let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        crate::include::check_includes(&refs)?;
        Document::parse(&refs)
    }
}

/// The id declared by each built-in (`[scenario] id`), in [`all`] order; `None` where the
/// files do not parse (reported when the scenario is loaded).
fn ids() -> &'static [Option<String>] {
    static IDS: OnceLock<Vec<Option<String>>> = OnceLock::new();
    IDS.get_or_init(|| {
        all()
            .iter()
            .map(|b| {
                let doc = b.document().ok()?;
                doc.table()
                    .get("scenario")?
                    .get("id")?
                    .as_str()
                    .map(str::to_string)
            })
            .collect()
    })
}

/// The built-in scenario with this id.
pub(crate) fn find(id: &str) -> Option<&'static Builtin> {
    ids()
        .iter()
        .position(|i| i.as_deref() == Some(id))
        .map(|i| all()[i])
}

/// The ids of every built-in scenario, in registry order.
pub(crate) fn all_ids() -> Vec<String> {
    ids().iter().flatten().cloned().collect()
}

/// Every embedded file as `rules/scenario/file.toml`, e.g. `dm/leuthen/map.toml`, or
/// `rules/file.toml` for a file shared by a rule system's scenarios (`pg/charts.toml`), once
/// each, in registry order.
#[must_use]
pub fn builtin_file_names() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in all().iter().flat_map(|b| b.named_files()).map(|(n, _)| n) {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}
