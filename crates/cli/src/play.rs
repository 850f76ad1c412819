//! `coupdoeil play`: a game in the terminal, read line by line from stdin.

use crate::SideArgs;
use crate::files::{load_scenario, write_record};
use anyhow::Result;
use clap::Args;
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::{Side, ToAct, Viewer};
use coupdoeil_games::{AnyAgent, AnyMatch, Audience, EventInfo, rng_stream};
use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The scenario: a built-in id, a directory of .toml files, or one .toml file.
    scenario: String,
    /// Seed of the dice (and of the programs' choices), to play a game again exactly; without
    /// it a fresh seed is drawn from the operating system (and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Write the game record to this file when the game ends or you quit.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Whose eyes the screen shows: auto (the human side; in hot-seat, the side to act),
    /// A, B, a side id, spectator, or referee (everything: for testing only).
    #[arg(long, default_value = "auto")]
    viewer: String,
    /// Do not draw the map before each decision (type `map` to see it).
    #[arg(long)]
    no_map: bool,
    /// Stop after this many steps (a safety net for games between programs).
    #[arg(long, default_value_t = 100_000)]
    max_steps: usize,
    #[command(flatten)]
    pub sides: SideArgs,
}

/// Where the input lines come from.
struct Input {
    lines: std::io::Lines<std::io::StdinLock<'static>>,
    echo: bool,
}

impl Input {
    /// The next line, `None` at the end of input.
    fn line(&mut self, prompt: &str) -> Option<String> {
        outn!("{prompt}");
        let l = self.lines.next()?.ok()?;
        if self.echo {
            out!("{l}");
        }
        Some(l)
    }
}

struct Game {
    m: AnyMatch,
    agents: [Option<AnyAgent>; 2],
    rngs: [coupdoeil_ai::ChaCha8Rng; 2],
    /// The fixed screen viewer, or `None` for automatic.
    fixed: Option<Viewer>,
    /// Whose eyes the screen shows now.
    screen: Viewer,
    /// For each viewer (A, B, spectator, referee), how many log entries it has been shown.
    seen: [usize; 4],
    show_map: bool,
    record: Option<PathBuf>,
}

fn viewer_index(v: Viewer) -> usize {
    match v {
        Viewer::Side(Side::A) => 0,
        Viewer::Side(Side::B) => 1,
        Viewer::Spectator => 2,
        Viewer::Referee => 3,
    }
}

fn parse_viewer(text: &str, m: &AnyMatch) -> Result<Option<Viewer>> {
    match text.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(None),
        "spectator" => Ok(Some(Viewer::Spectator)),
        "referee" => Ok(Some(Viewer::Referee)),
        _ => m
            .game()
            .side_by_name(text)
            .map(|s| Some(Viewer::Side(s)))
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "unknown viewer `{text}`: auto, A, B, {}, {}, spectator or referee",
                    m.side_id(Side::A),
                    m.side_id(Side::B)
                )
            }),
    }
}

const HELP: &str = "\
Type the number of a choice, or its notation (e.g. `step 0712`). Other commands:
  map          draw the battlefield again
  choices      list the legal choices again
  log          every event you may see so far
  undo         take back your last decision (not past a die, a card, a reveal, the opponent or what the rules make final)
  save FILE    write the game record (JSON) to FILE
  help         this text
  quit         stop (the record is written if --record was given)";

/// A seed nobody chose: 64 bits from the operating system.
fn fresh_seed() -> Result<u64> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| anyhow::anyhow!("no random numbers for a seed: {e}"))?;
    Ok(u64::from_le_bytes(b))
}

