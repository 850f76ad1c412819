//! HTTP routes: the pages, the lobby's JSON API, the public board description, the record and
//! replay of finished games, and the WebSocket endpoint.

use crate::conn::{Conn, game_info};
use crate::guard::{ClientIp, Ticket};
use crate::live::lock;
use crate::{CreateError, NewGame, Server, agent_specs, assets};
use axum::Json;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use coupdoeil_engine::{Record, Side, Viewer};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};

/// Largest WebSocket message accepted from a browser.
const MAX_MESSAGE: usize = 64 * 1024;

pub(crate) fn router(server: Server) -> axum::Router {
    axum::Router::new()
        .route("/", get(|| async { assets::asset("index.html") }))
        .route(
            "/g/{id}",
            get(|_: Path<String>| async { assets::asset("game.html") }),
        )
        .route(
            "/replay/{id}",
            get(|_: Path<String>| async { assets::asset("replay.html") }),
        )
        .route("/api/scenarios", get(scenarios))
        .route("/api/scenarios/{id}/board", get(scenario_board))
        .route("/api/agents", get(agents))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_meta))
        .route("/api/games/{id}/board", get(board))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay/{step}", get(replay_step))
        .route("/ws", get(ws))
        .route(
            "/{*path}",
            get(|Path(p): Path<String>| async move { assets::asset(&p) }),
        )
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            crate::guard::check,
        ))
        .with_state(server)
}

