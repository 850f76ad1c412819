//! The Coup d'Oeil web server: a lobby over HTTP, games in progress over WebSockets, the browser
//! UI embedded in the binary, and every game stored in SQLite.
//!
//! The server owns every game. It checks every action against the legal actions, rolls every
//! die with the match's own dice, writes each step to the store before it tells anyone, and
//! sends each connection only what its viewer may see: a player's side, a spectator's view, or
//! (after the end) everything. Programs play their sides on blocking worker threads.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let server = coupdoeil_server::Server::open(coupdoeil_server::Config::default())?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! server.run(listener, std::future::pending()).await?;
//! # Ok(())
//! # }
//! ```
//!
//! `docs/web.md` describes the HTTP routes and the WebSocket messages.
#![forbid(unsafe_code)]

mod assets;
mod conn;
mod http;
mod live;
mod store;
mod token;

use crate::live::{ActError, Live, lock};
use crate::store::{GameRow, Store};
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::Side;
use std::collections::HashMap;
use std::future::Future;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How to run the server.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The SQLite file holding the games; `None` keeps them in memory (lost at exit).
    pub db: Option<PathBuf>,
    /// A pause before each program decision, so that people can follow its moves.
    pub agent_delay: Duration,
}

/// What went wrong inside the server (never a client's mistake: those get an error reply).
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database failed.
    #[error("database: {0}")]
    Store(#[from] rusqlite::Error),
    /// The operating system gave no random numbers.
    #[error("no random numbers from the operating system: {0}")]
    Random(String),
    /// A stored game does not replay.
    #[error("game {game} does not replay at step {step}: {message}")]
    Replay {
        /// The game.
        game: String,
        /// The 1-based step.
        step: usize,
        /// Why.
        message: String,
    },
    /// The dice rolled again differ from the stored ones (handled by forcing them).
    #[error("the dice rolled again differ from the stored ones")]
    DiceDiffer,
    /// The game engine refused something the server itself asked for.
    #[error("engine: {0}")]
    Engine(String),
    /// Network or file input/output.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// A game in memory, shared by its connections.
pub(crate) struct Slot {
    /// The game (locked briefly: a change, or building one message).
    pub live: Mutex<Live>,
    /// The game's version after each change: connections watch it to push new states.
    pub tx: watch::Sender<u64>,
}

pub(crate) struct Inner {
    pub store: Mutex<Store>,
    pub games: Mutex<HashMap<String, Arc<Slot>>>,
    pub config: Config,
}

/// The server: cheap to clone (every clone shares the same games and store).
#[derive(Clone)]
pub struct Server {
    pub(crate) inner: Arc<Inner>,
    problems: Arc<Vec<String>>,
}

/// A game created through [`Server::create_game`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Created {
    /// The game's public id.
    pub id: String,
    /// Each human side's private token (`None` for a program's side), side A first.
    pub tokens: [Option<String>; 2],
}

/// What a new game is: scenario, who plays each side, dice seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// A built-in scenario id.
    pub scenario: String,
    /// `human` or an agent spec, side A first.
    pub seats: [String; 2],
    /// The seed of the dice; `None` draws one from the operating system.
    pub seed: Option<u64>,
    /// Pass for a person whose only choice is to pass (default true).
    pub auto_pass: bool,
}

/// The agent specs offered for a seat, weakest first: every spec of `random`, `greedy` and
/// `ai:1` to `ai:9` that the agents crate understands.
#[must_use]
pub fn agent_specs() -> Vec<String> {
    let mut v: Vec<String> = ["random", "greedy"]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    v.extend((1..=9).map(|n| format!("ai:{n}")));
    v.into_iter()
        .filter(|s| s.parse::<AgentSpec>().is_ok_and(|a| !a.is_human()))
        .collect()
}

