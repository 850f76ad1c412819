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
    /// Measure the search agent instead: tree iterations and rollouts per second over the
    /// decisions of greedy-against-greedy games (see docs/ai.md).
    #[arg(long)]
    search: bool,
    /// The search program measured with --search (`ai:1` to `ai:5`, `mcts`, with options).
    #[arg(long, value_name = "AGENT", default_value = "mcts")]
    agent: coupdoeil_ai::AgentSpec,
    /// Decisions searched with --search.
    #[arg(long, default_value_t = 100)]
    searches: u64,
}

/// `bench --search`: the search agent's speed on one core.
fn run_search(a: &BenchArgs, game: &coupdoeil_games::AnyGame) -> Result<ExitCode> {
    let coupdoeil_ai::AgentSpec::Search(mut spec) = a.agent else {
        anyhow::bail!(
            "--agent must be a search program (ai:1 to ai:5 or mcts), not `{}`",
            a.agent
        );
    };
    // Iterations only: no clock reaches the agent, so the figures do not depend on the budget
    // running out early.
    spec.threads = Some(spec.threads.unwrap_or(1));
    let start = Instant::now();
    let st = game.bench_search(spec, a.seed, a.searches.max(1));
    let t = start.elapsed().as_secs_f64().max(1e-9);
    out!(
        "{} (rules {}), search {} on {} thread(s), {} decisions of greedy games in {t:.2} s",
        game.scenario_id(),
        game.rules_id(),
        a.agent,
        spec.threads.unwrap_or(1),
        st.searches
    );
    out!(
        "iterations: {} = {:.0}/s ({:.0} per decision); rollouts (playouts): {} = {:.0}/s, {:.1} decisions each",
        st.iterations,
        st.iterations as f64 / t,
        st.iterations as f64 / st.searches.max(1) as f64,
        st.rollouts,
        st.rollouts as f64 / t,
        st.rollout_decisions as f64 / st.rollouts.max(1) as f64
    );
    out!(
        "tree: {} nodes = {:.0}/s; plan sets generated: {} = {:.0}/s; {:.2} ms per decision",
        st.nodes,
        st.nodes as f64 / t,
        st.plan_sets,
        st.plan_sets as f64 / t,
        1000.0 * t / st.searches.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}

pub fn run(a: &BenchArgs) -> Result<ExitCode> {
    let loaded = load_scenario(&a.scenario)?;
    let game = &loaded.game;
    if a.search {
        return run_search(a, game);
    }
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

    // The evaluation alone (each position for both sides), over the same positions.
    let mut evals = 0u64;
    let start = Instant::now();
    while start.elapsed() < budget {
        evals += positions.evaluate_all();
    }
    let t = start.elapsed().as_secs_f64();
    out!(
        "evaluation: {evals} evaluations in {t:.2} s = {:.0}/s ({:.2} us each)",
        evals as f64 / t,
        1e6 * t / evals.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}
