//! The Battalion Game (Part II of the rulebook): the level switch, and each Battalion rule case
//! built from small positions on the test scenario played at the Battalion level, with forced
//! dice. Rule numbers are Part II's (B-prefixed in test names).

mod common;
use common::drive;
use common::{B, F, Fx};
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::data::{Formation, Level};
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, OrderKind, Stage};
use coupdoeil_ge::{Action, GloryEmpire};

/// The test scenario played as the Battalion Game, with LIMs on the leaders' counters (the
/// Overall Commanders LIM 2 and ER 2 as in the B5.4.3 example, Kellermann's corps ER 2 and
/// LIM 4 as in the B5.4.2 example), then `edit`.
fn bgame_with(edit: impl Fn(String) -> String) -> GloryEmpire {
    bgame_charts(edit, |c| c.to_string())
}

/// [`bgame_with`] with the shared charts edited too.
fn bgame_charts(edit: impl Fn(String) -> String, charts: impl Fn(&str) -> String) -> GloryEmpire {
    common::game_from(
        |t| {
            let t = t
                .replacen(
                    "setup = \"historical\"\n",
                    "setup = \"historical\"\nlevel = \"battalion\"\n",
                    1,
                )
                .replacen(
                    "name = \"Sir Arthur Wellesley\"\n",
                    "name = \"Sir Arthur Wellesley\"\nlim = 2\ner = 2\n",
                    1,
                )
                .replacen(
                    "name = \"Brig.-Gen. Anstruther\"\n",
                    "name = \"Brig.-Gen. Anstruther\"\nlim = 3\n",
                    1,
                )
                .replacen(
                    "name = \"Brig.-Gen. Fane\"\n",
                    "name = \"Brig.-Gen. Fane\"\nlim = 3\n",
                    1,
                )
                .replacen(
                    "name = \"General Junot\"\n",
                    "name = \"General Junot\"\nlim = 2\ner = 2\n",
                    1,
                )
                .replacen(
                    "name = \"General Kellermann\"\n",
                    "name = \"General Kellermann\"\nlim = 4\n",
                    1,
                )
                .replacen(
                    "er = 1\nnote = \"the grenadier",
                    "er = 2\nnote = \"the grenadier",
                    1,
                )
                .replacen(
                    "name = \"Colonel Saint-Clair\"\n",
                    "name = \"Colonel Saint-Clair\"\nlim = 3\n",
                    1,
                )
                .replacen(
                    "name = \"Colonel Maransin\"\n",
                    "name = \"Colonel Maransin\"\nlim = 2\n",
                    1,
                )
                .replacen(
                    "name = \"General Margaron\"\n",
                    "name = \"General Margaron\"\nlim = 3\n",
                    1,
                )
                .replacen(
                    "name = \"General Thomieres\"\n",
                    "name = \"General Thomieres\"\nlim = 2\n",
                    1,
                );
            edit(t)
        },
        charts,
    )
}

fn bgame() -> GloryEmpire {
    bgame_with(|t| t)
}

/// An empty Battalion position: nothing on the map, every leader In Command and orderless.
fn battalion() -> Fx {
    Fx::empty_of(bgame())
}

/// An empty Battalion position with the French leaders of Kellermann's corps, Junot, Margaron
/// and their units on the map, French to act in `stage`.
fn french_command(stage: Stage) -> Fx {
    let mut f = battalion();
    for (l, at) in [
        ("junot", "1407"),
        ("kellermann", "1307"),
        ("saint-clair", "1307"),
        ("maransin", "1206"),
        ("margaron", "1304"),
        ("thomieres", "1308"),
    ] {
        f.put_leader(l, at);
    }
    f.put("gren-1-1", "1307", Formation::Column, "NW");
    f.put("gren-2-1", "1206", Formation::Column, "NW");
    f.put("fr-guns", "1207", Formation::Limbered, "NW");
    f.put("drag-3a", "1304", Formation::Column, "NW");
    f.s.initiative = Some(B);
    f.s.first = B;
    f.s.acting = F;
    f.at(B, stage);
    if stage == Stage::ReserveOrders {
        f.s.phasing = B;
    } else if stage == Stage::AttackOrders {
        f.s.phasing = F;
    }
    f
}

fn order_of(f: &Fx, l: &str) -> Option<OrderKind> {
    f.s.leader(f.leader(l)).order
}

fn unit_order(f: &Fx, u: &str) -> Option<OrderKind> {
    f.game.unit_order(&f.s, f.unit(u))
}

/// Declines every reaction offered now (B14).
fn decline(f: &mut Fx) {
    while matches!(f.s.pending.last(), Some(Frame::React(_))) && f.to_act() != ToAct::Chance {
        f.play("pass");
    }
}

/// A step of a Charge Movement (or of any move), the enemy declining every reaction.
fn step(f: &mut Fx, to: &str) {
    f.play(&format!("step {to}"));
    decline(f);
}

