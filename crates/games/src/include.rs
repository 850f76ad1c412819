//! `[scenario] include`: files a scenario file names, to be read with it (the shared Player Aid
//! charts of Prussia's Glory, say). Each entry is a path relative to the directory of the file
//! that names it, to a `.toml` file. This crate reads no files: the caller that reads a
//! scenario's files from disk asks [`scenario_includes`] which others to read, and the built-in
//! registry embeds them; [`check_includes`] then reports any named file that was not given.

use coupdoeil_scenario::{Diagnostic, Diagnostics};

/// How deep includes may nest (a file naming a file naming a file ...).
pub const MAX_INCLUDE_DEPTH: usize = 8;

/// A file name with `.` and `..` resolved lexically and `/` as the only separator (a leading
/// `/` kept; `..` beyond the start kept).
pub(crate) fn normalize(name: &str) -> String {
    let absolute = name.starts_with('/') || name.starts_with('\\');
    let mut parts: Vec<&str> = Vec::new();
    for p in name.split(['/', '\\']) {
        match p {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if absolute => {}
                _ => parts.push(".."),
            },
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// The directory part of a file name (`a/b/c.toml` -> `a/b`), empty for a bare name.
fn directory(name: &str) -> &str {
    match name.rfind(['/', '\\']) {
        Some(0) => "/",
        Some(i) => &name[..i],
        None => "",
    }
}

/// Why an include entry is refused, if it is.
fn refuse(entry: &str) -> Option<&'static str> {
    let t = entry.trim();
    if t.is_empty() {
        return Some("is empty");
    }
    let drive = t.len() >= 2 && t.as_bytes()[1] == b':' && t.as_bytes()[0].is_ascii_alphabetic();
    if t.starts_with('/') || t.starts_with('\\') || drive {
        return Some("is an absolute path: give a path relative to this file's directory");
    }
    if !t.ends_with(".toml") {
        return Some("is not a .toml file");
    }
    None
}

/// The entries of a file's `[scenario] include`, each with its index; `None` when the file does
/// not parse or has none (its syntax errors are reported when the files are loaded).
fn entries(text: &str) -> Vec<(usize, Option<String>)> {
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    let Some(inc) = table.get("scenario").and_then(|s| s.get("include")) else {
        return Vec::new();
    };
    match inc.as_array() {
        Some(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (i, v.as_str().map(str::to_string)))
            .collect(),
        None => vec![(0, None)],
    }
}

/// The resolved names of the files named by `file`'s valid include entries.
fn resolved(file: &str, text: &str) -> Vec<String> {
    entries(text)
        .into_iter()
        .filter_map(|(_, e)| e)
        .filter(|e| refuse(e).is_none())
        .map(|e| normalize(&format!("{}/{}", directory(file), e.trim())))
        .collect()
}

/// The files that `files` (name, contents) name in `[scenario] include` and that are not among
/// them yet, resolved against each naming file's directory, in order and without repeats.
/// A caller reading from disk reads these, adds them, and asks again until none are left (at
/// most [`MAX_INCLUDE_DEPTH`] times). Invalid entries are left for `check_includes` to report.
#[must_use]
pub fn scenario_includes(files: &[(String, String)]) -> Vec<String> {
    let have: Vec<String> = files.iter().map(|(n, _)| normalize(n)).collect();
    let mut out: Vec<String> = Vec::new();
    for (name, text) in files {
        for r in resolved(name, text) {
            if !have.contains(&r) && !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}

/// Checks every `[scenario] include` of `files`: each entry a relative path to a `.toml` file,
/// and that file among `files`.
///
/// # Errors
/// Every bad or missing include, with the file that names it.
pub(crate) fn check_includes(files: &[(&str, &str)]) -> Result<(), Diagnostics> {
    let have: Vec<String> = files.iter().map(|(n, _)| normalize(n)).collect();
    let mut diags = Vec::new();
    for &(name, text) in files {
        for (i, e) in entries(text) {
            let key = format!("scenario.include[{i}]");
            let Some(e) = e else {
                diags.push(Diagnostic {
                    file: name.to_string(),
                    key: "scenario.include".into(),
                    message: "must be a list of file names, e.g. [\"../charts.toml\"]".into(),
                });
                continue;
            };
            if let Some(why) = refuse(&e) {
                diags.push(Diagnostic {
                    file: name.to_string(),
                    key,
                    message: format!("`{e}` {why}"),
                });
                continue;
            }
            let r = normalize(&format!("{}/{}", directory(name), e.trim()));
            if !have.contains(&r) {
                diags.push(Diagnostic {
                    file: name.to_string(),
                    key,
                    message: format!(
                        "includes `{e}` ({r}), which was not given with the scenario's files"
                    ),
                });
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(diags))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_lexically() {
        assert_eq!(
            normalize("data/pg/rossbach/../charts.toml"),
            "data/pg/charts.toml"
        );
        assert_eq!(normalize("./a/./b.toml"), "a/b.toml");
        assert_eq!(normalize("../x.toml"), "../x.toml");
        assert_eq!(normalize("a/../../x.toml"), "../x.toml");
        assert_eq!(normalize("/home/u/s/../c.toml"), "/home/u/c.toml");
        assert_eq!(normalize("a\\b\\..\\c.toml"), "a/c.toml");
        assert_eq!(directory("a/b/c.toml"), "a/b");
        assert_eq!(directory("c.toml"), "");
    }

    #[test]
    fn includes_are_found_once_and_checked() {
        let s = "[scenario]\ninclude = [\"../charts.toml\"]\n";
        let files = vec![
            ("pg/x/scenario.toml".to_string(), s.to_string()),
            ("pg/x/more.toml".to_string(), s.to_string()),
        ];
        assert_eq!(scenario_includes(&files), ["pg/charts.toml"]);
        let refs: Vec<(&str, &str)> = files
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let e = check_includes(&refs).unwrap_err();
        assert_eq!(e.0.len(), 2);
        assert!(e.0[0].message.contains("pg/charts.toml"), "{e}");
        let mut with = refs.clone();
        with.push(("pg/charts.toml", "[crt]\n"));
        check_includes(&with).unwrap();
    }

    #[test]
    fn bad_entries_are_refused() {
        for (entry, why) in [
            ("/etc/passwd.toml", "absolute"),
            ("C:/x.toml", "absolute"),
            ("notes.md", ".toml"),
            ("", "empty"),
        ] {
            let text = format!("[scenario]\ninclude = [\"{entry}\"]\n");
            let e = check_includes(&[("s.toml", text.as_str())]).unwrap_err();
            assert!(e.0[0].message.contains(why), "{entry}: {e}");
            assert!(scenario_includes(&[("s.toml".into(), text)]).is_empty());
        }
        let e = check_includes(&[("s.toml", "[scenario]\ninclude = \"x.toml\"\n")]).unwrap_err();
        assert_eq!(e.0[0].key, "scenario.include");
    }
}
