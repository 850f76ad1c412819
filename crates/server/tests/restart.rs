//! A server killed in the middle of games and started again on the same database resumes every
//! game with nothing lost: the same state for each player, the same events, and dice that go on
//! exactly where they stopped.

mod common;

use common::{Client, Running, create, remove_db, start, temp_db};
use coupdoeil_server::Config;
use serde_json::Value;
use std::net::SocketAddr;

const SEED: u64 = 2024_1757;
const SCENARIO: &str = "dm-leuthen-historical";
/// Decisions played before the kill, and again after it.
const HALF: usize = 150;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// The k-th choice of the test: spread over the legal actions, the same in every run.
fn pick(k: usize) -> usize {
    (k * 7919 + 13) % 1009
}

/// Plays `n` decisions of a game between two people (the clients of A and B), starting with
/// choice number `k0`.
async fn play(a: &mut Client, b: &mut Client, k0: usize, n: usize) {
    for k in k0..k0 + n {
        let played = match a.act_pick(pick(k)).await {
            Some(p) => Some(p),
            None => b.act_pick(pick(k)).await,
        };
        let Some((_, version)) = played else {
            break; // over
        };
        a.wait_version(version).await;
        b.wait_version(version).await;
    }
}

/// Plays `n` decisions of a person (client `a`) against a program.
async fn play_vs_program(a: &mut Client, k0: usize, n: usize) {
    for k in k0..k0 + n {
        while !a.my_turn() {
            if a.state.as_ref().is_some_and(|s| !s["outcome"].is_null()) {
                return;
            }
            a.recv().await;
        }
        a.act_pick(pick(k)).await;
    }
    // Let the program finish its part before anything else happens.
    while !a.my_turn() && a.state.as_ref().is_some_and(|s| s["outcome"].is_null()) {
        a.recv().await;
    }
}

fn texts(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| format!("{} {}", e["step"], e["text"]))
        .collect()
}

struct Seen {
    people: (String, [Option<String>; 2]),
    program: (String, [Option<String>; 2]),
    obs_a: Value,
    obs_b: Value,
    version: u64,
    obs_vs: Value,
    version_vs: u64,
}

async fn first_half(addr: SocketAddr) -> Seen {
    let people = create(addr, SCENARIO, ["human", "human"], Some(SEED)).await;
    let program = create(addr, SCENARIO, ["human", "greedy"], Some(SEED)).await;
    let (ta, tb) = (people.1[0].clone().unwrap(), people.1[1].clone().unwrap());
    let mut a = Client::join(addr, &people.0, &[&ta]).await;
    let mut b = Client::join(addr, &people.0, &[&tb]).await;
    play(&mut a, &mut b, 0, HALF).await;
    let tv = program.1[0].clone().unwrap();
    let mut v = Client::join(addr, &program.0, &[&tv]).await;
    play_vs_program(&mut v, 0, 60).await;
    Seen {
        obs_a: a.state.as_ref().unwrap()["observation"].clone(),
        obs_b: b.state.as_ref().unwrap()["observation"].clone(),
        version: a.version(),
        obs_vs: v.state.as_ref().unwrap()["observation"].clone(),
        version_vs: v.version(),
        people,
        program,
    }
}

#[test]
fn a_killed_server_resumes_every_game_with_nothing_lost() {
    let db = temp_db("restart");
    let config = Config {
        db: Some(db.clone()),
        ..common::config()
    };

    // The first life of the server, killed without warning: its runtime is dropped with every
    // task where it stands.
    let rt = runtime();
    let seen = rt.block_on(async {
        let server: Running = start(config.clone()).await;
        first_half(server.addr).await
    });
    rt.shutdown_background();

    // The second life, on the same file.
    let rt = runtime();
    let (events_a, dice_a, final_obs) = rt.block_on(async {
        let server = start(config.clone()).await;
        let addr = server.addr;
        let (id, tokens) = &seen.people;
        let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
        let mut a = Client::join(addr, id, &[&ta]).await;
        let mut b = Client::join(addr, id, &[&tb]).await;
        assert_eq!(a.version(), seen.version, "the state number survives");
        assert_eq!(a.state.as_ref().unwrap()["observation"], seen.obs_a);
        assert_eq!(b.state.as_ref().unwrap()["observation"], seen.obs_b);
        // A stale request from before the restart is refused and changes nothing.
        let stale = a
            .request(
                serde_json::json!({"type": "act", "action": "pass", "state": seen.version - 1}),
            )
            .await;
        assert_eq!(stale["type"], "error");
        play(&mut a, &mut b, HALF, HALF).await;

        let (idv, tv) = &seen.program;
        let tv = tv[0].clone().unwrap();
        let mut v = Client::join(addr, idv, &[&tv]).await;
        assert_eq!(v.version(), seen.version_vs);
        assert_eq!(v.state.as_ref().unwrap()["observation"], seen.obs_vs);
        play_vs_program(&mut v, 60, 40).await;
        assert!(
            v.version() > seen.version_vs,
            "the game against the program goes on"
        );

        assert!(
            a.dice
                .iter()
                .any(|d| d["outcome"].as_str().is_some_and(|o| o.starts_with("die"))),
            "the game went as far as rolling dice"
        );
        let out = (
            texts(&a.events),
            a.dice.clone(),
            a.state.as_ref().unwrap()["observation"].clone(),
        );
        server.stop().await;
        out
    });
    drop(rt);
    remove_db(&db);

    // The same game played in one go: the same events and the same dice.
    let rt = runtime();
    rt.block_on(async {
        let server = start(common::config()).await;
        let addr = server.addr;
        let (id, tokens) = create(addr, SCENARIO, ["human", "human"], Some(SEED)).await;
        let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
        let mut a = Client::join(addr, &id, &[&ta]).await;
        let mut b = Client::join(addr, &id, &[&tb]).await;
        play(&mut a, &mut b, 0, 2 * HALF).await;
        assert_eq!(texts(&a.events), events_a);
        assert_eq!(a.dice, dice_a);
        assert_eq!(a.state.as_ref().unwrap()["observation"], final_obs);
        server.stop().await;
    });
}