fn phases(f: &Fx) -> Vec<String> {
    f.events
        .iter()
        .filter_map(|e| match e {
            Event::Phase { side, phase } => {
                let who = if *side == B { "B" } else { "F" };
                Some(format!("{who} {}", phase.split(" (").next().unwrap_or("")))
            }
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The level switch.

#[test]
fn b1_level_defaults_to_the_soldiers_game() {
    assert_eq!(common::game().data.level, Level::Soldiers);
    assert_eq!(common::shipped_vimeiro().data.level, Level::Soldiers);
    assert_eq!(
        common::game_with("[scenario]\nlevel = \"battalion\"\n")
            .data
            .level,
        Level::Battalion
    );
    let soldiers = common::game_with("[scenario]\nlevel = \"soldiers\"\n");
    assert_eq!(soldiers.data.level, Level::Soldiers);
    assert_eq!(bgame().data.level, Level::Battalion);
}

#[test]
fn b1_level_is_checked_at_load() {
    assert_eq!(
        common::load_errors("[scenario]\nlevel = \"grand-tactical\"\n"),
        "extra.toml: scenario.level: `grand-tactical` is not a game of the series: `soldiers`, `battalion` or `brigade`"
    );
    assert_eq!(
        common::load_errors("[scenario]\nlevel = 2\n"),
        "extra.toml: scenario.level: invalid type: integer `2`, expected a string"
    );
}

// ---------------------------------------------------------------------------------------------
// B4 Sequence of Play.

#[test]
fn b4_the_battalion_phases_of_a_game_turn_in_order() {
    let mut f = Fx::empty_of(bgame());
    f.s = f.game.initial_state();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    // Kellermann holds an Attack order and Thomieres a Reserve one from the Orders Phase.
    drive(&mut f, |f| f.s.stage == Stage::Orders && f.s.acting == F);
    f.play("order kellermann attack");
    drive(&mut f, |f| f.s.turn == 2);
    let want = [
        "F Command Attachment Phase",
        "F Orders Phase",
        "F Orders Initiative Phase",
        "B Rally Phase",
        "B Fire Segment",
        "F Non-Phasing Artillery Fire Segment",
        "B Attack Orders Phase",
        "B Movement Phase",
        "F Reserve Orders Phase",
        "F Reserve Movement Phase",
        "B Charge Phase",
        "B Assault Phase",
        "F Rally Phase",
        "F Fire Segment",
        "B Non-Phasing Artillery Fire Segment",
        "F Attack Orders Phase",
        "F Movement Phase",
        "B Reserve Orders Phase",
        "B Reserve Movement Phase",
        "F Charge Phase",
        "F Assault Phase",
        "B Leader Replacement Phase",
    ];
    assert_eq!(phases(&f), want);
    // Kellermann made his Orders Check in the French Attack Orders Phase.
    assert!(f.events.iter().any(
        |e| matches!(e, Event::OrdersCheck { leader, .. } if *leader == f.leader("kellermann"))
    ));
}

#[test]
fn b4_the_soldiers_game_has_no_battalion_phases() {
    let mut f = Fx::deployed();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.turn == 2);
    let p = phases(&f);
    assert!(!p.iter().any(|x| x.contains("Orders Initiative")
        || x.contains("Attack Orders")
        || x.contains("Reserve Orders")));
}

// ---------------------------------------------------------------------------------------------
// B5.4.1 Orders Initiative.

#[test]
fn b5_4_1_a_die_below_the_lim_gives_the_leader_the_order() {
    let mut f = french_command(Stage::OrdersInitiative);
    // Saint-Clair (LIM 3) rolls a 2 for an Attack order: below 3.
    f.play("initiative saint-clair attack");
    assert_eq!(f.to_act(), ToAct::Chance);
    f.d10(2);
    assert_eq!(order_of(&f, "saint-clair"), Some(OrderKind::Attack));
    assert_eq!(unit_order(&f, "gren-1-1"), Some(OrderKind::Attack));
    // Maransin (LIM 2) rolls a 2 for a Reserve order: not below 2.
    f.play("initiative maransin reserve");
    f.d10(2);
    assert_eq!(order_of(&f, "maransin"), None);
    assert!(
        f.log()
            .contains("rolls 2 for a Reserve order against LIM 2: no order (B5.4.1)")
    );
}

#[test]
fn b5_4_1_one_roll_per_leader_and_per_command_segment() {
    let mut f = french_command(Stage::OrdersInitiative);
    f.play("initiative margaron attack");
    f.d10(8);
    assert_eq!(order_of(&f, "margaron"), None);
    assert!(!f.can("initiative margaron reserve"), "one type, one roll");
    assert!(!f.can("initiative margaron attack"));
}

#[test]
fn b5_4_1_leaders_with_an_order_do_not_roll() {
    let mut f = french_command(Stage::OrdersInitiative);
    let m = f.leader("margaron");
    f.s.leaders[m.ix()].order = Some(OrderKind::Reserve);
    assert!(!f.can("initiative margaron attack"));
    assert!(f.can("initiative thomieres attack"));
}

#[test]
fn b5_4_1_the_highest_echelon_rolls_first() {
    let mut f = french_command(Stage::OrdersInitiative);
    assert!(f.can("initiative kellermann attack"));
    // Thomieres, a brigade leader, rolls: no corps leader may roll after him.
    f.play("initiative thomieres attack");
    f.d10(9);
    assert!(!f.can("initiative kellermann attack"));
    assert!(
        f.can("initiative margaron attack"),
        "the same echelon still may"
    );
}

#[test]
fn b5_4_1_an_in_command_subordinate_may_not_roll_under_a_superior_who_has_rolled() {
    let mut f = french_command(Stage::OrdersInitiative);
    f.play("initiative kellermann attack");
    f.d10(9);
    assert_eq!(order_of(&f, "kellermann"), None);
    assert!(
        !f.can("initiative saint-clair attack"),
        "his corps leader rolled"
    );
    // An Out of Command subordinate still may.
    let sc = f.leader("saint-clair");
    f.s.leaders[sc.ix()].in_command = false;
    assert!(f.can("initiative saint-clair attack"));
    // A leader under the Overall Commander alone is not held back by him.
    let junot = f.leader("junot");
    f.s.leaders[junot.ix()].order = Some(OrderKind::Attack);
    assert!(f.can("initiative margaron attack"));
}

#[test]
fn b5_4_1_the_initiative_loser_rolls_first_then_the_turn_begins() {
    let mut f = french_command(Stage::OrdersInitiative);
    f.put_leader("wellesley", "0808");
    f.put_leader("fane", "0909");
    f.put("1-50", "0909", Formation::Line, "N");
    assert_eq!(f.to_act(), ToAct::Side(F));
    f.play("pass");
    assert_eq!(f.s.stage, Stage::OrdersInitiative);
    assert_eq!(f.s.acting, B);
    f.play("pass");
    assert_ne!(f.s.stage, Stage::OrdersInitiative);
}

// ---------------------------------------------------------------------------------------------
// B5.4.2 Corps Leader Orders Check.

fn kellermann_attacks(die: u8) -> Fx {
    let mut f = french_command(Stage::AttackOrders);
    let k = f.leader("kellermann");
    f.s.leaders[k.ix()].order = Some(OrderKind::Attack);
    f.play("orders-check kellermann");
    f.d10(die);
    f
}

#[test]
fn b5_4_2_complete_success_orders_the_whole_corps() {
    let f = kellermann_attacks(4);
    assert!(f.log().contains("complete success"), "{}", f.log());
    assert_eq!(unit_order(&f, "gren-1-1"), Some(OrderKind::Attack));
    assert_eq!(unit_order(&f, "gren-2-1"), Some(OrderKind::Attack));
    assert_eq!(unit_order(&f, "fr-guns"), Some(OrderKind::Attack));
}

#[test]
fn b5_4_2_example_a_roll_of_5_against_lim_4_and_er_2_passes_the_order_to_two() {
    // The rule's example: LIM 4, ER 2, a 5 is more than the LIM and at most LIM+2.
    let mut f = kellermann_attacks(5);
    assert!(
        f.log()
            .contains("partial success, he may pass it to 2 subordinates"),
        "{}",
        f.log()
    );
    assert_eq!(f.to_act(), ToAct::Side(F));
    // Before he passes it, no unit of the corps has it, not even his own guns.
    assert_eq!(unit_order(&f, "gren-1-1"), None);
    assert_eq!(unit_order(&f, "fr-guns"), None);
    f.play("pass-order saint-clair");
    assert_eq!(unit_order(&f, "gren-1-1"), Some(OrderKind::Attack));
    assert_eq!(unit_order(&f, "gren-2-1"), None);
    f.play("pass-order maransin");
    assert_eq!(unit_order(&f, "gren-2-1"), Some(OrderKind::Attack));
    assert!(
        !matches!(f.s.pending.last(), Some(Frame::OrdersPass(_))),
        "two passed, none left"
    );
}

#[test]
fn b5_4_2_example_a_roll_of_7_passes_the_order_to_one() {
    let mut f = kellermann_attacks(7);
    assert!(f.log().contains("minimal success"), "{}", f.log());
    f.play("pass-order maransin");
    assert!(!matches!(f.s.pending.last(), Some(Frame::OrdersPass(_))));
    assert_eq!(unit_order(&f, "gren-2-1"), Some(OrderKind::Attack));
    assert_eq!(unit_order(&f, "gren-1-1"), None);
}

#[test]
fn b5_4_2_the_order_goes_only_to_subordinates_in_command() {
    let mut f = french_command(Stage::AttackOrders);
    let k = f.leader("kellermann");
    f.s.leaders[k.ix()].order = Some(OrderKind::Attack);
    // Maransin is far beyond Kellermann's Command Range 4.
    f.put_leader("maransin", "0101");
    f.play("orders-check kellermann");
    f.d10(6);
    assert!(f.can("pass-order saint-clair"));
    assert!(!f.can("pass-order maransin"));
}

#[test]
fn b5_4_2_reserve_orders_are_checked_in_the_reserve_orders_phase() {
    let mut f = french_command(Stage::ReserveOrders);
    let k = f.leader("kellermann");
    f.s.leaders[k.ix()].order = Some(OrderKind::Reserve);
    assert_eq!(f.to_act(), ToAct::Side(F));
    // B5.4.3 No loan of the Overall Commander's LIM in this phase.
    assert_eq!(f.legal_text(), vec!["orders-check kellermann".to_string()]);
}

// ---------------------------------------------------------------------------------------------
// B5.4.3 The Overall Commander lends his LIM.

#[test]
fn b5_4_3_example_a_lim_of_2_with_the_oc_s_2_succeeds_on_4_or_less() {
    let game = bgame_with(|t| {
        t.replacen(
            "name = \"General Kellermann\"\nlim = 4\n",
            "name = \"General Kellermann\"\nlim = 2\n",
            1,
        )
    });
    let mut f = Fx::empty_of(game);
    f.put_leader("junot", "1407");
    f.put_leader("kellermann", "1307");
    f.put_leader("saint-clair", "1307");
    f.put("gren-1-1", "1307", Formation::Column, "NW");
    f.at(F, Stage::AttackOrders);
    let k = f.leader("kellermann");
    f.s.leaders[k.ix()].order = Some(OrderKind::Attack);
    assert!(f.can("orders-check kellermann"));
    f.play("orders-check kellermann lend");
    f.d10(4);
    assert!(f.log().contains("4 against LIM 4"), "{}", f.log());
    assert!(f.log().contains("complete success"));
    assert_eq!(unit_order(&f, "gren-1-1"), Some(OrderKind::Attack));
}

#[test]
fn b5_4_3_the_oc_lends_to_at_most_er_leaders_a_phase() {
    let mut f = french_command(Stage::OrdersInitiative);
    f.play("initiative kellermann attack lend");
    f.d10(9);
    f.play("initiative margaron attack lend");
    f.d10(9);
    assert!(f.can("initiative thomieres attack"));
    assert!(!f.can("initiative thomieres attack lend"), "ER 2 used up");
    assert!(!f.can("initiative junot attack lend"), "not to himself");
}

// ---------------------------------------------------------------------------------------------
// B9.4 Disorder Checks, B9.5 Force March, B9.1.2 Pass Through.

/// A British Movement Phase of the Battalion Game with these units placed.
fn bmoving(game: GloryEmpire, units: &[(&str, &str, Formation, &str)]) -> Fx {
    let mut f = Fx::empty_of(game);
    for &(id, hex, form, facing) in units {
        f.put(id, hex, form, facing);
    }
    f.at(B, Stage::Movement);
    f
}

/// The Disorder Check pending at the end of a move, if any: its modifiers' total.
fn pending_dc(f: &Fx) -> Option<i16> {
    match f.s.pending.last() {
        Some(Frame::Check(c)) if c.kind == coupdoeil_ge::state::CheckKind::Disorder => {
            Some(c.modifiers.iter().map(|m| m.value).sum())
        }
        _ => None,
    }
}

#[test]
fn b9_4_example_a_new_line_across_a_stream_for_five_mp_checks_at_minus_15() {
    // The rule's example: Column to Line, a stream crossed for 2 MP, 3 MP on: 5 MP in Line.
    // Its unit is not force marching, so this test gives Line an MA of 8.
    let game = bgame_charts(
        |t| t,
        |c| {
            c.replacen(
                "formation = \"line\"\nin_command = 4\n",
                "formation = \"line\"\nin_command = 8\n",
                1,
            )
        },
    );
    let mut f = bmoving(game, &[("2-97", "0506", Formation::Column, "NW")]);
    f.play("select 2-97");
    f.play("form line");
    f.play("face W");
    assert_eq!(f.step_cost("0406"), Some(2), "clear 1 and the stream 1");
    f.play("step 0406");
    f.play("step 0305");
    f.play("step 0205");
    f.play("step 0104");
    f.play("end");
    assert_eq!(f.to_act(), ToAct::Chance);
    // The Hexside Obstacle -10, one MP beyond 4 in Line -5, the one formation change 0.
    assert_eq!(pending_dc(&f), Some(-15));
    f.d100(50);
    assert_eq!(f.check_drms(), vec![-15]);
    assert_eq!(
        f.morale_of("2-97"),
        coupdoeil_ge::state::Morale::Disorder,
        "50 - 15 = 35, not above MV 35"
    );
    assert!(f.log().contains("Disorder Check (B9.4.1)"), "{}", f.log());
}

#[test]
fn b9_4_1_a_passed_disorder_check_leaves_the_stack_as_it_was() {
    let mut f = bmoving(bgame(), &[("2-97", "0506", Formation::Column, "NW")]);
    f.play("select 2-97");
    f.play("step 0406");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-10), "the stream alone");
    f.d100(46);
    assert_eq!(f.morale_of("2-97"), coupdoeil_ge::state::Morale::Normal);
}

#[test]
fn b9_4_an_ordinary_move_takes_no_disorder_check() {
    let mut f = bmoving(bgame(), &[("2-97", "0201", Formation::Column, "S")]);
    f.play("select 2-97");
    for h in ["0202", "0203", "0204"] {
        f.play(&format!("step {h}"));
    }
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    assert!(f.check_drms().is_empty(), "no check rolled: {}", f.log());
}

#[test]
fn b9_4_a_single_formation_change_calls_for_a_check_at_no_drm() {
    let mut f = bmoving(bgame(), &[("2-97", "0203", Formation::Column, "S")]);
    f.play("select 2-97");
    f.play("form line");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(0));
    // A second change adds -5.
    let mut f = bmoving(bgame(), &[("2-97", "0203", Formation::Column, "S")]);
    f.play("select 2-97");
    f.play("form line");
    f.play("form column");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-5));
}

#[test]
fn b9_4_disorder_check_after_a_move_through_woods() {
    // Two MDT hexes in one move: a check, -5 for the second.
    let mut f = bmoving(bgame(), &[("2-97", "1108", Formation::Column, "S")]);
    f.play("select 2-97");
    f.play("step 1109");
    f.play("step 1110");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-5));
    // One wood alone calls for none.
    let mut f = bmoving(bgame(), &[("2-97", "1108", Formation::Column, "S")]);
    f.play("select 2-97");
    f.play("step 1109");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
}

#[test]
fn b9_4_skirmishers_en_debandade_and_road_columns_on_the_road_are_exempt() {
    // SeD across the stream and through two woods: no check.
    let mut f = bmoving(bgame(), &[("2-95", "0506", Formation::Sed, "N")]);
    f.play("select 2-95");
    f.play("step 0406");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    let mut f = bmoving(bgame(), &[("2-95", "1108", Formation::Sed, "N")]);
    f.play("select 2-95");
    f.play("step 1109");
    f.play("step 1110");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    // A Road Column following the road across the stream: none; a Column there: one.
    let mut f = bmoving(bgame(), &[("2-97", "0404", Formation::RoadColumn, "SE")]);
    f.play("select 2-97");
    f.play("step 0504");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    let mut f = bmoving(bgame(), &[("2-97", "0404", Formation::Column, "SE")]);
    f.play("select 2-97");
    f.play("step 0504");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-10));
}

#[test]
fn b9_4_changing_into_sed_and_limbering_call_for_no_check() {
    let mut f = bmoving(bgame(), &[("2-95", "0203", Formation::Column, "S")]);
    f.play("select 2-95");
    f.play("form sed");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    let mut f = bmoving(bgame(), &[("robe", "0203", Formation::Unlimbered, "S")]);
    f.play("select robe");
    f.play("form limbered");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
}

#[test]
fn b9_4_1_a_failed_check_worsens_the_stack_it_joined() {
    // 2-97 crosses the stream into 1-50's hex (in Column too) and fails: both are Disordered.
    let mut f = bmoving(
        bgame(),
        &[
            ("1-50", "0406", Formation::Column, "NW"),
            ("2-97", "0506", Formation::Column, "NW"),
        ],
    );
    f.steps("1-50", 1); // 4 SP: the two fit in the hex
    f.play("select 2-97");
    f.play("step 0406");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-10));
    f.d100(10);
    assert_eq!(f.morale_of("2-97"), coupdoeil_ge::state::Morale::Disorder);
    assert_eq!(f.morale_of("1-50"), coupdoeil_ge::state::Morale::Disorder);
}

#[test]
fn b9_4_the_soldiers_game_takes_no_disorder_checks() {
    let mut f = Fx::empty();
    f.put("2-97", "0506", Formation::Column, "NW");
    f.at(B, Stage::Movement);
    f.play("select 2-97");
    f.play("form line");
    f.play("face W");
    f.play("step 0406");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
    assert!(f.check_drms().is_empty(), "no check rolled: {}", f.log());
}

#[test]
fn b9_5_force_march_beyond_the_ma_up_to_the_limit_then_a_check() {
    // Column MA 7, Force March 3 more (charts.toml): ten clear hexes, not eleven.
    let mut f = bmoving(bgame(), &[("2-97", "0201", Formation::Column, "S")]);
    f.play("select 2-97");
    for r in 2..=11 {
        f.play(&format!("step 02{r:02}"));
    }
    assert!(!f.can("step 0212"), "the Force March limit is reached");
    f.play("end");
    assert_eq!(pending_dc(&f), Some(-15), "3 MP beyond the MA, -5 each");
}

