//! 15 Terrain Effects (Posts and earthworks) and the formations' terrain: 7.4 Line, 7.7 SeD,
//! 7.8 Square, 13.6 the free formation change of an advance into MDT.

mod common;
use common::{B, Fx};
use coupdoeil_ge::data::{Arc, Formation};
use coupdoeil_ge::state::Stage;
use coupdoeil_hex::EdgeDir;

const EARTHWORK: &str = r#"
[[post]]
at = "0705"
kind = "building"
class = "mdt"
name = "Vimeiro churchyard"

[[post]]
at = "0303"
kind = "earthwork"
class = "mdt"
front = ["N", "NE"]
name = "A redan"
"#;

#[test]
fn s7_7_3_sed_units_pay_the_sed_column_of_the_tec() {
    let mut f = Fx::empty();
    f.put("2-95", "1011", Formation::Sed, "N");
    f.at(B, Stage::Movement);
    f.play("select 2-95");
    assert_eq!(
        f.step_cost("1010"),
        Some(1),
        "woods cost SeD 1, and its climb nothing"
    );
    let mut g = Fx::empty();
    g.put("2-95", "1011", Formation::Column, "N");
    g.at(B, Stage::Movement);
    g.play("select 2-95");
    assert_eq!(
        g.step_cost("1010"),
        Some(3),
        "a Column 2 and 1 for the contour"
    );
}

#[test]
fn s7_4_s7_8_line_and_square_only_in_open_or_ldt() {
    let f = Fx::empty();
    let k = f.game.data.troops[f.unit("2-97").ix()].kind;
    for (hex, ok) in [
        ("0202", true),
        ("0407", true),
        ("1010", false),
        ("0605", false),
    ] {
        let c = f.hex(hex);
        assert_eq!(
            f.game.formation_allowed(k, Formation::Line, c, false),
            ok,
            "{hex}"
        );
        assert_eq!(
            f.game.formation_allowed(k, Formation::Square, c, false),
            ok,
            "{hex}"
        );
        assert!(f.game.formation_allowed(k, Formation::Column, c, false));
    }
}

#[test]
fn s15_2_2_units_inside_an_earthwork_face_its_front() {
    let mut f = Fx::empty_with(EARTHWORK);
    f.put("2-97", "0303", Formation::Line, "SSE");
    f.put("20ld", "0203", Formation::Column, "S");
    let a = f.game.unit_arcs(&f.s, f.unit("2-97"));
    let arcs: Vec<Arc> = EdgeDir::ALL.iter().map(|d| a[d.index() as usize]).collect();
    assert_eq!(
        arcs,
        [
            Arc::Front,
            Arc::Front,
            Arc::Flank,
            Arc::Flank,
            Arc::Flank,
            Arc::Flank
        ],
        "its front hexsides N and NE, all others flank"
    );
    assert!(
        f.game.in_post(&f.s, f.unit("2-97")),
        "an earthwork is always fortified"
    );
    // Fire through its front uses the earthwork's FSM instead of the terrain's.
    f.put("gren-1-1", "0302", Formation::Line, "SSE");
    let st = f.game.strength(&f.s, f.hex("0302")).unwrap();
    let t = f.s.stack(f.hex("0303"));
    let o = f
        .game
        .fire_odds(&f.s, f.hex("0302"), f.hex("0303"), &t, &st, false, 1);
    assert!(
        o.modifiers.iter().any(|m| m.what.contains("earthwork")),
        "{:?}",
        o.modifiers
    );
}

#[test]
fn s15_2_3_cavalry_in_a_post_is_outside_it() {
    let mut f = Fx::empty();
    f.s.fortified[0] = true;
    f.put("20ld", "0705", Formation::Column, "S");
    assert!(!f.game.in_post(&f.s, f.unit("20ld")));
    f.put("2-97", "0605", Formation::Column, "S");
    f.put("2-97", "0705", Formation::Column, "S");
    let u = f.unit("2-97");
    assert!(f.game.in_post(&f.s, u));
    let drm = f.game.stack_drm(&f.s, &[u]);
    assert!(
        drm.iter().any(|m| m.value == 10 && m.what.contains("Post")),
        "{drm:?}"
    );
}

#[test]
fn s13_6_an_advance_into_mdt_changes_formation_for_free() {
    // Infantry in Line assaults limbered guns alone in the village: they are eliminated
    // (13.3) and the Line advances, becoming a Column at no cost.
    let mut f = Fx::empty();
    f.put("2-97", "0604", Formation::Line, "SSE");
    f.put("fr-guns", "0605", Formation::Limbered, "N");
    f.mark("2-97", "0605", false);
    f.combat_phase(B, false);
    assert_eq!(f.cell_of("fr-guns"), None);
    assert_eq!(f.cell_of("2-97"), Some("0605".into()), "{}", f.log());
    assert_eq!(f.formation_of("2-97"), Formation::Column);
}
