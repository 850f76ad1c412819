//! The scenarios embedded in the program are exactly the `.toml` files under `data/scenarios`
//! (each scenario's own, and those a rule system's scenarios share, such as `pg/charts.toml`):
//! a file added there must be added to its rule system's `SCENARIOS` too.

use std::path::Path;

#[test]
fn every_data_file_is_embedded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/scenarios");
    let mut on_disk = Vec::new();
    for rules in std::fs::read_dir(&root).unwrap() {
        let rules = rules.unwrap().path();
        if !rules.is_dir() {
            continue;
        }
        // A rule system's shared files (its scenarios include them) once it has scenarios.
        let has_scenarios = std::fs::read_dir(&rules)
            .unwrap()
            .any(|e| e.unwrap().path().is_dir());
        for scen in std::fs::read_dir(&rules).unwrap() {
            let scen = scen.unwrap().path();
            if has_scenarios && scen.extension().is_some_and(|e| e == "toml") {
                on_disk.push(
                    scen.strip_prefix(&root)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
            if !scen.is_dir() {
                continue;
            }
            for f in std::fs::read_dir(&scen).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "toml") {
                    on_disk.push(
                        f.strip_prefix(&root)
                            .unwrap()
                            .to_string_lossy()
                            .replace('\\', "/"),
                    );
                }
            }
        }
    }
    on_disk.sort();
    let mut embedded = coupdoeil_games::builtin_file_names();
    embedded.sort();
    assert_eq!(
        embedded, on_disk,
        "update the rule system's SCENARIOS in crates/games/src/<rules id>/mod.rs"
    );
}