#[test]
fn b9_5_only_in_command_units_in_normal_or_disorder_force_march() {
    // Out of Command: its OoC MA (5) and no more.
    let mut f = bmoving(bgame(), &[("2-97", "0201", Formation::Column, "S")]);
    let u = f.unit("2-97");
    f.s.troop_mut(u).ooc = true;
    f.play("select 2-97");
    for r in 2..=6 {
        f.play(&format!("step 02{r:02}"));
    }
    assert!(!f.can("step 0207"));
    // Shaken: its MA (7) and no more.
    let mut f = bmoving(bgame(), &[("2-97", "0201", Formation::Column, "S")]);
    f.morale("2-97", coupdoeil_ge::state::Morale::Shaken);
    f.play("select 2-97");
    for r in 2..=8 {
        f.play(&format!("step 02{r:02}"));
    }
    assert!(!f.can("step 0209"));
    // Disordered: it may.
    let mut f = bmoving(bgame(), &[("2-97", "0201", Formation::Column, "S")]);
    f.morale("2-97", coupdoeil_ge::state::Morale::Disorder);
    f.play("select 2-97");
    for r in 2..=8 {
        f.play(&format!("step 02{r:02}"));
    }
    assert!(f.can("step 0209"));
}

#[test]
fn b9_1_2_passing_through_friends_costs_one_mp_more() {
    let units = [
        ("5-60", "0203", Formation::Column, "S"),
        ("2-97", "0201", Formation::Column, "S"),
    ];
    let mut f = bmoving(bgame(), &units);
    f.steps("5-60", 1); // 4 SP: the two fit in the hex
    f.play("select 2-97");
    f.play("step 0202");
    assert_eq!(f.step_cost("0203"), Some(1), "entering costs the terrain");
    f.play("step 0203");
    assert_eq!(
        f.step_cost("0204"),
        Some(2),
        "moving on through them costs 1 more"
    );
    // In the Soldiers Game it does not.
    let mut f = Fx::empty();
    for &(id, hex, form, facing) in &units {
        f.put(id, hex, form, facing);
    }
    f.steps("5-60", 1);
    f.at(B, Stage::Movement);
    f.play("select 2-97");
    f.play("step 0202");
    f.play("step 0203");
    assert_eq!(f.step_cost("0204"), Some(1));
}

// ---------------------------------------------------------------------------------------------
// B13.4 Retreat Before Combat.

/// A French Assault (or Charge) from 0403 (facing SW) on the British stack in 0303, in a
/// Battalion game edited by `edit`, with the given British units in 0303 and around.
fn french_attack(
    edit: impl Fn(String) -> String,
    attacker: &str,
    british: &[(&str, &str, Formation, &str)],
    charge: bool,
) -> Fx {
    let mut f = Fx::empty_of(bgame_with(edit));
    for &(id, hex, form, facing) in british {
        f.put(id, hex, form, facing);
    }
    f.put(attacker, "0403", Formation::Column, "SW");
    f.mark(attacker, "0303", charge);
    f.combat_phase(F, charge);
    f
}

fn rbc_targets(f: &Fx) -> Vec<String> {
    f.legal()
        .iter()
        .filter_map(|a| match a {
            Action::RetreatBefore(c) => Some(f.label(*c)),
            _ => None,
        })
        .collect()
}

fn company(t: String) -> String {
    t.replacen(
        "id = \"5-60\"\nside = \"british\"\n",
        "id = \"5-60\"\nside = \"british\"\nsize = \"company\"\n",
        1,
    )
}

#[test]
fn b13_4_1_cavalry_must_retreat_before_an_assault_two_or_three_hexes() {
    let mut f = french_attack(
        |t| t,
        "gren-1-1",
        &[("20ld", "0303", Formation::Column, "NE")],
        false,
    );
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(!f.can("pass"), "cavalry must retreat");
    let to = rbc_targets(&f);
    assert!(!to.is_empty());
    let b = &f.game.data.board;
    for h in &to {
        let d = b.distance(f.hex("0303"), f.hex(h));
        assert!((2..=3).contains(&d), "{h} is {d} hexes away");
    }
    // Not into the assaulting grenadiers' ZOC (their front hexes 0302 and 0404).
    assert!(!to.iter().any(|h| h == "0302" || h == "0404"));
    f.play("rbc 0205");
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0205"));
    // B13.4.5 Normal units end their retreat in Disorder.
    assert_eq!(f.morale_of("20ld"), coupdoeil_ge::state::Morale::Disorder);
    // The assault finds the hex empty: the grenadiers, Disordered, advance into it.
    assert_eq!(f.cell_of("gren-1-1").as_deref(), Some("0303"));
    assert_eq!(
        f.morale_of("gren-1-1"),
        coupdoeil_ge::state::Morale::Disorder
    );
    assert!(
        f.log()
            .contains("retreats before the combat from 0303 to 0205 (B13.4)")
    );
}

#[test]
fn b13_4_1_an_sed_company_must_retreat_and_an_sed_battalion_may() {
    let f = french_attack(
        company,
        "gren-1-1",
        &[("5-60", "0303", Formation::Sed, "N")],
        false,
    );
    assert!(!rbc_targets(&f).is_empty());
    assert!(!f.can("pass"), "a company en Débandade must");
    let mut f = french_attack(
        |t| t,
        "gren-1-1",
        &[("2-43", "0303", Formation::Sed, "N")],
        false,
    );
    assert!(!rbc_targets(&f).is_empty());
    assert!(f.can("pass"), "a battalion en Débandade may stand");
    f.play("pass");
    assert_eq!(f.to_act(), ToAct::Chance, "the Attacker Morale Check");
    // Infantry in a close order formation never retreats before combat.
    let f = french_attack(
        |t| t,
        "gren-1-1",
        &[("2-43", "0303", Formation::Column, "NE")],
        false,
    );
    assert_eq!(
        f.to_act(),
        ToAct::Chance,
        "straight to the Attacker Morale Check"
    );
}

#[test]
fn b13_4_1_an_sed_company_in_a_post_may_stay() {
    // The churchyard 0705, fortified, is a Post: the company may stand there.
    let mut f = Fx::empty_of(bgame_with(company));
    f.s.fortified[0] = true;
    f.put("5-60", "0705", Formation::Sed, "N");
    f.put("gren-1-1", "0805", Formation::Column, "SW");
    f.mark("gren-1-1", "0705", false);
    f.combat_phase(F, false);
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(f.can("pass"));
}

#[test]
fn b13_4_3_defenders_bound_to_retreat_and_unable_become_broken() {
    // The dragoons of 20ld in the corner 0101, enemies in both other neighbours.
    let mut f = Fx::empty_of(bgame());
    f.put("20ld", "0101", Formation::Column, "S");
    f.put("gren-1-1", "0201", Formation::Column, "SW");
    f.put("gren-1-2", "0102", Formation::Column, "N");
    f.put("gren-2-1", "0202", Formation::Column, "NW");
    f.mark("gren-1-1", "0101", false);
    f.combat_phase(F, false);
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::NoRetreatBeforeCombat { .. })),
        "{}",
        f.log()
    );
    assert!(f.log().contains("Broken (B13.4.3)"));
    // Broken cavalry with nowhere to go is lost (9.2.1).
    assert_eq!(f.cell_of("20ld"), None);
}

#[test]
fn b13_4_6_retreating_into_a_friendly_stack_joins_it_at_the_bottom_disordered() {
    let mut f = french_attack(
        |t| t,
        "gren-1-1",
        &[
            ("1-50", "0204", Formation::Line, "NW"),
            ("2-43", "0303", Formation::Sed, "N"),
        ],
        false,
    );
    f.steps("1-50", 1);
    assert!(
        rbc_targets(&f).contains(&"0204".to_string()),
        "an adjacent close order stack"
    );
    assert!(
        !rbc_targets(&f).contains(&"0203".to_string()),
        "not one empty hex"
    );
    f.play("rbc 0204");
    assert_eq!(f.cell_of("2-43").as_deref(), Some("0204"));
    assert_eq!(
        f.formation_of("2-43"),
        Formation::Line,
        "it takes the stack's formation"
    );
    assert_eq!(
        f.s.top(f.hex("0204")),
        Some(f.unit("1-50")),
        "at the bottom"
    );
    assert_eq!(f.morale_of("1-50"), coupdoeil_ge::state::Morale::Disorder);
    assert_eq!(f.morale_of("2-43"), coupdoeil_ge::state::Morale::Disorder);
}

#[test]
fn b13_1_5_an_sed_battalion_failing_its_defender_check_must_retreat() {
    let mut f = french_attack(
        |t| t,
        "gren-1-1",
        &[("2-43", "0303", Formation::Sed, "N")],
        false,
    );
    f.play("pass");
    f.d100(99); // the grenadiers pass their check
    f.d100(0); // the 2/43rd fails its own
    assert_eq!(f.morale_of("2-43"), coupdoeil_ge::state::Morale::Disorder);
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(!f.can("pass"), "it must go");
    let to = rbc_targets(&f);
    f.play(&format!("rbc {}", to[0]));
    assert_eq!(f.cell_of("2-43"), Some(to[0].clone()));
    assert_eq!(
        f.cell_of("gren-1-1").as_deref(),
        Some("0303"),
        "the grenadiers advance"
    );
}

#[test]
fn b13_4_4_the_path_of_retreat_enters_no_enemy_zoc_but_one_a_friend_holds() {
    // A battalion en Débandade assaulted by the grenadiers may fall back 2 or 3 hexes.
    let attacked = || {
        french_attack(
            |t| t,
            "gren-1-1",
            &[("2-43", "0303", Formation::Sed, "N")],
            false,
        )
    };
    let f = attacked();
    let open = rbc_targets(&f);
    // A hex two off where it may end, and beside it a free hex for more grenadiers
    // facing it, so that it lies in their ZOC.
    let b = &f.game.data.board;
    let origin = f.hex("0303");
    let (h, guard, facing) = open
        .iter()
        .map(|h| f.hex(h))
        .filter(|&h| b.distance(origin, h) == 2)
        .find_map(|h| {
            b.neighbors(h)
                .filter(|&n| b.distance(origin, n) >= 2 && n != f.hex("0403"))
                .find_map(|n| {
                    let facing = coupdoeil_hex::Facing::from_edge(b.direction(n, h)?);
                    let mut t = attacked();
                    t.put(
                        "gren-1-2",
                        &t.label(n),
                        Formation::Column,
                        &facing.to_string(),
                    );
                    t.game.in_ezoc(&t.s, B, h).then_some((h, n, facing))
                })
        })
        .expect("a hex the grenadiers' ZOC can cover");
    let (h, guard) = (f.label(h), f.label(guard));
    let mut f = attacked();
    f.put("gren-1-2", &guard, Formation::Column, &facing.to_string());
    let ezoc = rbc_targets(&f);
    assert!(
        !ezoc.contains(&h),
        "{h} is in the grenadiers' ZOC: {ezoc:?}"
    );
    assert!(!ezoc.is_empty(), "other hexes stay open");
    // With British infantry in a close order formation there (one step of the rifles, so that
    // the two stack within the limit), it may go in and join them (B13.4.6).
    let mut f = attacked();
    f.put("gren-1-2", &guard, Formation::Column, &facing.to_string());
    f.put("5-60", &h, Formation::Column, "N");
    f.steps("5-60", 1);
    let held = rbc_targets(&f);
    assert!(held.contains(&h), "a friend holds {h}: {held:?}");
}

