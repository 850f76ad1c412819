//! The HTTP side: pages and assets, the lobby's API, programs playing a game to the end on the
//! server, the record of a finished game (and only of a finished game) that `coupdoeil verify`
//! accepts, and its replay step by step.

mod common;

use common::{Client, create, create_with, http, start};
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_assets_and_lobby_api() {
    let server = start(common::config()).await;
    let addr = server.addr;
    for (path, needle) in [
        ("/", "New battle"),
        ("/g/0123456789abcdef", "id=\"map\""),
        ("/replay/0123456789abcdef", "Replay"),
        ("/js/game.js", "new Net("),
        ("/js/map.js", "BoardView"),
        ("/rules/dm.js", "drawPiece"),
        ("/css/style.css", "--paper"),
    ] {
        let (status, body) = http(addr, "GET", path, None).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(needle), "{path}");
    }
    let (_, scen) = http(addr, "GET", "/api/scenarios", None).await;
    let scen: Value = serde_json::from_str(&scen).unwrap();
    let ids: Vec<&str> = scen
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"dm-leuthen") && ids.contains(&"dm-leuthen-historical"));
    let featured: Vec<&str> = scen
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["featured"] == true)
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(featured, ["dm-leuthen-historical"]);
    let (_, agents) = http(addr, "GET", "/api/agents", None).await;
    let agents: Value = serde_json::from_str(&agents).unwrap();
    let specs: Vec<&str> = agents
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["spec"].as_str().unwrap())
        .collect();
    assert!(
        specs.contains(&"random") && specs.contains(&"greedy"),
        "{specs:?}"
    );
    assert_eq!(specs, coupdoeil_server::agent_specs());

    let (id, tokens) = create_with(
        addr,
        json!({"scenario": "dm-leuthen", "players": {"A": "human", "B": "greedy"},
               "seed": 99, "public": true}),
    )
    .await;
    let (private, _) = create(addr, "dm-leuthen", ["human", "greedy"], Some(99)).await;
    assert_eq!(
        tokens[0].as_ref().map(String::len),
        Some(32),
        "a 128-bit token in hex"
    );
    assert!(tokens[1].is_none(), "a program's side has no token");
    let (status, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    assert!(list.contains(&id), "a public game is listed");
    assert!(!list.contains(&private), "a private game is not: {list}");
    assert!(
        !list.contains(tokens[0].as_ref().unwrap()),
        "the list shows no token"
    );
    assert!(!list.contains("\"seed\""), "the list shows no seed");
    let (status, board) = http(addr, "GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(status, 200);
    let board: Value = serde_json::from_str(&board).unwrap();
    assert_eq!(board["hexes"].as_array().unwrap().len(), 165);
    assert!(
        board["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["name"] == "Leuthen")
    );
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 403, "no record while the game lasts");
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}/replay/1"), None).await;
    assert_eq!(status, 403, "no replay while the game lasts");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn programs_finish_a_game_whose_record_verifies_and_replays() {
    let server = start(common::config()).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, "dm-leuthen-historical", ["random", "random"], Some(5)).await;
    assert!(tokens.iter().all(Option::is_none));
    // A spectator watches the programs play to the end.
    let mut watcher = Client::join(addr, &id, &[]).await;
    let end = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            if watcher
                .state
                .as_ref()
                .is_some_and(|s| !s["outcome"].is_null())
            {
                return watcher.state.clone().unwrap();
            }
            watcher.recv().await;
        }
    })
    .await
    .expect("the programs finish the game");
    assert_eq!(end["viewer"], "referee", "at the end everything is shown");
    let (status, text) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    let record: coupdoeil_engine::Record = serde_json::from_str(&text).unwrap();
    assert_eq!(record.seed, 5);
    let replayed = coupdoeil_games::replay_record(&record).expect("the record verifies");
    assert_eq!(replayed.outcome, record.outcome);
    assert_eq!(
        serde_json::to_value(&replayed.outcome).unwrap(),
        end["outcome"],
        "the record's outcome is the one shown"
    );
    let total = record.steps.len();
    for step in [0, 1, total / 2, total] {
        let (status, text) =
            http(addr, "GET", &format!("/api/games/{id}/replay/{step}"), None).await;
        assert_eq!(status, 200, "step {step}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["step"], json!(step));
        assert_eq!(v["total"], json!(total));
        assert!(v["observation"]["pieces"].is_array());
    }
    let (status, _) = http(
        addr,
        "GET",
        &format!("/api/games/{id}/replay/{}", total + 1),
        None,
    )
    .await;
    assert_eq!(status, 404);
    // A player's request on a finished game is refused.
    let mut late = Client::join(addr, &id, &[]).await;
    let r = late
        .request(json!({"type": "act", "action": "pass", "state": late.version()}))
        .await;
    assert_eq!(r["type"], "error");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_goes_back_only_over_own_decisions() {
    let server = start(common::config()).await;
    let addr = server.addr;
    // No automatic passes: the card windows are decisions that may be taken back.
    // Two people on two screens: the server draws the seed (the moves below need no dice).
    let body = json!({"scenario": "dm-leuthen-historical", "players": {"A": "human", "B": "human"},
                      "auto_pass": false})
    .to_string();
    let (_, text) = http(addr, "POST", "/api/games", Some(&body)).await;
    let v: Value = serde_json::from_str(&text).unwrap();
    let id = v["id"].as_str().unwrap();
    let ta = v["sides"][0]["token"].as_str().unwrap();
    let tb = v["sides"][1]["token"].as_str().unwrap();
    let mut a = Client::join(addr, id, &[ta]).await;
    let mut b = Client::join(addr, id, &[tb]).await;
    async fn act(c: &mut Client, action: &str) -> u64 {
        let r = c
            .request(json!({"type": "act", "action": action, "state": c.version()}))
            .await;
        assert_eq!(r["type"], "done", "{action}: {r}");
        let v = r["state"].as_u64().unwrap();
        c.wait_version(v).await;
        v
    }
    assert!(a.my_turn());
    assert_eq!(a.state.as_ref().unwrap()["undoable"], 0);
    // Both movement card windows are passed; the Prussians march Bevern next to the Kaulbusch.
    let v = act(&mut a, "pass").await;
    b.wait_version(v).await;
    let v = act(&mut b, "pass").await;
    a.wait_version(v).await;
    let r = a
        .request(json!({"type": "move", "unit": "bevern", "to": "1010", "facing": "N", "state": a.version()}))
        .await;
    assert_eq!(r["type"], "done", "{r}");
    a.wait_version(r["state"].as_u64().unwrap()).await;
    // 7.5: moves are final.
    assert_eq!(
        a.state.as_ref().unwrap()["undoable"],
        0,
        "a move cannot be taken back"
    );
    act(&mut a, "end-phase").await;
    assert!(
        a.legal().contains(&"attack bevern 1009".to_string()),
        "{:?}",
        a.legal()
    );
    let before = a.state.as_ref().unwrap()["observation"].clone();
    let v1 = act(&mut a, "attack bevern 1009").await;
    b.wait_version(v1).await;
    assert_eq!(a.state.as_ref().unwrap()["undoable"], 1);
    // The other side cannot undo the Prussian's decision.
    let r = b
        .request(json!({"type": "undo", "state": b.version()}))
        .await;
    assert_eq!(r["type"], "error");
    let r = a.request(json!({"type": "undo", "state": v1})).await;
    assert_eq!(r["type"], "done", "{r}");
    let v2 = r["state"].as_u64().unwrap();
    a.wait_version(v2).await;
    assert!(v2 > v1);
    assert_eq!(
        a.state.as_ref().unwrap()["observation"],
        before,
        "back as it was"
    );
    assert_eq!(
        a.state.as_ref().unwrap()["undoable"],
        0,
        "never past the move"
    );
    // The state number before the undo is stale now.
    let r = a
        .request(json!({"type": "act", "action": "attack bevern 1009", "state": v1}))
        .await;
    assert_eq!(r["type"], "error");
    assert!(r["message"].as_str().unwrap().contains("stale"), "{r}");
    // Duplicate submissions: the second copy of a request is refused.
    let dup = json!({"type": "act", "action": "attack bevern 1009", "state": v2});
    let first = a.request(dup.clone()).await;
    let second = a.request(dup).await;
    assert_eq!(first["type"], "done");
    assert_eq!(second["type"], "error");
    assert!(second["message"].as_str().unwrap().contains("stale"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_hands_the_screen_over() {
    let server = start(common::config()).await;
    let addr = server.addr;
    let body = json!({"scenario": "dm-leuthen-historical", "players": {"A": "human", "B": "human"},
                      "seed": 3, "auto_pass": false, "hotseat": true})
    .to_string();
    let (_, text) = http(addr, "POST", "/api/games", Some(&body)).await;
    let v: Value = serde_json::from_str(&text).unwrap();
    let id = v["id"].as_str().unwrap();
    let ta = v["sides"][0]["token"].as_str().unwrap();
    let tb = v["sides"][1]["token"].as_str().unwrap();
    let mut both = Client::join(addr, id, &[ta, tb]).await;
    assert_eq!(both.state.as_ref().unwrap()["viewer"], "A");
    assert!(both.my_turn());
    let (seen, before) = (both.frames.len(), both.version());
    let r = both
        .request(json!({"type": "act", "action": "pass", "state": before}))
        .await;
    assert_eq!(r["type"], "done");
    // The Austrian decides next: the screen must change hands before anything of theirs shows.
    let h = both.until(|m| m["type"] == "handover").await;
    assert_eq!(h["to"], "B");
    // Before it, the Prussian's own view of what the decision led to (a die rolled for it is
    // shown to the side that made it), and nothing in the Austrian's view.
    let states: Vec<Value> = both.frames[seen..]
        .iter()
        .map(|f| serde_json::from_str::<Value>(f).unwrap())
        .filter(|m| m["type"] == "state")
        .collect();
    assert!(
        states.iter().all(|m| m["viewer"] == "A"),
        "only the side on screen"
    );
    assert!(
        states
            .iter()
            .any(|m| m["state"].as_u64().unwrap() > before && m["your_turn"] == false),
        "the state after the decision, in the Prussian's view"
    );
    let r = both
        .request(json!({"type": "act", "action": "pass", "state": both.version()}))
        .await;
    assert_eq!(
        r["type"], "error",
        "no decision before taking the screen over"
    );
    both.send(json!({"type": "view", "side": "B"})).await;
    let s = both.until(|m| m["type"] == "state").await;
    assert_eq!(s["viewer"], "B");
    assert_eq!(s["your_turn"], true);
    assert!(
        s["observation"]["decks"][0]["hand"].is_null(),
        "the Prussian hand is hidden now"
    );
    assert!(s["observation"]["decks"][1]["hand"].is_array());
    server.stop().await;
}
