//! `coupdoeil`: play printed horse-and-musket battle games with every rule enforced.
//!
//! The library crates do the work; this binary parses arguments, reads and writes files, and
//! prints. See `docs/cli.md` for every command with an example.
#![forbid(unsafe_code)]

/// `println!` that ends the program quietly when nobody reads stdout any more (`| head`).
macro_rules! out {
    () => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout()).is_err() {
            $crate::stdout_gone()
        }
    }};
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            $crate::stdout_gone()
        }
    }};
}

/// `print!` with the same care as [`out!`].
macro_rules! outn {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let mut o = std::io::stdout();
        if write!(o, $($t)*).and_then(|()| o.flush()).is_err() {
            $crate::stdout_gone()
        }
    }};
}

mod arena;
mod bench;
mod files;
mod play;
mod protocol;
mod records;
mod serve;
mod sim;

use anyhow::Result;
use clap::{Arg, ArgMatches, Args, Command, CommandFactory, FromArgMatches, Parser, Subcommand};
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::Side;
use coupdoeil_games::AnyGame;
use std::process::ExitCode;

/// Coup d'Oeil: printed horse-and-musket hex wargames with every rule enforced.
///
/// Every command that takes a SCENARIO accepts a built-in id (see `coupdoeil list`), a
/// directory of .toml files, or a single .toml file.
#[derive(Parser, Debug)]
#[command(name = "coupdoeil", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// List the built-in scenarios with their ids, rules and sides.
    List(ListArgs),
    /// Play a game in the terminal: people (hot-seat) and/or programs.
    ///
    /// Choose who plays each side with the side's id as an option (`--prussian human
    /// --austrian greedy` in Leuthen), with `--side ID=AGENT`, or with `--a`/`--b`. Agents: human,
    /// random, greedy, ai:1 to ai:5 (tree search, stronger and slower) or mcts (= ai:3). Input is
    /// read line by line from stdin, so a game can be scripted.
    Play(play::PlayArgs),
    /// Play many games between programs, in parallel, and print statistics.
    ///
    /// Game i uses seed SEED+i, so the results do not depend on the number of threads.
    Sim(sim::SimArgs),
    /// Print a game record's events turn by turn (the referee's view: everything).
    Replay(records::ReplayArgs),
    /// Re-derive every state of a game record and check it; exit non-zero naming the first
    /// step that does not match.
    Verify(records::VerifyArgs),
    /// Load a scenario (directory or .toml file) and print every problem found.
    Validate(ValidateArgs),
    /// Speak the engine protocol: one JSON request per line on stdin, one JSON response per
    /// line on stdout (see docs/protocol.md).
    Protocol,
    /// Measure full random games per second, and legal-action generations and evaluations per
    /// second, on one core.
    Bench(bench::BenchArgs),
    /// Play in the browser: serve the lobby and the battles on a local address (default
    /// 127.0.0.1:8080), games kept in an SQLite file. See docs/web.md.
    Serve(serve::ServeArgs),
    /// Two programs play each other with sides swapped (half the games each way), in
    /// parallel: win, draw and loss rates with 95% confidence intervals, and thinking times.
    ///
    /// Pair k of games uses seed SEED+k for both games of the pair, so the results do not
    /// depend on the number of threads (with iteration budgets).
    Arena(arena::ArenaArgs),
}

#[derive(Args, Debug)]
struct ListArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ValidateArgs {
    /// A scenario: a directory of .toml files, one .toml file, or a built-in id.
    path: String,
}

/// Who plays each side, from the command line: `--side ID=AGENT`, `--a`, `--b`, and one
/// option per side id of the built-in scenarios (`--prussian`).
#[derive(Args, Debug, Clone, Default)]
pub struct SideArgs {
    /// Who plays a side, as SIDE=AGENT (SIDE: the side's id or name, or A or B; AGENT: human,
    /// random, greedy, ai:1 to ai:5 or mcts). May be repeated.
    #[arg(long = "side", value_name = "SIDE=AGENT")]
    pub side: Vec<String>,
    /// Who plays side A (the first side of the scenario).
    #[arg(long = "a", value_name = "AGENT")]
    pub a: Option<AgentSpec>,
    /// Who plays side B (the second side of the scenario).
    #[arg(long = "b", value_name = "AGENT")]
    pub b: Option<AgentSpec>,
    /// Values of the per-side-id options (`--prussian`), filled from the raw matches.
    #[arg(skip)]
    pub by_id: Vec<(String, String)>,
}

