//! The Brigade Game (Part III of the rulebook, sections 17 to 23, added to the Battalion rules):
//! the level switch, and each Brigade rule case built from small positions on the test scenario
//! played at the Brigade level, with forced dice. Rule numbers are Part III's (G-prefixed in
//! test names); a Battalion rule the Brigade Game changes keeps its B number.

mod common;
use common::Fx;
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::data::Level;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::{Action, Chance, GloryEmpire};

/// The test scenario played as the Brigade Game, then `edit`.
fn ggame_with(edit: impl Fn(String) -> String) -> GloryEmpire {
    ggame_charts(edit, |c| c.to_string())
}

/// [`ggame_with`] with the shared charts edited too.
fn ggame_charts(edit: impl Fn(String) -> String, charts: impl Fn(&str) -> String) -> GloryEmpire {
    common::game_from(
        |t| {
            edit(t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            ))
        },
        charts,
    )
}

fn ggame() -> GloryEmpire {
    ggame_with(|t| t)
}

/// Plays on with the first legal action (passing where it can) and middling dice until `stop`.
fn drive(f: &mut Fx, stop: impl Fn(&Fx) -> bool) {
    for _ in 0..5000 {
        if stop(f) {
            return;
        }
        match f.to_act() {
            ToAct::Over => return,
            ToAct::Chance => {
                let c = match f.game.chance(&f.s).outcomes()[0].0 {
                    Chance::D10(_) => Chance::D10(5),
                    Chance::Percentile(_) => Chance::Percentile(50),
                    Chance::Pick(_) => Chance::Pick(0),
                };
                f.roll(c);
            }
            ToAct::Side(_) => {
                let legal = f.legal();
                let a = if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal[0]
                };
                f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
            }
        }
    }
    panic!("did not get there: {}", f.game.waiting_text(&f.s));
}

/// The phases announced so far, as "B Rally Phase" (side, then the name without its rule).
fn phases(f: &Fx) -> Vec<String> {
    f.events
        .iter()
        .filter_map(|e| match e {
            Event::Phase { side, phase } => {
                let who = if *side == common::B { "B" } else { "F" };
                Some(format!("{who} {}", phase.split(" (").next().unwrap_or("")))
            }
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The level switch.

#[test]
fn g17_level_brigade_plays_the_battalion_rules_and_its_own() {
    let g = ggame();
    assert_eq!(g.data.level, Level::Brigade);
    assert!(g.brigade() && g.battalion(), "Part III adds to Part II");
    let b = common::shipped_vimeiro_battalion();
    assert!(b.battalion() && !b.brigade());
    let s = common::shipped_vimeiro();
    assert!(!s.battalion() && !s.brigade());
    let v = common::shipped_vimeiro_brigade();
    assert_eq!(v.data.level, Level::Brigade);
    assert_eq!(v.data.id, "ge-vimeiro-brigade");
    // It keeps the Battalion scenario's scenario rules.
    assert_eq!(v.data.attack_methods, b.data.attack_methods);
    assert_eq!(v.data.supply, b.data.supply);
}

#[test]
fn g17_the_brigade_game_needs_the_battalion_charts() {
    let e = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| {
            let start = c.find("[movement.disorder]").unwrap();
            let end = start + c[start..].find("\n\n").unwrap();
            format!("{}{}", &c[..start], &c[end..])
        },
    );
    assert!(
        e.contains("the Brigade Game needs the Move Disorder Check Events chart (B9.4)"),
        "{e}"
    );
}

#[test]
fn g4_a_brigade_game_turn_has_the_battalion_phases() {
    let mut f = Fx::empty_of(ggame());
    f.s = f.game.initial_state();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.turn == 2);
    let p = phases(&f);
    for want in [
        "F Orders Initiative Phase",
        "B Attack Orders Phase",
        "F Reserve Orders Phase",
        "B Charge Phase",
        "B Assault Phase",
        "B Leader Replacement Phase",
    ] {
        assert!(p.iter().any(|x| x == want), "{want} in {p:?}");
    }
}
