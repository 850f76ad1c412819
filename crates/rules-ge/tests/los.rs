//! 11 Line of Sight and 16 its limits. The worked profiles of 11.3.2 (Figure 7) and 11.3.3
//! (Figure 9's table) are laid out down map columns, where a straight sight line runs from hex
//! centre to hex centre: column 01 is Figure 7, column 03 the trace A to C, column 05 the trace A
//! to F, column 07 the crest of C to D and C to E.

mod common;
use common::Fx;
use coupdoeil_ge::data::Formation;
use coupdoeil_hex::VertexDir;

const PROFILES: &str = r#"
[[hex]]
at = ["0104"]
terrain = "woods"

[[elevation]]
level = 5
at = ["0101", "0301", "0501"]

[[elevation]]
level = 4
at = ["0102", "0302", "0502", "0506"]

[[elevation]]
level = 3
at = ["0103", "0304", "0503", "0504", "0505", "0507", "0701", "0702", "0703"]

[[elevation]]
level = 2
at = ["0104", "0303", "0305", "0306", "0508", "0509", "0510", "0704"]

[[elevation]]
level = 1
at = ["0105", "0705"]

[[hexside]]
between = ["0703", "0704"]
feature = "crest"
"#;

fn fx(extra: &str) -> Fx {
    Fx::empty_with(&format!("{PROFILES}{extra}"))
}

#[test]
fn s11_3_2_figure_7_the_trees_block() {
    // Observer on level 5 in 0101, target on level 1 in 0105; trees on level 2 in 0104 make
    // it height 3: the slope 2/3 from above is less than 2/1 below.
    let f = fx("");
    assert!(!f.game.los(&f.s, f.hex("0101"), f.hex("0105")));
    assert!(
        !f.game.los(&f.s, f.hex("0105"), f.hex("0101")),
        "11.3 LOS is reciprocal"
    );
    // Without the trees the concave slope does not block.
    let g = Fx::empty_with(&PROFILES.replace(
        "at = [\"0104\"]\nterrain = \"woods\"",
        "at = [\"0104\"]\nterrain = \"clear\"",
    ));
    assert!(g.game.los(&g.s, g.hex("0101"), g.hex("0105")));
    // Into the trees hex itself: the trace may enter a blocking hex (11.3.1).
    assert!(f.game.los(&f.s, f.hex("0101"), f.hex("0104")));
}

#[test]
fn s11_3_3_figure_9_a_to_c_clear_by_the_slope_method() {
    // 0301 (5) falls to 0303 (2), rises to 0304 (3), falls again to 0305 (2) (11.2.2 case 2):
    // the contour 0304-0305 is 2 below A at 3 hexes and 1 above C at 2 hexes: 2/3 > 1/2.
    let f = fx("");
    assert!(f.game.los(&f.s, f.hex("0301"), f.hex("0306")));
}

#[test]
fn s11_3_3_figure_9_a_to_f_blocked_by_the_slope_method() {
    // 0501 (5) ... 0506 (4) ... 0510 (2): the contour 0506-0507 is 1 below A at 5 hexes and
    // 2 above F at 4 hexes: 1/5 < 2/4.
    let f = fx("");
    assert!(!f.game.los(&f.s, f.hex("0501"), f.hex("0510")));
}

#[test]
fn s11_3_b_to_c_higher_terrain_between_blocks() {
    // 0502 and 0510: the ground at 0506 (4) equals B's height but a hill rises between lower
    // ends: from 0503 (3) to 0508 (2) the hilltop 0506 is higher than both.
    let f = fx("");
    assert!(!f.game.los(&f.s, f.hex("0503"), f.hex("0508")));
    // 11.3 Adjacent hexes always see each other.
    assert!(f.game.los(&f.s, f.hex("0505"), f.hex("0506")));
}

#[test]
fn s11_3_1_a_unit_adjacent_to_the_crest_sees_over_it() {
    // C on the plateau (0701, level 3), the crest on the 0703-0704 hexside: D in 0704, below
    // the crest and adjacent to it, is seen; E in 0705, one hex further down, is not.
    let f = fx("");
    assert!(f.game.los(&f.s, f.hex("0701"), f.hex("0704")), "C to D");
    assert!(!f.game.los(&f.s, f.hex("0701"), f.hex("0705")), "C to E");
    // A unit at the crest's edge (0703) sees all the way down.
    assert!(f.game.los(&f.s, f.hex("0703"), f.hex("0705")));
}

#[test]
fn s11_2_3_without_a_crest_the_concave_slope_is_clear() {
    // The same ground with no crest feature, and 0803 higher than the plateau so that
    // 0703-0704 is not a hill's top contour (11.2.2 case 1): nothing obstructs C to E.
    let extra = PROFILES
        .replace(
            "[[hexside]]\nbetween = [\"0703\", \"0704\"]\nfeature = \"crest\"\n",
            "",
        )
        .replace(
            "at = [\"0102\", \"0302\", \"0502\", \"0506\"]",
            "at = [\"0102\", \"0302\", \"0502\", \"0506\", \"0803\"]",
        );
    let f = Fx::empty_with(&extra);
    assert!(f.game.los(&f.s, f.hex("0701"), f.hex("0705")));
    // Put back the plain top contour (0803 level) and the crest of case 1 blocks again.
    let g = Fx::empty_with(&PROFILES.replace(
        "[[hexside]]\nbetween = [\"0703\", \"0704\"]\nfeature = \"crest\"\n",
        "",
    ));
    assert!(!g.game.los(&g.s, g.hex("0701"), g.hex("0705")));
}

