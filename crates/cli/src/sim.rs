//! `coupdoeil sim`: programs against programs, in parallel, with statistics.

use crate::SideArgs;
use crate::files::{load_scenario, write_record};
use anyhow::{Context, Result, bail};
use clap::Args;
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::Side;
use coupdoeil_games::AgentGame;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct SimArgs {
    /// The scenario: a built-in id, a directory of .toml files, or one .toml file.
    scenario: String,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 100)]
    games: u64,
    /// Seed of the first game; game i uses SEED+i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many steps (it then counts as unfinished).
    #[arg(long, default_value_t = 100_000)]
    max_steps: usize,
    /// Print a JSON summary instead of text.
    #[arg(long)]
    json: bool,
    /// Write every game record to this directory (game-0001.json ...).
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// No progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    pub sides: SideArgs,
}

#[derive(Serialize)]
struct SideSummary {
    side: &'static str,
    id: String,
    name: String,
    agent: String,
    wins: u64,
    mean_points: f64,
}

#[derive(Serialize)]
struct Summary {
    scenario: String,
    games: u64,
    first_seed: u64,
    sides: Vec<SideSummary>,
    draws: u64,
    unfinished: u64,
    kinds: BTreeMap<String, u64>,
    mean_steps: f64,
}

pub fn run(a: &SimArgs) -> Result<ExitCode> {
    let loaded = load_scenario(&a.scenario)?;
    let game = &loaded.game;
    let agents = a
        .sides
        .resolve(game, [AgentSpec::Random, AgentSpec::Random])?;
    if let Some(h) = agents.iter().position(|s| s.is_human()) {
        bail!(
            "sim plays programs only: side {} is `human` (use random or greedy)",
            game.side_id(Side::ALL[h])
        );
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let bar = ProgressBar::new(a.games);
    if a.quiet || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let started = std::time::Instant::now();
    let results: Vec<Result<AgentGame>> = (0..a.games)
        .into_par_iter()
        .map(|i| {
            let seed = a.seed.wrapping_add(i);
            let r = game
                .play_agents(agents, seed, a.max_steps, loaded.files.clone())
                .map_err(|e| anyhow::anyhow!("game {} (seed {seed}): {e}", i + 1))?;
            if let Some(dir) = &a.records {
                write_record(&dir.join(format!("game-{:04}.json", i + 1)), &r.record)?;
            }
            bar.inc(1);
            Ok(r)
        })
        .collect();
    bar.finish_and_clear();
    let mut wins = [0u64; 2];
    let mut points = [0i64; 2];
    let mut draws = 0;
    let mut unfinished = 0;
    let mut steps = 0u64;
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    for r in results {
        let r = r?;
        steps += r.steps as u64;
        match &r.outcome {
            None => unfinished += 1,
            Some(o) => {
                match o.winner {
                    Some(w) => wins[w.index()] += 1,
                    None => draws += 1,
                }
                *kinds.entry(o.kind.clone()).or_default() += 1;
                points[0] += i64::from(o.points[0]);
                points[1] += i64::from(o.points[1]);
            }
        }
    }
    let finished = (a.games - unfinished).max(1) as f64;
    let summary = Summary {
        scenario: game.scenario_id().to_string(),
        games: a.games,
        first_seed: a.seed,
        sides: Side::ALL
            .iter()
            .map(|&s| SideSummary {
                side: if s == Side::A { "A" } else { "B" },
                id: game.side_id(s).to_string(),
                name: game.side_name(s).to_string(),
                agent: agents[s.index()].to_string(),
                wins: wins[s.index()],
                mean_points: round2(points[s.index()] as f64 / finished),
            })
            .collect(),
        draws,
        unfinished,
        kinds,
        mean_steps: round2(steps as f64 / a.games as f64),
    };
    if a.json {
        out!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary);
    }
    if !a.quiet {
        eprintln!(
            "({} games in {:.2} s)",
            a.games,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn print_summary(s: &Summary) {
    let last = s.first_seed.wrapping_add(s.games - 1);
    out!(
        "{}: {} games, seeds {}..={}",
        s.scenario,
        s.games,
        s.first_seed,
        last
    );
    let pct = |n: u64| 100.0 * n as f64 / s.games as f64;
    for side in &s.sides {
        out!(
            "  {:<10} ({:<6}) wins {:>5} ({:5.1}%)  mean VP {:.2}",
            side.name,
            side.agent,
            side.wins,
            pct(side.wins),
            side.mean_points
        );
    }
    out!("  draws {}, unfinished {}", s.draws, s.unfinished);
    let kinds: Vec<String> = s.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    out!(
        "  victory kinds: {}",
        if kinds.is_empty() {
            "none".to_string()
        } else {
            kinds.join(", ")
        }
    );
    out!("  mean steps per game: {:.2}", s.mean_steps);
}
