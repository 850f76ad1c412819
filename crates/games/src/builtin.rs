//! The scenarios shipped inside the program, embedded at build time.

use coupdoeil_scenario::Document;
use std::sync::OnceLock;

/// A scenario directory shipped with the program: its path under `data/scenarios/` and its files.
pub(crate) struct Builtin {
    /// `dm/leuthen`.
    pub dir: &'static str,
    /// File name and contents.
    pub files: &'static [(&'static str, &'static str)],
}

macro_rules! scenario_files {
    ($dir:literal: $($file:literal),+ $(,)?) => {
        Builtin {
            dir: $dir,
            files: &[$(($file, include_str!(concat!("../../../data/scenarios/", $dir, "/", $file)))),+],
        }
    };
}

/// Every built-in scenario directory.
pub(crate) static BUILTINS: &[Builtin] = &[
    scenario_files!("dm/leuthen": "scenario.toml", "map.toml", "oob.toml", "cards.toml", "charts.toml"),
    scenario_files!("dm/leuthen-historical": "scenario.toml"),
];

impl Builtin {
    /// The files named `dir/file`, for diagnostics.
    pub(crate) fn named_files(&self) -> Vec<(String, &'static str)> {
        self.files
            .iter()
            .map(|(f, text)| (format!("{}/{f}", self.dir), *text))
            .collect()
    }

    /// The files parsed into one document.
    pub(crate) fn document(&self) -> Result<Document, coupdoeil_scenario::Diagnostics> {
        let files = self.named_files();
        let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        Document::parse(&refs)
    }
}

/// The id declared by each built-in (`[scenario] id`), in [`BUILTINS`] order; `None` where the
/// files do not parse (reported when the scenario is loaded).
fn ids() -> &'static [Option<String>] {
    static IDS: OnceLock<Vec<Option<String>>> = OnceLock::new();
    IDS.get_or_init(|| {
        BUILTINS
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
        .map(|i| &BUILTINS[i])
}

/// The ids of every built-in scenario, in registry order.
pub(crate) fn all_ids() -> Vec<String> {
    ids().iter().flatten().cloned().collect()
}

/// Every embedded file as `rules/scenario/file.toml`, e.g. `dm/leuthen/map.toml`.
#[must_use]
pub fn builtin_file_names() -> Vec<String> {
    BUILTINS
        .iter()
        .flat_map(|b| b.files.iter().map(move |(f, _)| format!("{}/{f}", b.dir)))
        .collect()
}