#[test]
fn b13_4_5_a_normal_stack_ends_its_retreat_disordered_a_worse_one_stays_as_it_is() {
    for (before, after) in [
        (Morale::Normal, Morale::Disorder),
        (Morale::Disorder, Morale::Disorder),
        (Morale::Shaken, Morale::Shaken),
    ] {
        let mut f = french_attack(
            |t| t,
            "gren-1-1",
            &[("20ld", "0303", Formation::Column, "NE")],
            false,
        );
        f.morale("20ld", before);
        assert!(f.can("rbc 0205"), "{before:?}: {:?}", f.legal_text());
        f.play("rbc 0205");
        assert_eq!(f.cell_of("20ld").as_deref(), Some("0205"));
        assert_eq!(f.morale_of("20ld"), after, "{before:?}: {}", f.log());
    }
}

#[test]
fn b13_4_2_light_cavalry_may_retreat_before_battle_cavalry() {
    let mut f = french_attack(
        |t| t,
        "drag-3a",
        &[("20ld", "0303", Formation::Column, "NE")],
        true,
    );
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(f.can("pass"), "light cavalry may stand");
    assert!(!rbc_targets(&f).is_empty());
    f.play("pass");
    assert_ne!(f.cell_of("20ld"), None);
}

#[test]
fn b13_4_2_sed_infantry_in_the_open_must_retreat_before_a_charge() {
    let f = french_attack(
        |t| t,
        "drag-3a",
        &[("2-43", "0303", Formation::Sed, "N")],
        true,
    );
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(!f.can("pass"));
    // One hex only: the charging cavalry is adjacent to 0302 and 0404 but not to 0204.
    let to = rbc_targets(&f);
    assert!(to.contains(&"0204".to_string()), "{to:?}");
    assert!(!to.iter().any(|h| h == "0302" || h == "0404"));
    assert!(
        to.iter()
            .all(|h| f.game.data.board.distance(f.hex("0303"), f.hex(h)) == 1)
    );
}

#[test]
fn b13_4_the_soldiers_game_has_no_retreat_before_combat() {
    let mut f = Fx::empty();
    f.put("20ld", "0303", Formation::Column, "NE");
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.mark("gren-1-1", "0303", false);
    f.combat_phase(F, false);
    assert_eq!(f.to_act(), ToAct::Chance, "the Attacker Morale Check");
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0303"));
}

// ---------------------------------------------------------------------------------------------
// B13.1.6 Attack Methods, B13.1.7 Follow-On Assault.

fn with_methods(t: String) -> String {
    t + "\n[[nation]]\nid = \"british\"\nattack_method = \"linear\"\n\n[[nation]]\nid = \"french\"\nattack_method = \"massed\"\n"
}

/// The British 2/97th under an Attack order, in `formation`, next to French grenadiers in
/// 0403, in a Battalion Movement Phase.
fn british_assault(formation: Formation, facing: &str) -> Fx {
    let mut f = Fx::empty_of(bgame_with(with_methods));
    f.put_leader("anstruther", "0302");
    let a = f.leader("anstruther");
    f.s.leaders[a.ix()].order = Some(OrderKind::Attack);
    f.put("2-97", "0302", formation, facing);
    f.put("gren-1-1", "0403", Formation::Column, "NW");
    f.at(B, Stage::Movement);
    f.play("select 2-97");
    f
}

#[test]
fn b13_1_6_a_linear_nation_assaulting_in_column_gets_the_amv_marker() {
    let mut f = british_assault(Formation::Column, "SE");
    f.play("assault 0403");
    assert!(f.s.troop(f.unit("2-97")).amv);
    assert!(
        f.log().contains("Assault AMV marker (B13.1.6)"),
        "{}",
        f.log()
    );
    // In Line it keeps to its method.
    let mut f = british_assault(Formation::Line, "E");
    f.play("assault 0403");
    assert!(!f.s.troop(f.unit("2-97")).amv);
}

#[test]
fn b13_1_6_a_massed_nation_assaulting_in_line_gets_the_amv_marker() {
    let mut f = Fx::empty_of(bgame_with(with_methods));
    f.put_leader("saint-clair", "0403");
    let l = f.leader("saint-clair");
    f.s.leaders[l.ix()].order = Some(OrderKind::Attack);
    f.put("gren-1-1", "0403", Formation::Line, "W");
    f.put("2-97", "0302", Formation::Column, "SE");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("assault 0302");
    assert!(f.s.troop(f.unit("gren-1-1")).amv);
    // A nation the scenario gives no method never violates one.
    let mut g = Fx::empty_of(bgame());
    g.put_leader("saint-clair", "0403");
    let l = g.leader("saint-clair");
    g.s.leaders[l.ix()].order = Some(OrderKind::Attack);
    g.put("gren-1-1", "0403", Formation::Line, "W");
    g.put("2-97", "0302", Formation::Column, "SE");
    g.at(F, Stage::Movement);
    g.play("select gren-1-1");
    g.play("assault 0302");
    assert!(!g.s.troop(g.unit("gren-1-1")).amv);
}

#[test]
fn b13_1_6_the_amv_marker_costs_the_attacker_morale_check_10() {
    let mut f = Fx::empty_of(bgame_with(with_methods));
    f.put("2-97", "0302", Formation::Column, "SE");
    f.put("gren-1-1", "0403", Formation::Column, "NW");
    f.mark("2-97", "0403", false);
    f.s.troop_mut(f.unit("2-97")).amv = true;
    f.combat_phase(B, false);
    f.d100(99);
    assert_eq!(f.check_drms(), vec![-10], "{}", f.log());
    assert!(
        f.log()
            .contains("Assault AMV (Attack Method Violation) -10 (B13.1.6)")
    );
}

#[test]
fn b13_1_7_assaulters_advancing_after_a_retreat_before_combat_may_follow_on() {
    // The grenadiers assault the light dragoons in 0303, who must retreat; the grenadiers
    // advance, facing SW, with the 2/97th now in their front at 0204.
    let mut f = french_attack(
        |t| t,
        "gren-1-1",
        &[
            ("2-97", "0204", Formation::Column, "NE"),
            ("20ld", "0303", Formation::Column, "NE"),
        ],
        false,
    );
    let to = rbc_targets(&f);
    assert!(!to.is_empty());
    f.play("rbc 0305");
    assert_eq!(f.cell_of("gren-1-1").as_deref(), Some("0303"));
    // 13.7 They may face as they like after advancing: they keep facing SW.
    f.play("face SW");
    assert_eq!(f.to_act(), ToAct::Side(F), "{}", f.game.waiting_text(&f.s));
    assert!(f.can("assault 0204"));
    assert!(f.can("pass"));
    f.play("assault 0204");
    assert!(
        f.log().contains("Follow-On Assault on 0204 (B13.1.7)"),
        "{}",
        f.log()
    );
    assert!(f.s.troop(f.unit("gren-1-1")).followed_on);
    // The new Assault is resolved in this Assault Phase.
    assert!(
        f.events
            .iter()
            .filter(|e| matches!(e, Event::CloseCombat { target, .. } if *target == f.hex("0204")))
            .count()
            == 1,
        "{}",
        f.log()
    );
}

#[test]
fn b13_1_7_no_follow_on_after_a_fought_assault_nor_in_the_soldiers_game() {
    // The Soldiers Game: an empty hex is entered and the Assault ends.
    let mut f = Fx::empty();
    f.put("2-97", "0204", Formation::Column, "NE");
    f.put("20ld", "0303", Formation::Column, "NE");
    f.morale("20ld", coupdoeil_ge::state::Morale::Rout);
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.mark("gren-1-1", "0303", false);
    f.combat_phase(F, false);
    assert_eq!(f.cell_of("gren-1-1").as_deref(), Some("0303"));
    f.play("face SW");
    assert!(!f.log().contains("Follow-On"));
    assert!(!f.can("assault 0204"));
    // The Battalion Game, the same routed defenders: eliminated, the hex empty, a Follow-On.
    let mut f = Fx::empty_of(bgame());
    f.put("2-97", "0204", Formation::Column, "NE");
    f.put("20ld", "0303", Formation::Column, "NE");
    f.morale("20ld", coupdoeil_ge::state::Morale::Rout);
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.mark("gren-1-1", "0303", false);
    f.combat_phase(F, false);
    f.play("face SW");
    assert!(f.can("assault 0204"), "{}", f.game.waiting_text(&f.s));
}

// ---------------------------------------------------------------------------------------------
// B13.2 Charges.

/// The 20th Light Dragoons under an Attack order in 0302, Column facing SE, the grenadiers in
/// 0403; they form Line, face E and place a Charge marker (a formation change: a check).
fn dragoons_form_and_charge() -> Fx {
    let mut f = Fx::empty_of(bgame());
    f.put_leader("wellesley", "0301");
    let w = f.leader("wellesley");
    f.s.leaders[w.ix()].order = Some(OrderKind::Attack);
    f.put("20ld", "0302", Formation::Column, "SE");
    f.put("gren-1-1", "0403", Formation::Column, "NW");
    f.at(B, Stage::Movement);
    f.play("select 20ld");
    f.play("form line");
    f.play("pass"); // no Reaction Fire
    f.play("pass"); // no Reaction Formation Change (B14.3)
    f.play("face E");
    f.play("charge-marker");
    f
}

#[test]
fn b13_2_1_cavalry_failing_its_disorder_check_places_no_charge_marker() {
    let mut f = dragoons_form_and_charge();
    assert_eq!(pending_dc(&f), Some(0), "one formation change");
    f.d100(0);
    assert_eq!(f.s.troop(f.unit("20ld")).charge, None);
    assert!(
        f.log().contains("no Charge marker (0302) (B13.2.1)"),
        "{}",
        f.log()
    );
    // Passing, the marker stands in the dragoons' hex.
    let mut f = dragoons_form_and_charge();
    f.d100(99);
    assert_eq!(f.s.troop(f.unit("20ld")).charge, Some(f.hex("0302")));
}

/// The 20th Light Dragoons under an Attack order in 0302, Column facing SE, in a British
/// Movement Phase of the Battalion Game, with the grenadiers in `gren_at`.
fn dragoons_and(gren_at: &str, gren_formation: Formation) -> Fx {
    let mut f = Fx::empty_of(bgame());
    f.put_leader("wellesley", "0301");
    let w = f.leader("wellesley");
    f.s.leaders[w.ix()].order = Some(OrderKind::Attack);
    f.put("20ld", "0302", Formation::Column, "SE");
    f.put("gren-1-1", gren_at, gren_formation, "NW");
    f.at(B, Stage::Movement);
    f.play("select 20ld");
    f
}

#[test]
fn b13_2_4_a_charge_marker_needs_a_potential_target_in_the_charge_zone() {
    // The grenadiers three hexes off through the dragoons' front: a marker may be placed.
    let f = dragoons_and("0604", Formation::Column);
    assert!(f.can("charge-marker"));
    assert!(
        !f.can("charge 0604"),
        "no target is named in the Battalion Game"
    );
    // Five hexes off: beyond the zone.
    let f = dragoons_and("0806", Formation::Column);
    assert!(!f.can("charge-marker"));
    // Behind them: not through their front.
    let f = dragoons_and("0201", Formation::Column);
    assert!(!f.can("charge-marker"));
}

/// The dragoons' marker placed, then the British Charge Phase: their Charge Movement.
fn charge_phase(gren_at: &str, gren_formation: Formation) -> Fx {
    let mut f = dragoons_and(gren_at, gren_formation);
    f.play("charge-marker");
    assert_eq!(f.s.troop(f.unit("20ld")).charge, Some(f.hex("0302")));
    f.combat_phase(B, true);
    f
}