impl SideArgs {
    /// The agents of sides A and B, with `default` where nothing was given.
    ///
    /// # Errors
    /// A side the scenario does not have, or an unknown agent.
    pub fn resolve(&self, game: &AnyGame, default: [AgentSpec; 2]) -> Result<[AgentSpec; 2]> {
        let mut out = default;
        for (id, value) in &self.by_id {
            let side = game.side_by_name(id).ok_or_else(|| {
                anyhow::anyhow!(
                    "the scenario {} has no side `{id}` (its sides: {}, {})",
                    game.scenario_id(),
                    game.side_id(Side::A),
                    game.side_id(Side::B)
                )
            })?;
            out[side.index()] = value.parse()?;
        }
        if let Some(a) = self.a {
            out[0] = a;
        }
        if let Some(b) = self.b {
            out[1] = b;
        }
        for s in &self.side {
            let (id, agent) = s.split_once('=').ok_or_else(|| {
                anyhow::anyhow!("`--side {s}`: expected SIDE=AGENT, e.g. --side prussian=human")
            })?;
            let side = game.side_by_name(id).ok_or_else(|| {
                anyhow::anyhow!(
                    "`--side {s}`: no side `{id}` in {} (sides: {}, {}, or A, B)",
                    game.scenario_id(),
                    game.side_id(Side::A),
                    game.side_id(Side::B)
                )
            })?;
            out[side.index()] = agent.parse()?;
        }
        Ok(out)
    }
}

/// Long option names the per-side options may not take.
const RESERVED: &[&str] = &[
    "side",
    "a",
    "b",
    "seed",
    "record",
    "viewer",
    "games",
    "json",
    "records",
    "quiet",
    "help",
    "version",
    "max-steps",
    "no-map",
    "seconds",
];

/// The side ids of every built-in scenario, each with the scenarios that have it.
fn builtin_side_ids() -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    for info in coupdoeil_games::list() {
        for (id, name) in &info.sides {
            match out.iter_mut().find(|(i, _, _)| i == id) {
                Some(e) => e.2.push(info.id.clone()),
                None => out.push((id.clone(), name.clone(), vec![info.id.clone()])),
            }
        }
    }
    out.retain(|(id, _, _)| !RESERVED.contains(&id.as_str()) && !id.is_empty());
    out
}

fn add_side_options(mut cmd: Command) -> Command {
    for (id, name, scenarios) in builtin_side_ids() {
        cmd = cmd.arg(
            Arg::new(format!("side-id-{id}"))
                .long(id.clone())
                .value_name("AGENT")
                .help(format!(
                    "Who plays the {name} side ({}): human, random, greedy, ai:1 to ai:5 or mcts",
                    scenarios.join(", ")
                )),
        );
    }
    cmd
}

fn side_values(m: &ArgMatches) -> Vec<(String, String)> {
    builtin_side_ids()
        .into_iter()
        .filter_map(|(id, _, _)| {
            m.get_one::<String>(&format!("side-id-{id}"))
                .map(|v| (id, v.clone()))
        })
        .collect()
}

fn main() -> ExitCode {
    let cmd = Cli::command()
        .mut_subcommand("play", add_side_options)
        .mut_subcommand("sim", add_side_options);
    let matches = cmd.get_matches();
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    match (&mut cli.command, matches.subcommand()) {
        (Cmd::Play(p), Some(("play", m))) => p.sides.by_id = side_values(m),
        (Cmd::Sim(s), Some(("sim", m))) => s.sides.by_id = side_values(m),
        _ => {}
    }
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Cmd::List(a) => list(&a),
        Cmd::Play(a) => play::run(&a),
        Cmd::Sim(a) => sim::run(&a),
        Cmd::Replay(a) => records::replay(&a),
        Cmd::Verify(a) => records::verify(&a),
        Cmd::Validate(a) => validate(&a),
        Cmd::Protocol => protocol::run(),
        Cmd::Bench(a) => bench::run(&a),
        Cmd::Serve(a) => serve::run(&a),
        Cmd::Arena(a) => arena::run(&a),
    }
}

fn list(a: &ListArgs) -> Result<ExitCode> {
    let all = coupdoeil_games::list();
    if a.json {
        out!("{}", serde_json::to_string_pretty(&all)?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    for s in &all {
        let sides: Vec<String> = s
            .sides
            .iter()
            .map(|(id, name)| format!("{name} ({id})"))
            .collect();
        out.push_str(&format!(
            "{:<24} {} [rules {}] {}\n",
            s.id,
            s.name,
            s.rules,
            sides.join(" vs ")
        ));
        if let Some(base) = &s.extends {
            out.push_str(&format!("{:<24} extends {base}\n", ""));
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn validate(a: &ValidateArgs) -> Result<ExitCode> {
    match files::open_scenario(&a.path)? {
        Ok(loaded) => {
            let g = &loaded.game;
            out!(
                "OK: {} \"{}\" (rules {}): {} ({}) vs {} ({})",
                g.scenario_id(),
                g.scenario_name(),
                g.rules_id(),
                g.side_name(Side::A),
                g.side_id(Side::A),
                g.side_name(Side::B),
                g.side_id(Side::B)
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            match &e {
                coupdoeil_games::LoadError::Invalid(d) => {
                    for line in d.iter() {
                        out!("{line}");
                    }
                    eprintln!(
                        "{} problem{} found in {}",
                        d.len(),
                        if d.len() == 1 { "" } else { "s" },
                        a.path
                    );
                }
                other => eprintln!("error: {other}"),
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Stdout is closed: nobody reads what we print any more, so stop quietly.
pub fn stdout_gone() -> ! {
    std::process::exit(0)
}

/// Writes `text` to stdout; a reader that went away (`| head`) is not an error.
pub fn emit(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