impl Server {
    /// Opens the store and loads every unfinished game (programs resume when [`Server::run`]
    /// starts).
    ///
    /// # Errors
    /// The database cannot be opened, or a stored game does not replay.
    pub fn open(config: Config) -> Result<Server, ServerError> {
        let store = match &config.db {
            Some(p) => Store::open(p)?,
            None => Store::memory()?,
        };
        let inner = Arc::new(Inner {
            store: Mutex::new(store),
            games: Mutex::new(HashMap::new()),
            config,
        });
        let ids = lock(&inner.store).unfinished()?;
        let mut problems = Vec::new();
        for id in ids {
            // A game that no longer replays (its scenario or program is gone) stays in the
            // store untouched; the others are served.
            if let Err(e) = inner.slot(&id) {
                problems.push(format!("game {id} is not resumed: {e}"));
            }
        }
        Ok(Server {
            inner,
            problems: Arc::new(problems),
        })
    }

    /// The stored games that could not be resumed by [`Server::open`], each with the reason.
    #[must_use]
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The HTTP routes (lobby, API, assets) and the WebSocket endpoint.
    pub fn router(&self) -> axum::Router {
        http::router(self.clone())
    }

    /// Serves on `listener` until `shutdown` completes. Programs of the loaded games start
    /// playing first.
    ///
    /// # Errors
    /// The listener fails.
    pub async fn run(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        use axum::serve::ListenerExt;
        self.resume();
        // Small messages both ways: send them at once rather than waiting to fill packets.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, self.router())
            .with_graceful_shutdown(shutdown)
            .await?;
        Ok(())
    }

    /// Lets the programs of every loaded game play (call inside a Tokio runtime).
    pub fn resume(&self) {
        let slots: Vec<Arc<Slot>> = lock(&self.inner.games).values().cloned().collect();
        for s in slots {
            self.inner.drive(&s);
        }
    }

    /// Creates a game: stores it, draws the opening cards, and gives each human side a token.
    ///
    /// # Errors
    /// A client's mistake (unknown scenario or agent) as [`CreateError::Invalid`]; a server
    /// failure as [`CreateError::Server`].
    pub fn create_game(&self, new: &NewGame) -> Result<Created, CreateError> {
        self.inner.create(new)
    }
}