fn fail(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

async fn scenarios() -> Json<Value> {
    let list: Vec<Value> = coupdoeil_games::list()
        .into_iter()
        .map(|s| {
            json!({
                "id": s.id, "name": s.name, "rules": s.rules, "description": s.description,
                "featured": s.featured,
                "sides": s.sides.iter().enumerate().map(|(i, (id, name))| json!({
                    "side": if i == 0 { "A" } else { "B" }, "id": id, "name": name,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(json!(list))
}

async fn scenario_board(Path(id): Path<String>) -> Response {
    match coupdoeil_games::load(&id) {
        Ok(l) => Json(l.game.board_json()).into_response(),
        Err(_) => fail(StatusCode::NOT_FOUND, "no such scenario"),
    }
}

async fn agents() -> Json<Value> {
    let list: Vec<Value> = agent_specs()
        .into_iter()
        .map(|s| {
            let label = match s.as_str() {
                "random" => "random moves (weakest)".to_string(),
                "greedy" => "greedy (one move ahead)".to_string(),
                other => match other.strip_prefix("ai:") {
                    Some("1") => "AI level 1 (tree search, fastest)".to_string(),
                    Some("3") => "AI level 3 (tree search, the usual opponent)".to_string(),
                    Some("5") => "AI level 5 (tree search, strongest)".to_string(),
                    Some(n) => format!("AI level {n} (tree search)"),
                    None => other.to_string(),
                },
            };
            json!({ "spec": s, "label": label })
        })
        .collect();
    Json(json!(list))
}

/// The public games, newest first (a game created private is found only through its links).
async fn list_games(State(server): State<Server>) -> Response {
    let rows = match lock(&server.inner.store).public_games(500) {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let names: std::collections::BTreeMap<String, String> = coupdoeil_games::list()
        .into_iter()
        .map(|s| (s.id, s.name))
        .collect();
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "scenario": r.scenario,
                "name": names.get(&r.scenario).cloned().unwrap_or_default(),
                "players": r.seats,
                "created": r.created,
                "steps": r.steps,
                "over": r.finished,
                "outcome": r.outcome.as_deref().and_then(|o| serde_json::from_str::<Value>(o).ok()),
            })
        })
        .collect();
    Json(json!(list)).into_response()
}

async fn create_game(
    State(server): State<Server>,
    ip: Option<Extension<ClientIp>>,
    body: axum::body::Bytes,
) -> Response {
    let ip = ip.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |e| e.0.0);
    if let Err(m) = server.inner.guard.create(ip) {
        return fail(StatusCode::TOO_MANY_REQUESTS, m);
    }
    let Ok(Value::Object(req)) = serde_json::from_slice::<Value>(&body) else {
        return fail(StatusCode::BAD_REQUEST, "expected a JSON object");
    };
    let Some(scenario) = req.get("scenario").and_then(Value::as_str) else {
        return fail(StatusCode::BAD_REQUEST, "missing `scenario`");
    };
    let Ok(loaded) = coupdoeil_games::load(scenario) else {
        return fail(
            StatusCode::BAD_REQUEST,
            format!(
                "no scenario `{}`",
                scenario.chars().take(60).collect::<String>()
            ),
        );
    };
    let g = &loaded.game;
    let mut seats = [String::from("human"), String::from("human")];
    match req.get("players") {
        None => {}
        Some(Value::Object(p)) => {
            for (k, v) in p {
                let Some(side) = g.side_by_name(k) else {
                    return fail(
                        StatusCode::BAD_REQUEST,
                        format!("no side `{}`", k.chars().take(40).collect::<String>()),
                    );
                };
                let Some(v) = v.as_str() else {
                    return fail(StatusCode::BAD_REQUEST, "each player must be a text");
                };
                seats[side.index()] = v.to_string();
            }
        }
        Some(_) => {
            return fail(
                StatusCode::BAD_REQUEST,
                "`players` must be an object: side -> human or an agent",
            );
        }
    }
    let seed = match req.get("seed") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => match s.trim().parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) => return fail(StatusCode::BAD_REQUEST, "`seed` must be a whole number"),
        },
        Some(v) => match v.as_u64() {
            Some(n) => Some(n),
            None => return fail(StatusCode::BAD_REQUEST, "`seed` must be a whole number"),
        },
    };
    let flag = |name: &str, default: bool| -> Result<bool, String> {
        match req.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(format!("`{name}` must be true or false")),
        }
    };
    let (auto_pass, public, hotseat) = match (
        flag("auto_pass", true),
        flag("public", false),
        flag("hotseat", false),
    ) {
        (Ok(a), Ok(p), Ok(h)) => (a, p, h),
        (Err(m), _, _) | (_, Err(m), _) | (_, _, Err(m)) => {
            return fail(StatusCode::BAD_REQUEST, m);
        }
    };
    let new = NewGame {
        scenario: scenario.to_string(),
        seats,
        seed,
        auto_pass,
        public,
        hotseat,
    };
    let server2 = server.clone();
    let created = tokio::task::spawn_blocking(move || server2.create_game(&new)).await;
    match created {
        Ok(Ok(c)) => {
            // Programs may have the first decision.
            if let Ok(Some(slot)) = server.inner.find(&c.id) {
                server.inner.drive(&slot);
            }
            let sides: Vec<Value> = Side::ALL
                .iter()
                .map(|&s| {
                    json!({
                        "side": if s == Side::A { "A" } else { "B" },
                        "id": g.side_id(s),
                        "name": g.side_name(s),
                        "token": c.tokens[s.index()],
                    })
                })
                .collect();
            Json(json!({ "id": c.id, "sides": sides })).into_response()
        }
        Ok(Err(CreateError::Invalid(m))) => fail(StatusCode::BAD_REQUEST, m),
        Ok(Err(CreateError::Busy(m))) => fail(StatusCode::SERVICE_UNAVAILABLE, m),
        Ok(Err(CreateError::Server(e))) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

async fn game_meta(State(server): State<Server>, Path(id): Path<String>) -> Response {
    match server.inner.find(&id) {
        Ok(Some(slot)) => {
            let live = lock(&slot.live);
            let mut info = game_info(&live);
            info["steps"] = json!(live.m.steps());
            info["turn"] = json!(live.m.turn_label());
            info["outcome"] = json!(live.outcome());
            Json(info).into_response()
        }
        Ok(None) => fail(StatusCode::NOT_FOUND, "no such game"),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

async fn board(State(server): State<Server>, Path(id): Path<String>) -> Response {
    match server.inner.find(&id) {
        Ok(Some(slot)) => {
            let game = lock(&slot.live).m.game();
            Json(game.board_json()).into_response()
        }
        Ok(None) => fail(StatusCode::NOT_FOUND, "no such game"),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// The record of a finished game (never of a game in progress: it holds the seed and every
/// hidden move).
fn finished_record(server: &Server, id: &str) -> Result<Record, Box<Response>> {
    match server.inner.find(id) {
        Ok(Some(slot)) => {
            let live = lock(&slot.live);
            if live.outcome().is_none() {
                return Err(Box::new(fail(
                    StatusCode::FORBIDDEN,
                    "the record is available once the game is over",
                )));
            }
            Ok(live.record())
        }
        Ok(None) => Err(Box::new(fail(StatusCode::NOT_FOUND, "no such game"))),
        Err(e) => Err(Box::new(fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            e.to_string(),
        ))),
    }
}

async fn record(State(server): State<Server>, Path(id): Path<String>) -> Response {
    match finished_record(&server, &id) {
        Ok(rec) => {
            let text = serde_json::to_string_pretty(&rec).unwrap_or_default();
            let mut r = (StatusCode::OK, text).into_response();
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            if let Ok(v) = HeaderValue::from_str(&format!(
                "attachment; filename=\"coupdoeil-{}-{id}.json\"",
                rec.scenario
            )) {
                r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
            }
            r
        }
        Err(r) => *r,
    }
}

async fn replay_step(
    State(server): State<Server>,
    Path((id, step)): Path<(String, usize)>,
) -> Response {
    let rec = match finished_record(&server, &id) {
        Ok(r) => r,
        Err(r) => return *r,
    };
    let total = rec.steps.len();
    if step > total {
        return fail(StatusCode::NOT_FOUND, format!("the game has {total} steps"));
    }
    let result = tokio::task::spawn_blocking(move || {
        let loaded = coupdoeil_games::load_for_record(&rec).map_err(|e| e.to_string())?;
        let mut m = loaded.new_match(rec.seed);
        let mut turn = m.turn_label();
        for s in rec.steps.iter().take(step) {
            turn = m.turn_label();
            match s.kind {
                coupdoeil_engine::StepKind::Action => m.apply(&s.value).map(|_| ()),
                coupdoeil_engine::StepKind::Chance => m.force(&s.value).map(|_| ()),
            }
            .map_err(|e| e.to_string())?;
        }
        let events: Vec<Value> = m
            .events(Viewer::Referee, step.max(1))
            .into_iter()
            .filter(|e| e.step == step)
            .map(|e| json!({ "step": e.step, "text": e.text }))
            .collect();
        let this = step.checked_sub(1).and_then(|i| rec.steps.get(i));
        Ok::<Value, String>(json!({
            "step": step,
            "total": total,
            "turn": turn,
            "value": this.map(|s| s.value.clone()),
            "kind": this.map(|s| s.kind),
            "side": this.and_then(|s| s.side).map(|s| m.side_name(s).to_string()),
            "observation": m.observe_ui(Viewer::Referee),
            "events": events,
            "outcome": if step == total { rec.outcome.clone() } else { m.outcome() },
        }))
    })
    .await;
    match result {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => fail(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

async fn ws(
    State(server): State<Server>,
    ip: Option<Extension<ClientIp>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let ip = ip.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |e| e.0.0);
    let ticket = match server.inner.guard.connect(&server.inner, ip) {
        Ok(t) => t,
        Err(m) => return fail(StatusCode::TOO_MANY_REQUESTS, m),
    };
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(server, socket, ticket))
}

/// Messages dropped for coming too fast before the connection is closed.
const MAX_DROPPED: u32 = 200;

async fn connection(server: Server, socket: WebSocket, ticket: Ticket) {
    let _ticket = ticket; // counted until the connection ends
    let (mut tx, mut rx) = socket.split();
    let mut conn = Conn::new(server.inner.clone());
    let mut watch: Option<tokio::sync::watch::Receiver<u64>> = None;
    let mut allowance = server.inner.guard.messages();
    let mut dropped = 0u32;
    loop {
        let out = tokio::select! {
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(_) | Message::Binary(_))) if !allowance.take() => {
                    dropped += 1;
                    if dropped > MAX_DROPPED {
                        break;
                    }
                    vec![json!({"type": "error", "req": null,
                        "message": "too many messages: slow down (this one was not read)"})
                        .to_string()]
                }
                Some(Ok(Message::Text(t))) => {
                    let r = conn.handle(t.as_str());
                    if let Some(w) = r.watch {
                        watch = Some(w);
                    }
                    r.messages
                }
                Some(Ok(Message::Binary(_))) => {
                    vec![json!({"type": "error", "req": null,
                        "message": "binary messages are not understood: send JSON text"})
                        .to_string()]
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            changed = async {
                match watch.as_mut() {
                    Some(w) => w.changed().await.is_ok(),
                    None => std::future::pending().await,
                }
            } => {
                if !changed {
                    break;
                }
                conn.update()
            }
        };
        for m in out {
            if tx.send(Message::Text(m.into())).await.is_err() {
                return;
            }
        }
    }
}
