//! `coupdoeil arena`: two programs play each other with sides swapped, in parallel; win, draw
//! and loss rates with 95% confidence intervals (Wilson), and thinking times.

use crate::files::load_scenario;
use anyhow::{Context, Result, bail};
use clap::Args;
use coupdoeil_ai::{AgentSpec, Clock};
use coupdoeil_engine::Side;
use coupdoeil_games::{AgentGame, PlayOptions};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// The scenario: a built-in id, a directory of .toml files, or one .toml file.
    scenario: String,
    /// The first program (random, greedy, ai:1 to ai:5, mcts; options such as
    /// `ai:3,iters=800,ms=1500,threads=2`).
    #[arg(long = "a", value_name = "AGENT")]
    a: AgentSpec,
    /// The second program.
    #[arg(long = "b", value_name = "AGENT")]
    b: AgentSpec,
    /// Number of games (rounded up to an even number: each pair of games uses the same dice
    /// seed, once with each program on each side).
    #[arg(long, short = 'n', default_value_t = 100)]
    games: u64,
    /// Seed of the first pair of games; pair k uses SEED+k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Trees searched in parallel by each search program (root parallelism).
    #[arg(long)]
    threads: Option<u16>,
    /// Games played at the same time (default: one per core, divided by --threads).
    #[arg(long)]
    jobs: Option<usize>,
    /// The search programs' budget per player turn, replacing their level's: iterations (`800`,
    /// `800it`), time (`1.5s`, `500ms`) or both (`iters=800,ms=1500`).
    #[arg(long, value_name = "BUDGET")]
    budget: Option<String>,
    /// Stop a game after this many steps (it then counts as unfinished, neither won nor lost).
    #[arg(long, default_value_t = 100_000)]
    max_steps: usize,
    /// Print a JSON summary instead of text.
    #[arg(long)]
    json: bool,
    /// No progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// A budget given on the command line: iterations and/or milliseconds per player turn.
fn parse_budget(text: &str) -> Result<(Option<u64>, Option<u64>)> {
    let mut iters = None;
    let mut ms = None;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || {
            anyhow::anyhow!(
                "`--budget {text}`: expected e.g. 800, 800it, 1.5s, 500ms or iters=800,ms=1500"
            )
        };
        if let Some(v) = part.strip_prefix("iters=") {
            iters = Some(v.parse().map_err(|_| bad())?);
        } else if let Some(v) = part.strip_prefix("ms=") {
            ms = Some(v.parse().map_err(|_| bad())?);
        } else if let Some(v) = part.strip_suffix("ms") {
            ms = Some(v.parse().map_err(|_| bad())?);
        } else if let Some(v) = part.strip_suffix('s') {
            let secs: f64 = v.parse().map_err(|_| bad())?;
            if !(0.0..=86_400.0).contains(&secs) {
                return Err(bad());
            }
            ms = Some((secs * 1000.0).round() as u64);
        } else {
            let v = part.strip_suffix("it").unwrap_or(part);
            iters = Some(v.parse().map_err(|_| bad())?);
        }
    }
    Ok((iters, ms))
}

/// Applies the command line's budget and threads to a search program.
fn adjust(spec: AgentSpec, budget: (Option<u64>, Option<u64>), threads: Option<u16>) -> AgentSpec {
    match spec {
        AgentSpec::Search(mut s) => {
            if let Some(i) = budget.0 {
                s.iterations = Some(i);
            }
            if let Some(m) = budget.1 {
                s.millis = Some(m);
            }
            if let Some(t) = threads {
                s.threads = Some(t);
            }
            AgentSpec::Search(s)
        }
        other => other,
    }
}