/// Why a game could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The request is wrong.
    #[error("{0}")]
    Invalid(String),
    /// The server failed.
    #[error(transparent)]
    Server(#[from] ServerError),
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

impl Inner {
    /// The game with this id, loaded from the store when needed; `None` if there is none.
    pub fn find(&self, id: &str) -> Result<Option<Arc<Slot>>, ServerError> {
        if let Some(s) = lock(&self.games).get(id) {
            return Ok(Some(s.clone()));
        }
        if !token::plausible_id(id) {
            return Ok(None);
        }
        let Some(live) = Live::load(&self.store, id)? else {
            return Ok(None);
        };
        let mut games = lock(&self.games);
        let slot = games
            .entry(id.to_string())
            .or_insert_with(|| {
                let v = live.version;
                Arc::new(Slot {
                    live: Mutex::new(live),
                    tx: watch::channel(v).0,
                })
            })
            .clone();
        Ok(Some(slot))
    }

    fn slot(&self, id: &str) -> Result<Arc<Slot>, ServerError> {
        self.find(id)?
            .ok_or_else(|| ServerError::Engine(format!("no game {id}")))
    }

    fn create(&self, new: &NewGame) -> Result<Created, CreateError> {
        let loaded = coupdoeil_games::load(&new.scenario)
            .map_err(|e| CreateError::Invalid(e.to_string()))?;
        let specs = agent_specs();
        let mut tokens: [Option<String>; 2] = [None, None];
        for side in Side::ALL {
            let seat = new.seats[side.index()].trim().to_ascii_lowercase();
            if seat != "human" && !specs.contains(&seat) {
                return Err(CreateError::Invalid(format!(
                    "unknown player `{}` for the {} side: human or one of {}",
                    new.seats[side.index()],
                    loaded.game.side_name(side),
                    specs.join(", ")
                )));
            }
            if seat == "human" {
                tokens[side.index()] = Some(token::secret()?);
            }
        }
        let seed = match new.seed {
            Some(s) => s,
            None => token::seed()?,
        };
        let row = GameRow {
            id: token::game_id()?,
            scenario: loaded.game.scenario_id().to_string(),
            seed,
            seats: [
                new.seats[0].trim().to_ascii_lowercase(),
                new.seats[1].trim().to_ascii_lowercase(),
            ],
            tokens: tokens.clone(),
            auto_pass: new.auto_pass,
            version: 0,
            created: now(),
            finished: false,
            outcome: None,
            steps: 0,
        };
        lock(&self.store).create(&row)?;
        let mut live = Live::rebuild(row.clone(), &[])?;
        live.start(&self.store)?;
        let v = live.version;
        let slot = Arc::new(Slot {
            live: Mutex::new(live),
            tx: watch::channel(v).0,
        });
        lock(&self.games).insert(row.id.clone(), slot);
        Ok(Created { id: row.id, tokens })
    }

    /// Reloads a game from the store after a failure left memory and store apart.
    fn reload(&self, slot: &Slot, live: &mut Live) {
        let id = live.row.id.clone();
        // Past every number used so far (the next change adds one more), so that no state
        // number a client holds ever names two states.
        let version = live.version + 2;
        if let Ok(Some(fresh)) = Live::load(&self.store, &id) {
            let epoch = live.epoch + 1;
            *live = fresh;
            live.epoch = epoch;
        }
        // The store unreadable, the game stays as it is in memory.
        live.version = live.version.max(version);
        let _ = lock(&self.store).set_version(&id, live.version);
        slot.tx.send_replace(live.version);
    }

    /// Applies a mutation to a game under its lock; on a server failure reloads the game.
    /// Notifies the game's connections and lets its programs play.
    pub fn mutate<T>(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        f: impl FnOnce(&mut Live, &Mutex<Store>) -> Result<T, ActError>,
    ) -> Result<T, String> {
        let result = {
            let mut live = lock(&slot.live);
            let r = f(&mut live, &self.store);
            match r {
                Ok(t) => {
                    slot.tx.send_replace(live.version);
                    Ok(t)
                }
                Err(ActError::Refused(m)) => Err(m),
                Err(ActError::Internal(e)) => {
                    self.reload(slot, &mut live);
                    Err(format!("the server failed and reloaded the game: {e}"))
                }
            }
        };
        self.drive(slot);
        result
    }

    /// Lets a program choose if one is to act: on a blocking worker thread, so that the server
    /// goes on serving; its choice is applied (and checked like any other) when it comes.
    pub fn drive(self: &Arc<Self>, slot: &Arc<Slot>) {
        let Some(job) = lock(&slot.live).agent_job() else {
            return;
        };
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            // No runtime (a synchronous caller): give the program back; `resume` will drive.
            let mut live = lock(&slot.live);
            live.agents[job.side.index()] = Some(job.agent);
            live.rngs[job.side.index()] = Some(job.rng);
            live.thinking = false;
            return;
        };
        let inner = self.clone();
        let slot = slot.clone();
        rt.spawn(async move {
            let delay = inner.config.agent_delay;
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let crate::live::AgentJob {
                side,
                version,
                m,
                mut agent,
                mut rng,
            } = job;
            let chosen = tokio::task::spawn_blocking(move || {
                let choice = m
                    .agent_choose(&mut agent, &mut rng)
                    .map_err(|e| e.to_string());
                (agent, rng, choice)
            })
            .await;
            let Ok((agent, rng, choice)) = chosen else {
                // The worker panicked: the program is lost; the game waits for a restart.
                let mut live = lock(&slot.live);
                inner.reload(&slot, &mut live);
                live.stalled = Some("the program playing this side failed".into());
                return;
            };
            {
                let mut live = lock(&slot.live);
                match live.agent_done(&inner.store, side, version, agent, rng, choice) {
                    Ok(_) => {
                        slot.tx.send_replace(live.version);
                    }
                    Err(e) => {
                        inner.reload(&slot, &mut live);
                        live.stalled = Some(format!("the program playing this side failed: {e}"));
                        return;
                    }
                }
            }
            inner.drive(&slot);
        });
    }
}
