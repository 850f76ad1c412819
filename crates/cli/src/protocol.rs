//! `coupdoeil protocol`: JSON lines on stdin and stdout (see docs/protocol.md).

use crate::files::read_scenario_files;
use anyhow::Result;
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::{Side, Viewer};
use coupdoeil_games::{AnyMatch, EventInfo, LoadError, rng_stream, side_letter};
use serde_json::{Map, Value, json};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The protocol's session: at most one match at a time.
#[derive(Default)]
pub struct Session {
    current: Option<(AnyMatch, u64)>,
}

/// What a request produced: the fields of an `ok` response, or an error message.
type Reply = std::result::Result<Map<String, Value>, String>;

/// The longest request line read (bytes, without the newline): a scenario sent inline with
/// `files` fits many times over.
pub const MAX_LINE: usize = 4 << 20;

/// One request line read from `input`, at most [`MAX_LINE`] bytes kept; `None` at the end.
/// A longer line is read to its end and reported as `Err(length)`.
fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Result<(), usize>>> {
    buf.clear();
    let mut total = 0usize;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok((total > 0).then_some(if total > MAX_LINE { Err(total) } else { Ok(()) }));
        }
        let (part, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        total += part.len();
        if total <= MAX_LINE {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(part.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(if total > MAX_LINE { Err(total) } else { Ok(()) }));
        }
    }
}

pub fn run() -> Result<ExitCode> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut session = Session::default();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    while let Some(read) = read_line(&mut input, &mut buf)? {
        let (response, quit) = match read {
            Err(len) => (
                response(
                    &Value::Null,
                    Err(format!(
                        "request line of {len} bytes is longer than the limit of {MAX_LINE} bytes"
                    )),
                ),
                false,
            ),
            Ok(()) => match std::str::from_utf8(&buf) {
                Err(e) => (
                    response(
                        &Value::Null,
                        Err(format!("request line is not UTF-8 text: {e}")),
                    ),
                    false,
                ),
                Ok(line) => {
                    let line = line.trim_end_matches('\r');
                    if line.trim().is_empty() {
                        continue;
                    }
                    session.handle_line(line)
                }
            },
        };
        let mut out = stdout.lock();
        writeln!(out, "{response}")?;
        out.flush()?;
        if quit {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One response line: `id` and `ok` first, then the reply's fields (or `error`).
fn response(id: &Value, reply: Reply) -> String {
    let mut out = format!("{{\"id\":{id},\"ok\":{}", reply.is_ok());
    let fields = match reply {
        Ok(fields) => fields,
        Err(e) => Map::from_iter([("error".to_string(), Value::String(e))]),
    };
    for (k, v) in fields {
        out.push(',');
        out.push_str(&Value::String(k).to_string());
        out.push(':');
        out.push_str(&v.to_string());
    }
    out.push('}');
    out
}

fn str_field<'a>(req: &'a Map<String, Value>, key: &str) -> std::result::Result<&'a str, String> {
    match req.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(format!("`{key}` must be a string")),
        None => Err(format!("missing `{key}`")),
    }
}