/// A rate with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, Serialize)]
struct Rate {
    count: u64,
    of: u64,
    rate: f64,
    low: f64,
    high: f64,
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            count: k,
            of: n,
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_964_f64;
    let nf = n as f64;
    let p = k as f64 / nf;
    let denom = 1.0 + z * z / nf;
    let centre = (p + z * z / (2.0 * nf)) / denom;
    let half = z * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt() / denom;
    Rate {
        count: k,
        of: n,
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[derive(Clone, Debug, Default, Serialize)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    unfinished: u64,
    decisions: u64,
    think_secs: f64,
    max_turn_secs: f64,
}

impl Tally {
    fn add(&mut self, won: Option<bool>, finished: bool, g: &AgentGame, side: Side) {
        self.games += 1;
        match (finished, won) {
            (false, _) => self.unfinished += 1,
            (true, Some(true)) => self.wins += 1,
            (true, Some(false)) => self.losses += 1,
            (true, None) => self.draws += 1,
        }
        let i = side.index();
        self.decisions += g.decisions[i];
        self.think_secs += g.think[i].as_secs_f64();
        self.max_turn_secs = self.max_turn_secs.max(g.max_turn_think[i].as_secs_f64());
    }
}

#[derive(Serialize)]
struct AgentSummary {
    agent: String,
    total: Tally,
    win: Rate,
    draw: Rate,
    loss: Rate,
    /// Wins plus half the draws, as a rate with its interval.
    score: Rate,
    by_side: Vec<SideSummary>,
    mean_decision_ms: f64,
    mean_turn_ms: f64,
    max_turn_ms: f64,
}

#[derive(Serialize)]
struct SideSummary {
    side: String,
    tally: Tally,
    win: Rate,
}

#[derive(Serialize)]
struct Summary {
    scenario: String,
    games: u64,
    first_seed: u64,
    jobs: usize,
    seconds: f64,
    agents: Vec<AgentSummary>,
}

pub fn run(a: &ArenaArgs) -> Result<ExitCode> {
    let loaded = load_scenario(&a.scenario)?;
    let game = &loaded.game;
    if a.a.is_human() || a.b.is_human() {
        bail!("arena plays programs only (random, greedy, ai:1 to ai:5, mcts)");
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let budget = match &a.budget {
        Some(b) => parse_budget(b)?,
        None => (None, None),
    };
    let specs = [
        adjust(a.a, budget, a.threads),
        adjust(a.b, budget, a.threads),
    ];
    let pairs = a.games.div_ceil(2);
    let games = pairs * 2;
    let per_game_threads = usize::from(a.threads.unwrap_or(1).max(1));
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let jobs = a
        .jobs
        .unwrap_or_else(|| (cores / per_game_threads).max(1))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(per_game_threads))
        .build()
        .context("cannot start the worker threads")?;
    let bar = ProgressBar::new(games);
    if a.quiet || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta}) {msg}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let started = Instant::now();
    let clock: Clock = Arc::new(move || started.elapsed());
    let options = PlayOptions { clock: Some(clock) };
    let wins0 = std::sync::atomic::AtomicU64::new(0);
    // Game 2k: the first program is side A; game 2k+1: the second is. Both use seed SEED+k.
    let results: Vec<Result<(u64, AgentGame)>> = pool.install(|| {
        (0..usize::try_from(games).unwrap_or(usize::MAX))
            .into_par_iter()
            .with_max_len(1)
            .map(|i| {
                let i = i as u64;
                let seed = a.seed.wrapping_add(i / 2);
                let swapped = i % 2 == 1;
                let agents = if swapped {
                    [specs[1], specs[0]]
                } else {
                    [specs[0], specs[1]]
                };
                let r = game
                    .play_agents_with(agents, seed, a.max_steps, loaded.files.clone(), &options)
                    .map_err(|e| anyhow::anyhow!("game {} (seed {seed}): {e}", i + 1))?;
                let first_side = if swapped { Side::B } else { Side::A };
                if r.outcome.as_ref().and_then(|o| o.winner) == Some(first_side) {
                    wins0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                bar.inc(1);
                bar.set_message(format!(
                    "{} won {}",
                    specs[0],
                    wins0.load(std::sync::atomic::Ordering::Relaxed)
                ));
                Ok((i, r))
            })
            .collect()
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let mut totals: [Tally; 2] = Default::default();
    let mut sides: [[Tally; 2]; 2] = Default::default();
    let mut turn_stats = [(0.0f64, 0u64); 2];
    for r in results {
        let (i, g) = r?;
        let swapped = i % 2 == 1;
        for (k, tally) in totals.iter_mut().enumerate() {
            let side = if (k == 0) != swapped {
                Side::A
            } else {
                Side::B
            };
            let finished = g.outcome.is_some();
            let won = g.outcome.as_ref().and_then(|o| o.winner.map(|w| w == side));
            tally.add(won, finished, &g, side);
            sides[k][side.index()].add(won, finished, &g, side);
            turn_stats[k].0 += g.think[side.index()].as_secs_f64();
            turn_stats[k].1 += g.turns[side.index()];
        }
    }
    let agents: Vec<AgentSummary> = (0..2)
        .map(|k| {
            let t = &totals[k];
            let finished = t.games - t.unfinished;
            AgentSummary {
                agent: specs[k].to_string(),
                win: wilson(t.wins, finished),
                draw: wilson(t.draws, finished),
                loss: wilson(t.losses, finished),
                score: score_rate(t.wins, t.draws, finished),
                by_side: Side::ALL
                    .iter()
                    .map(|&s| {
                        let st = &sides[k][s.index()];
                        SideSummary {
                            side: game.side_name(s).to_string(),
                            tally: st.clone(),
                            win: wilson(st.wins, st.games - st.unfinished),
                        }
                    })
                    .collect(),
                mean_decision_ms: 1000.0 * t.think_secs / t.decisions.max(1) as f64,
                mean_turn_ms: 1000.0 * turn_stats[k].0 / turn_stats[k].1.max(1) as f64,
                max_turn_ms: 1000.0 * t.max_turn_secs,
                total: t.clone(),
            }
        })
        .collect();
    let summary = Summary {
        scenario: game.scenario_id().to_string(),
        games,
        first_seed: a.seed,
        jobs,
        seconds,
        agents,
    };
    if a.json {
        out!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary);
    }
    Ok(ExitCode::SUCCESS)
}

/// Wins plus half the draws as a rate (the interval counts a draw as half a win).
fn score_rate(wins: u64, draws: u64, n: u64) -> Rate {
    // Wilson on the doubled counts over doubled trials would narrow the interval; use the
    // interval of wins + draws/2 rounded down, which is conservative.
    let mut r = wilson(wins + draws / 2, n);
    if n > 0 {
        r.rate = (wins as f64 + draws as f64 / 2.0) / n as f64;
    }
    r
}

fn pct(x: f64) -> String {
    format!("{:5.1}%", 100.0 * x)
}

fn print_summary(s: &Summary) {
    let pairs = s.games / 2;
    out!(
        "{}: {} vs {}, {} games ({} with each program on each side), seeds {}..={}, {} at a time, {:.0} s",
        s.scenario,
        s.agents[0].agent,
        s.agents[1].agent,
        s.games,
        pairs,
        s.first_seed,
        s.first_seed.wrapping_add(pairs.saturating_sub(1)),
        s.jobs,
        s.seconds
    );
    // Side names differ in length between systems ("Franco-Imperial"): pad to the longest.
    let side_width = s
        .agents
        .iter()
        .flat_map(|a| a.by_side.iter().map(|side| side.side.chars().count()))
        .max()
        .unwrap_or(0)
        .max(12);
    for a in &s.agents {
        out!(
            "  {:<24} wins {:>4} ({} [{} - {}])  draws {:>3} ({})  losses {:>4} ({} [{} - {}]){}",
            a.agent,
            a.total.wins,
            pct(a.win.rate),
            pct(a.win.low),
            pct(a.win.high),
            a.total.draws,
            pct(a.draw.rate),
            a.total.losses,
            pct(a.loss.rate),
            pct(a.loss.low),
            pct(a.loss.high),
            if a.total.unfinished > 0 {
                format!("  unfinished {}", a.total.unfinished)
            } else {
                String::new()
            }
        );
        for side in &a.by_side {
            out!(
                "      as {:<side_width$} {:>4} of {:>4} won ({} [{} - {}])",
                side.side,
                side.tally.wins,
                side.tally.games,
                pct(side.win.rate),
                pct(side.win.low),
                pct(side.win.high)
            );
        }
        out!(
            "      thinking: {:.1} ms per decision, {:.0} ms per player turn on average, {:.0} ms in its longest player turn",
            a.mean_decision_ms,
            a.mean_turn_ms,
            a.max_turn_ms
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let r = wilson(140, 200);
        assert!((r.rate - 0.7).abs() < 1e-12);
        assert!((r.low - 0.6332).abs() < 1e-3, "{r:?}");
        assert!((r.high - 0.7594).abs() < 1e-3, "{r:?}");
        let all = wilson(200, 200);
        assert!(
            (all.high - 1.0).abs() < 1e-9 && (all.low - 0.9812).abs() < 1e-3,
            "{all:?}"
        );
        assert_eq!(wilson(0, 0).high, 1.0);
    }

    #[test]
    fn budgets_parse() {
        assert_eq!(parse_budget("800").unwrap(), (Some(800), None));
        assert_eq!(parse_budget("800it").unwrap(), (Some(800), None));
        assert_eq!(parse_budget("1.5s").unwrap(), (None, Some(1500)));
        assert_eq!(parse_budget("500ms").unwrap(), (None, Some(500)));
        assert_eq!(
            parse_budget("iters=800,ms=1500").unwrap(),
            (Some(800), Some(1500))
        );
        assert!(parse_budget("fast").is_err());
    }

    #[test]
    fn budgets_apply_to_search_programs_only() {
        let s = adjust("ai:2".parse().unwrap(), (Some(99), Some(10)), Some(2));
        assert_eq!(s.to_string(), "ai:2,iters=99,ms=10,threads=2");
        assert_eq!(
            adjust(AgentSpec::Greedy, (Some(99), None), None),
            AgentSpec::Greedy
        );
    }
}
