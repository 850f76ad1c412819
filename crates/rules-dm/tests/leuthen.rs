//! The shipped Leuthen scenario: it loads, it sets up as the exclusive rules say, and 1,000 random
//! games keep every property of the conformance kit.

mod common;
use common::leuthen;
use coupdoeil_dm::DrumsMuskets;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_engine::{Game, Side};

#[test]
fn ex2_0_leuthen_has_fifteen_pieces_a_side_and_the_stated_counters() {
    let g = leuthen(false);
    let d = &g.data;
    for side in Side::ALL {
        assert_eq!(d.units.iter().filter(|u| u.side == side).count(), 15);
    }
    let dummies = |side| {
        d.units
            .iter()
            .filter(|u| u.side == side && u.kind == coupdoeil_dm::Kind::Dummy)
            .count()
    };
    assert_eq!(dummies(Side::A), 7, "Prussian dummies");
    assert_eq!(dummies(Side::B), 3, "Austrian dummies");
    let unit = |id: &str| {
        d.units
            .iter()
            .find(|u| u.name.to_lowercase().contains(id))
            .unwrap_or_else(|| panic!("{id}"))
    };
    let f = unit("ferdinand");
    assert_eq!(
        (f.strength, f.morale, f.movement, f.heavy_artillery),
        (4, 6, 2, true)
    );
    let b = unit("bevern");
    assert_eq!((b.strength, b.morale, b.movement), (3, 6, 2));
    let z = unit("zieten");
    assert_eq!(
        (z.strength, z.morale, z.movement, z.kind),
        (2, 6, 3, coupdoeil_dm::Kind::Cavalry)
    );
    assert_eq!(
        d.cards
            .iter()
            .filter(|c| c.side == Side::A)
            .map(|c| usize::from(c.copies))
            .sum::<usize>(),
        13
    );
    assert_eq!(
        d.cards
            .iter()
            .filter(|c| c.side == Side::B)
            .map(|c| usize::from(c.copies))
            .sum::<usize>(),
        12
    );
    assert_eq!((d.hand_size[Side::A], d.hand_size[Side::B]), (3, 2));
    assert_eq!(d.turns, 6);
    assert_eq!(d.first, Side::A);
    assert_eq!(
        d.draw_winner,
        Some(Side::B),
        "Exclusive 13.0: the Austrians win draws"
    );
    let kheul = d
        .corps
        .iter()
        .find(|c| c.name.to_lowercase().contains("kheul"))
        .unwrap();
    assert_eq!(kheul.morale, 5);
    // The worked example's CRT cells: +2 column, 2 = DR-1, 3 = DR, 6 = AR.
    let col = d.charts.crt.column(2).unwrap();
    use coupdoeil_dm::data::CrtResult::*;
    assert_eq!(d.charts.crt.result(col, 2), DefenderRetreat(1));
    assert_eq!(d.charts.crt.result(col, 3), DefenderRetreat(0));
    assert_eq!(d.charts.crt.result(col, 6), AttackerRetreat(0));
    assert!(d.charts.crt.column(-2).is_none(), "below -1 is prohibited");
    assert_eq!(d.board.depots.iter().filter(|x| x.1 == Side::A).count(), 2);
    assert_eq!(d.board.depots.iter().filter(|x| x.1 == Side::B).count(), 1);
}

#[test]
fn ex3_0_historical_deployment_starts_at_the_first_movement_phase() {
    let g = leuthen(true);
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    while g.to_act(&s) == coupdoeil_engine::ToAct::Chance {
        let c = g.chance(&s).outcomes()[0].0;
        g.apply_chance_unchecked(&mut s, &c, &mut ev);
    }
    assert!(s.pieces.iter().all(|p| p.cell.is_some() && p.hidden));
    assert_eq!(s.phase, coupdoeil_dm::state::Phase::Movement);
}

fn run(g: DrumsMuskets, games: u32, seed: u64) {
    let (g2, g3) = (g.clone(), g.clone());
    let opts = Options {
        games,
        seed,
        max_steps: 50_000,
        deep_every: 11,
    };
    let r = check_random_playouts(
        g,
        &opts,
        |s, l| common::mutants(&g2, s, l),
        |s, side| common::variants(&g3, s, side),
    );
    assert_eq!(r.games, games);
}

#[test]
fn conformance_leuthen_free_setup_500_games() {
    run(leuthen(false), 500, 10_000);
}

#[test]
fn conformance_leuthen_historical_500_games() {
    run(leuthen(true), 500, 20_000);
}
