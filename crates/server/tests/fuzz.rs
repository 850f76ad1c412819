//! Hostile and malformed WebSocket messages get an error reply, change nothing, and never bring
//! the server down: after thousands of them every connection still answers and the game goes on.

mod common;

use common::{Client, create, start};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A small deterministic generator (xorshift*), so that a failure can be reproduced.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

const CHARS: &[char] = &[
    'a', 'z', 'A', '0', '9', ' ', '"', '\\', '{', '}', '[', ']', ':', ',', '-', '#', '\0', '\n',
    'é', 'ß', '中', '🂡', '\u{202e}', '\u{feff}',
];

fn text(r: &mut Rng, max: usize) -> String {
    let n = r.below(max + 1);
    (0..n).map(|_| *r.pick(CHARS)).collect()
}

fn value(r: &mut Rng, depth: u32) -> Value {
    match r.below(if depth > 3 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(r.below(2) == 0),
        2 => json!(r.next() as i64),
        3 => json!((r.next() % 1000) as f64 / 7.0),
        4 => json!(text(r, 12)),
        5 => json!(r.next()),
        6 => Value::Array((0..r.below(4)).map(|_| value(r, depth + 1)).collect()),
        _ => {
            let mut m = serde_json::Map::new();
            for _ in 0..r.below(4) {
                m.insert(text(r, 6), value(r, depth + 1));
            }
            Value::Object(m)
        }
    }
}

