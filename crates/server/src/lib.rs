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
mod guard;
mod http;
mod live;
mod store;
mod token;

pub use guard::Limits;

use crate::live::{ActError, Live, lock};
use crate::store::{GameRow, Store};
use coupdoeil_ai::AgentSpec;
use coupdoeil_engine::{Side, ToAct};
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
    /// Caps and rate limits per client and in all (see [`Limits`]).
    pub limits: Limits,
    /// Host names the server answers to besides IP addresses and `localhost` (the names of a
    /// server on the internet: `games.example.org`). A request naming any other host in its
    /// `Host` header is refused (DNS rebinding), and so is a WebSocket or a POST whose `Origin`
    /// is neither the host asked for nor one of these.
    pub hosts: Vec<String>,
    /// The server stands behind a reverse proxy (TLS): a client is known by the last address of
    /// the proxy's `X-Forwarded-For` header, not by the proxy's own address.
    pub behind_proxy: bool,
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
    /// The server is at one of its limits.
    #[error("{0}")]
    Busy(String),
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
    /// The games in memory: those being played or watched. Finished and idle games leave it
    /// ([`Inner::evict`]) and are loaded again from the store when asked for.
    pub games: Mutex<HashMap<String, Arc<Slot>>>,
    pub config: Config,
    /// Connections and game creations per client.
    pub guard: guard::Guard,
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
    /// The seed of the dice, chosen by the creator: allowed only where nobody is deceived (at
    /// most one person, or both sides on one screen, `hotseat`), and then shown to everyone.
    /// `None` (the rule between two people) draws a secret seed from the operating system and
    /// publishes a commitment to it, opened in the record at the end.
    pub seed: Option<u64>,
    /// Pass for a person whose only choice is to pass (default true).
    pub auto_pass: bool,
    /// Listed in `/api/games` for anyone to watch (otherwise only its links find it).
    pub public: bool,
    /// Both people play on one screen.
    pub hotseat: bool,
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
    /// Opens the store. No game is loaded: each is replayed from the store when a client first
    /// asks for it (its programs then resume), so that the time to start does not grow with the
    /// number of stored games.
    ///
    /// # Errors
    /// The database cannot be opened.
    pub fn open(config: Config) -> Result<Server, ServerError> {
        let store = match &config.db {
            Some(p) => Store::open(p)?,
            None => Store::memory()?,
        };
        let inner = Arc::new(Inner {
            store: Mutex::new(store),
            games: Mutex::new(HashMap::new()),
            guard: guard::Guard::new(config.limits.clone()),
            config,
        });
        Ok(Server {
            inner,
            problems: Arc::new(Vec::new()),
        })
    }

    /// Problems found when opening the store (none: games are checked as they are loaded; a
    /// game that no longer replays is reported to the client that asks for it).
    #[must_use]
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// How many games are in memory now (being played or watched).
    #[must_use]
    pub fn games_in_memory(&self) -> usize {
        lock(&self.inner.games).len()
    }

    /// How many games are stored, and how many of them are not over.
    ///
    /// # Errors
    /// The database fails.
    pub fn stored_games(&self) -> Result<(usize, usize), ServerError> {
        let st = lock(&self.inner.store);
        Ok((st.count()?, st.unfinished_count()?))
    }

    /// Lets finished games, and unfinished ones idle for `idle` with nobody connected and no
    /// program thinking, leave memory; returns how many left. The server does this every
    /// minute by itself.
    pub fn evict(&self, idle: Duration) -> usize {
        self.inner.evict(idle)
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
        // Finished and idle games leave memory every minute.
        let sweeper = {
            let inner = self.inner.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(60));
                loop {
                    tick.tick().await;
                    inner.evict(IDLE);
                }
            })
        };
        // Small messages both ways: send them at once rather than waiting to fill packets.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let app = self
            .router()
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        let r = axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await;
        sweeper.abort();
        r?;
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
    /// The server is at its limit of games in progress, or the client at its rate.
    #[error("{0}")]
    Busy(String),
    /// The server failed.
    #[error(transparent)]
    Server(#[from] ServerError),
}

/// An unfinished game nobody has touched for this long, with nobody connected, leaves memory.
const IDLE: Duration = Duration::from_secs(15 * 60);