#[test]
fn b13_2_5_charge_movement_and_the_target_declared_on_contact() {
    let mut f = charge_phase("0604", Formation::Column);
    assert_eq!(f.to_act(), ToAct::Side(B), "{}", f.game.waiting_text(&f.s));
    assert!(f.can("step 0403"));
    step(&mut f, "0403");
    // 0503 is in the grenadiers' ZOC: the movement stops there, next to them.
    step(&mut f, "0503");
    // The log counts the Charge Movement's hexes, not MP.
    assert!(
        f.log()
            .contains("charges into 0503 (1 hex of Charge Movement left) (B13.2.5)"),
        "{}",
        f.log()
    );
    assert!(!f.log().contains("MP left"), "{}", f.log());
    assert!(!f.can("step 0604") && !f.can("step 0504"));
    assert!(f.can("charge 0604"));
    f.play("charge 0604");
    assert!(f.log().contains("Charge"), "{}", f.log());
    match f.s.pending.iter().rev().find_map(|x| match x {
        Frame::Combat(c) => Some(c.charge_distance),
        _ => None,
    }) {
        Some(d) => assert_eq!(d, 2, "two Open hexes entered"),
        None => panic!("no combat: {}", f.log()),
    }
    // The Defender MC passes, no Defensive Fire, then Cold Steel with the +2.
    f.d100(99);
    f.play("pass");
    f.d10(5);
    f.d10(5);
    assert!(
        f.log()
            .contains("charge distance, 2 Open hexes +2 (B13.6.2)"),
        "{}",
        f.log()
    );
}

#[test]
fn b13_2_6_cavalry_may_bluff_and_run_out_its_charge_without_a_target() {
    // Next to the grenadiers (in their ZOC) without declaring them: the charge ends there,
    // the horses spent.
    let mut f = charge_phase("0604", Formation::Column);
    step(&mut f, "0403");
    step(&mut f, "0503");
    assert!(f.can("charge 0604"));
    // It can go no further: it may still end its charge without declaring them (a bluff).
    assert!(f.can("end"));
    f.play("end");
    assert!(
        f.log()
            .contains("ends the Charge in 0503 without a target (B13.2.6)")
    );
    // It may then Regroup (B13.2.6), and the horses are spent at the end (B13.2.12).
    assert!(f.can("regroup 0403"), "{:?}", f.legal_text());
    f.play("regroup 0403");
    f.play("pass");
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0403"));
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2, "the horses are spent");
    assert_eq!(f.cell_of("gren-1-1").as_deref(), Some("0604"));
}

// B13.2.7 Recall, B13.2.9 Pursuit, B13.2.10 Follow-On Charge.

#[test]
fn b13_2_7_a_recall_check_when_a_potential_target_has_left_before_the_movement() {
    // Two potential targets when the marker is placed; one of them leaves before the Charge
    // Phase (as in a Reserve Movement Phase).
    let setup = || {
        let mut f = dragoons_and("0604", Formation::Column);
        f.put("gren-1-2", "0704", Formation::Column, "NW");
        f.play("charge-marker");
        let g = f.unit("gren-1-1");
        f.s.troop_mut(g).cell = Some(f.hex("1010"));
        f.combat_phase(B, true);
        f
    };
    let mut f = setup();
    assert!(f.can("recall"), "{:?}", f.legal_text());
    assert!(!f.can("end"), "no stopping at will before a Recall");
    // A failed Recall Check (2d10 00 against MV 30): the Charge goes on.
    f.play("recall");
    f.d100(0);
    assert!(!f.can("end") && !f.can("recall"), "{:?}", f.legal_text());
    assert!(f.can("step 0403"));
    // A passed one: the cavalry may end its Charge where it stands, and regroup.
    let mut f = setup();
    f.play("recall");
    f.d100(99);
    assert!(f.can("end") && f.can("step 0403"), "{:?}", f.legal_text());
    f.play("end");
    assert!(f.log().contains("after a Recall (B13.2.7)"), "{}", f.log());
    f.play("pass");
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2);
    assert_eq!(f.cell_of("gren-1-2").as_deref(), Some("0704"));
}

#[test]
fn b13_2_7_no_recall_check_without_a_cause() {
    let f = charge_phase("0604", Formation::Column);
    assert!(!f.can("recall"), "{:?}", f.legal_text());
}

/// The dragoons charge the grenadiers in 0604 (in `morale`) from 0302 through 0403 and 0503,
/// the Defender Morale Check passes, no Defensive Fire, and the Cold Steel dice are 3 and 0:
/// the cavalry wins without losses on either side, and the grenadiers are two levels worse.
fn dragoons_win_against(morale: Morale, extra: &[(&str, &str)]) -> Fx {
    let mut f = dragoons_and("0604", Formation::Column);
    f.morale("gren-1-1", morale);
    for (u, at) in extra {
        f.put(u, at, Formation::Column, "NW");
    }
    f.play("charge-marker");
    f.combat_phase(B, true);
    step(&mut f, "0403");
    step(&mut f, "0503");
    f.play("charge 0604");
    f.d100(99);
    f.play("pass");
    f.d10(3);
    f.d10(0);
    assert_eq!(f.cold_steel().map(|x| x.2), Some(true), "{}", f.log());
    f
}

#[test]
fn b13_2_9_a_broken_stack_pursued_loses_a_step() {
    // Disordered, the grenadiers lose two levels: Broken, they retreat three hexes.
    let mut f = dragoons_win_against(Morale::Disorder, &[]);
    f.play("to 0704");
    f.play("to 0805");
    f.play("to 0905");
    assert_eq!(
        f.cell_of("20ld").as_deref(),
        Some("0604"),
        "the one advance is made"
    );
    // The dragoons may try to Recall first; they do not: they must pursue.
    assert!(f.can("recall") && f.can("pass"), "{:?}", f.legal_text());
    f.play("pass");
    // They follow the path of the retreat up to the hex next to the grenadiers.
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0805"), "{}", f.log());
    assert!(
        f.log().contains("pursues into 0704 (B13.2.9)"),
        "{}",
        f.log()
    );
    assert!(
        f.log()
            .contains("Broken or Routed and pursued, loses a step (B13.2.9)"),
        "{}",
        f.log()
    );
    assert_eq!(f.steps_of("gren-1-1"), 1);
    // Then they regroup; a cavalry that pursued makes no Follow-On Charge.
    assert!(!f.can("follow-on-charge"));
    assert!(f.can("regroup 0704") || f.can("pass"));
}

#[test]
fn b13_2_9_cavalry_that_passes_its_recall_check_does_not_pursue() {
    let mut f = dragoons_win_against(Morale::Disorder, &[]);
    f.play("to 0704");
    f.play("to 0805");
    f.play("to 0905");
    assert_eq!(
        f.cell_of("20ld").as_deref(),
        Some("0604"),
        "the one advance is made"
    );
    f.play("recall");
    f.d100(99);
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0604"), "{}", f.log());
    assert_eq!(f.steps_of("gren-1-1"), 2);
    // Failing, it must pursue.
    let mut f = dragoons_win_against(Morale::Disorder, &[]);
    f.play("to 0704");
    f.play("to 0805");
    f.play("to 0905");
    assert_eq!(
        f.cell_of("20ld").as_deref(),
        Some("0604"),
        "the one advance is made"
    );
    f.play("recall");
    f.d100(0);
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0805"), "{}", f.log());
}

#[test]
fn b13_2_9_the_pursuit_stops_where_the_retreat_entered_dense_terrain() {
    // Broken, the grenadiers retreat into the village: the dragoons do not follow.
    let mut f = dragoons_win_against(Morale::Disorder, &[]);
    f.play("to 0605");
    f.first_retreats();
    assert_eq!(
        f.cell_of("20ld").as_deref(),
        Some("0604"),
        "the one advance is made"
    );
    assert!(
        !f.can("recall"),
        "no pursuit, so no Recall: {:?}",
        f.legal_text()
    );
    assert_eq!(f.cell_of("20ld").as_deref(), Some("0604"));
    assert_eq!(f.steps_of("gren-1-1"), 2, "{}", f.log());
}

#[test]
fn b13_2_10_a_follow_on_charge_keeps_the_charge_distance_bonus() {
    // Shaken, the grenadiers fall back into the village: no pursuit. The dragoons, in Open
    // ground, may charge the other battalion still in their Charge Zone.
    let setup = || {
        let mut f = dragoons_win_against(Morale::Normal, &[("gren-1-2", "0704")]);
        f.play("to 0605");
        assert_eq!(
            f.cell_of("20ld").as_deref(),
            Some("0604"),
            "the one advance is made"
        );
        assert_eq!(f.morale_of("20ld"), Morale::Disorder);
        assert!(f.can("follow-on-charge"), "{:?}", f.legal_text());
        f.play("follow-on-charge");
        f
    };
    // The Morale Check fails (MV 30): Shaken, the dragoons fall back a hex, the Charge ends.
    let mut f = setup();
    f.d100(0);
    assert_eq!(f.morale_of("20ld"), Morale::Shaken);
    f.first_retreats();
    assert_ne!(f.cell_of("20ld").as_deref(), Some("0604"));
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2, "{}", f.log());
    // It passes: the new target is declared and charged, keeping the +2 of the first Charge.
    let mut f = setup();
    f.d100(99);
    f.play("charge 0704");
    // Its Charge Movement may go round to another side of the target, or charge from here.
    f.play("charge 0704");
    assert!(
        f.log()
            .contains("make a Follow-On Charge on 0704 (B13.2.10)")
            || f.log()
                .contains("makes a Follow-On Charge on 0704 (B13.2.10)"),
        "{}",
        f.log()
    );
    f.d100(99); // the Defender Morale Check
    f.play("pass"); // no Defensive Fire
    f.d10(5);
    f.d10(5);
    assert!(
        f.log()
            .contains("charge distance, 2 Open hexes +2 (B13.6.2)"),
        "{}",
        f.log()
    );
    assert_eq!(
        f.log().matches("Cold Steel").count(),
        2,
        "two Cold Steel Combats: {}",
        f.log()
    );
}

#[test]
fn b13_6_2_no_charge_distance_bonus_against_a_square() {
    let mut f = charge_phase("0604", Formation::Square);
    step(&mut f, "0403");
    step(&mut f, "0503");
    f.play("charge 0604");
    f.d100(99);
    f.play("pass");
    f.d10(5);
    f.d10(5);
    assert!(
        f.log().contains("Cold Steel") || f.cold_steel().is_some(),
        "{}",
        f.log()
    );
    assert!(!f.log().contains("charge distance"), "{}", f.log());
}

#[test]
fn b13_2_6_a_charge_with_no_target_left_in_its_zone_is_withdrawn() {
    let mut f = dragoons_and("0604", Formation::Column);
    f.play("charge-marker");
    // The grenadiers leave before the Charge Phase.
    f.remove("gren-1-1");
    f.combat_phase(B, true);
    assert!(
        f.log().contains("the marker is removed (B13.2.6)"),
        "{}",
        f.log()
    );
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 0, "no ill effect");
}

// ---------------------------------------------------------------------------------------------
// The Soldiers Game is untouched.

#[test]
fn b1_soldiers_states_carry_none_of_the_battalion_fields() {
    // A Soldiers state's JSON (and so its hash, and every record's chain) is what it was
    // before the Battalion Game: the new fields are left out while they hold their defaults.
    use coupdoeil_engine::draw_below;
    use rand::SeedableRng;
    let g = common::game();
    let keys = [
        "\"initiative_rolled\":",
        "\"orders_checked\":",
        "\"order_limited\":",
        "\"lent\":",
        "\"initiative_floor\":",
        "\"modifiers\":",
        "\"disorder\":",
        "\"amv\":",
        "\"followed_on\":",
        "\"follow_on\":",
        "\"charge_distance\":",
        "\"zone\":",
        "\"fled\":",
        "\"pursuit\":",
        "\"recalled\":",
        "\"charge_watch\":",
        "\"reaction_charges\":",
        "\"def_charge_distance\":",
        "\"prolonged\":",
        "\"movers\":",
        "\"barred\":",
        "\"source\":",
        "\"reserve\":",
    ];
    let mut total = 0;
    for seed in 0..6 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let mut ev = Vec::new();
        let mut legal = Vec::new();
        for step in 0..5000 {
            total += 1;
            if step % 5 == 0 {
                let json = serde_json::to_string(&s).unwrap();
                for k in keys {
                    assert!(!json.contains(k), "seed {seed} step {step}: {k} in {json}");
                }
            }
            match g.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let d = g.chance(&s);
                    let o = d.outcomes();
                    let c = o[draw_below(&mut rng, o.len() as u64) as usize].0;
                    g.apply_chance_unchecked(&mut s, &c, &mut ev);
                }
                ToAct::Side(_) => {
                    g.legal_actions(&s, &mut legal);
                    let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                    g.apply_action_unchecked(&mut s, &a, &mut ev);
                }
            }
        }
    }
    assert!(total > 3000, "long enough games: {total} steps");
}

