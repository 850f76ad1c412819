//! `coupdoeil replay` and `coupdoeil verify`: game records.

use crate::files::read_record;
use anyhow::Result;
use clap::Args;
use coupdoeil_engine::{StepKind, Viewer};
use coupdoeil_games::{AnyGame, replay_record};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record (JSON, as written by `play --record`, `save` or `sim --records`).
    file: PathBuf,
    /// Only the events, without the steps that caused them.
    #[arg(long)]
    events_only: bool,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The record (JSON).
    file: PathBuf,
    /// Accept chance outcomes that were forced (the protocol's `force`) instead of drawn from
    /// the seed; without it a record holding any fails.
    #[arg(long)]
    allow_forced: bool,
}

fn side_word(game: &AnyGame, s: Option<coupdoeil_engine::Side>) -> String {
    s.map_or_else(|| "chance".to_string(), |s| game.side_name(s).to_string())
}

pub fn replay(a: &ReplayArgs) -> Result<ExitCode> {
    use std::fmt::Write as _;
    let record = read_record(&a.file)?;
    let r = match replay_record(&record) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: the record does not replay: {e}", a.file.display());
            return Ok(ExitCode::FAILURE);
        }
    };
    let game = &r.loaded.game;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}), rules {} v{}, seed {}, {} steps",
        game.scenario_name(),
        record.scenario,
        record.rules,
        record.rules_version,
        record.seed,
        record.steps.len()
    );
    let mut turn = String::new();
    for step in &r.steps {
        if step.turn != turn {
            turn.clone_from(&step.turn);
            let _ = writeln!(out, "\n== {turn} ==");
        }
        if !a.events_only {
            let _ = match step.kind {
                StepKind::Action => writeln!(
                    out,
                    "[{}] {}: {}",
                    step.number,
                    side_word(game, step.side),
                    step.value
                ),
                StepKind::Chance => writeln!(out, "[{}] {}", step.number, step.value),
            };
        }
        for e in &step.events {
            if e.audience.sees(Viewer::Referee) {
                let private = match e.audience {
                    coupdoeil_games::Audience::Everyone => String::new(),
                    coupdoeil_games::Audience::Only(s) => {
                        format!(" (private to {})", game.side_name(s))
                    }
                    coupdoeil_games::Audience::Referee => " (referee only)".to_string(),
                    coupdoeil_games::Audience::AllBut(s) => {
                        format!(" (what {}'s opponent sees)", game.side_name(s))
                    }
                };
                let _ = writeln!(out, "    {}{private}", e.text);
            }
        }
    }
    let _ = match &r.outcome {
        Some(o) => writeln!(
            out,
            "\nResult: {} ({}), victory points {} {} - {} {}",
            o.winner.map_or("draw".to_string(), |w| format!(
                "{} wins",
                game.side_name(w)
            )),
            o.kind,
            game.side_name(coupdoeil_engine::Side::A),
            o.points[0],
            game.side_name(coupdoeil_engine::Side::B),
            o.points[1]
        ),
        None => writeln!(out, "\n(the game is not over)"),
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

pub fn verify(a: &VerifyArgs) -> Result<ExitCode> {
    let record = read_record(&a.file)?;
    match replay_record(&record) {
        Ok(r) => {
            let result = match &r.outcome {
                Some(o) => format!(
                    "{} ({}) {}-{}",
                    o.winner.map_or("draw".to_string(), |w| format!(
                        "{} wins",
                        r.loaded.game.side_name(w)
                    )),
                    o.kind,
                    o.points[0],
                    o.points[1]
                ),
                None => "not over".to_string(),
            };
            let forced = record.steps.iter().filter(|s| s.forced).count();
            if forced > 0 && !a.allow_forced {
                out!(
                    "FAILED: {}: {forced} chance outcome{} forced, not drawn from the seed (first at step {}); --allow-forced accepts them",
                    a.file.display(),
                    if forced == 1 { " was" } else { "s were" },
                    record
                        .steps
                        .iter()
                        .position(|s| s.forced)
                        .map_or(0, |i| i + 1)
                );
                return Ok(ExitCode::FAILURE);
            }
            let drawn = record
                .steps
                .iter()
                .filter(|s| s.kind == StepKind::Chance && !s.forced)
                .count();
            out!(
                "OK: {} {}: {} steps, seed {} ({drawn} dice and cards drawn again from it{}), last hash {}, {result}",
                a.file.display(),
                record.scenario,
                record.steps.len(),
                record.seed,
                if forced > 0 {
                    format!(", {forced} forced")
                } else {
                    String::new()
                },
                record.last_hash
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            match e.step() {
                Some(n) => {
                    let value = record
                        .steps
                        .get(n - 1)
                        .map_or(String::new(), |s| format!(" (`{}`)", s.value));
                    out!("FAILED: {} at step {n}{value}: {e}", a.file.display());
                }
                None => out!("FAILED: {}: {e}", a.file.display()),
            }
            Ok(ExitCode::FAILURE)
        }
    }
}
