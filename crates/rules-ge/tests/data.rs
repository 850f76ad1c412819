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

#[test]
fn a_counter_is_printed_for_its_sides_nation_unless_the_data_names_one() {
    let g = common::game();
    let id = |x: &str| g.data.troop_by_id(x).unwrap().ix();
    assert_eq!(g.data.troops[id("2-43")].nation, "british");
    assert_eq!(g.data.troops[id("gren-1-1")].nation, "french");
    let l = g.data.leader_by_id("junot").unwrap().ix();
    assert_eq!(g.data.leaders[l].nation, "french");
    let g = common::game_from(
        |t| {
            t.replacen(
                "id = \"20ld\"\nside = \"british\"",
                "id = \"20ld\"\nside = \"british\"\nnation = \"portuguese\"",
                1,
            )
            .replacen(
                "id = \"fane\"\nside = \"british\"",
                "id = \"fane\"\nside = \"british\"\nnation = \"portuguese\"",
                1,
            )
        },
        |c| c.to_string(),
    );
    assert_eq!(g.data.troops[id("20ld")].nation, "portuguese");
    let l = g.data.leader_by_id("fane").unwrap().ix();
    assert_eq!(g.data.leaders[l].nation, "portuguese");
}

#[test]
fn an_objective_scores_for_a_declared_side_only() {
    // The test scenario with the hill (its second objective) scoring for `side` only.
    let hill_for = |side: &'static str| {
        move |t: &str| {
            let hill = "name = \"Vimeiro Hill\"\nvp = 8\nowner = \"british\"";
            t.replacen(hill, &format!("{hill}\nscores_for = \"{side}\""), 1)
        }
    };
    let e = common::errors_of(hill_for("spanish"), |c| c.to_string());
    assert!(
        e.starts_with("vimeiro.toml: objective[1].scores_for: unknown side `spanish`"),
        "{e}"
    );
    // A declared side loads, and the objective then counts only for it.
    let g = common::game_from(hill_for("french"), |c| c.to_string());
    let s = coupdoeil_engine::Game::initial_state(&g);
    assert_eq!(g.data.objectives[1].scores_for, Some(common::F));
    assert_eq!(
        g.score(&s),
        [8, 0],
        "the churchyard counts, the hill does not"
    );
}