pub fn run(a: &PlayArgs) -> Result<ExitCode> {
    let loaded = load_scenario(&a.scenario)?;
    let specs = a
        .sides
        .resolve(&loaded.game, [AgentSpec::Human, AgentSpec::Greedy])?;
    let (seed, drawn) = match a.seed {
        Some(s) => (s, false),
        None => (fresh_seed()?, true),
    };
    let m = loaded.new_match(seed);
    let fixed = parse_viewer(&a.viewer, &m)?;
    let humans: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| specs[s.index()].is_human())
        .collect();
    let screen = fixed.unwrap_or(match humans.as_slice() {
        [one] => Viewer::Side(*one),
        [first, _] => Viewer::Side(*first),
        _ => Viewer::Spectator,
    });
    let agents = [loaded.game.agent(specs[0]), loaded.game.agent(specs[1])];
    let mut g = Game {
        m,
        agents,
        rngs: [rng_stream(seed, 1), rng_stream(seed, 2)],
        fixed,
        screen,
        seen: [0; 4],
        show_map: !a.no_map,
        record: a.record.clone(),
    };
    let mut input = Input {
        lines: std::io::stdin().lock().lines(),
        echo: !std::io::stdin().is_terminal(),
    };
    out!(
        "{}: {} ({}) vs {} ({}), seed {seed}{}. Type `help` for commands.",
        g.m.scenario_name(),
        g.m.side_name(Side::A),
        specs[0],
        g.m.side_name(Side::B),
        specs[1],
        if drawn {
            " (drawn at random: --seed with it plays this game again)"
        } else {
            ""
        }
    );
    let code = g.play(&mut input, a.max_steps)?;
    g.save_on_exit();
    Ok(code)
}

impl Game {
    fn hot_seat(&self) -> bool {
        self.agents.iter().all(Option::is_none)
    }

    /// Prints what the screen's viewer has not been shown yet.
    fn show_events(&mut self) {
        let i = viewer_index(self.screen);
        let from = self.seen[i].min(self.m.event_count());
        for e in self.m.events_after(self.screen, from) {
            out!("  {}", event_line(&e));
        }
        self.seen[i] = self.m.event_count();
    }

    /// Switches the screen to `side` in hot-seat play, asking the other player to look away.
    fn hand_over(&mut self, side: Side, input: &mut Input) -> bool {
        if self.fixed.is_some() || self.screen == Viewer::Side(side) {
            return true;
        }
        if self.hot_seat() {
            out!();
            let prompt = format!(
                "=== Pass the screen to the {} player, then press Enter ===",
                self.m.side_name(side)
            );
            if input.line(&prompt).is_none() {
                return false;
            }
            if std::io::stdout().is_terminal() {
                outn!("\x1b[2J\x1b[H");
            }
        }
        self.screen = Viewer::Side(side);
        true
    }

    fn play(&mut self, input: &mut Input, max_steps: usize) -> Result<ExitCode> {
        let mut listed = false;
        loop {
            if self.m.steps() >= max_steps {
                out!("stopped after {max_steps} steps");
                return Ok(ExitCode::SUCCESS);
            }
            match self.m.to_act() {
                ToAct::Over => {
                    if self.fixed.is_none() && self.hot_seat() {
                        self.screen = Viewer::Spectator;
                    }
                    self.show_events();
                    if self.show_map {
                        out!("{}", self.m.render_text(Viewer::Referee));
                    }
                    match self.m.outcome() {
                        Some(o) => out!(
                            "Game over: {} ({}), victory points {} {} - {} {}",
                            o.winner.map_or("a draw".to_string(), |w| format!(
                                "{} wins",
                                self.m.side_name(w)
                            )),
                            o.kind,
                            self.m.side_name(Side::A),
                            o.points[0],
                            self.m.side_name(Side::B),
                            o.points[1]
                        ),
                        None => out!("Game over."),
                    }
                    return Ok(ExitCode::SUCCESS);
                }
                ToAct::Chance => {
                    let r = self.m.roll()?;
                    // Dice are public; a card drawn shows in its owner's events instead.
                    if r.audience == Audience::Everyone {
                        out!("  {}", r.outcome.replacen(' ', ": ", 1));
                    }
                    self.show_events();
                }
                ToAct::Side(side) => {
                    let i = side.index();
                    if let Some(agent) = self.agents[i].as_mut() {
                        let action = self.m.agent_choose(agent, &mut self.rngs[i])?;
                        self.m.apply(&action)?;
                        self.show_events();
                        listed = false;
                        continue;
                    }
                    // Nothing to choose but a pass (no card to play): pass at once. In hot-seat
                    // play the screen still goes to that side first when the other player holds
                    // it: if it went only when there was a choice, the prompt itself would tell
                    // the other player so.
                    let on_screen = self.fixed.is_some() || self.screen == Viewer::Side(side);
                    let lone_pass = self.m.lone_pass();
                    if let Some(pass) = &lone_pass
                        && (on_screen || !self.hot_seat())
                    {
                        if self.screen == Viewer::Side(side) {
                            out!(
                                "  ({}: nothing to choose here; {pass})",
                                self.m.side_name(side)
                            );
                        }
                        self.m.apply(pass)?;
                        self.show_events();
                        continue;
                    }
                    if !self.hand_over(side, input) {
                        return Ok(ExitCode::SUCCESS);
                    }
                    if lone_pass.is_some() {
                        continue;
                    }
                    self.show_events();
                    if !listed {
                        if self.show_map {
                            out!("\n{}", self.m.render_text(self.screen));
                        }
                        print_choices(&self.m, side);
                        listed = true;
                    }
                    let Some(line) = input.line(&format!("{}> ", self.m.side_name(side))) else {
                        out!("\n(end of input)");
                        return Ok(ExitCode::SUCCESS);
                    };
                    match self.command(line.trim(), side)? {
                        Step::Quit => return Ok(ExitCode::SUCCESS),
                        Step::Applied => listed = false,
                        Step::Again => {}
                    }
                }
            }
        }
    }