#[test]
fn s11_2_1_combat_units_on_the_level_of_both_ends_block() {
    let mut f = fx("");
    let (a, b) = (f.hex("0901"), f.hex("0905"));
    assert!(f.game.los(&f.s, a, b));
    f.put("2-97", "0903", Formation::Line, "E");
    assert!(!f.game.los(&f.s, a, b), "a unit on the same level blocks");
    assert!(f.game.los_terrain(a, b), "terrain alone is clear");
    // A unit in a dip, on another level than both ends, does not block.
    let mut g = fx("\n[[elevation]]\nlevel = 1\nat = [\"0901\", \"0902\", \"0904\", \"0905\"]\n");
    g.put("2-97", "0903", Formation::Line, "E");
    assert!(g.game.los(&g.s, g.hex("0901"), g.hex("0905")));
}

#[test]
fn s11_3_1_a_trace_along_the_spine_of_a_blocking_hex_is_blocked() {
    let f = fx("");
    let b = &f.game.data.board;
    let a = f.hex("1106");
    let h = b.hex(a);
    let d = VertexDir::NNE.delta();
    let far = b
        .cell(coupdoeil_hex::Hex::new(h.q + 2 * d.q, h.r + 2 * d.r))
        .unwrap();
    assert!(f.game.los(&f.s, a, far), "clear on open ground");
    // Woods on one hex beside the spine.
    let (left, _) = h.vertex_neighbors(VertexDir::NNE);
    let lab = f.label(b.cell(left).unwrap());
    let g = Fx::empty_with(
        &PROFILES.replace("at = [\"0104\"]", &format!("at = [\"0104\", \"{lab}\"]")),
    );
    assert!(
        !g.game.los(&g.s, a, far),
        "blocked along the spine of woods in {lab}"
    );
}

#[test]
fn s16_1_twilight_limits_los_to_4_hexes_and_s16_2_night_to_adjacent() {
    let day = fx("");
    let (a, b5, b4) = (day.hex("0901"), day.hex("0906"), day.hex("0905"));
    assert!(day.game.los(&day.s, a, b5));
    let tw = fx("\n[clock]\nstart = \"19:00\"\ntwilight = [1]\nnight = [2]\n");
    assert!(tw.game.los(&tw.s, a, b4));
    assert!(!tw.game.los(&tw.s, a, b5));
    let mut night = fx("\n[clock]\nstart = \"19:00\"\ntwilight = [2]\nnight = [1]\n");
    assert!(!night.game.los(&night.s, a, day.hex("0903")));
    assert!(night.game.los(&night.s, a, day.hex("0902")));
    night.s.turn = 2;
    assert!(night.game.los(&night.s, a, b4), "turn 2 is twilight there");
}

#[test]
fn s11_the_memo_of_the_ground_answers_as_the_full_trace() {
    // The ground's part of each line is memoized when first traced (`LosMemo`); a line must
    // come out the same as traced in full with no memo. Over a random Brigade game of the
    // shipped Vimeiro (units in every sort of place, some Prone): from a spread of unit hexes
    // to every hex within 19, asked twice (the second answer from the memo), and once more
    // with smoke on the map, where a line clear of the ground must be traced again.
    use coupdoeil_engine::testkit::{Options, check_random_playouts};
    use coupdoeil_ge::data::Cell;
    let g = common::shipped_vimeiro_brigade();
    let check = g.clone();
    let cells: Vec<Cell> = (0..check.data.board.len())
        .map(|i| Cell(i as u16))
        .collect();
    let (mut compared, mut blocked, mut smoked) = (0u32, 0u32, 0u32);
    // The hook below runs on the deep-checked steps only: every 1 500th.
    let opts = Options {
        games: 1,
        seed: 5,
        max_steps: 9_000,
        deep_every: 1_500,
    };
    check_random_playouts(
        g,
        &opts,
        |s, _| {
            let mut eyes: Vec<Cell> = s.troops.iter().filter_map(|t| t.cell).collect();
            eyes.sort_unstable();
            eyes.dedup();
            let mut smoky = s.clone();
            for &a in eyes.iter().step_by(4) {
                let near = cells
                    .iter()
                    .copied()
                    .filter(|&b| check.data.board.distance(a, b) < 20);
                for b in near {
                    let full = check.los_traced_in_full(s, a, b);
                    for _ in 0..2 {
                        assert_eq!(check.los(s, a, b), full, "{a:?} to {b:?}");
                    }
                    compared += 1;
                    blocked += u32::from(!full);
                    // Smoke in a hex next to the eye, on a line the ground leaves clear.
                    if full && check.data.board.distance(a, b) == 2 && smoky.fires.is_empty() {
                        let mid = check
                            .data
                            .board
                            .neighbors(a)
                            .find(|&m| check.data.board.adjacent(m, b));
                        smoky.fires.extend(mid);
                    }
                }
            }
            for &a in eyes.iter().step_by(4) {
                for b in cells
                    .iter()
                    .copied()
                    .filter(|&b| check.data.board.distance(a, b) == 2)
                {
                    let full = check.los_traced_in_full(&smoky, a, b);
                    assert_eq!(check.los(&smoky, a, b), full, "smoke: {a:?} to {b:?}");
                    smoked += u32::from(!full && check.los(s, a, b));
                }
            }
            Vec::new()
        },
        |_, _| Vec::new(),
    );
    assert!(compared > 10_000, "only {compared} lines compared");
    assert!(
        blocked > 0 && blocked < compared,
        "{blocked} of {compared} blocked: the sample should hold both"
    );
    assert!(smoked > 0, "no line was blocked by the smoke alone");
}
