use super::*;
use coupdoeil_engine::StepKind;

const HISTORICAL: &str = "dm-leuthen-historical";

fn to_decision(m: &mut AnyMatch) -> Vec<RollInfo> {
    let mut rolls = Vec::new();
    while m.to_act() == ToAct::Chance {
        rolls.push(m.roll().expect("a chance node rolls"));
    }
    rolls
}

#[test]
fn builtins_are_listed_with_sides() {
    let all: Vec<ScenarioInfo> = list().into_iter().filter(|i| i.rules == "dm").collect();
    let ids: Vec<&str> = all.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["dm-leuthen", HISTORICAL]);
    for i in &all {
        assert_eq!(i.rules, "dm");
        assert_eq!(
            i.sides,
            [
                ("prussian".to_string(), "Prussian".to_string()),
                ("austrian".into(), "Austrian".into())
            ]
        );
    }
    assert_eq!(all[1].extends.as_deref(), Some("dm-leuthen"));
    assert_eq!(
        all.iter().map(|i| i.featured).collect::<Vec<_>>(),
        [false, true]
    );
    assert!(!all[0].name.is_empty() && !all[0].description.is_empty());
}

#[test]
fn every_builtin_loads() {
    for i in list() {
        let l = load(&i.id).unwrap_or_else(|e| panic!("{}: {e}", i.id));
        assert_eq!(l.game.scenario_id(), i.id);
        assert!(l.files.is_none());
    }
}

#[test]
fn unknown_ids_and_bad_files_are_errors_not_panics() {
    let e = load("dm-rossbach").unwrap_err();
    assert!(e.to_string().contains("dm-leuthen"), "{e}");
    let e = load_files(Vec::new()).unwrap_err();
    assert!(matches!(e, LoadError::Invalid(_)));
    let e = load_files(vec![
        ("a.toml".into(), "x = [".into()),
        ("b.toml".into(), "\u{0}".into()),
    ])
    .unwrap_err();
    let LoadError::Invalid(d) = e else {
        panic!("diagnostics expected")
    };
    assert_eq!(d.len(), 2, "{d}");
    let e = load_files(vec![(
        "s.toml".into(),
        "[scenario]\nid = \"x\"\nextends = \"nowhere\"\n".into(),
    )])
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("s.toml: scenario.extends: no built-in scenario `nowhere`"),
        "{e}"
    );
    let e = load_files(vec![(
        "s.toml".into(),
        "[scenario]\nid = \"x\"\nextends = \"x\"\n".into(),
    )])
    .unwrap_err();
    assert!(e.to_string().contains("extends"), "{e}");
}

#[test]
fn every_builtin_is_bound_by_the_registry_entry_of_its_rules_id() {
    for i in list() {
        assert!(RULES_IDS.contains(&i.rules.as_str()), "{}", i.rules);
        assert_eq!(load(&i.id).unwrap().game.rules_id(), i.rules);
    }
    let text = "[scenario]\nid = \"x\"\nextends = \"dm-leuthen-historical\"\nrules = \"nosuch\"\n";
    let e = load_files(vec![("s.toml".into(), text.into())]).unwrap_err();
    let available = format!("available: {})", RULES_IDS.join(", "));
    assert!(
        e.to_string()
            .contains("rule system `nosuch` is not available")
            && e.to_string().contains(&available),
        "{e}"
    );
}

#[test]
fn a_user_file_extending_a_builtin_plays_and_its_record_carries_the_file() {
    let text = "[scenario]\nid = \"my-leuthen\"\nextends = \"dm-leuthen-historical\"\nname = \"Mine\"\nturns = 2\n";
    let loaded = load_files(vec![("mine/scenario.toml".into(), text.into())]).unwrap();
    assert_eq!(loaded.game.scenario_id(), "my-leuthen");
    assert_eq!(loaded.game.scenario_name(), "Mine");
    let r = loaded
        .game
        .play_agents(
            [AgentSpec::Random, AgentSpec::Random],
            3,
            100_000,
            loaded.files.clone(),
        )
        .unwrap();
    assert!(r.outcome.is_some());
    let files = r.record.scenario_files.clone().expect("files carried");
    assert_eq!(
        files.get("mine/scenario.toml").map(String::as_str),
        Some(text)
    );
    let replayed = replay_record(&r.record).unwrap();
    assert_eq!(replayed.outcome, r.outcome);
    assert_eq!(replayed.steps.len(), r.record.steps.len());
    // A match started from the loaded scenario carries the files too.
    assert!(loaded.new_match(1).record().scenario_files.is_some());
}