impl Session {
    /// Handles one request line; returns the response line and whether to stop.
    pub fn handle_line(&mut self, line: &str) -> (String, bool) {
        let req: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return (response(&Value::Null, Err(format!("not JSON: {e}"))), false),
        };
        let Value::Object(req) = req else {
            return (
                response(&Value::Null, Err("a request is a JSON object".into())),
                false,
            );
        };
        let id = req.get("id").cloned().unwrap_or(Value::Null);
        let cmd = match str_field(&req, "cmd") {
            Ok(c) => c.to_string(),
            Err(e) => return (response(&id, Err(e)), false),
        };
        let quit = matches!(cmd.as_str(), "quit" | "exit");
        let reply = if quit {
            Ok(Map::new())
        } else {
            self.handle(&cmd, &req)
        };
        (response(&id, reply), quit)
    }

    fn game(&mut self) -> std::result::Result<&mut AnyMatch, String> {
        self.current
            .as_mut()
            .map(|(m, _)| m)
            .ok_or_else(|| "no game: send {\"cmd\":\"new\",...} first".to_string())
    }

    fn viewer(&mut self, req: &Map<String, Value>) -> std::result::Result<Viewer, String> {
        let text = str_field(req, "viewer")?.to_string();
        let m = self.game()?;
        match text.to_ascii_lowercase().as_str() {
            "spectator" => Ok(Viewer::Spectator),
            "referee" => Ok(Viewer::Referee),
            _ => m
                .game()
                .side_by_name(&text)
                .map(Viewer::Side)
                .ok_or_else(|| {
                    format!(
                        "unknown viewer `{text}`: A, B, {}, {}, spectator or referee",
                        m.side_id(Side::A),
                        m.side_id(Side::B)
                    )
                }),
        }
    }

    /// The optional `viewer` of a request that reports events: they are then filtered for it.
    fn optional_viewer(
        &mut self,
        req: &Map<String, Value>,
    ) -> std::result::Result<Option<Viewer>, String> {
        if req.contains_key("viewer") {
            self.viewer(req).map(Some)
        } else {
            Ok(None)
        }
    }

    fn handle(&mut self, cmd: &str, req: &Map<String, Value>) -> Reply {
        let mut r = Map::new();
        let shown = |events: Vec<EventInfo>, v: Option<Viewer>| -> Value {
            json!(
                events
                    .into_iter()
                    .filter(|e| v.is_none_or(|v| e.audience.sees(v)))
                    .collect::<Vec<_>>()
            )
        };
        match cmd {
            "scenarios" => {
                r.insert("scenarios".into(), json!(coupdoeil_games::list()));
            }
            "new" => {
                let seed = match req.get("seed") {
                    None => 0,
                    Some(v) => v.as_u64().ok_or("`seed` must be a whole number from 0")?,
                };
                let loaded = match (req.get("scenario"), req.get("files")) {
                    (Some(_), Some(_)) => return Err("give `scenario` or `files`, not both".into()),
                    (None, None) => {
                        return Err(
                            "missing `scenario` (a built-in id or a path) or `files`".into()
                        );
                    }
                    (Some(_), None) => {
                        let spec = str_field(req, "scenario")?;
                        let builtin = coupdoeil_games::list().iter().any(|s| s.id == spec);
                        let path = std::path::Path::new(spec);
                        if !builtin && path.exists() {
                            let files = read_scenario_files(path).map_err(|e| format!("{e:#}"))?;
                            coupdoeil_games::load_files(files)
                        } else {
                            coupdoeil_games::load(spec)
                        }
                    }
                    (None, Some(Value::Object(files))) => {
                        let mut list = Vec::new();
                        for (name, text) in files {
                            let text = text
                                .as_str()
                                .ok_or_else(|| format!("`files.{name}` must be a string"))?;
                            list.push((name.clone(), text.to_string()));
                        }
                        coupdoeil_games::load_files(list)
                    }
                    (None, Some(_)) => {
                        return Err("`files` must be an object: file name -> contents".into());
                    }
                };
                let loaded = loaded.map_err(|e| match e {
                    LoadError::Invalid(d) => format!("the scenario has problems:\n{d}"),
                    other => other.to_string(),
                })?;
                let m = loaded.new_match(seed);
                let g = &loaded.game;
                r.insert("scenario".into(), json!(g.scenario_id()));
                r.insert("name".into(), json!(g.scenario_name()));
                r.insert("rules".into(), json!(g.rules_id()));
                r.insert(
                    "sides".into(),
                    json!(Side::ALL
                        .iter()
                        .map(|&s| json!({ "side": side_letter(s), "id": g.side_id(s), "name": g.side_name(s) }))
                        .collect::<Vec<_>>()),
                );
                r.insert("seed".into(), json!(seed));
                r.insert("to_act".into(), m.to_act_json());
                self.current = Some((m, seed));
            }
            "to_act" => {
                let m = self.game()?;
                r.insert("to_act".into(), m.to_act_json());
            }
            "legal" => {
                let m = self.game()?;
                r.insert("actions".into(), json!(m.legal_actions()));
                r.insert("to_act".into(), m.to_act_json());
            }
            "apply" => {
                let action = str_field(req, "action")?.to_string();
                let v = self.optional_viewer(req)?;
                let m = self.game()?;
                let events = m.apply(&action).map_err(|e| e.to_string())?;
                r.insert("events".into(), shown(events, v));
                r.insert("to_act".into(), m.to_act_json());
            }
            "roll" | "force" => {
                let forced = if cmd == "force" {
                    Some(str_field(req, "outcome")?.to_string())
                } else {
                    None
                };
                let v = self.optional_viewer(req)?;
                let m = self.game()?;
                let roll = match forced {
                    Some(o) => m.force(&o),
                    None => m.roll(),
                }
                .map_err(|e| e.to_string())?;
                let outcome_seen = v.is_none_or(|v| roll.audience.sees(v));
                r.insert(
                    "outcome".into(),
                    if outcome_seen {
                        json!(roll.outcome)
                    } else {
                        Value::Null
                    },
                );
                r.insert("audience".into(), json!(roll.audience));
                r.insert("events".into(), shown(roll.events, v));
                r.insert("to_act".into(), m.to_act_json());
            }
            "agent" => {
                let spec: AgentSpec = str_field(req, "agent")?
                    .parse()
                    .map_err(|e: coupdoeil_ai::ParseAgentError| e.to_string())?;
                let v = self.optional_viewer(req)?;
                let (m, seed) = self
                    .current
                    .as_mut()
                    .ok_or("no game: send {\"cmd\":\"new\",...} first")?;
                let mut agent = m
                    .game()
                    .agent(spec)
                    .ok_or("`human` is not a program: send `apply` instead")?;
                let mut rng = rng_stream(*seed, 100 + m.steps() as u64);
                let action = m
                    .agent_choose(&mut agent, &mut rng)
                    .map_err(|e| e.to_string())?;
                let events = m.apply(&action).map_err(|e| e.to_string())?;
                r.insert("action".into(), json!(action));
                r.insert("events".into(), shown(events, v));
                r.insert("to_act".into(), m.to_act_json());
            }
            "observe" => {
                let v = self.viewer(req)?;
                let m = self.game()?;
                r.insert("observation".into(), m.observe(v));
            }
            "render" => {
                let v = self.viewer(req)?;
                let m = self.game()?;
                r.insert("text".into(), json!(m.render_text(v)));
            }
            "events" => {
                let v = self.viewer(req)?;
                let since = match req.get("since") {
                    None => 0,
                    Some(x) => x.as_u64().ok_or("`since` must be a step number")? as usize,
                };
                let m = self.game()?;
                r.insert("events".into(), json!(m.events(v, since)));
            }
            "record" => {
                let m = self.game()?;
                r.insert("record".into(), json!(m.record()));
            }
            "undo" => {
                let side_text = str_field(req, "side")?.to_string();
                let m = self.game()?;
                let side = m
                    .game()
                    .side_by_name(&side_text)
                    .ok_or_else(|| format!("unknown side `{side_text}`"))?;
                let done = m.undo(side);
                if !done {
                    return Err(format!(
                        "nothing to undo for {}: undo takes back only its own decisions since the last die, card or opponent's decision",
                        m.side_name(side)
                    ));
                }
                r.insert("to_act".into(), m.to_act_json());
            }
            other => {
                return Err(format!(
                    "unknown cmd `{other}` (scenarios, new, to_act, legal, apply, roll, force, agent, observe, render, events, record, undo, quit)"
                ));
            }
        }
        Ok(r)
    }
}
