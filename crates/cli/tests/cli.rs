//! The `coupdoeil` binary, run as a user would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const HISTORICAL: &str = "dm-leuthen-historical";

struct Out {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn run_with(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Out {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_coupdoeil"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("stdin written");
    Out {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn run(args: &[&str], stdin: &str) -> Out {
    run_with(args, stdin, &[])
}

fn scratch(name: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("coupdoeil-cli-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).expect("scratch directory");
    p
}

fn leuthen_dir() -> String {
    format!(
        "{}/../../data/scenarios/dm/leuthen",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn list_shows_the_builtin_scenarios() {
    let o = run(&["list"], "");
    assert!(o.ok, "{}", o.stderr);
    assert!(
        o.stdout.contains("dm-leuthen ") && o.stdout.contains(HISTORICAL),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout
            .contains("Prussian (prussian) vs Austrian (austrian)"),
        "{}",
        o.stdout
    );
    let j = run(&["list", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&j.stdout).expect("JSON");
    let ids: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"dm-leuthen") && ids.contains(&HISTORICAL),
        "{ids:?}"
    );
    assert_eq!(
        o.stdout.lines().filter(|l| !l.starts_with(' ')).count(),
        ids.len(),
        "{}",
        o.stdout
    );
}

#[test]
fn sim_is_deterministic_whatever_the_thread_count() {
    let args = [
        "sim",
        HISTORICAL,
        "--games",
        "6",
        "--seed",
        "3",
        "--prussian",
        "greedy",
        "--json",
        "--quiet",
    ];
    let a = run_with(&args, "", &[("RAYON_NUM_THREADS", "1")]);
    let b = run_with(&args, "", &[("RAYON_NUM_THREADS", "4")]);
    assert!(a.ok, "{}", a.stderr);
    assert_eq!(a.stdout, b.stdout);
    let v: serde_json::Value = serde_json::from_str(&a.stdout).expect("JSON summary");
    let wins: u64 = v["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(
        wins + v["draws"].as_u64().unwrap() + v["unfinished"].as_u64().unwrap(),
        6
    );
    assert_eq!(v["sides"][0]["agent"], "greedy");
    assert_eq!(v["sides"][1]["agent"], "random");
    let text_args = [
        "sim",
        HISTORICAL,
        "-n",
        "4",
        "--seed",
        "9",
        "--side",
        "austrian=greedy",
        "-q",
    ];
    let t1 = run(&text_args, "");
    let t2 = run(&text_args, "");
    assert!(t1.ok, "{}", t1.stderr);
    assert_eq!(t1.stdout, t2.stdout);
    assert!(t1.stdout.contains("victory kinds:"), "{}", t1.stdout);
    assert!(t1.stdout.contains("mean VP"), "{}", t1.stdout);
}

#[test]
fn sim_refuses_humans_and_unknown_sides() {
    let o = run(
        &["sim", HISTORICAL, "-n", "1", "--prussian", "human", "-q"],
        "",
    );
    assert!(!o.ok && o.stderr.contains("human"), "{}", o.stderr);
    let o = run(
        &[
            "sim",
            HISTORICAL,
            "-n",
            "1",
            "--side",
            "french=random",
            "-q",
        ],
        "",
    );
    assert!(!o.ok && o.stderr.contains("french"), "{}", o.stderr);
    let o = run(&["sim", HISTORICAL, "-n", "1", "--a", "clever", "-q"], "");
    assert!(!o.ok && o.stderr.contains("clever"), "{}", o.stderr);
    let o = run(&["sim", "dm-nowhere", "-n", "1"], "");
    assert!(!o.ok && o.stderr.contains("dm-leuthen"), "{}", o.stderr);
}

#[test]
fn records_verify_and_a_tampered_die_fails_at_its_step() {
    let dir = scratch("records");
    let d = dir.to_str().unwrap();
    let o = run(
        &[
            "sim",
            HISTORICAL,
            "-n",
            "3",
            "--seed",
            "21",
            "--records",
            d,
            "-q",
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    for i in 1..=3 {
        let f = dir.join(format!("game-{i:04}.json"));
        let v = run(&["verify", f.to_str().unwrap()], "");
        assert!(v.ok, "{}{}", v.stdout, v.stderr);
        assert!(v.stdout.starts_with("OK: "), "{}", v.stdout);
        assert_eq!(v.stdout.lines().count(), 1);
    }
    let (f, i) = (1..=3)
        .find_map(|k| {
            let f = dir.join(format!("game-{k:04}.json"));
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
            v["steps"]
                .as_array()
                .unwrap()
                .iter()
                .position(|s| s["value"].as_str().unwrap().starts_with("die "))
                .map(|i| (f, i))
        })
        .expect("a die roll in one of the games");
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    let steps = record["steps"].as_array_mut().unwrap();
    let face: u8 = steps[i]["value"].as_str().unwrap()[4..].parse().unwrap();
    steps[i]["value"] = serde_json::Value::String(format!("die {}", face % 6 + 1));
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, serde_json::to_string(&record).unwrap()).unwrap();
    let v = run(&["verify", bad.to_str().unwrap()], "");
    assert!(!v.ok);
    assert!(
        v.stdout.contains(&format!("at step {}", i + 1)),
        "{}",
        v.stdout
    );

    let r = run(&["replay", f.to_str().unwrap()], "");
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout.contains("== Turn 1, Prussian Movement Phase =="),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Result: "), "{}", r.stdout);

    std::fs::write(dir.join("junk.json"), "{not json").unwrap();
    let v = run(&["verify", dir.join("junk.json").to_str().unwrap()], "");
    assert!(
        !v.ok && v.stderr.contains("not a game record"),
        "{}",
        v.stderr
    );
}

#[test]
fn validate_lists_every_problem_of_a_broken_file() {
    let dir = scratch("validate");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[scenario]\nid = \"broken\"\nname = \"Broken\"\nrules = \"dm\"\nturns = 0\nfirst_player = \"blue\"\n\
         setup = \"free\"\n[[side]]\nid = \"blue\"\nname = \"Blue\"\n[[side]]\nid = \"red\"\nname = \"Red\"\n\
         [map]\nname = \"F\"\ncolumns = 3\nrows = 2\nstagger = \"odd-columns-down\"\ndefault_terrain = \"clear\"\n\
         [[unit]]\nid = \"u\"\nname = \"U\"\nside = \"blue\"\nkind = \"infantry\"\nstrength = 30\nmorale = 5\nmovement = 2\n",
    )
    .unwrap();
    let o = run(&["validate", bad.to_str().unwrap()], "");
    assert!(!o.ok);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert!(lines.len() >= 3, "{}", o.stdout);
    assert!(
        lines.iter().all(|l| l.contains("bad.toml: ")),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("scenario.turns") && o.stdout.contains("unit[0].strength"),
        "{}",
        o.stdout
    );

    let o = run(&["validate", &leuthen_dir()], "");
    assert!(o.ok, "{}{}", o.stdout, o.stderr);
    assert!(o.stdout.starts_with("OK: dm-leuthen "), "{}", o.stdout);
    let o = run(&["validate", "no/such/dir"], "");
    assert!(!o.ok && o.stderr.contains("no such file"), "{}", o.stderr);
}

#[test]
fn a_scenario_directory_plays_and_its_records_carry_the_files() {
    let dir = scratch("userdir");
    let scen = dir.join("mine");
    std::fs::create_dir_all(&scen).unwrap();
    std::fs::write(
        scen.join("scenario.toml"),
        "[scenario]\nid = \"my-leuthen\"\nextends = \"dm-leuthen-historical\"\nname = \"Short Leuthen\"\nturns = 2\n",
    )
    .unwrap();
    let recs = dir.join("recs");
    let o = run(
        &[
            "sim",
            scen.to_str().unwrap(),
            "-n",
            "2",
            "--records",
            recs.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    assert!(o.stdout.starts_with("my-leuthen: 2 games"), "{}", o.stdout);
    // The record verifies without the directory: it carries the scenario's files.
    std::fs::remove_dir_all(&scen).unwrap();
    let v = run(
        &["verify", recs.join("game-0001.json").to_str().unwrap()],
        "",
    );
    assert!(
        v.ok && v.stdout.contains("my-leuthen"),
        "{}{}",
        v.stdout,
        v.stderr
    );
}

#[test]
fn protocol_session() {
    let requests = [
        r#"{"id":1,"cmd":"new","scenario":"dm-leuthen-historical","seed":7}"#,
        r#"{"id":2,"cmd":"to_act"}"#,
        r#"{"id":3,"cmd":"apply","action":"pass"}"#,
        r#"{"id":4,"cmd":"roll"}"#,
        "this is not json",
        r#"{"id":5,"cmd":"force","outcome":"die 3"}"#,
        r#"{"id":6,"cmd":"observe","viewer":"austrian"}"#,
        r#"{"id":7,"cmd":"events","viewer":"A"}"#,
        r#"{"id":8,"cmd":"record"}"#,
        r#"{"id":9,"cmd":"fly"}"#,
        r#"{"cmd":"observe","viewer":"nobody"}"#,
        r#"{"id":10,"cmd":"quit"}"#,
        r#"{"id":11,"cmd":"to_act"}"#,
    ];
    let o = run(&["protocol"], &(requests.join("\n") + "\n"));
    assert!(o.ok, "{}", o.stderr);
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(
        lines.len(),
        12,
        "one response per request up to quit:\n{}",
        o.stdout
    );
    assert!(o.stdout.lines().all(|l| l.starts_with("{\"id\":")));
    let ok: Vec<bool> = lines.iter().map(|l| l["ok"].as_bool().unwrap()).collect();
    assert_eq!(
        ok,
        [
            true, true, false, true, false, false, true, true, true, false, false, true
        ]
    );
    assert_eq!(lines[0]["scenario"], HISTORICAL);
    assert_eq!(lines[0]["sides"][0]["id"], "prussian");
    assert_eq!(lines[1]["to_act"]["kind"], "chance");
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("die roll or card draw")
    );
    assert!(lines[3]["outcome"].as_str().unwrap().starts_with("draw "));
    assert!(lines[4]["id"].is_null());
    assert!(
        lines[5]["error"]
            .as_str()
            .unwrap()
            .contains("cannot happen"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[6]["observation"]["viewer"]["Side"], "B");
    assert!(lines[7]["events"].as_array().is_some());
    assert_eq!(lines[8]["record"]["scenario"], HISTORICAL);
    assert_eq!(lines[8]["record"]["steps"].as_array().unwrap().len(), 1);
    assert!(lines[10]["error"].as_str().unwrap().contains("nobody"));
}

#[test]
fn protocol_plays_to_a_decision_and_applies_legal_actions() {
    // Roll through the opening draws, then apply the first legal action and ask an agent.
    let mut script =
        vec![r#"{"id":0,"cmd":"new","scenario":"dm-leuthen-historical","seed":3}"#.to_string()];
    for i in 1..=5 {
        script.push(format!(r#"{{"id":{i},"cmd":"roll"}}"#));
    }
    script.push(r#"{"id":6,"cmd":"legal"}"#.into());
    script.push(r#"{"id":7,"cmd":"agent","agent":"greedy"}"#.into());
    script.push(r#"{"id":8,"cmd":"render","viewer":"spectator"}"#.into());
    let o = run(&["protocol"], &(script.join("\n") + "\n"));
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 9, "{}", o.stdout);
    assert_eq!(lines[5]["to_act"]["kind"], "side", "{}", lines[5]);
    let actions = lines[6]["actions"].as_array().unwrap();
    assert!(!actions.is_empty());
    assert!(actions[0]["notation"].is_string() && actions[0]["description"].is_string());
    assert_eq!(lines[7]["ok"], true, "{}", lines[7]);
    assert!(lines[7]["action"].is_string());
    assert!(
        lines[8]["text"]
            .as_str()
            .unwrap()
            .contains("spectator's view")
    );
}

#[test]
fn scripted_play_through_stdin() {
    let dir = scratch("play");
    let saved = dir.join("saved.json");
    let end = dir.join("end.json");
    let script = format!(
        "help\n99\nfly to the moon\nstep 0000\nmap\n2\nselect ferdinand\nundo\n1\nsave {}\nquit\n",
        saved.display()
    );
    let o = run(
        &[
            "play",
            HISTORICAL,
            "--prussian",
            "human",
            "--austrian",
            "greedy",
            "--seed",
            "3",
            "--record",
            end.to_str().unwrap(),
        ],
        &script,
    );
    assert!(o.ok, "{}{}", o.stdout, o.stderr);
    let s = &o.stdout;
    assert!(s.contains("Type the number of a choice"), "{s}");
    assert!(s.contains("there is no choice 99"), "{s}");
    assert!(s.contains("refused: cannot read `fly to the moon`"), "{s}");
    assert!(s.contains("refused: "), "{s}");
    assert!(s.contains("Prussian to decide"), "{s}");
    assert!(
        s.contains("and moves are final, 7.5"),
        "a move may not: {s}"
    );
    assert!(s.contains("moves 0611 ->"), "ferdinand stepped: {s}");
    assert!(s.contains("Prussian's view"), "{s}");
    assert!(!s.contains("Daun"), "hidden Austrian units leaked: {s}");
    assert!(
        s.contains(&format!("record written to {}", saved.display())),
        "{s}"
    );
    for f in [&saved, &end] {
        let v = run(&["verify", f.to_str().unwrap()], "");
        assert!(v.ok, "{}{}", v.stdout, v.stderr);
    }
}

#[test]
fn play_draws_a_fresh_seed_and_prints_it_unless_given_one() {
    let seed_of = |out: &str| -> String {
        let start = out.find(", seed ").expect("the seed is printed") + 7;
        out[start..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .to_string()
    };
    let args = |seed: Option<&str>| {
        let mut v = vec![
            "play", HISTORICAL, "--a", "random", "--b", "random", "--no-map",
        ];
        v.extend(["--max-steps", "40"]);
        if let Some(s) = seed {
            v.extend(["--seed", s]);
        }
        v.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let play_with = |seed: Option<&str>| {
        let a = args(seed);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        run(&refs, "")
    };
    let first = play_with(None);
    let second = play_with(None);
    assert!(first.ok, "{}{}", first.stdout, first.stderr);
    assert!(first.stdout.contains("drawn at random"), "{}", first.stdout);
    let (s1, s2) = (seed_of(&first.stdout), seed_of(&second.stdout));
    assert_ne!(s1, s2, "two games, two seeds");
    // The printed seed plays the same game again.
    let again = play_with(Some(&s1));
    assert!(!again.stdout.contains("drawn at random"));
    let body = |o: &str| {
        o.split_once(". Type `help`")
            .map(|x| x.1.to_string())
            .unwrap()
    };
    assert_eq!(body(&again.stdout), body(&first.stdout));
}

#[test]
fn hot_seat_passes_the_screen_between_sides() {
    // Whatever the decision, one of these lines ends it (the others are refused).
    let script = "pass\nend-phase\nend-discard\nend-move\nno-advance\n".repeat(60);
    let o = run(
        &[
            "play",
            HISTORICAL,
            "--prussian",
            "human",
            "--austrian",
            "human",
            "--no-map",
            "--seed",
            "4",
        ],
        &script,
    );
    assert!(o.ok, "{}", o.stderr);
    assert!(
        o.stdout.contains("Pass the screen to the Austrian player"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("Austrian to decide"), "{}", o.stdout);
}

#[test]
fn programs_play_a_whole_game_in_the_terminal() {
    let o = run(
        &[
            "play", HISTORICAL, "--a", "greedy", "--b", "random", "--seed", "2", "--no-map",
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    assert!(o.stdout.contains("Game over: "), "{}", o.stdout);
    assert!(o.stdout.contains("die: "), "dice are shown: {}", o.stdout);
}

#[test]
fn bench_reports_rates() {
    let o = run(&["bench", HISTORICAL, "--seconds", "0.2"], "");
    assert!(o.ok, "{}", o.stderr);
    assert!(
        o.stdout.contains("games/s") && o.stdout.contains("generations/s"),
        "{}",
        o.stdout
    );
}

#[test]
fn protocol_answers_invalid_utf8_and_over_long_lines_with_errors() {
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"{\"id\":1,\"cmd\":\"scen\xffarios\"}\n");
    input.extend_from_slice(b"{\"id\":2,\"cmd\":\"scenarios\"}\n");
    input.extend(std::iter::repeat_n(b'x', (4 << 20) + 10));
    input.push(b'\n');
    input.extend_from_slice(b"{\"id\":3,\"cmd\":\"to_act\"}\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_coupdoeil"))
        .arg("protocol")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("stdin written");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8 answers");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0]["ok"], false);
    assert!(
        lines[0]["error"].as_str().unwrap().contains("not UTF-8"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["id"], 2, "the session goes on");
    assert_eq!(lines[1]["ok"], true);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("longer than the limit"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3]["id"], 3);
    assert!(
        lines[3]["error"].as_str().unwrap().contains("no game"),
        "{}",
        lines[3]
    );
}

/// A rules crate's small test scenario on disk as a user would copy one: `test_file` (under
/// `crates/`) as `<system>/<dir>/scenario.toml`, including the system's shared charts copied from
/// `data/scenarios/<system>/charts.toml`.
fn scenario_with_charts(name: &str, system: &str, dir: &str, test_file: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = scratch(name);
    let scen = out.join(system).join(dir);
    std::fs::create_dir_all(&scen).unwrap();
    std::fs::copy(
        root.join(format!("data/scenarios/{system}/charts.toml")),
        out.join(system).join("charts.toml"),
    )
    .unwrap();
    let text = std::fs::read_to_string(root.join("crates").join(test_file)).unwrap();
    let with_include = text.replacen(
        "[scenario]\n",
        "[scenario]\ninclude = [\"../charts.toml\"]\n",
        1,
    );
    assert_ne!(with_include, text);
    std::fs::write(scen.join("scenario.toml"), with_include).unwrap();
    scen
}

/// Prussia's Glory's small test field in `pg/field/`.
fn pg_field(name: &str) -> PathBuf {
    scenario_with_charts(name, "pg", "field", "rules-pg/tests/data/field.toml")
}

#[test]
fn a_prussias_glory_scenario_validates_with_its_included_charts() {
    let scen = pg_field("pg-validate");
    let o = run(&["validate", scen.to_str().unwrap()], "");
    assert!(o.ok, "{}{}", o.stdout, o.stderr);
    assert!(
        o.stdout.contains("pg-test-field") && o.stdout.contains("rules pg"),
        "{}",
        o.stdout
    );
    // Without the shared file the problem names it.
    std::fs::remove_file(scen.join("../charts.toml")).unwrap();
    let o = run(&["validate", scen.to_str().unwrap()], "");
    assert!(
        !o.ok && o.stderr.contains("charts.toml"),
        "{}{}",
        o.stdout,
        o.stderr
    );
}

#[test]
fn prussias_glory_plays_in_the_terminal_and_its_record_verifies() {
    let scen = pg_field("pg-play");
    let rec = scen.join("../game.json");
    // Move Brigade A one hex, then end the Movement Phase and go on passing.
    let script = format!(
        "select p-a\nstep 0405\nmap\n{}quit\n",
        "end-phase\npass\n".repeat(20)
    );
    let o = run(
        &[
            "play",
            scen.to_str().unwrap(),
            "--prussian",
            "human",
            "--b",
            "greedy",
            "--seed",
            "2",
            "--record",
            rec.to_str().unwrap(),
        ],
        &script,
    );
    assert!(o.ok, "{}{}", o.stdout, o.stderr);
    let s = &o.stdout;
    assert!(
        s.contains("Prussian Player Turn: Movement Phase (7.3)"),
        "{s}"
    );
    assert!(s.contains("Brigade A moves 0305 to 0405"), "{s}");
    assert!(s.contains("AM 14"), "{s}");
    // The picture keeps to 100 columns (the refusals and the log are the command's own).
    for line in s
        .lines()
        .filter(|l| l.contains(" | Turn ") || l.starts_with("Marks: "))
    {
        assert!(
            line.chars().count() <= 100,
            "too wide for a terminal: {line}"
        );
    }
    let v = run(&["verify", rec.to_str().unwrap()], "");
    assert!(
        v.ok && v.stdout.starts_with("OK: "),
        "{}{}",
        v.stdout,
        v.stderr
    );
    let r = run(&["replay", rec.to_str().unwrap()], "");
    assert!(
        r.ok && r.stdout.contains("0405"),
        "{}{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn prussias_glory_sims_benches_and_its_records_verify_without_the_files() {
    let scen = pg_field("pg-sim");
    let recs = scen.join("../recs");
    let o = run(
        &[
            "sim",
            scen.to_str().unwrap(),
            "-n",
            "2",
            "--prussian",
            "greedy",
            "--records",
            recs.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    assert!(
        o.stdout.starts_with("pg-test-field: 2 games"),
        "{}",
        o.stdout
    );
    // The record carries the scenario's files, the included charts with them.
    std::fs::remove_dir_all(scen.join("..")).ok();
    std::fs::create_dir_all(&recs).ok();
    let o = run(
        &[
            "sim",
            "-n",
            "1",
            "--records",
            recs.to_str().unwrap(),
            "-q",
            &pg_field("pg-sim2").display().to_string(),
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    let rec = recs.join("game-0001.json");
    std::fs::remove_dir_all(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("coupdoeil-cli-tests/pg-sim2"),
    )
    .unwrap();
    let v = run(&["verify", rec.to_str().unwrap()], "");
    assert!(
        v.ok && v.stdout.contains("pg-test-field"),
        "{}{}",
        v.stdout,
        v.stderr
    );
    let b = run(
        &[
            "bench",
            &pg_field("pg-bench").display().to_string(),
            "--seconds",
            "0.1",
        ],
        "",
    );
    assert!(b.ok, "{}", b.stderr);
    assert!(
        b.stdout.contains("(rules pg)") && b.stdout.contains("games/s"),
        "{}",
        b.stdout
    );
}

#[test]
fn prussias_glory_over_the_protocol() {
    let scen = pg_field("pg-protocol");
    let script = [
        format!(
            r#"{{"id":1,"cmd":"new","scenario":"{}","seed":5}}"#,
            scen.display()
        ),
        r#"{"id":2,"cmd":"to_act"}"#.to_string(),
        r#"{"id":3,"cmd":"force","outcome":"die 1"}"#.to_string(),
        r#"{"id":4,"cmd":"force","outcome":"die 1"}"#.to_string(),
        r#"{"id":5,"cmd":"legal"}"#.to_string(),
        r#"{"id":6,"cmd":"apply","action":"select p-a"}"#.to_string(),
        r#"{"id":7,"cmd":"apply","action":"step 0405"}"#.to_string(),
        r#"{"id":8,"cmd":"events","viewer":"spectator"}"#.to_string(),
        r#"{"id":9,"cmd":"render","viewer":"coalition"}"#.to_string(),
    ];
    let o = run(&["protocol"], &(script.join("\n") + "\n"));
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 9, "{}", o.stdout);
    assert_eq!(lines[0]["rules"], "pg", "{}", lines[0]);
    assert_eq!(lines[1]["to_act"]["kind"], "chance");
    assert!(
        lines[4]["actions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["notation"] == "select p-a"),
        "{}",
        lines[4]
    );
    assert_eq!(lines[6]["ok"], true, "{}", lines[6]);
    let moved = lines[7]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["json"]["event"] == "moved")
        .expect("a move event");
    assert_eq!(moved["json"]["unit"], "p-a");
    assert_eq!(moved["json"]["to"], "0405");
    assert!(
        lines[8]["text"]
            .as_str()
            .unwrap()
            .contains("Austrian's view")
    );
}

#[test]
fn the_glory_and_empire_battles_are_built_in() {
    let o = run(&["list"], "");
    for b in ["vimeiro", "rolica"] {
        for id in [format!("ge-{b} "), format!("ge-{b}-battalion ")] {
            assert!(o.stdout.contains(&id), "{id}: {}", o.stdout);
        }
    }
    let v = run(&["validate", "ge-rolica-battalion"], "");
    assert!(
        v.ok && v.stdout.contains("Rolica, 17 August 1808 (Battalion Game)"),
        "{}{}",
        v.stdout,
        v.stderr
    );
    for id in ["ge-vimeiro-brigade ", "ge-rolica-brigade "] {
        assert!(o.stdout.contains(id), "{id}: {}", o.stdout);
    }
    let v = run(&["validate", "ge-rolica-brigade"], "");
    assert!(
        v.ok && v.stdout.contains("Rolica, 17 August 1808 (Brigade Game)"),
        "{}{}",
        v.stdout,
        v.stderr
    );
}

#[test]
fn the_prussias_glory_battles_are_built_in_and_bench() {
    let o = run(&["list"], "");
    for b in ["rossbach", "leuthen", "zorndorf", "torgau"] {
        for id in [format!("pg-{b} "), format!("pg-{b}-battle ")] {
            assert!(o.stdout.contains(&id), "{id}: {}", o.stdout);
        }
    }
    let v = run(&["validate", "pg-zorndorf-battle"], "");
    assert!(
        v.ok && v.stdout.contains("Russian"),
        "{}{}",
        v.stdout,
        v.stderr
    );
    let b = run(&["bench", "pg-rossbach-battle", "--seconds", "0.05"], "");
    assert!(b.ok, "{}", b.stderr);
    assert!(
        b.stdout.starts_with("pg-rossbach-battle (rules pg)") && b.stdout.contains("games/s"),
        "{}",
        b.stdout
    );
}

/// Glory and Empire's small Vimeiro test scenario in `ge/vimeiro-test/`.
fn ge_test_scenario(name: &str) -> PathBuf {
    scenario_with_charts(
        name,
        "ge",
        "vimeiro-test",
        "rules-ge/tests/data/vimeiro.toml",
    )
}

#[test]
fn glory_and_empire_plays_in_the_terminal_and_its_record_verifies() {
    let scen = ge_test_scenario("ge-play");
    let o = run(&["validate", scen.to_str().unwrap()], "");
    assert!(
        o.ok && o.stdout.contains("ge-vimeiro-test") && o.stdout.contains("rules ge"),
        "{}{}",
        o.stdout,
        o.stderr
    );
    let rec = scen.join("../game.json");
    // The British take the first Player Turn, pass the command phases and the fire, march the
    // 2/43rd one hex, face it south, look at the map, and go on passing.
    let script = format!(
        "first british\npass\npass\npass\nselect 2-43\nstep 0805\nface S\nmap\nend\n{}quit\n",
        "pass\n".repeat(30)
    );
    let o = run(
        &[
            "play",
            scen.to_str().unwrap(),
            "--a",
            "human",
            "--b",
            "random",
            "--seed",
            "5",
            "--record",
            rec.to_str().unwrap(),
        ],
        &script,
    );
    assert!(o.ok, "{}{}", o.stdout, o.stderr);
    let s = &o.stdout;
    assert!(
        s.contains("British takes the first Player Turn (5.1)"),
        "{s}"
    );
    assert!(
        s.contains("British Player Turn, Movement Phase (4.2.4)"),
        "{s}"
    );
    assert!(s.contains("2/43rd Foot moves into 0805"), "{s}");
    assert!(s.contains("2/43rd Foot faces S (7.1.2)"), "{s}");
    // The map shows the moving stack with its facing arrow and its formation.
    assert!(s.contains("243↓C+"), "{s}");
    assert!(s.contains("Moving: 243"), "{s}");
    for line in s
        .lines()
        .filter(|l| l.contains(" | Turn ") || l.starts_with("Formation: "))
    {
        assert!(
            line.chars().count() <= 100,
            "too wide for a terminal: {line}"
        );
    }
    let v = run(&["verify", rec.to_str().unwrap()], "");
    assert!(
        v.ok && v.stdout.starts_with("OK: "),
        "{}{}",
        v.stdout,
        v.stderr
    );
    let r = run(&["replay", rec.to_str().unwrap()], "");
    assert!(
        r.ok && r.stdout.contains("0805"),
        "{}{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn glory_and_empire_sims_arenas_and_benches() {
    let scen = ge_test_scenario("ge-sim");
    let recs = scen.join("../recs");
    let o = run(
        &[
            "sim",
            scen.to_str().unwrap(),
            "-n",
            "2",
            "--a",
            "random",
            "--b",
            "random",
            "--records",
            recs.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert!(o.ok, "{}", o.stderr);
    assert!(
        o.stdout.starts_with("ge-vimeiro-test: 2 games"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("unfinished 0"),
        "random games end: {}",
        o.stdout
    );
    let v = run(
        &["verify", recs.join("game-0001.json").to_str().unwrap()],
        "",
    );
    assert!(
        v.ok && v.stdout.contains("ge-vimeiro-test"),
        "{}{}",
        v.stdout,
        v.stderr
    );
    // The one-step-lookahead program against random, sides swapped, stopped early: the greedy
    // program thinks over every candidate, so a whole battle is too long for a test.
    let a = run(
        &[
            "arena",
            scen.to_str().unwrap(),
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "2",
            "--max-steps",
            "150",
            "-q",
        ],
        "",
    );
    assert!(a.ok, "{}", a.stderr);
    assert!(
        a.stdout.contains("greedy")
            && a.stdout.contains("as British")
            && a.stdout.contains("as French"),
        "{}",
        a.stdout
    );
    let b = run(&["bench", scen.to_str().unwrap(), "--seconds", "0.1"], "");
    assert!(b.ok, "{}", b.stderr);
    assert!(
        b.stdout.contains("(rules ge)") && b.stdout.contains("games/s"),
        "{}",
        b.stdout
    );
}

#[test]
fn glory_and_empire_over_the_protocol() {
    let scen = ge_test_scenario("ge-protocol");
    let script = [
        format!(
            r#"{{"id":1,"cmd":"new","scenario":"{}","seed":5}}"#,
            scen.display()
        ),
        r#"{"id":2,"cmd":"to_act"}"#.to_string(),
        r#"{"id":3,"cmd":"force","outcome":"d10 7"}"#.to_string(),
        r#"{"id":4,"cmd":"force","outcome":"d10 1"}"#.to_string(),
        r#"{"id":5,"cmd":"legal"}"#.to_string(),
        r#"{"id":6,"cmd":"apply","action":"first british"}"#.to_string(),
        r#"{"id":7,"cmd":"events","viewer":"spectator"}"#.to_string(),
        r#"{"id":8,"cmd":"observe","viewer":"french"}"#.to_string(),
        r#"{"id":9,"cmd":"render","viewer":"french"}"#.to_string(),
        r#"{"id":10,"cmd":"force","outcome":"d100 100"}"#.to_string(),
    ];
    let o = run(&["protocol"], &(script.join("\n") + "\n"));
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 10, "{}", o.stdout);
    assert_eq!(lines[0]["rules"], "ge", "{}", lines[0]);
    assert_eq!(lines[1]["to_act"]["kind"], "chance");
    assert_eq!(lines[4]["to_act"]["id"], "british", "{}", lines[4]);
    let legal: Vec<&str> = lines[4]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["notation"].as_str().unwrap())
        .collect();
    assert_eq!(legal, ["first british", "first french"], "{}", lines[4]);
    assert_eq!(lines[5]["ok"], true, "{}", lines[5]);
    let texts: Vec<&str> = lines[6]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("British wins the initiative (5.1)")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("British takes the first Player Turn (5.1)")),
        "{texts:?}"
    );
    let obs = &lines[7]["observation"];
    assert_eq!(obs["turn"], 1, "{}", lines[7]);
    assert!(obs["units"].as_array().unwrap().len() > 10);
    assert!(
        lines[8]["text"].as_str().unwrap().contains("French's view"),
        "{}",
        lines[8]
    );
    assert_eq!(lines[9]["ok"], false, "{}", lines[9]);
}