// ---------------------------------------------------------------------------------------------
// B14.3 Reaction Formation Change.

/// A French Movement Phase of the Battalion Game: the grenadiers in 0502 (Column facing NE)
/// about to move off, the British 2/97th in `at` in Column.
fn grenadiers_move_near(at: &str) -> Fx {
    let mut f = Fx::empty_of(bgame());
    f.put("2-97", at, Formation::Column, "NE");
    f.put("gren-1-1", "0502", Formation::Column, "NE");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f
}

fn square_window(f: &Fx) -> bool {
    f.legal()
        .iter()
        .any(|a| matches!(a, Action::ReactSquare(_)))
}

#[test]
fn b14_3_3_example_two_hexes_away_the_check_is_at_minus_15() {
    // One hex between them: the distance counts the mover's hex, not the checking unit's.
    let mut f = grenadiers_move_near("0302");
    f.play("step 0602");
    assert!(square_window(&f), "{:?}", f.legal_text());
    f.play("react-square 0302");
    match f.s.pending.last() {
        Some(Frame::Check(c)) => {
            assert_eq!(c.modifiers.iter().map(|m| m.value).sum::<i16>(), -15);
        }
        other => panic!("no check: {other:?}"),
    }
    f.d100(60); // 60 - 15 = 45, above MV 35
    assert_eq!(f.formation_of("2-97"), Formation::Square);
    assert!(
        f.log()
            .contains("Reaction Formation Change Disorder Check (B14.3)"),
        "{}",
        f.log()
    );
}

#[test]
fn b14_3_a_failed_reaction_formation_change_worsens_the_stack() {
    let mut f = grenadiers_move_near("0302");
    f.play("step 0602");
    f.play("react-square 0302");
    f.d100(40); // 40 - 15 = 25: fails
    assert_eq!(f.formation_of("2-97"), Formation::Column);
    assert_eq!(f.morale_of("2-97"), coupdoeil_ge::state::Morale::Disorder);
}

#[test]
fn b14_3_2_only_normal_infantry_in_sight_within_three_hexes() {
    // Three hexes: still offered; four: not.
    let mut f = grenadiers_move_near("0202");
    assert_eq!(f.game.data.board.distance(f.hex("0202"), f.hex("0502")), 3);
    f.play("step 0602");
    assert!(square_window(&f));
    let mut f = grenadiers_move_near("0102");
    f.play("step 0602");
    assert!(!square_window(&f));
    // Disordered: not.
    let mut f = Fx::empty_of(bgame());
    f.put("2-97", "0302", Formation::Column, "NE");
    f.morale("2-97", coupdoeil_ge::state::Morale::Disorder);
    f.put("gren-1-1", "0502", Formation::Column, "NE");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0602");
    assert!(!square_window(&f));
}

#[test]
fn b14_3_3_already_in_an_enemy_zoc_adds_its_drm() {
    let mut f = Fx::empty_of(bgame());
    f.put("2-97", "0302", Formation::Column, "NE");
    // Other grenadiers face the 2/97th from 0303 (off the line of sight): it stands in their
    // ZOC.
    f.put("gren-2-1", "0303", Formation::Column, "N");
    f.put("gren-1-1", "0502", Formation::Column, "NE");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0602");
    f.play("react-square 0302");
    match f.s.pending.last() {
        Some(Frame::Check(c)) => {
            let v: Vec<i16> = c.modifiers.iter().map(|m| m.value).collect();
            assert_eq!(v, vec![-15, -10]);
        }
        other => panic!("no check: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// B7.9.3 Ammunition.

/// Robe's guns (British 6-pounders: Low Ammo at 04, Out at 02) unlimbered in 0302 facing E,
/// the grenadiers in 0502, another British stack able to fire so the segment stays open.
fn guns_fire(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-1-1", "0502", Formation::Column, "SW");
    f.put("1-50", "0503", Formation::Line, "NE");
    f.at(B, Stage::Fire);
    f
}

#[test]
fn b7_9_3_a_low_fire_roll_runs_the_batteries_ammunition_down() {
    let mut f = guns_fire(bgame());
    f.play("fire 0302 0502");
    f.d100(4);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 1, "{}", f.log());
    assert!(f.log().contains("rolled 04: Low Ammo (B7.9.3)"));
    // Low: a roll of 02 puts it Out of Ammo, and then it may not fire.
    let mut f = guns_fire(bgame());
    f.s.troop_mut(f.unit("robe")).ammo = 1;
    f.play("fire 0302 0502");
    f.d100(3);
    assert_eq!(
        f.s.troop(f.unit("robe")).ammo,
        1,
        "03 is above the Out of Ammo Limit"
    );
    let mut f = guns_fire(bgame());
    f.s.troop_mut(f.unit("robe")).ammo = 1;
    f.play("fire 0302 0502");
    f.d100(2);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 2);
    let mut f = guns_fire(bgame());
    f.s.troop_mut(f.unit("robe")).ammo = 2;
    assert!(!f.can("fire 0302 0502"), "Out of Ammo");
    // The Soldiers Game never runs short.
    let mut f = guns_fire(common::game());
    f.play("fire 0302 0502");
    f.d100(0);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 0);
}

/// The test scenario at the Battalion level with a British Supply Source at the west end of
/// the road, 0104.
fn supplied() -> GloryEmpire {
    bgame_with(|t| t + "\n[[supply]]\nside = \"british\"\nat = [\"0104\"]\n")
}

/// Robe's guns limbered on the road in 0304, short of ammunition, at the start of the
/// British Recovery Segment.
fn resupply_phase(game: GloryEmpire, leader: bool) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("robe", "0304", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).ammo = 2;
    if leader {
        f.put_leader("wellesley", "0304");
    }
    f.put("gren-1-1", "0808", Formation::Column, "SW");
    f.at(B, Stage::Rally);
    f.s.queue.clear();
    f.settle();
    f
}

#[test]
fn b7_9_3_resupply_on_an_8_or_9_with_2_more_for_a_leader() {
    let mut f = resupply_phase(supplied(), false);
    assert_eq!(f.s.stage, Stage::ArtillerySupply, "{}", f.log());
    f.d10(7);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 2);
    let mut f = resupply_phase(supplied(), false);
    f.d10(8);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 0);
    assert!(
        f.log()
            .contains("rolls 8 for resupply: resupplied (B7.9.3)")
    );
    let mut f = resupply_phase(supplied(), true);
    f.d10(6);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 0, "6 + 2 with Wellesley");
}

#[test]
fn b7_9_3_resupply_needs_a_road_to_a_supply_source_clear_of_the_enemy() {
    // No Supply Source: no Artillery Resupply Phase at all.
    let f = resupply_phase(bgame(), false);
    assert_ne!(f.s.stage, Stage::ArtillerySupply);
    assert!(!f.log().contains("Artillery Resupply Phase"), "{}", f.log());
    // Grenadiers astride the road at 0204 cut it.
    let mut f = Fx::empty_of(supplied());
    f.put("robe", "0304", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).ammo = 1;
    f.put("gren-1-1", "0204", Formation::Column, "N");
    assert!(f.game.may_resupply(&f.s, B).is_empty());
    // Unlimbered guns may not.
    let mut f = Fx::empty_of(supplied());
    f.put("robe", "0304", Formation::Unlimbered, "W");
    f.s.troop_mut(f.unit("robe")).ammo = 1;
    assert!(f.game.may_resupply(&f.s, B).is_empty());
    f.s.troop_mut(f.unit("robe")).formation = Formation::RoadColumn;
    assert_eq!(f.game.may_resupply(&f.s, B), vec![f.unit("robe")]);
}

#[test]
fn b13_3_unlimbered_guns_out_of_ammo_alone_are_overrun() {
    let mut f = Fx::empty_of(bgame());
    f.put("robe", "0303", Formation::Unlimbered, "NE");
    f.s.troop_mut(f.unit("robe")).ammo = 2;
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.mark("gren-1-1", "0303", false);
    f.combat_phase(F, false);
    assert_eq!(f.cell_of("robe"), None, "{}", f.log());
}

// ---------------------------------------------------------------------------------------------
// B14.4 Reaction Charges.

fn zone_of(f: &Fx, unit: &str, at: &str) -> Vec<String> {
    let u = f.unit(unit);
    f.game
        .reaction_charge_zone(&f.s, &[u], f.hex(at))
        .into_iter()
        .map(|c| f.label(c))
        .collect()
}

#[test]
fn b14_4_1_the_reaction_charge_zone_stops_at_dense_ground_and_obstacles() {
    let mut f = battalion();
    f.put("20ld", "0404", Formation::Column, "SE");
    let zone = zone_of(&f, "20ld", "0404");
    let charge_zone: Vec<String> = f
        .game
        .charge_zone(&f.s, &[f.unit("20ld")], f.hex("0404"))
        .into_iter()
        .map(|c| f.label(c))
        .collect();
    // Three hexes through the front, in the open.
    for h in ["0405", "0503", "0504", "0604", "0704"] {
        assert!(zone.contains(&h.to_string()), "{h} in {zone:?}");
    }
    // Not four, not into the vineyard (LDT) or the village (MDT), not across the Maceira:
    // 0506 is three hexes off through the front, but only across the stream.
    for h in ["0805", "0407", "0605", "0506"] {
        assert!(!zone.contains(&h.to_string()), "{h} not in {zone:?}");
    }
    assert!(charge_zone.contains(&"0506".to_string()));
    // Only cavalry in Line or Column projects one.
    f.s.troop_mut(f.unit("20ld")).formation = Formation::RoadColumn;
    assert!(zone_of(&f, "20ld", "0404").is_empty());
}

/// The French grenadiers in 0704 (Column facing NW) start to move in a French Movement Phase,
/// the British 20th Light Dragoons waiting in 0302 (Column facing SE).
fn grenadiers_near_the_dragoons() -> Fx {
    let mut f = battalion();
    f.put("20ld", "0302", Formation::Column, "SE");
    f.put("gren-1-1", "0704", Formation::Column, "NW");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0604");
    f
}

#[test]
fn b14_4_2_a_reaction_charge_answers_an_enemy_entering_the_zone() {
    let mut f = grenadiers_near_the_dragoons();
    assert!(f.can("react-charge 0302"), "{:?}", f.legal_text());
    f.play("react-charge 0302");
    f.d100(99);
    // B14.4.5 The dragoons' Reaction Charge Movement to the grenadiers' hex, which ends
    // their move.
    assert!(
        f.log().contains("Reaction Charge Movement (B14.4.5)"),
        "{}",
        f.log()
    );
    assert!(f.s.moving.as_ref().is_none_or(|m| m.halted));
    step(&mut f, "0403");
    step(&mut f, "0503");
    f.play("charge 0604");
    assert!(f.log().contains("Reaction Charge (14.4.3)"), "{}", f.log());
    // No Retreat Before Combat, no Recall: the Defender Morale Check, no Defensive Fire,
    // then Cold Steel with the two Open hexes of the movement.
    f.d100(99);
    f.play("pass");
    f.d10(5);
    f.d10(5);
    assert!(
        f.log()
            .contains("charge distance, 2 Open hexes +2 (B13.6.2)"),
        "{}",
        f.log()
    );
    assert!(
        f.s.moving.as_ref().is_none_or(|m| m.halted),
        "the grenadiers' move is over"
    );
}

