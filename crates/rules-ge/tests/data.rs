//! The scenario sections of Glory and Empire: every problem reported, one line each, as
//! `file: key: message`.

mod common;

#[test]
fn the_shipped_test_scenario_and_charts_load() {
    let g = common::game();
    assert_eq!(g.data.charts.fire.len(), 15);
    assert_eq!(g.data.troops.len(), 17);
    assert_eq!(g.data.leaders.len(), 10);
    assert_eq!(g.data.clock(4), "10:20");
}

#[test]
fn errors_name_the_file_and_key() {
    let e = common::errors_of(
        |t| t.replacen("leader = \"anstruther\"", "leader = \"nobody\"", 1),
        |c| c.to_string(),
    );
    assert_eq!(
        e,
        "vimeiro.toml: battalion[0].leader: `nobody` is not a declared leader"
    );
    let e = common::errors_of(
        |t| t.to_string(),
        |c| {
            c.replace(
                "column_fs = 1\nsquare_fs = 1\nstated = [\"artillery\"",
                "column_fs = 1\nsquare_fs = 1\nstated = [\"bogus\", \"artillery\"",
            )
        },
    );
    assert_eq!(
        e,
        "charts.toml: fire.limits.stated: `bogus` is not a field of this record"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let e = common::errors_of(
        |t| {
            t.replace("id = \"20ld\"\nside = \"british\"", "id = \"20ld\"\nside = \"prussian\"")
                .replace("id = \"2-95\"\nat = \"1109\"\nfacing = \"SE\"\nformation = \"sed\"", "id = \"2-95\"\nat = \"1109\"\nfacing = \"SE\"\nformation = \"limbered\"")
                .replace("id = \"junot\"\nside = \"french\"\nname = \"General Junot\"\nechelon = \"army\"\noverall = true", "id = \"junot\"\nside = \"french\"\nname = \"General Junot\"\nechelon = \"army\"\noverall = false")
        },
        |c| c.to_string(),
    );
    let lines: Vec<&str> = e.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("vimeiro.toml: squadron[0].side: unknown side `prussian`")),
        "{e}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with("vimeiro.toml: deploy[5].formation: infantry cannot be in limbered")),
        "{e}"
    );
    assert!(
        lines.iter().any(|l| l.contains("has no Overall Commander")),
        "{e}"
    );
    assert!(lines.len() >= 3);
    // A broken chart stops the map and set-up from being read, and says why.
    let e = common::errors_of(
        |t| t.to_string(),
        |c| c.replace("line = \"FLRRLF\"", "line = \"FLRRL\""),
    );
    assert!(
        e.starts_with("charts.toml: facing.line: `FLRRL`: six letters"),
        "{e}"
    );
}

#[test]
fn the_rules_id_must_be_ge() {
    let e = common::errors_of(
        |t| t.replace("rules = \"ge\"", "rules = \"pg\""),
        |c| c.to_string(),
    );
    assert!(
        e.contains("scenario.rules: this rule system is `ge`, not `pg`"),
        "{e}"
    );
}
