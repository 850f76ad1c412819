//! Golden playthroughs: seeded games between two one-step greedy players, every step and event in
//! words, compared with the files under `tests/golden/` (see `common/golden.rs`). After a
//! deliberate change of the rules or the data, regenerate them with
//! `BLESS=1 cargo test -p coupdoeil-ge --test golden` and review the diff.

mod common;
use common::golden::{check, playthrough};

#[test]
fn golden_vimeiro_test_seed_1() {
    check(
        "vimeiro-test-seed-1.txt",
        &playthrough(common::game(), 1, 20_000),
    );
}

#[test]
fn golden_vimeiro_seed_1() {
    check(
        "vimeiro-seed-1.txt",
        &playthrough(common::shipped_vimeiro(), 1, 20_000),
    );
}

#[test]
fn golden_vimeiro_battalion_seed_1() {
    check(
        "vimeiro-battalion-seed-1.txt",
        &playthrough(common::shipped_vimeiro_battalion(), 1, 20_000),
    );
}

#[test]
fn golden_rolica_seed_1() {
    check(
        "rolica-seed-1.txt",
        &playthrough(common::shipped_rolica(), 1, 20_000),
    );
}

#[test]
fn golden_rolica_battalion_seed_1() {
    check(
        "rolica-battalion-seed-1.txt",
        &playthrough(common::shipped_rolica_battalion(), 1, 20_000),
    );
}

#[test]
fn golden_vimeiro_brigade_seed_1() {
    check(
        "vimeiro-brigade-seed-1.txt",
        &playthrough(common::shipped_vimeiro_brigade(), 1, 20_000),
    );
}

#[test]
fn golden_rolica_brigade_seed_1() {
    check(
        "rolica-brigade-seed-1.txt",
        &playthrough(common::shipped_rolica_brigade(), 1, 20_000),
    );
}
