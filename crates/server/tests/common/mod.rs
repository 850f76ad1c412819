//! Helpers for the server's tests: a server on a loopback port, a raw HTTP client, a WebSocket
//! client that speaks the game protocol.
#![allow(dead_code)]

use coupdoeil_server::{Config, Limits, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// A running server and the means to stop it.
pub struct Running {
    pub addr: SocketAddr,
    pub server: Server,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops serving (graceful: open connections are closed).
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        self.task.abort();
        let _ = self.task.await;
    }
}

/// A server for tests: no rate limits or caps (many games from one address in a few seconds).
pub fn config() -> Config {
    Config {
        limits: Limits::unlimited(),
        ..Config::default()
    }
}

/// Starts a server on 127.0.0.1 with a free port.
pub async fn start(config: Config) -> Running {
    let server = Server::open(config).expect("the server opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let s = server.clone();
    let task = tokio::spawn(async move {
        let _ = s
            .run(listener, async move {
                let _ = rx.await;
            })
            .await;
    });
    Running {
        addr,
        server,
        stop: Some(tx),
        task,
    }
}

/// One HTTP/1.1 request; returns the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n.min(rest.len())]);
        s = rest.get(n + 2..).unwrap_or("");
    }
    out
}

/// Creates a game over HTTP; returns its id and each side's token. A chosen seed between two
/// people is accepted only for a hot-seat game (the seed is then shown to both): the tests that
/// need the same dice every run declare their games hot-seat, even when they play them from two
/// connections (the server does not count screens).
pub async fn create(
    addr: SocketAddr,
    scenario: &str,
    players: [&str; 2],
    seed: Option<u64>,
) -> (String, [Option<String>; 2]) {
    let hotseat = seed.is_some() && players == ["human", "human"];
    create_with(
        addr,
        json!({
            "scenario": scenario,
            "players": { "A": players[0], "B": players[1] },
            "seed": seed,
            "hotseat": hotseat,
        }),
    )
    .await
}

/// Creates a game from this request body; returns its id and each side's token.
pub async fn create_with(addr: SocketAddr, body: Value) -> (String, [Option<String>; 2]) {
    let (status, text) = http(addr, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, 200, "create: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let tok = |i: usize| v["sides"][i]["token"].as_str().map(str::to_string);
    (v["id"].as_str().unwrap().to_string(), [tok(0), tok(1)])
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A protocol client: keeps the last `state` it was sent and every frame's text.
pub struct Client {
    ws: Ws,
    pub state: Option<Value>,
    pub frames: Vec<String>,
    /// Every event this client was sent (reset when the server says so).
    pub events: Vec<Value>,
    /// Every chance outcome this client was sent.
    pub dice: Vec<Value>,
    next: u64,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .expect("websocket");
        Client {
            ws,
            state: None,
            frames: Vec::new(),
            events: Vec::new(),
            dice: Vec::new(),
            next: 1,
        }
    }

    /// Connects and joins a game with these tokens (none: a spectator).
    pub async fn join(addr: SocketAddr, game: &str, tokens: &[&str]) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(json!({ "type": "hello", "game": game, "tokens": tokens }))
            .await;
        let w = c
            .until(|m| m["type"] == "welcome" || m["type"] == "error")
            .await;
        assert_eq!(w["type"], "welcome", "{w}");
        c.until(|m| m["type"] == "state").await;
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("send");
    }

    pub async fn send_raw(&mut self, m: Message) -> bool {
        self.ws.send(m).await.is_ok()
    }

    /// The next message (keeps `state` up to date); panics after 20 s of silence.
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("a message within 20 s")
                .expect("the connection is open")
                .expect("a frame");
            if let Message::Text(t) = m {
                self.frames.push(t.to_string());
                let v: Value = serde_json::from_str(&t).expect("JSON");
                if v["type"] == "state" {
                    if v["events_reset"] == true {
                        self.events.clear();
                    }
                    if v["dice_reset"] == true {
                        self.dice.clear();
                    }
                    self.events
                        .extend(v["events"].as_array().cloned().unwrap_or_default());
                    self.dice
                        .extend(v["dice"].as_array().cloned().unwrap_or_default());
                    self.state = Some(v.clone());
                }
                return v;
            }
        }
    }

    /// Reads messages until one satisfies `f`.
    pub async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.recv().await;
            if f(&v) {
                return v;
            }
        }
    }

    /// Sends a request with a fresh `req` and waits for its reply (`done`, `error`, `reach`,
    /// `preview`, `pong`).
    pub async fn request(&mut self, mut v: Value) -> Value {
        let req = self.next;
        self.next += 1;
        v["req"] = json!(req);
        self.send(v).await;
        self.until(|m| m["req"] == json!(req) && m["type"] != "state")
            .await
    }

    /// The state number of the last state.
    pub fn version(&self) -> u64 {
        self.state
            .as_ref()
            .and_then(|s| s["state"].as_u64())
            .unwrap_or(0)
    }

    /// Is it this client's decision in the last state?
    pub fn my_turn(&self) -> bool {
        self.state.as_ref().is_some_and(|s| s["your_turn"] == true)
    }

    /// The legal actions of the last state.
    pub fn legal(&self) -> Vec<String> {
        self.state
            .as_ref()
            .and_then(|s| s["legal"].as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|h| h["notation"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits until the newest state is at least `version`.
    pub async fn wait_version(&mut self, version: u64) {
        while self.version() < version {
            self.recv().await;
        }
    }

    /// Plays one decision if it is this client's turn: the legal action at `pick % count`.
    /// Returns the action, or `None` when it was not this client's turn.
    pub async fn act_pick(&mut self, pick: usize) -> Option<(String, u64)> {
        if !self.my_turn() {
            return None;
        }
        let legal = self.legal();
        assert!(!legal.is_empty(), "a decision with no legal action");
        // Seek battle: attack whenever offered, march forward, move every unit; otherwise
        // choose among the rest.
        let prefer =
            |p: &str| -> Vec<&String> { legal.iter().filter(|a| a.starts_with(p)).collect() };
        let a = ["attack ", "step ", "select "]
            .iter()
            .map(|p| prefer(p))
            .find(|v| !v.is_empty())
            .map_or_else(
                || legal[pick % legal.len()].clone(),
                |v| v[pick % v.len()].clone(),
            );
        let v = self.version();
        let r = self
            .request(json!({ "type": "act", "action": a, "state": v }))
            .await;
        assert_eq!(r["type"], "done", "{a}: {r}");
        let version = r["state"].as_u64().unwrap();
        self.wait_version(version).await;
        Some((a, version))
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A fresh path for a database file in the system's temporary directory.
pub fn temp_db(name: &str) -> std::path::PathBuf {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!(
        "coupdoeil-test-{name}-{}-{stamp}.sqlite",
        std::process::id()
    ))
}

/// Removes a database file and its WAL companions.
pub fn remove_db(p: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
}