/// A message shaped like the protocol's, with fields right, wrong or missing.
fn shaped(r: &mut Rng, game: &str, tokens: &[String], avoid_state: u64) -> Value {
    let types = [
        "hello",
        "act",
        "move",
        "undo",
        "reach",
        "preview",
        "view",
        "resync",
        "ping",
        "",
        "ACT",
        "shutdown",
        "__proto__",
    ];
    let mut m = serde_json::Map::new();
    if r.below(10) > 0 {
        m.insert("type".into(), json!(r.pick(&types)));
    }
    let games = [
        game.to_string(),
        "0000000000000000".into(),
        "../../etc".into(),
        text(r, 30),
    ];
    let mut toks: Vec<String> = tokens.to_vec();
    toks.push("00".repeat(16));
    toks.push(text(r, 40));
    toks.push("f".repeat(300));
    let actions = [
        "pass",
        "end-phase",
        "select ferdinand",
        "step 0712",
        "attack bevern 1009",
        "support bevern bevern",
        "place #1",
        "play P01",
        "face NNE",
        "select nobody",
        "step 9999",
        "",
    ];
    for key in [
        "game", "token", "tokens", "action", "actions", "state", "unit", "to", "facing", "count",
        "side", "req",
    ] {
        if r.below(3) != 0 {
            continue;
        }
        let v = match (key, r.below(4)) {
            (_, 0) => value(r, 0),
            ("game", _) => json!(r.pick(&games)),
            ("token", _) => json!(r.pick(&toks)),
            ("tokens", _) => json!([r.pick(&toks), r.pick(&toks)]),
            ("action", _) => json!(r.pick(&actions)),
            ("actions", _) => json!(
                (0..r.below(70))
                    .map(|_| *r.pick(&actions))
                    .collect::<Vec<_>>()
            ),
            ("state", _) => {
                let s = r.next() % 50;
                json!(if s == avoid_state { s + 1 } else { s })
            }
            ("unit", _) => json!(r.pick(&["bevern", "ferdinand", "daun", "x", ""])),
            ("to", _) => json!(r.pick(&["1010", "0911", "0000", "9999", "1"])),
            ("facing", _) => json!(r.pick(&["N", "NNE", "up", ""])),
            ("count", _) => json!(r.next() as i64),
            ("side", _) => json!(r.pick(&["A", "B", "austrian", "referee", ""])),
            _ => value(r, 0),
        };
        m.insert(key.into(), v);
    }
    Value::Object(m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_get_errors_and_change_nothing() {
    let server = start(common::config()).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, "dm-leuthen-historical", ["human", "human"], Some(7)).await;
    let ta = tokens[0].clone().unwrap();
    let tb = tokens[1].clone().unwrap();
    // A watcher sees the game; its state number must not move while the fuzzing goes on.
    let mut watcher = Client::join(addr, &id, &[]).await;
    let before = watcher.version();

    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut fuzzers = [
        Client::connect(addr).await,                // has not joined
        Client::join(addr, &id, &[&ta]).await,      // the Prussian player
        Client::join(addr, &id, &[&ta, &tb]).await, // hot-seat
    ];
    let toks = vec![ta.clone(), tb.clone()];
    let mut replies = 0usize;
    for i in 0..3000u64 {
        let c = i as usize % fuzzers.len();
        let f = &mut fuzzers[c];
        let msg = match r.below(10) {
            0 => Message::Text(text(&mut r, 80).into()),
            1 => Message::Text(value(&mut r, 0).to_string().into()),
            2 => Message::Binary(vec![0u8, 159, 146, 150, 255].into()),
            3 => Message::Text("{\"type\":".repeat(r.below(2000)).into()),
            _ => Message::Text(shaped(&mut r, &id, &toks, before).to_string().into()),
        };
        let shown = format!("{msg:?}");
        assert!(
            f.send_raw(msg).await,
            "the connection stays open (after {shown})"
        );
        // Every message is answered: a ping after it comes back, so the server is alive.
        let ping = 1_000_000 + i;
        f.send(json!({"type": "ping", "req": ping})).await;
        loop {
            let m = f.recv().await;
            if m["type"] == "pong" && m["req"] == json!(ping) {
                break;
            }
            assert_ne!(
                m["type"], "done",
                "a hostile message was carried out: {shown} -> {m}"
            );
            replies += 1;
        }
    }
    assert!(
        replies > 1000,
        "the server answered the messages with errors ({replies})"
    );

    // A message larger than the server accepts closes that connection only.
    let mut big = Client::connect(addr).await;
    let huge = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(200_000));
    let _ = big.send_raw(Message::Text(huge.into())).await;

    // Nothing changed, and the game still works for its players.
    let mut a = Client::join(addr, &id, &[&ta]).await;
    let mut b = Client::join(addr, &id, &[&tb]).await;
    assert_eq!(a.version(), before, "no hostile message changed the game");
    let mut played = 0;
    for k in 0..20 {
        let done = match a.act_pick(k).await {
            Some(d) => Some(d),
            None => b.act_pick(k).await,
        };
        if let Some((_, v)) = done {
            a.wait_version(v).await;
            b.wait_version(v).await;
            played += 1;
        }
    }
    assert_eq!(played, 20);
    watcher.wait_version(a.version()).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_http_requests_are_refused() {
    let server = start(common::config()).await;
    let addr = server.addr;
    for body in [
        "",
        "null",
        "[]",
        "{\"scenario\": 7}",
        "{\"scenario\": \"no-such\"}",
        "{\"scenario\": \"dm-leuthen\", \"players\": {\"martians\": \"human\"}}",
        "{\"scenario\": \"dm-leuthen\", \"players\": {\"A\": \"grandmaster\"}}",
        "{\"scenario\": \"dm-leuthen\", \"players\": {\"A\": 5}}",
        "{\"scenario\": \"dm-leuthen\", \"seed\": -1}",
        "{\"scenario\": \"dm-leuthen\", \"seed\": \"twelve\"}",
        "{\"scenario\": \"dm-leuthen\", \"players\": []}",
    ] {
        let (status, text) = common::http(addr, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, 400, "{body}: {text}");
        assert!(text.contains("error"), "{text}");
    }
    for path in [
        "/api/games/0000000000000000",
        "/api/games/..%2F..%2Fetc/board",
        "/api/games/zz/record",
        "/no/such/file.js",
        "/api/games/0000000000000000/replay/3",
    ] {
        let (status, _) = common::http(addr, "GET", path, None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = common::http(addr, "GET", "/api/games/1/replay/x", None).await;
    assert_eq!(status, 400);
    server.stop().await;
}
