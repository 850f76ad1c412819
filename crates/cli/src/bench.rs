//! `coupdoeil bench`: raw speed of the rules on one core.

use crate::files::load_scenario;
use anyhow::Result;
use clap::Args;
use coupdoeil_games::rng_stream;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The scenario: a built-in id, a directory of .toml files, or one .toml file.
    scenario: String,
    /// Seconds for each of the two measurements.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Seed of the random decisions and dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(a: &BenchArgs) -> Result<ExitCode> {
    let loaded = load_scenario(&a.scenario)?;
    let game = &loaded.game;
    let budget = Duration::from_secs_f64(a.seconds.clamp(0.05, 3600.0));

    // Full random games through the raw game interface: clone-free, no record, no hashing.
    let mut rng = rng_stream(a.seed, 0);
    let (mut games, mut finished, mut steps, mut decisions) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        let s = game.random_playout(&mut rng, 1_000_000);
        games += 1;
        finished += u64::from(s.finished);
        steps += s.steps;
        decisions += s.decisions;
    }
    let t = start.elapsed().as_secs_f64();
    out!(
        "{} (rules {}), one core",
        game.scenario_id(),
        game.rules_id()
    );
    out!(
        "random playouts: {games} games in {t:.2} s = {:.1} games/s ({} finished), {:.0} steps/s, {:.0} decisions/s, {:.0} steps per game",
        games as f64 / t,
        finished,
        steps as f64 / t,
        decisions as f64 / t,
        steps as f64 / games.max(1) as f64
    );

    // Legal-action generation alone, over positions collected from random games.
    let positions = game.bench_positions(a.seed, 5_000);
    if positions.is_empty() {
        out!("legal actions: no decision positions to measure");
        return Ok(ExitCode::SUCCESS);
    }
    let (mut gens, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        let (g, n) = positions.generate_all();
        gens += g;
        actions += n;
    }
    let t = start.elapsed().as_secs_f64();
    out!(
        "legal actions: {gens} generations over {} positions in {t:.2} s = {:.0} generations/s ({:.1} actions each)",
        positions.len(),
        gens as f64 / t,
        actions as f64 / gens.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}