    fn command(&mut self, line: &str, side: Side) -> Result<Step> {
        let (word, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => {}
            "help" | "?" => out!("{HELP}"),
            "quit" | "exit" => return Ok(Step::Quit),
            "map" => out!("{}", self.m.render_text(self.screen)),
            "choices" | "list" => print_choices(&self.m, side),
            "log" => {
                for e in self.m.events(self.screen, 0) {
                    out!("  {}", event_line(&e));
                }
            }
            "undo" => {
                if self.m.undo(side) {
                    out!("  taken back; {} more may be", self.m.undoable(side));
                    return Ok(Step::Applied);
                }
                let rules = self
                    .m
                    .final_decisions()
                    .map(|w| format!(", and {w}"))
                    .unwrap_or_default();
                out!(
                    "  nothing to take back: undo stops at the last die, card, revealed piece or opponent's decision{rules}"
                );
            }
            "save" => {
                if rest.is_empty() {
                    out!("  save needs a file name: save FILE");
                } else {
                    match write_record(Path::new(rest), &self.m.record()) {
                        Ok(()) => out!("  record written to {rest}"),
                        Err(e) => out!("  cannot save: {e:#}"),
                    }
                }
            }
            _ => {
                let legal = self.m.legal_actions();
                let notation = match line.parse::<usize>() {
                    Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].notation.clone(),
                    Ok(n) => {
                        out!("  there is no choice {n}: choose 1 to {}", legal.len());
                        return Ok(Step::Again);
                    }
                    Err(_) => line.to_string(),
                };
                match self.m.apply(&notation) {
                    Ok(_) => {
                        self.show_events();
                        return Ok(Step::Applied);
                    }
                    Err(e) => out!("  refused: {e}"),
                }
            }
        }
        Ok(Step::Again)
    }

    fn save_on_exit(&self) {
        if let Some(p) = &self.record {
            match write_record(p, &self.m.record()) {
                Ok(()) => out!("record written to {}", p.display()),
                Err(e) => eprintln!("error: {e:#}"),
            }
        }
    }
}

enum Step {
    Applied,
    Again,
    Quit,
}

fn event_line(e: &EventInfo) -> String {
    e.text.clone()
}

fn print_choices(m: &AnyMatch, side: Side) {
    let legal = m.legal_actions();
    out!(
        "{} to decide ({}): {} choice{}",
        m.side_name(side),
        m.turn_label(),
        legal.len(),
        if legal.len() == 1 { "" } else { "s" }
    );
    for (i, a) in legal.iter().enumerate() {
        if a.description == a.notation {
            out!("  {:>3}. {}", i + 1, a.notation);
        } else {
            out!("  {:>3}. {:<22} {}", i + 1, a.notation, a.description);
        }
    }
}