/// B14.4.5 Only Reaction Fire answers a Reaction Charge Movement: once the grenadiers beside
/// the dragoons' path pass their fire, no Reaction Formation Change (nor Reaction Charge) is
/// offered for the same step, which a window moving on through every kind of its trigger did.
#[test]
fn b14_4_5_only_reaction_fire_answers_a_reaction_charge_movement() {
    let mut f = grenadiers_near_the_dragoons();
    f.put("gren-1-2", "0202", Formation::Column, "SE");
    f.play("react-charge 0302");
    f.d100(99);
    f.play("step 0403");
    let fire = f.legal().iter().any(|a| matches!(a, Action::ReactFire(_)));
    assert!(fire, "{:?}", f.legal_text());
    f.play("pass");
    assert!(!square_window(&f), "{:?}", f.legal_text());
    assert!(
        !f.legal()
            .iter()
            .any(|a| matches!(a, Action::ReactCharge(_) | Action::ReactChange { .. })),
        "{:?}",
        f.legal_text()
    );
}

#[test]
fn b14_4_2_one_attempt_per_moving_stack() {
    let mut f = grenadiers_near_the_dragoons();
    f.play("react-charge 0302");
    // A failed check costs nothing (B14.4.4), and the grenadiers move on.
    f.d100(0);
    assert_eq!(f.morale_of("20ld"), Morale::Normal);
    assert!(f.s.moving.is_some());
    // Still in the zone, they trigger no second attempt by the same dragoons.
    f.play("step 0503");
    assert!(!f.can("react-charge 0302"), "{:?}", f.legal_text());
    assert_eq!(f.cell_of("gren-1-1").as_deref(), Some("0503"));
}

#[test]
fn b14_4_4_the_reaction_charge_check_is_a_morale_check_whose_failure_costs_nothing() {
    // With Wellesley beside them, the dragoons' check takes his Morale Check DRM (5.2.1).
    let mut f = grenadiers_near_the_dragoons();
    f.put_leader("wellesley", "0302");
    f.play("react-charge 0302");
    f.d100(0);
    let log = f.log();
    assert!(log.contains("Reaction Charge Check (14.4.2)"), "{log}");
    assert!(log.contains("fails [leader"), "{log}");
    // Failing: no Reaction Charge, no worse morale, and the grenadiers' move goes on.
    assert!(!log.contains("Reaction Charge Movement"), "{log}");
    assert_eq!(f.morale_of("20ld"), Morale::Normal);
    assert!(f.s.moving.as_ref().is_some_and(|m| !m.halted));
    assert!(f.can("step 0503"), "{:?}", f.legal_text());
    // Passing: the grenadiers' move is over and the Reaction Charge begins at once.
    let mut f = grenadiers_near_the_dragoons();
    f.play("react-charge 0302");
    f.d100(99);
    assert!(f.log().contains("passes"), "{}", f.log());
    assert!(f.s.moving.as_ref().is_none_or(|m| m.halted));
    assert!(
        matches!(f.s.pending.last(), Some(Frame::ChargeMove(_))),
        "{:?}",
        f.s.pending.last()
    );
}

#[test]
fn b14_4_2_no_reaction_charge_out_of_sight_or_out_of_reach() {
    // Into the village (MDT): not in the zone.
    let mut f = battalion();
    f.put("20ld", "0302", Formation::Column, "SE");
    f.put("gren-1-1", "0704", Formation::Column, "SW");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0605");
    assert!(!f.can("react-charge 0302"), "{:?}", f.legal_text());
    // Spent dragoons make none.
    let mut f = battalion();
    f.put("20ld", "0302", Formation::Column, "SE");
    f.s.troop_mut(f.unit("20ld")).spent = 1;
    f.put("gren-1-1", "0704", Formation::Column, "NW");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0604");
    assert!(!f.can("react-charge 0302"), "{:?}", f.legal_text());
}

/// The French dragoons (Margaron's, under an Attack order) in 0905 (Column facing NW) with a
/// Charge marker placed against the British 2/97th in 0604; the 20th Light Dragoons wait in
/// 0702 (Column facing S). The French Charge Phase begins.
fn french_charge_near_the_light_dragoons() -> Fx {
    let mut f = battalion();
    f.put_leader("margaron", "0905");
    let m = f.leader("margaron");
    f.s.leaders[m.ix()].order = Some(OrderKind::Attack);
    f.put("drag-3a", "0905", Formation::Column, "NW");
    f.put("2-97", "0604", Formation::Column, "SE");
    f.put("20ld", "0702", Formation::Column, "S");
    f.mark("drag-3a", "0905", true);
    f.combat_phase(F, true);
    f
}

#[test]
fn b14_4_3_a_counter_charge_aborts_the_charge_and_both_keep_their_distance() {
    let mut f = french_charge_near_the_light_dragoons();
    f.play("step 0805");
    // The 2/97th may form Square as the French leave 0905 and enter 0805 (B14.3); once they
    // are in 0805 the light dragoons may counter-charge.
    while !f.can("react-charge 0702") && f.can("react-square 0604") {
        f.play("pass");
    }
    assert!(f.can("react-charge 0702"), "{:?}", f.legal_text());
    f.play("react-charge 0702");
    f.d100(99);
    assert!(f.log().contains("Counter-Charge (B14.4.3)"), "{}", f.log());
    step(&mut f, "0703");
    step(&mut f, "0704");
    f.play("charge 0805");
    // Against cavalry: straight to Cold Steel, both sides with their charge distance.
    f.d10(5);
    f.d10(5);
    assert!(
        f.log()
            .contains("charge distance, 2 Open hexes +2 (B13.6.2)"),
        "{}",
        f.log()
    );
    assert!(
        f.log()
            .contains("charge distance of the Counter-Charged, 1 Open hex +1 (B13.6.2)"),
        "{}",
        f.log()
    );
    drive(&mut f, |f| {
        !f.s.pending
            .iter()
            .any(|x| matches!(x, Frame::ChargeMove(_) | Frame::Combat(_)))
    });
    // The French Charge is over: it never reached the 2/97th; both cavalry are spent.
    assert_eq!(f.s.troop(f.unit("drag-3a")).spent, 2, "{}", f.log());
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2);
    assert!(
        !f.log().contains("declares a Charge on 0604"),
        "{}",
        f.log()
    );
    assert!(
        !f.s.pending
            .iter()
            .any(|x| matches!(x, Frame::ChargeMove(_)))
    );
}

#[test]
fn b13_4_a_retreat_before_combat_may_trigger_a_reaction_charge() {
    // The 20th Light Dragoons, assaulted by the grenadiers, must fall back (B13.4.1); the
    // French dragoons may charge them where they stop, if still in their zone.
    let mut f = battalion();
    f.put("20ld", "0503", Formation::Column, "S");
    f.put("gren-1-1", "0604", Formation::Column, "NW");
    f.put("drag-3a", "0104", Formation::Column, "NE");
    f.mark("gren-1-1", "0503", false);
    f.combat_phase(F, false);
    assert!(f.can("rbc 0302"), "{:?}", f.legal_text());
    f.play("rbc 0302");
    assert!(f.can("react-charge 0104"), "{:?}", f.legal_text());
    // The grenadiers the dragoons fell back from may not react (B13.4.7).
    f.play("react-charge 0104");
    f.d100(99);
    assert!(
        f.log().contains("Reaction Charge Movement (B14.4.5)"),
        "{}",
        f.log()
    );
}

#[test]
fn b13_2_7_a_target_forming_square_in_reaction_allows_a_recall_check() {
    let mut f = charge_phase("0604", Formation::Column);
    f.play("step 0403");
    // The grenadiers form Square as the dragoons come on (B14.3): a Disorder Check passed.
    while !f.can("react-square 0604") {
        f.play("pass");
    }
    f.play("react-square 0604");
    f.d100(99);
    assert_eq!(f.formation_of("gren-1-1"), Formation::Square);
    decline(&mut f);
    assert!(f.can("recall"), "{:?}", f.legal_text());
}

#[test]
fn b13_2_9_a_reaction_charge_ends_the_pursuit() {
    // French dragoons in 0902 (Column facing SW) watch the path of the pursuit.
    let mut f = dragoons_win_against(Morale::Disorder, &[]);
    f.put("drag-3b", "0902", Formation::Column, "SW");
    f.play("to 0704");
    f.play("to 0805");
    f.play("to 0905");
    f.play("pass"); // no Recall: pursue
    // As the light dragoons are about to leave 0604 after the grenadiers, the French dragoons
    // may charge them.
    assert!(f.can("react-charge 0902"), "{:?}", f.legal_text());
    f.play("react-charge 0902");
    f.d100(99);
    // The pursuit ends where it was: the light dragoons never leave 0604, and the grenadiers,
    // pursued no hex, keep their steps.
    drive(&mut f, |f| {
        !f.s.pending
            .iter()
            .any(|x| matches!(x, Frame::ChargeMove(_) | Frame::Combat(_)))
    });
    assert!(
        f.log().contains("Reaction Charge (14.4.3) against 0604"),
        "{}",
        f.log()
    );
    assert!(
        !f.log().contains("20th Light Dragoons pursues into"),
        "{}",
        f.log()
    );
    assert_eq!(f.steps_of("gren-1-1"), 2);
}

// ---------------------------------------------------------------------------------------------
// B7.6, B7.7 Skirmishers.

/// A British Fire Segment of the Battalion Game (or the Soldiers Game): `unit` in 0803 in
/// Column facing SE with `sk` SP of skirmishers out, French grenadiers where `enemies` says.
fn skirmish_fire(game: GloryEmpire, unit: &str, sk: u8, enemies: &[(&str, &str)]) -> Fx {
    let mut f = Fx::empty_of(game);
    let u = f.put(unit, "0803", Formation::Column, "SE");
    f.s.troop_mut(u).skirmishers = sk;
    for (e, at) in enemies {
        f.put(e, at, Formation::Column, "NW");
    }
    f.at(B, Stage::Fire);
    f
}

#[test]
fn b7_6_6_the_green_zone_needs_no_los_and_stops_at_an_occupied_hex() {
    // As the rule's example: A next to the skirmishers (in the olive grove), B two hexes off
    // out of the parent's sight behind the olives, C two hexes off but only through A's hex.
    let enemies = [
        ("gren-1-1", "0903"),
        ("gren-1-2", "1003"),
        ("gren-2-1", "1004"),
    ];
    let f = skirmish_fire(bgame(), "1-50", 2, &enemies);
    assert!(!f.game.los(&f.s, f.hex("0803"), f.hex("1003")));
    assert!(f.can("fire 0803 0903"), "{:?}", f.legal_text());
    assert!(f.can("fire 0803 1003"), "no LOS needed in the Green Zone");
    assert!(!f.can("fire 0803 1004"), "the zone stops at A's hex");
    // The Soldiers Game has no Skirmish Zone: two hexes through the front will do.
    let f = skirmish_fire(common::game(), "1-50", 2, &enemies);
    assert!(f.can("fire 0803 1004"));
}

#[test]
fn b7_6_7_rifles_fire_into_the_rifle_zone_in_sight_of_a_front_hex() {
    // 1101 is three hexes off, in sight of the front hexes; 1005 is in sight of none.
    let f = skirmish_fire(
        bgame(),
        "5-60",
        2,
        &[("gren-1-1", "1101"), ("gren-1-2", "1005")],
    );
    assert!(f.can("fire 0803 1101"), "{:?}", f.legal_text());
    assert!(!f.can("fire 0803 1005"));
    // Muskets reach two hexes only.
    let f = skirmish_fire(bgame(), "1-50", 2, &[("gren-1-1", "1101")]);
    assert!(!f.can("fire 0803 1101"));
}

#[test]
fn b7_7_4_an_sed_skirmish_zone_extends_all_round() {
    let mut f = Fx::empty_of(bgame());
    f.put("2-43", "0803", Formation::Sed, "N");
    f.put("gren-1-1", "0801", Formation::Column, "SE");
    f.put("gren-1-2", "1003", Formation::Column, "NW");
    f.at(B, Stage::Fire);
    assert!(f.can("fire 0803 1003"), "{:?}", f.legal_text());
    // Behind it too: two hexes off to the north.
    let c = f.hex("0801");
    assert_eq!(f.game.data.board.distance(f.hex("0803"), c), 2);
    assert!(f.can("fire 0803 0801"), "{:?}", f.legal_text());
}