#[test]
fn illegal_and_malformed_input_is_refused_with_reasons() {
    let loaded = load(HISTORICAL).unwrap();
    let mut m = loaded.new_match(7);
    assert!(matches!(m.apply("pass"), Err(PlayError::WrongTime(_))));
    assert!(matches!(m.force("die 9"), Err(PlayError::Parse { .. })));
    to_decision(&mut m);
    assert!(matches!(m.roll(), Err(PlayError::WrongTime(_))));
    let e = m.apply("step 9999").unwrap_err();
    assert!(e.to_string().contains("9999"), "{e}");
    let e = m.apply("dance").unwrap_err();
    assert!(matches!(e, PlayError::Parse { .. }), "{e}");
    // Movement needs a unit selected first: the reason lists the kinds of legal actions.
    let e = m.apply("end-move").unwrap_err();
    assert!(matches!(e, PlayError::Illegal { .. }), "{e}");
    assert!(e.to_string().contains("legal"), "{e}");
}

#[test]
fn events_and_observations_respect_hidden_information() {
    let loaded = load(HISTORICAL).unwrap();
    let mut m = loaded.new_match(7);
    let rolls = to_decision(&mut m);
    // The opening hands are card draws: each is seen by its drawer only.
    assert!(
        rolls
            .iter()
            .all(|r| matches!(r.audience, Audience::Only(_)))
    );
    let a_events = m.events(Viewer::Side(Side::A), 0);
    let b_events = m.events(Viewer::Side(Side::B), 0);
    let a_text: Vec<&str> = a_events.iter().map(|e| e.text.as_str()).collect();
    let b_text: Vec<&str> = b_events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        a_text.iter().any(|t| t.starts_with("Prussian draws P")),
        "{a_text:?}"
    );
    assert!(
        !b_text.iter().any(|t| t.starts_with("Prussian draws P")),
        "{b_text:?}"
    );
    assert!(
        b_text.contains(&"Prussian draws a card (5.0)"),
        "{b_text:?}"
    );
    // The owner does not get the anonymous twin of its own draw.
    assert!(
        !a_text.contains(&"Prussian draws a card (5.0)"),
        "{a_text:?}"
    );
    assert!(m.events(Viewer::Referee, 0).len() >= a_events.len());

    let b_obs = m.observe(Viewer::Side(Side::B)).to_string();
    let a_obs = m.observe(Viewer::Side(Side::A)).to_string();
    assert!(a_obs.contains("\"ferdinand\""));
    assert!(
        !b_obs.contains("\"ferdinand\""),
        "a hidden Prussian unit leaked to the Austrians"
    );

    let a_map = m.render_text(Viewer::Side(Side::A));
    let b_map = m.render_text(Viewer::Side(Side::B));
    assert!(a_map.contains("FER") && a_map.contains("Ferdinand") && !a_map.contains("Daun"));
    assert!(b_map.contains("Daun") && !b_map.contains("Ferdinand") && !b_map.contains("FER"));
    assert!(b_map.contains("?"));
    assert!(a_map.contains("Prussian hand (") && a_map.contains("Austrian hand: "));
    for line in a_map.lines() {
        assert!(line.chars().count() <= 100, "line too wide: {line}");
    }
    assert!(a_map.lines().count() <= 45, "{}", a_map.lines().count());
}

#[test]
fn undo_takes_back_own_decisions_and_their_events() {
    let loaded = load(HISTORICAL).unwrap();
    let mut m = loaded.new_match(7);
    to_decision(&mut m);
    let ToAct::Side(side) = m.to_act() else {
        panic!("a side decides")
    };
    let steps = m.steps();
    let events = m.event_count();
    assert_eq!(m.undoable(side), 0);
    assert!(!m.undo(side), "nothing to take back after the dice");
    let first = m.legal_actions()[0].notation.clone();
    m.apply(&first).unwrap();
    if m.to_act() == ToAct::Side(side) {
        assert_eq!(m.undoable(side), 1);
        assert!(m.undo(side));
        assert_eq!(m.steps(), steps);
        assert_eq!(m.event_count(), events);
    }
}

#[test]
fn forced_dice_and_impossible_outcomes() {
    let loaded = load(HISTORICAL).unwrap();
    let mut m = loaded.new_match(7);
    let e = m.force("die 3").unwrap_err();
    assert!(
        matches!(e, PlayError::Impossible(_)),
        "a card draw, not a die: {e}"
    );
    let r = m.roll().unwrap();
    assert!(r.outcome.starts_with("draw "));
}

