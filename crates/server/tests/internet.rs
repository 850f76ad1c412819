//! A server that can face the internet: fair dice between people (a commitment at the start, the
//! seed at the end), requests for other host names and from other sites' pages refused, the
//! security headers, caps and rate limits per client, a private database file, finished games
//! leaving memory and coming back when asked for, and the players' own ways to end a game
//! (resign, agree a draw), talk and play again.

mod common;

use common::{Client, config, create, create_with, http, remove_db, start, temp_db};
use coupdoeil_server::{Config, Limits, NewGame, Server};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// One HTTP/1.1 request with these extra headers (and `Host` as given); returns the status and
/// the whole response (head and body).
async fn raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    extra: &[&str],
) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for h in extra {
        req.push_str(h);
        req.push_str("\r\n");
    }
    let body = if method == "POST" {
        r#"{"scenario": "dm-leuthen", "players": {"A": "human", "B": "greedy"}}"#
    } else {
        ""
    };
    req.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

/// Opens a WebSocket with this `Origin` (none: a program, not a page); is it accepted?
async fn ws_with_origin(addr: SocketAddr, origin: Option<&str>) -> Result<(), String> {
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_hosts_and_other_sites_pages_are_refused() {
    let server = start(Config {
        hosts: vec!["games.example.org".into()],
        ..config()
    })
    .await;
    let addr = server.addr;
    let me = addr.to_string();
    // A page and the API under the server's own address, a named host and localhost.
    for host in [me.as_str(), "games.example.org", "localhost:8080"] {
        let (status, text) = raw(addr, "GET", "/", host, &[]).await;
        assert_eq!(status, 200, "{host}");
        let head = text.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(
            head.contains("content-security-policy: default-src 'self'")
                && head.contains("frame-ancestors 'none'"),
            "{head}"
        );
        assert!(head.contains("x-frame-options: deny"), "{head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    }
    // DNS rebinding: a name the server was not told about.
    let (status, text) = raw(addr, "GET", "/api/games", "rebound.attacker.net", &[]).await;
    assert_eq!(status, 421, "{text}");
    assert!(
        text.to_ascii_lowercase().contains("x-frame-options: deny"),
        "refusals too"
    );
    // A POST from another site's page is refused; from the server's own page it is not.
    let (status, text) = raw(
        addr,
        "POST",
        "/api/games",
        &me,
        &["Origin: https://evil.example"],
    )
    .await;
    assert_eq!(status, 403, "{text}");
    let own = format!("Origin: http://{me}");
    let (status, text) = raw(addr, "POST", "/api/games", &me, &[&own]).await;
    assert_eq!(status, 200, "{text}");
    let (status, _) = raw(addr, "POST", "/api/games", &me, &["Origin: null"]).await;
    assert_eq!(status, 403, "a sandboxed frame");
    // The same for WebSockets.
    assert!(
        ws_with_origin(addr, Some("https://evil.example"))
            .await
            .is_err()
    );
    assert!(
        ws_with_origin(addr, Some("http://127.0.0.1:1"))
            .await
            .is_err(),
        "another port"
    );
    ws_with_origin(addr, Some(&format!("http://{me}")))
        .await
        .expect("its own page");
    ws_with_origin(addr, Some("https://games.example.org"))
        .await
        .expect("the named host");
    ws_with_origin(addr, None)
        .await
        .expect("a program sends no Origin");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creations_and_connections_per_client_are_capped() {
    let server = start(Config {
        limits: Limits {
            games_per_hour: 6, // two at once, then one every ten minutes
            connections_per_client: 2,
            open_games: 1_000,
            ..Limits::unlimited()
        },
        ..config()
    })
    .await;
    let addr = server.addr;
    create(addr, "dm-leuthen", ["human", "greedy"], Some(1)).await;
    let (id, _) = create(addr, "dm-leuthen", ["human", "greedy"], Some(2)).await;
    let body = json!({"scenario": "dm-leuthen", "players": {"A": "human", "B": "greedy"}});
    let (status, text) = http(addr, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, 429, "{text}");
    assert!(text.contains("at most 6 an hour"), "{text}");
    // Two connections at once, not three; closing one makes room.
    let a = Client::join(addr, &id, &[]).await;
    let b = Client::join(addr, &id, &[]).await;
    let third = ws_with_origin(addr, None).await;
    assert!(third.is_err(), "a third connection from the same address");
    a.close().await;
    let mut again = Err(String::new());
    for _ in 0..50 {
        again = ws_with_origin(addr, None).await;
        if again.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    again.expect("a closed connection no longer counts");
    b.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_in_progress_are_capped_in_all() {
    let server = start(Config {
        limits: Limits {
            open_games: 2,
            ..Limits::unlimited()
        },
        ..config()
    })
    .await;
    let addr = server.addr;
    let (first, tokens) = create(addr, "dm-leuthen", ["human", "greedy"], Some(1)).await;
    create(addr, "dm-leuthen", ["human", "greedy"], Some(2)).await;
    let body = json!({"scenario": "dm-leuthen", "players": {"A": "human", "B": "greedy"}});
    let (status, text) = http(addr, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, 503, "{text}");
    // A game that ends makes room.
    let mut a = Client::join(addr, &first, &[tokens[0].as_deref().unwrap()]).await;
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "done", "{r}");
    let (status, text) = http(addr, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, 200, "{text}");
    server.stop().await;
}

#[test]
fn the_database_file_is_private_and_opening_it_loads_no_game() {
    let db = temp_db("private");
    let config = Config {
        db: Some(db.clone()),
        ..config()
    };
    let server = Server::open(config.clone()).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&db).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    }
    let new = |seed| NewGame {
        scenario: "dm-leuthen".into(),
        seats: ["human".into(), "human".into()],
        seed,
        auto_pass: true,
        public: false,
        hotseat: false,
    };
    let mut ids = Vec::new();
    for _ in 0..300 {
        ids.push(server.create_game(&new(None)).unwrap().id);
    }
    assert_eq!(server.games_in_memory(), 300);
    drop(server);
    // Opened again: every game stored, none loaded until it is asked for.
    let server = Server::open(config).unwrap();
    assert_eq!(server.stored_games().unwrap(), (300, 300));
    assert_eq!(server.games_in_memory(), 0, "no game is replayed at start");
    // A chosen seed between two people on two screens is refused; hot-seat it is accepted.
    let e = server.create_game(&new(Some(5))).map(|c| c.id).unwrap_err();
    assert!(e.to_string().contains("chosen dice seed"), "{e}");
    let hot = NewGame {
        hotseat: true,
        ..new(Some(5))
    };
    server
        .create_game(&hot)
        .expect("hot-seat may choose its seed");
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_leave_memory_and_come_back_when_asked_for() {
    let server = start(config()).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, "dm-leuthen-historical", ["human", "human"], None).await;
    let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let mut a = Client::join(addr, &id, &[&ta]).await;
    // The dice are unseeded: some opening draws give the Austrians the first decision (a card
    // window in the Prussian Movement Phase), so whoever is to act plays one decision.
    if a.my_turn() {
        a.act_pick(0).await.unwrap();
    } else {
        let mut first = Client::join(addr, &id, &[&tb]).await;
        let (_, v) = first.act_pick(0).await.expect("one side is to act");
        first.close().await;
        a.wait_version(v).await;
    }
    let seen = a.state.clone().unwrap();
    a.close().await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Not over and just touched: it stays unless idle for long.
    assert_eq!(server.server.evict(Duration::from_secs(3600)), 0);
    assert_eq!(
        server.server.evict(Duration::ZERO),
        1,
        "idle with nobody there"
    );
    assert_eq!(server.server.games_in_memory(), 0);
    // Asked for again: replayed from the store, as it was.
    let mut b = Client::join(addr, &id, &[&tb]).await;
    let mut a = Client::join(addr, &id, &[&ta]).await;
    assert_eq!(a.version(), seen["state"].as_u64().unwrap());
    assert_eq!(
        a.state.as_ref().unwrap()["observation"],
        seen["observation"]
    );
    // Ended, it leaves memory at the next sweep even while watched... once nobody holds it.
    let r = b.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "done", "{r}");
    a.wait_version(r["state"].as_u64().unwrap()).await;
    assert_eq!(a.state.as_ref().unwrap()["outcome"]["winner"], "A");
    a.close().await;
    b.close().await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(server.server.evict(Duration::from_secs(3600)), 1, "over");
    let (status, text) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{text}");
    let record: coupdoeil_engine::Record = serde_json::from_str(&text).unwrap();
    assert_eq!(
        record.ending,
        Some(coupdoeil_engine::Ending::Resignation {
            side: coupdoeil_engine::Side::B
        })
    );
    coupdoeil_games::replay_record(&record).expect("a resigned game's record verifies");
    server.stop().await;
}

/// The state's field, or null.
fn field(c: &Client, key: &str) -> Value {
    c.state.as_ref().map_or(Value::Null, |s| s[key].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_agree_a_draw_chat_and_play_a_rematch() {
    let server = start(config()).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, "dm-leuthen-historical", ["human", "human"], None).await;
    let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let mut a = Client::join(addr, &id, &[&ta]).await;
    let mut b = Client::join(addr, &id, &[&tb]).await;
    let mut watcher = Client::join(addr, &id, &[]).await;
    // Both were shown the same commitment, and neither the seed.
    let proof = field(&a, "dice_proof");
    assert_eq!(proof, field(&b, "dice_proof"));
    assert_eq!(proof["chosen"], false);
    assert_eq!(proof["commitment"].as_str().unwrap().len(), 64);
    assert!(proof["seed"].is_null());
    // A spectator takes no part.
    let r = watcher.request(json!({"type": "offer_draw"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let r = watcher
        .request(json!({"type": "chat", "text": "hello"}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    // Chat: as text, on one line; too long is refused.
    let r = a
        .request(json!({"type": "chat", "text": "  good luck\n<b>sir</b>  "}))
        .await;
    assert_eq!(r["type"], "done", "{r}");
    b.wait_version(r["state"].as_u64().unwrap()).await;
    let chat = field(&b, "chat");
    assert_eq!(chat[0]["text"], "good luck <b>sir</b>", "{chat}");
    assert_eq!(chat[0]["side"], "A");
    let r = b
        .request(json!({"type": "chat", "text": "x".repeat(501)}))
        .await;
    assert_eq!(r["type"], "error");
    watcher.wait_version(b.version()).await;
    assert_eq!(
        field(&watcher, "chat"),
        json!([]),
        "the chat is the players' own"
    );
    // A draw: offered, declined, offered again and accepted.
    let r = a.request(json!({"type": "offer_draw"})).await;
    assert_eq!(r["agreed"], false, "{r}");
    b.wait_version(r["state"].as_u64().unwrap()).await;
    assert_eq!(field(&b, "draw_offer"), "A");
    let r = a.request(json!({"type": "offer_draw"})).await;
    assert_eq!(r["type"], "error", "offered already");
    let r = b.request(json!({"type": "decline_draw"})).await;
    assert_eq!(r["type"], "done", "{r}");
    a.wait_version(r["state"].as_u64().unwrap()).await;
    assert!(field(&a, "draw_offer").is_null());
    let r = b.request(json!({"type": "offer_draw"})).await;
    a.wait_version(r["state"].as_u64().unwrap()).await;
    let r = a.request(json!({"type": "offer_draw"})).await;
    assert_eq!(r["agreed"], true, "{r}");
    b.wait_version(r["state"].as_u64().unwrap()).await;
    let outcome = field(&b, "outcome");
    assert_eq!(outcome["kind"], "agreement");
    assert!(outcome["winner"].is_null());
    // The end opens the commitment to everyone.
    let proof = field(&b, "dice_proof");
    let seed: u64 = proof["seed"].as_str().unwrap().parse().unwrap();
    let salt = proof["salt"].as_str().unwrap();
    assert_eq!(
        coupdoeil_engine::seed_commitment(seed, salt),
        proof["commitment"].as_str().unwrap()
    );
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "error", "over already");
    // A rematch: asked by one, made when the other asks too; sides swapped, a new secret seed.
    let r = a.request(json!({"type": "rematch"})).await;
    assert_eq!(r["asked"], true, "{r}");
    b.wait_version(r["state"].as_u64().unwrap()).await;
    assert_eq!(field(&b, "rematch_offer"), "A");
    let r = b.request(json!({"type": "rematch"})).await;
    let new = r["rematch"]
        .as_str()
        .expect("the rematch is made")
        .to_string();
    a.wait_version(r["state"].as_u64().unwrap()).await;
    let link = field(&a, "rematch");
    assert_eq!(link["id"], new.as_str());
    let ta2 = link["tokens"][0].as_str().unwrap().to_string();
    assert_ne!(ta2, ta);
    let mut a2 = Client::join(addr, &new, &[&ta2]).await;
    assert_eq!(
        a2.state.as_ref().unwrap()["viewer"],
        "B",
        "the old side A plays B"
    );
    let proof2 = field(&a2, "dice_proof");
    assert_ne!(proof2["commitment"], proof["commitment"]);
    assert!(proof2["seed"].is_null());
    watcher.wait_version(a.version()).await;
    assert!(
        field(&watcher, "rematch").is_null(),
        "no spectator gets the rematch's seats"
    );
    let r = a2.request(json!({"type": "ping"})).await;
    assert_eq!(r["type"], "pong");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_looks_back_at_what_the_opponent_did() {
    let server = start(config()).await;
    let addr = server.addr;
    let (id, tokens) = create_with(
        addr,
        json!({"scenario": "dm-leuthen-historical", "players": {"A": "human", "B": "human"},
                                 "auto_pass": false}),
    )
    .await;
    let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let mut a = Client::join(addr, &id, &[&ta]).await;
    let mut b = Client::join(addr, &id, &[&tb]).await;
    let start_obs = field(&b, "observation");
    let start_step = field(&b, "steps").as_u64().unwrap();
    let (_, v) = a.act_pick(0).await.unwrap();
    b.wait_version(v).await;
    let last = field(&a, "your_last_step").as_u64().unwrap();
    assert!(last > 0, "A has decided");
    let before = field(&b, "steps").as_u64().unwrap_or(0);
    let r = b.request(json!({"type": "look", "step": 0})).await;
    assert_eq!(r["type"], "look", "{r}");
    assert!(r["observation"]["pieces"].is_array());
    let r = b.request(json!({"type": "look", "step": 100_000})).await;
    assert_eq!(r["type"], "error", "{r}");
    // What B is shown of the past is what B could see then: never A's hand.
    for step in 0..=before.max(last) {
        let r = b.request(json!({"type": "look", "step": step})).await;
        if r["type"] == "error" {
            break;
        }
        assert!(
            r["observation"]["decks"][0]["hand"].is_null(),
            "step {step}: {r}"
        );
    }
    assert_eq!(
        b.request(json!({"type": "look", "step": start_step})).await["observation"],
        start_obs,
        "the position when B joined, as B saw it"
    );
    server.stop().await;
}
