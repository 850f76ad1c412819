//! Reading scenarios and records from disk, writing records.

use anyhow::{Context, Result, bail};
use coupdoeil_engine::Record;
use coupdoeil_games::{LoadError, Loaded};
use std::path::Path;

/// Opens a scenario given on the command line: a built-in id, a directory of `.toml` files, or
/// one `.toml` file. The outer error is about the file system; the inner one lists the scenario's
/// problems.
pub fn open_scenario(spec: &str) -> Result<Result<Loaded, LoadError>> {
    let builtin = coupdoeil_games::list().iter().any(|s| s.id == spec);
    let path = Path::new(spec);
    if builtin || !path.exists() {
        if !builtin && (spec.ends_with(".toml") || spec.contains('/') || spec.contains('\\')) {
            bail!("no such file or directory: {spec}");
        }
        return Ok(coupdoeil_games::load(spec));
    }
    let files = read_scenario_files(path)?;
    Ok(coupdoeil_games::load_files(files))
}

/// Loads a scenario, turning its diagnostics into an error.
pub fn load_scenario(spec: &str) -> Result<Loaded> {
    match open_scenario(spec)? {
        Ok(l) => Ok(l),
        Err(LoadError::Invalid(d)) => bail!("the scenario {spec} has problems:\n{d}"),
        Err(e) => Err(e.into()),
    }
}

/// The `.toml` files of a scenario directory (sorted, not recursive), or the one file; each
/// named as the path was given, so that diagnostics point at the file to fix; then the files
/// their `[scenario] include` names (relative to the naming file's directory), and theirs.
pub fn read_scenario_files(path: &Path) -> Result<Vec<(String, String)>> {
    let mut out = read_own_files(path)?;
    for _ in 0..coupdoeil_games::MAX_INCLUDE_DEPTH {
        let more = coupdoeil_games::scenario_includes(&out);
        if more.is_empty() {
            return Ok(out);
        }
        for name in more {
            let text = read_text(Path::new(&name))
                .with_context(|| format!("a file of {} includes {name}", path.display()))?;
            out.push((name, text));
        }
    }
    bail!(
        "the includes of {} nest deeper than {} files",
        path.display(),
        coupdoeil_games::MAX_INCLUDE_DEPTH
    )
}

fn read_own_files(path: &Path) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    if path.is_dir() {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(path)
            .with_context(|| format!("cannot read the directory {}", path.display()))?
        {
            let entry =
                entry.with_context(|| format!("cannot read the directory {}", path.display()))?;
            let p = entry.path();
            if p.is_file() && p.extension().is_some_and(|e| e == "toml") {
                names.push(p);
            }
        }
        names.sort();
        if names.is_empty() {
            bail!("the directory {} holds no .toml file", path.display());
        }
        for p in names {
            out.push((p.display().to_string(), read_text(&p)?));
        }
    } else {
        out.push((path.display().to_string(), read_text(path)?));
    }
    Ok(out)
}

fn read_text(p: &Path) -> Result<String> {
    std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))
}

/// Reads a game record (JSON).
pub fn read_record(p: &Path) -> Result<Record> {
    let text = read_text(p)?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a game record", p.display()))
}

/// Writes a game record as pretty JSON.
pub fn write_record(p: &Path, r: &Record) -> Result<()> {
    let text = serde_json::to_string_pretty(r)?;
    std::fs::write(p, text + "\n").with_context(|| format!("cannot write {}", p.display()))
}
