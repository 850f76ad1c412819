//! Nothing hidden reaches a connection that may not see it: while the game lasts, neither
//! player's connection (nor a spectator's) is ever sent the identity of an enemy piece still
//! hidden, a card in the enemy's hand, or the dice seed (nor the salt of its commitment).
//! Checked on every frame of a whole game between two people who seek battle; at the end the
//! record reveals the seed, which opens the commitment both players were shown at the start.

mod common;

use common::{Client, create, http, start};
use serde_json::Value;
use std::collections::BTreeSet;

/// Does `text` contain `word` with no letter, digit, `-` or `_` on either side?
fn has_word(text: &str, word: &str) -> bool {
    let inner = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(inner) && !after.is_some_and(inner)
    })
}

struct Secrets {
    /// The opponent's side letter (`None`: a spectator, both sides are secret).
    sides: Vec<&'static str>,
    units: Vec<(String, String)>,
    cards: Vec<(String, String)>,
}

fn secrets(board: &Value, sides: Vec<&'static str>) -> Secrets {
    let ids: Vec<String> = board["sides"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| sides.contains(&s["side"].as_str().unwrap()))
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect();
    let of = |key: &str| -> Vec<(String, String)> {
        board[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|u| ids.contains(&u["side"].as_str().unwrap().to_string()))
            .map(|u| {
                (
                    u["id"].as_str().unwrap().to_string(),
                    u["side"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    Secrets {
        sides,
        units: of("units"),
        cards: of("cards"),
    }
}

/// Checks every frame a connection was sent, in order, until the game ended: none holds the
/// seed or the salt, and the commitment shown is the one the record opens.
fn check(frames: &[String], s: &Secrets, dice: &Secret, who: &str) -> usize {
    let mut known_units: BTreeSet<String> = BTreeSet::new();
    let mut known_cards: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for f in frames {
        let v: Value = serde_json::from_str(f).unwrap();
        if v["type"] == "state" && !v["outcome"].is_null() {
            break; // over: everything may be shown
        }
        assert!(!has_word(f, &dice.seed), "{who} was sent the seed: {f}");
        assert!(!f.contains(&dice.salt), "{who} was sent the salt: {f}");
        if v["type"] == "state" {
            let proof = &v["dice_proof"];
            assert_eq!(proof["chosen"], false, "{who}: {proof}");
            assert_eq!(proof["commitment"], dice.commitment.as_str(), "{who}");
            assert!(proof["seed"].is_null() && proof["salt"].is_null(), "{who}");
            let obs = &v["observation"];
            for p in obs["pieces"].as_array().unwrap() {
                if !s.sides.contains(&p["side"].as_str().unwrap()) {
                    continue;
                }
                if p["hidden"] == true {
                    assert!(
                        p["unit"].is_null(),
                        "{who} was sent a hidden piece's identity: {p}"
                    );
                    assert_eq!(p["status"], "Steady", "{who} learnt a hidden piece's state");
                } else if let Some(id) = p["unit"]["id"].as_str() {
                    known_units.insert(id.to_string());
                }
            }
            for (i, letter) in ["A", "B"].iter().enumerate() {
                if !s.sides.contains(letter) {
                    continue;
                }
                let d = &obs["decks"][i];
                assert!(d["hand"].is_null(), "{who} was sent the enemy's hand: {d}");
                for key in ["discard", "removed"] {
                    for c in d[key].as_array().unwrap() {
                        known_cards.insert(c.as_str().unwrap().to_string());
                    }
                }
            }
            for e in v["events"].as_array().unwrap() {
                let kind = e["json"]["event"].as_str().unwrap_or("");
                if (kind == "played" || kind == "discarded")
                    && let Some(c) = e["json"]["card"].as_str()
                {
                    known_cards.insert(c.to_string());
                }
                if kind == "revealed"
                    && let Some(u) = e["json"]["unit"].as_str()
                {
                    known_units.insert(u.to_string());
                }
            }
            for d in v["dice"].as_array().unwrap() {
                let o = d["outcome"].as_str().unwrap();
                for (c, _) in &s.cards {
                    assert!(!has_word(o, c), "{who} saw the enemy draw {o}");
                }
            }
        }
        for (id, _) in &s.units {
            if has_word(f, id) {
                assert!(
                    known_units.contains(id),
                    "{who} was sent hidden unit `{id}`: {f}"
                );
            }
        }
        for (id, _) in &s.cards {
            if has_word(f, id) {
                assert!(
                    known_cards.contains(id),
                    "{who} was sent card {id} before it was shown: {f}"
                );
            }
        }
        checked += 1;
    }
    checked
}

/// The dice secrets of a game, learnt from its record once it is over.
struct Secret {
    seed: String,
    salt: String,
    commitment: String,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_is_sent_what_it_may_not_see() {
    let server = start(common::config()).await;
    let addr = server.addr;
    for scenario in ["dm-leuthen-historical", "dm-leuthen"] {
        // Two people on two screens: the server draws the seed in secret.
        let (id, tokens) = create(addr, scenario, ["human", "human"], None).await;
        let (ta, tb) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
        let mut a = Client::join(addr, &id, &[&ta]).await;
        let mut b = Client::join(addr, &id, &[&tb]).await;
        let mut watcher = Client::join(addr, &id, &[]).await;
        let mut k = 0;
        let mut over = false;
        while k < 2500 && !over {
            let r = match a.act_pick(k * 13 + 5).await {
                Some(r) => Some(r),
                None => b.act_pick(k * 13 + 5).await,
            };
            let Some((_, v)) = r else { break };
            a.wait_version(v).await;
            b.wait_version(v).await;
            watcher.wait_version(v).await;
            over = !a.state.as_ref().unwrap()["outcome"].is_null();
            k += 1;
        }
        if !over {
            let (status, _) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
            assert_eq!(status, 403, "{scenario}: no record while the game lasts");
            // Not over in the decisions allowed: the Prussian resigns, and the record is out.
            let r = a.request(serde_json::json!({"type": "resign"})).await;
            assert_eq!(r["type"], "done", "{r}");
            watcher.wait_version(r["state"].as_u64().unwrap()).await;
        }
        let (status, text) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, 200, "{scenario}: the record once the game is over");
        let record: coupdoeil_engine::Record = serde_json::from_str(&text).unwrap();
        coupdoeil_games::replay_record(&record).expect("the record verifies");
        let c = record
            .commitment
            .clone()
            .expect("a secret seed is committed to");
        let dice = Secret {
            seed: record.seed.to_string(),
            salt: c.salt.clone().expect("the salt is revealed at the end"),
            commitment: c.sha256.clone(),
        };
        assert_eq!(
            coupdoeil_engine::seed_commitment(record.seed, &dice.salt),
            dice.commitment
        );
        // The end shows the seed and the salt to everyone.
        let end = watcher.state.clone().unwrap();
        assert!(!end["outcome"].is_null());
        assert_eq!(end["dice_proof"]["seed"], dice.seed.as_str());
        assert_eq!(end["dice_proof"]["salt"], dice.salt.as_str());
        // Something was hidden, and some of it came to light during the game.
        let (_, board) = http(addr, "GET", &format!("/api/games/{id}/board"), None).await;
        let board: Value = serde_json::from_str(&board).unwrap();
        let na = check(
            &b.frames,
            &secrets(&board, vec!["A"]),
            &dice,
            "the Austrian player",
        );
        let nb = check(
            &a.frames,
            &secrets(&board, vec!["B"]),
            &dice,
            "the Prussian player",
        );
        let ns = check(
            &watcher.frames,
            &secrets(&board, vec!["A", "B"]),
            &dice,
            "a spectator",
        );
        assert!(
            na > 50 && nb > 50 && ns > 50,
            "{scenario}: {na} {nb} {ns} frames checked"
        );
        eprintln!("{scenario}: {k} decisions, over: {over}; frames checked {na} {nb} {ns}");
    }
    server.stop().await;
}