/// The 2/43rd (a battalion) en Débandade in 0803 starts a move in a British Movement Phase of
/// the Battalion Game and changes into Column.
fn sed_battalion_forms_column(edit: impl Fn(String) -> String) -> Fx {
    let mut f = Fx::empty_of(bgame_with(edit));
    f.put("2-43", "0803", Formation::Sed, "N");
    f.put("1-50", "0302", Formation::Line, "N");
    f.at(B, Stage::Movement);
    f.play("select 2-43");
    f.play("form column");
    f
}

#[test]
fn b7_7_2_a_battalion_leaving_sed_must_pass_a_recall_skirmishers_check() {
    let mut f = sed_battalion_forms_column(|t| t);
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Check(c)) if c.kind == coupdoeil_ge::state::CheckKind::RecallSkirmishers),
        "{}",
        f.game.waiting_text(&f.s)
    );
    // Failing (00 against MV 30): no change, and its move is over.
    f.d100(0);
    assert_eq!(f.formation_of("2-43"), Formation::Sed);
    assert!(
        f.s.moving.is_none() && f.s.troop(f.unit("2-43")).moved,
        "{}",
        f.game.waiting_text(&f.s)
    );
    // Passing: the change is made, and the Disorder Check at the end counts it (B9.4).
    let mut f = sed_battalion_forms_column(|t| t);
    f.d100(99);
    assert_eq!(f.formation_of("2-43"), Formation::Column, "{}", f.log());
    f.play("end");
    assert_eq!(pending_dc(&f), Some(0), "{}", f.game.waiting_text(&f.s));
}

#[test]
fn b7_7_2_a_company_en_debandade_changes_formation_without_a_check() {
    let f = sed_battalion_forms_column(|t| {
        t.replacen(
            "id = \"2-43\"\nside = \"british\"\n",
            "id = \"2-43\"\nside = \"british\"\nsize = \"company\"\n",
            1,
        )
    });
    assert_eq!(f.formation_of("2-43"), Formation::Column, "{}", f.log());
}

/// The British Attack Orders Phase ends: the Movement Segment's Command Status Phase follows,
/// with the 2/43rd en Débandade in 0803 under Anstruther (in 0804) and the 1/50th in Line.
fn command_status_with_sed(edit: impl Fn(String) -> String) -> Fx {
    let mut f = Fx::empty_of(bgame_with(edit));
    f.put_leader("anstruther", "0804");
    f.put_leader("wellesley", "0805");
    f.put("2-43", "0803", Formation::Sed, "N");
    f.at(B, Stage::AttackOrders);
    f.s.closing = true;
    f.settle();
    f
}

#[test]
fn b7_7_3_a_battalion_en_debandade_must_pass_a_command_check() {
    let mut f = command_status_with_sed(|t| t);
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Check(c)) if c.kind == coupdoeil_ge::state::CheckKind::Command),
        "{}",
        f.game.waiting_text(&f.s)
    );
    f.d100(0);
    let t = f.s.troop(f.unit("2-43"));
    assert!(t.ooc && !t.commanded, "failing: Out of Command");
    assert_eq!(
        f.morale_of("2-43"),
        Morale::Normal,
        "its morale is untouched"
    );
    let mut f = command_status_with_sed(|t| t);
    f.d100(99);
    assert!(!f.s.troop(f.unit("2-43")).ooc);
    // A company needs none.
    let f = command_status_with_sed(|t| {
        t.replacen(
            "id = \"2-43\"\nside = \"british\"\n",
            "id = \"2-43\"\nside = \"british\"\nsize = \"company\"\n",
            1,
        )
    });
    assert!(
        !matches!(f.s.pending.last(), Some(Frame::Check(_))),
        "{}",
        f.game.waiting_text(&f.s)
    );
    assert!(!f.s.troop(f.unit("2-43")).ooc);
}

// ---------------------------------------------------------------------------------------------
// B7.4.1 Covered Flanks, B7.9.1 Prolonge, B12.2.1 Fire Strength Limits.

/// The 1/50th in Line facing NNE in 0503 (flanks SE and NW) and the 2/97th in Line facing NNE
/// in 0605, whose front hex 0604 is the 1/50th's SE flank hex.
fn line_and_friend(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("1-50", "0503", Formation::Line, "NNE");
    f.put("2-97", "0605", Formation::Line, "NNE");
    f
}

#[test]
fn b7_4_1_a_flank_hex_in_front_of_a_friend_is_a_covered_flank() {
    use coupdoeil_ge::data::Arc;
    use coupdoeil_hex::EdgeDir;
    let mut f = line_and_friend(bgame());
    let u = f.unit("1-50");
    let se = EdgeDir::SE.index() as usize;
    let nw = EdgeDir::NW.index() as usize;
    assert_eq!(f.game.base_arcs(&f.s, u)[se], Arc::Flank);
    assert_eq!(f.game.unit_arcs(&f.s, u)[se], Arc::Front, "covered");
    assert_eq!(
        f.game.unit_arcs(&f.s, u)[nw],
        Arc::Flank,
        "the other flank is open"
    );
    // A front hexside for every purpose: the 1/50th may move through it.
    f.at(B, Stage::Movement);
    f.play("select 1-50");
    assert!(f.can("step 0604"), "{:?}", f.legal_text());
    // Not in the Soldiers Game, nor next to a Broken friend.
    let f = line_and_friend(common::game());
    assert_eq!(f.game.unit_arcs(&f.s, f.unit("1-50"))[se], Arc::Flank);
    let mut f = line_and_friend(bgame());
    f.morale("2-97", Morale::Broken);
    assert_eq!(f.game.unit_arcs(&f.s, f.unit("1-50"))[se], Arc::Flank);
}

#[test]
fn b7_4_1_artillery_firing_through_a_covered_flank_fires_in_enfilade() {
    let enfilade = |firer: &str, formation: Formation| {
        let mut f = line_and_friend(bgame());
        f.put(firer, "0604", formation, "NW");
        let st = f.game.strength(&f.s, f.hex("0604")).expect("may fire");
        let target = [f.unit("1-50")];
        let odds = f
            .game
            .fire_odds(&f.s, f.hex("0604"), f.hex("0503"), &target, &st, false, 1);
        odds.modifiers.iter().any(|m| m.what.contains("enfilade"))
    };
    assert!(enfilade("fr-guns", Formation::Unlimbered));
    assert!(!enfilade("gren-1-1", Formation::Line));
}

/// Robe's battery unlimbered in 0503 facing N in a British Movement Phase of the Battalion
/// Game.
fn guns_to_prolonge(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("robe", "0503", Formation::Unlimbered, "N");
    f.put("1-50", "0302", Formation::Line, "N");
    f.at(B, Stage::Movement);
    f.play("select robe");
    f
}

#[test]
fn b7_9_1_unlimbered_artillery_moves_one_open_hex_by_prolonge() {
    let mut f = guns_to_prolonge(bgame());
    // Any adjacent Open hex, whatever the facing, for no MP.
    assert_eq!(f.step_cost("0603"), Some(0), "{:?}", f.step_costs());
    assert!(f.step_cost("0504").is_some());
    f.play("step 0603");
    assert_eq!(f.cell_of("robe").as_deref(), Some("0603"));
    assert_eq!(f.formation_of("robe"), Formation::Unlimbered);
    // One hex, and no MP after: no more steps, no limbering.
    assert!(f.step_costs().is_empty(), "{:?}", f.step_costs());
    assert!(!f.can("form limbered"), "{:?}", f.legal_text());
    // Not again this turn.
    f.play("end");
    f.s.troop_mut(f.unit("robe")).moved = false;
    f.play("select robe");
    assert!(f.step_costs().is_empty());
    // The Soldiers Game has no Prolonge.
    let f = guns_to_prolonge(common::game());
    assert!(f.step_costs().is_empty());
}

#[test]
fn b7_9_1_no_prolonge_across_an_obstacle_or_into_rough_ground() {
    let mut f = Fx::empty_of(bgame());
    // 0404: the Maceira between it and 0504 and 0405; the vineyard in 0407.
    f.put("robe", "0406", Formation::Unlimbered, "N");
    f.put("1-50", "0302", Formation::Line, "N");
    f.at(B, Stage::Movement);
    f.play("select robe");
    let costs = f.step_costs();
    assert!(
        !costs.iter().any(|(h, _)| h == "0505" || h == "0506"),
        "across the stream: {costs:?}"
    );
    assert!(
        !costs.iter().any(|(h, _)| h == "0407"),
        "into the vineyard (LDT): {costs:?}"
    );
    assert!(costs.iter().any(|(h, _)| h == "0405"), "{costs:?}");
}

#[test]
fn b12_2_1_example_the_unit_passing_the_fire_limit_and_those_below_add_nothing() {
    // Three units in Line of 1, 3 and 5 SP from the top down: the top two fire (4 SP), the
    // third would bring the total to 9, past the Line's 5.
    let game = bgame_with(|t| {
        t.replacen(
            "{ sp = 7, set = 1, mv = 35, cvm = 1, fs = 4 }",
            "{ sp = 1, set = 1, mv = 35, cvm = 1, fs = 4 }",
            1,
        )
        .replacen(
            "{ sp = 6, set = 2, mv = 30, cvm = 1, fs = 4, sed_fs = 3 }",
            "{ sp = 3, set = 2, mv = 30, cvm = 1, fs = 3, sed_fs = 3 }",
            1,
        )
        .replacen(
            "{ sp = 9, set = 2, mv = 30, cvm = 1, fs = 5 }",
            "{ sp = 5, set = 2, mv = 30, cvm = 1, fs = 5 }",
            1,
        )
    });
    let mut f = Fx::empty_of(game);
    f.put("1-50", "0503", Formation::Line, "N");
    f.put("2-52", "0503", Formation::Line, "N");
    f.put("2-97", "0503", Formation::Line, "N");
    let st = f.game.strength(&f.s, f.hex("0503")).expect("fires");
    assert_eq!(st.units, vec![f.unit("2-97"), f.unit("2-52")]);
    assert_eq!(st.fs, 4 + 3);
}

#[test]
fn g17_1_2_the_leader_may_be_picked_up_after_a_retreat_before_combat() {
    // Brigade Game: Fane's Grand Column, the 5/60th (SeD) at its head in 0303 with him, the
    // 1/50th behind in 0203. The 5/60th retreats before the grenadiers' Assault and takes him
    // along (ge-rulings 17); his owner is then asked whether to put him with the 1/50th.
    use coupdoeil_ge::gtf::GtfKind;
    let brigade = |t: String| t.replacen("level = \"battalion\"", "level = \"brigade\"", 1);
    let mut f = french_attack(
        brigade,
        "gren-1-1",
        &[
            ("5-60", "0303", Formation::Sed, "N"),
            ("1-50", "0203", Formation::Column, "N"),
        ],
        false,
    );
    f.put_leader("fane", "0303");
    let l = f.leader("fane");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::GrandColumn);
    let to = rbc_targets(&f);
    assert!(!to.is_empty(), "{:?}", f.legal_text());
    f.play(&format!("rbc {}", to[0]));
    assert!(
        matches!(f.s.pending.last(), Some(Frame::PickUp { leader, .. }) if *leader == l),
        "{:?}",
        f.s.pending.last()
    );
    let at = |f: &Fx| f.s.leaders[l.ix()].cell.map(|c| f.label(c));
    assert_eq!(
        at(&f),
        Some(to[0].clone()),
        "he went with his Directing Unit"
    );
    let mut choices = f.legal_text();
    choices.sort();
    assert_eq!(choices, ["du fane 0203", "pass"]);
    f.play("du fane 0203");
    assert_eq!(at(&f).as_deref(), Some("0203"));
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("1-50")));
}