#[test]
fn agent_games_are_reproducible_and_replay() {
    let loaded = load(HISTORICAL).unwrap();
    let a = loaded
        .game
        .play_agents([AgentSpec::Greedy, AgentSpec::Random], 11, 100_000, None)
        .unwrap();
    let b = loaded
        .game
        .play_agents([AgentSpec::Greedy, AgentSpec::Random], 11, 100_000, None)
        .unwrap();
    assert_eq!(a.record, b.record);
    assert!(a.outcome.is_some());
    assert!(
        loaded
            .game
            .play_agents([AgentSpec::Human, AgentSpec::Random], 1, 10, None)
            .is_err()
    );
    let r = replay_record(&a.record).unwrap();
    assert_eq!(r.outcome, a.outcome);
    assert_eq!(r.final_hash, a.record.steps.last().unwrap().hash);
    assert!(r.steps.iter().any(|s| s.kind == StepKind::Chance));
    assert!(r.steps.iter().all(|s| s.turn.starts_with("Turn ")));
}

#[test]
fn a_tampered_record_fails_at_the_tampered_step() {
    let loaded = load(HISTORICAL).unwrap();
    let g = loaded
        .game
        .play_agents([AgentSpec::Random, AgentSpec::Random], 5, 100_000, None)
        .unwrap();
    let mut rec = g.record.clone();
    let i = rec
        .steps
        .iter()
        .position(|s| s.value.starts_with("die "))
        .expect("a die was rolled");
    let face: u8 = rec.steps[i].value[4..].parse().unwrap();
    rec.steps[i].value = format!("die {}", face % 6 + 1);
    let e = replay_record(&rec).unwrap_err();
    assert_eq!(e.step(), Some(i + 1), "{e}");
    let mut rec = g.record.clone();
    rec.scenario = "dm-nowhere".into();
    assert!(matches!(replay_record(&rec), Err(ReplayFailure::Load(_))));
}

#[test]
fn agents_choose_through_the_dynamic_api() {
    let loaded = load(HISTORICAL).unwrap();
    let mut m = loaded.new_match(2);
    let mut agent = loaded.game.agent(AgentSpec::Greedy).unwrap();
    assert_eq!(agent.name(), "greedy");
    assert!(loaded.game.agent(AgentSpec::Human).is_none());
    let mut rng = rng_stream(2, 1);
    assert!(
        m.agent_choose(&mut agent, &mut rng).is_err(),
        "no side to act at a chance node"
    );
    for _ in 0..50 {
        to_decision(&mut m);
        if m.to_act() == ToAct::Over {
            break;
        }
        let a = m.agent_choose(&mut agent, &mut rng).unwrap();
        m.apply(&a).unwrap();
    }
}

#[test]
fn benchmark_helpers_run() {
    let loaded = load(HISTORICAL).unwrap();
    let mut rng = rng_stream(1, 0);
    let s = loaded.game.random_playout(&mut rng, 1_000_000);
    assert!(s.finished && s.decisions > 0 && s.steps >= s.decisions);
    let p = loaded.game.bench_positions(1, 300);
    assert_eq!(p.len(), 300);
    let (gens, actions) = p.generate_all();
    assert_eq!(gens, 300);
    assert!(actions >= gens);
}

#[test]
fn side_names_resolve() {
    let loaded = load(HISTORICAL).unwrap();
    let g = &loaded.game;
    assert_eq!(g.side_by_name("prussian"), Some(Side::A));
    assert_eq!(g.side_by_name("Austrian"), Some(Side::B));
    assert_eq!(g.side_by_name("b"), Some(Side::B));
    assert_eq!(g.side_by_name("french"), None);
}

#[test]
fn glory_and_empire_searches_with_its_own_tuning_and_the_others_with_the_levels() {
    use coupdoeil_ai::SearchTuning;
    let ge = <coupdoeil_ge::GloryEmpire as GameExt>::capabilities().tuning;
    assert_eq!(ge.exact_root_priors, Some(true));
    assert_eq!(ge.prior_visits, Some(10));
    let dm = <coupdoeil_dm::DrumsMuskets as GameExt>::capabilities().tuning;
    let pg = <coupdoeil_pg::PrussiasGlory as GameExt>::capabilities().tuning;
    assert_eq!(dm, SearchTuning::default());
    assert_eq!(pg, SearchTuning::default());
}