pub(crate) fn now() -> i64 {
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
        let Some(mut live) = Live::load(&self.store, id)? else {
            return Ok(None);
        };
        if live.to_act() == ToAct::Chance {
            // Created (a rematch) but not yet started: the opening draws.
            live.start(&self.store)?;
        }
        let mut games = lock(&self.games);
        if games.len() >= self.config.limits.games_in_memory && !games.contains_key(id) {
            drop(games);
            self.evict(Duration::ZERO);
            games = lock(&self.games);
            if games.len() >= self.config.limits.games_in_memory {
                return Err(ServerError::Busy(format!(
                    "the server holds {} games in memory, its limit: try again later",
                    games.len()
                )));
            }
        }
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

    /// A new game's row: the players checked, a token for each person, the seed drawn in
    /// secret with the salt of its commitment (or the creator's, where that deceives nobody).
    fn new_row(&self, new: &NewGame) -> Result<GameRow, CreateError> {
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
        let people = tokens.iter().filter(|t| t.is_some()).count();
        if new.seed.is_some() && people == 2 && !new.hotseat {
            return Err(CreateError::Invalid(
                "a chosen dice seed would let its chooser foresee every die and the opponent's \
                 cards: between two people on two screens the server draws the seed in secret \
                 (and shows both a commitment to it); choose a seed only hot-seat or against the \
                 computer"
                    .into(),
            ));
        }
        if new.hotseat && people != 2 {
            return Err(CreateError::Invalid(
                "hot-seat needs both sides played by people".into(),
            ));
        }
        let open = lock(&self.store).unfinished_count()?;
        if open >= self.config.limits.open_games {
            return Err(CreateError::Busy(format!(
                "the server already holds {open} battles in progress, its limit: try again later"
            )));
        }
        let (seed, salt) = match new.seed {
            Some(s) => (s, None),
            None => (token::seed()?, Some(token::salt()?)),
        };
        Ok(GameRow {
            id: token::game_id()?,
            scenario: loaded.game.scenario_id().to_string(),
            seed,
            seats: [
                new.seats[0].trim().to_ascii_lowercase(),
                new.seats[1].trim().to_ascii_lowercase(),
            ],
            tokens,
            auto_pass: new.auto_pass,
            version: 0,
            created: now(),
            finished: false,
            outcome: None,
            steps: 0,
            salt,
            public: new.public,
            hotseat: new.hotseat,
            ending: None,
            draw_offer: None,
            rematch_offer: None,
            rematch: None,
        })
    }

    fn create(&self, new: &NewGame) -> Result<Created, CreateError> {
        let row = self.new_row(new)?;
        lock(&self.store).create(&row)?;
        let mut live = Live::rebuild(row.clone(), &[])?;
        live.start(&self.store)?;
        let v = live.version;
        let slot = Arc::new(Slot {
            live: Mutex::new(live),
            tx: watch::channel(v).0,
        });
        lock(&self.games).insert(row.id.clone(), slot);
        Ok(Created {
            id: row.id,
            tokens: row.tokens,
        })
    }

    /// The rematch of a finished game: the same scenario, players and options with the sides
    /// swapped and a new secret seed; stored and linked to the old game. The caller holds the
    /// old game's lock; the new game is loaded when first asked for.
    pub fn rematch(&self, live: &mut Live) -> Result<String, ActError> {
        let old = &live.row;
        let new = NewGame {
            scenario: old.scenario.clone(),
            seats: [old.seats[1].clone(), old.seats[0].clone()],
            seed: None,
            auto_pass: old.auto_pass,
            public: old.public,
            hotseat: old.hotseat,
        };
        let row = self.new_row(&new).map_err(|e| match e {
            CreateError::Server(e) => ActError::Internal(e),
            other => ActError::Refused(other.to_string()),
        })?;
        let version = live.version + 1;
        lock(&self.store).create_rematch(&old.id, &row, version)?;
        live.version = version;
        live.rematch_offer = None;
        live.row.rematch = Some(row.id.clone());
        live.rematch = Some((row.id.clone(), row.tokens));
        Ok(row.id)
    }

    /// Lets finished games, and unfinished ones idle for `idle`, leave memory when nobody holds
    /// them (no connection, no program thinking): they are loaded again when asked for. Also
    /// forgets the clients with nothing counted.
    pub fn evict(&self, idle: Duration) -> usize {
        self.guard.sweep();
        let limit = now() - i64::try_from(idle.as_secs()).unwrap_or(i64::MAX);
        let mut games = lock(&self.games);
        let before = games.len();
        games.retain(|_, slot| {
            // Held elsewhere: a connection or a program's task is using it.
            if Arc::strong_count(slot) > 1 {
                return true;
            }
            // Busy right now: keep it (never wait for a game's lock while holding the map's).
            let Ok(live) = slot.live.try_lock() else {
                return true;
            };
            let done = live.to_act() == ToAct::Over;
            let idle = live.touched <= limit && !live.thinking;
            !(done || idle)
        });
        before - games.len()
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
