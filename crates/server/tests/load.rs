//! A hundred games at once, each between two people on their own WebSocket connections
//! (loopback only), all complete their decisions without a single error.

mod common;

use common::{Client, create, start};
use std::time::{Duration, Instant};

const GAMES: usize = 100;
const DECISIONS: usize = 40;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_simultaneous_games_complete_without_error() {
    let server = start(common::config()).await;
    let addr = server.addr;
    let t = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        tasks.push(tokio::spawn(async move {
            let scenario = if g % 2 == 0 {
                "dm-leuthen-historical"
            } else {
                "dm-leuthen"
            };
            let (id, tokens) = create(addr, scenario, ["human", "human"], Some(g as u64)).await;
            let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
            let mut a = Client::join(addr, &id, &[&ta]).await;
            let mut b = Client::join(addr, &id, &[&tb]).await;
            let mut played = 0;
            for k in 0..DECISIONS {
                let pick = g * 31 + k * 17;
                let r = match a.act_pick(pick).await {
                    Some(r) => Some(r),
                    None => b.act_pick(pick).await,
                };
                let Some((_, version)) = r else { break };
                a.wait_version(version).await;
                b.wait_version(version).await;
                played += 1;
            }
            for c in [&a, &b] {
                for f in &c.frames {
                    assert!(!f.contains("\"type\":\"error\""), "game {g}: {f}");
                }
            }
            a.close().await;
            b.close().await;
            played
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += tokio::time::timeout(Duration::from_secs(120), t)
            .await
            .expect("every game finishes in time")
            .expect("no game task panics");
    }
    assert_eq!(
        total,
        GAMES * DECISIONS,
        "every game played all its decisions"
    );
    eprintln!(
        "{GAMES} games, {total} decisions over {} connections in {:.2?}",
        2 * GAMES,
        t.elapsed()
    );
    server.stop().await;
}
