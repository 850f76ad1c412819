//! The SQLite store: one row per game, one row per record step. A step is written (and
//! committed) before the server acknowledges it, so that a server killed at any moment restarts
//! with every acknowledged step.

use crate::ServerError;
use coupdoeil_engine::{RecordStep, Side, StepKind};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;

/// A game as stored: everything needed to rebuild it by replaying its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameRow {
    /// Public id (in links).
    pub id: String,
    /// Scenario id.
    pub scenario: String,
    /// The seed of the match's dice (never sent to a player).
    pub seed: u64,
    /// Who plays each side: `human` or an agent spec.
    pub seats: [String; 2],
    /// Each human side's private token.
    pub tokens: [Option<String>; 2],
    /// Card windows where a person can only pass are passed for them.
    pub auto_pass: bool,
    /// Bumped by every change: the id of the state clients hold.
    pub version: u64,
    /// Unix seconds at creation.
    pub created: i64,
    /// The game is over.
    pub finished: bool,
    /// The outcome as JSON, once over.
    pub outcome: Option<String>,
    /// Steps stored.
    pub steps: usize,
    /// The salt of the seed's commitment (`None`: the seed was chosen by the creator and is
    /// shown to everyone).
    pub salt: Option<String>,
    /// Listed in `/api/games` for anyone to watch.
    pub public: bool,
    /// Both sides are played on one screen (the only way two people may play a chosen seed).
    pub hotseat: bool,
    /// The game ended outside the rules (a resignation, an agreed draw), as JSON.
    pub ending: Option<String>,
    /// The side offering a draw now (`A` or `B`).
    pub draw_offer: Option<String>,
    /// The side asking for a rematch now.
    pub rematch_offer: Option<String>,
    /// The id of the rematch, once made (sides swapped).
    pub rematch: Option<String>,
}

/// One line of the players' chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChatLine {
    /// 1-based, in order.
    pub n: usize,
    /// The writer's side.
    pub side: Side,
    /// Unix seconds.
    pub time: i64,
    /// What was written.
    pub text: String,
}

pub(crate) struct Store {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    scenario  TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    seat_a    TEXT NOT NULL,
    seat_b    TEXT NOT NULL,
    token_a   TEXT,
    token_b   TEXT,
    auto_pass INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    created   INTEGER NOT NULL,
    finished  INTEGER NOT NULL DEFAULT 0,
    outcome   TEXT
);
CREATE TABLE IF NOT EXISTS chat (
    game  TEXT NOT NULL,
    n     INTEGER NOT NULL,
    side  TEXT NOT NULL,
    time  INTEGER NOT NULL,
    text  TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS steps (
    game  TEXT NOT NULL,
    n     INTEGER NOT NULL,
    kind  TEXT NOT NULL,
    side  TEXT,
    value TEXT NOT NULL,
    hash  TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
";

/// Columns added since the first schema, with their definitions: added to an older file when it
/// is opened.
const ADDED: &[(&str, &str)] = &[
    ("salt", "TEXT"),
    ("public", "INTEGER NOT NULL DEFAULT 1"),
    ("hotseat", "INTEGER NOT NULL DEFAULT 0"),
    ("ending", "TEXT"),
    ("draw_offer", "TEXT"),
    ("rematch_offer", "TEXT"),
    ("rematch", "TEXT"),
];

fn side_text(s: Option<Side>) -> Option<&'static str> {
    s.map(|s| if s == Side::A { "A" } else { "B" })
}

fn kind_text(k: StepKind) -> &'static str {
    match k {
        StepKind::Action => "action",
        StepKind::Chance => "chance",
    }
}

impl Store {
    /// Opens (creating if needed) the database file, readable and writable by its owner only
    /// (mode 0600 on Unix: it holds every seat's token and every secret seed). SQLite gives
    /// its journal files the same mode.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        private_file(path)?;
        let conn = Connection::open(path)?;
        let store = Self::init(conn)?;
        for suffix in ["-wal", "-shm"] {
            let companion = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
            if companion.exists() {
                private_file(&companion)?;
            }
        }
        Ok(store)
    }

    /// A database in memory (tests, throwaway servers).
    pub fn memory() -> Result<Store, ServerError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store, ServerError> {
        // WAL with NORMAL sync: a commit survives the process being killed (it is in the
        // operating system's hands), at a fraction of the cost of a full sync per step.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        let have: Vec<String> = {
            let mut st = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
            let names = st.query_map([], |r| r.get(0))?;
            names.collect::<Result<_, _>>()?
        };
        for (name, def) in ADDED {
            if !have.iter().any(|h| h == name) {
                conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {name} {def}"))?;
            }
        }
        conn.execute_batch(
            "CREATE INDEX IF NOT EXISTS games_open ON games (finished, created);
             CREATE INDEX IF NOT EXISTS games_public ON games (public, created);",
        )?;
        Ok(Store { conn })
    }

    pub fn create(&mut self, g: &GameRow) -> Result<(), ServerError> {
        insert_row(&self.conn, g)
    }

    /// Appends `steps` as steps `first + 1 ..` and sets the version (and the outcome), in one
    /// transaction.
    pub fn append(
        &mut self,
        id: &str,
        first: usize,
        steps: &[RecordStep],
        version: u64,
        outcome: Option<&str>,
    ) -> Result<(), ServerError> {
        let tx = self.conn.transaction()?;
        {
            let mut ins = tx.prepare_cached(
                "INSERT OR REPLACE INTO steps (game, n, kind, side, value, hash)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for (i, s) in steps.iter().enumerate() {
                ins.execute(params![
                    id,
                    (first + i + 1) as i64,
                    kind_text(s.kind),
                    side_text(s.side),
                    s.value,
                    s.hash
                ])?;
            }
        }
        tx.execute(
            "UPDATE games SET version = ?2, finished = ?3, outcome = ?4 WHERE id = ?1",
            params![id, version.cast_signed(), outcome.is_some(), outcome],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Keeps the first `keep` steps (an undo) and sets the version.
    pub fn truncate(&mut self, id: &str, keep: usize, version: u64) -> Result<(), ServerError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "DELETE FROM steps WHERE game = ?1 AND n > ?2",
            params![id, keep as i64],
        )?;
        tx.execute(
            "UPDATE games SET version = ?2, finished = 0, outcome = NULL WHERE id = ?1",
            params![id, version.cast_signed()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Sets a game's version alone (after a reload, so that no state number is used twice).
    pub fn set_version(&mut self, id: &str, version: u64) -> Result<(), ServerError> {
        self.conn.execute(
            "UPDATE games SET version = MAX(version, ?2) WHERE id = ?1",
            params![id, version.cast_signed()],
        )?;
        Ok(())
    }

    fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
        Ok(GameRow {
            id: r.get(0)?,
            scenario: r.get(1)?,
            seed: r.get::<_, i64>(2)?.cast_unsigned(),
            seats: [r.get(3)?, r.get(4)?],
            tokens: [r.get(5)?, r.get(6)?],
            auto_pass: r.get(7)?,
            version: r.get::<_, i64>(8)?.cast_unsigned(),
            created: r.get(9)?,
            finished: r.get(10)?,
            outcome: r.get(11)?,
            steps: usize::try_from(r.get::<_, i64>(12)?).unwrap_or(0),
            salt: r.get(13)?,
            public: r.get(14)?,
            hotseat: r.get(15)?,
            ending: r.get(16)?,
            draw_offer: r.get(17)?,
            rematch_offer: r.get(18)?,
            rematch: r.get(19)?,
        })
    }

    const SELECT: &str = "SELECT id, scenario, seed, seat_a, seat_b, token_a, token_b, auto_pass,
               version, created, finished, outcome,
               (SELECT COUNT(*) FROM steps WHERE steps.game = games.id),
               salt, public, hotseat, ending, draw_offer, rematch_offer, rematch
        FROM games";

    pub fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        let sql = format!("{} WHERE id = ?1", Self::SELECT);
        Ok(self.conn.query_row(&sql, [id], Self::row).optional()?)
    }

    /// The newest `limit` public games, newest first (a game created private is never listed).
    pub fn public_games(&self, limit: usize) -> Result<Vec<GameRow>, ServerError> {
        let sql = format!(
            "{} WHERE public = 1 ORDER BY created DESC, id LIMIT ?1",
            Self::SELECT
        );
        let mut st = self.conn.prepare(&sql)?;
        let rows = st.query_map([limit as i64], Self::row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many games are not over.
    pub fn unfinished_count(&self) -> Result<usize, ServerError> {
        let n: i64 =
            self.conn
                .query_row("SELECT COUNT(*) FROM games WHERE finished = 0", [], |r| {
                    r.get(0)
                })?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// How many games are stored.
    pub fn count(&self) -> Result<usize, ServerError> {
        let n: i64 = self
            .conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Records that a game ended outside the rules (a resignation, an agreed draw): the ending
    /// and the outcome, both as JSON, and a new version.
    pub fn end(
        &mut self,
        id: &str,
        ending: &str,
        outcome: &str,
        version: u64,
    ) -> Result<(), ServerError> {
        self.conn.execute(
            "UPDATE games SET ending = ?2, outcome = ?3, finished = 1, version = ?4,
                              draw_offer = NULL
             WHERE id = ?1",
            params![id, ending, outcome, version.cast_signed()],
        )?;
        Ok(())
    }

    /// Sets the side offering a draw and the side asking for a rematch (`None`: no offer), and
    /// a new version.
    pub fn set_offers(
        &mut self,
        id: &str,
        draw: Option<&str>,
        rematch: Option<&str>,
        version: u64,
    ) -> Result<(), ServerError> {
        self.conn.execute(
            "UPDATE games SET draw_offer = ?2, rematch_offer = ?3, version = ?4 WHERE id = ?1",
            params![id, draw, rematch, version.cast_signed()],
        )?;
        Ok(())
    }

    /// Creates the rematch `new` of game `id` and links them, in one transaction.
    pub fn create_rematch(
        &mut self,
        id: &str,
        new: &GameRow,
        version: u64,
    ) -> Result<(), ServerError> {
        let tx = self.conn.transaction()?;
        insert_row(&tx, new)?;
        tx.execute(
            "UPDATE games SET rematch = ?2, rematch_offer = NULL, version = ?3 WHERE id = ?1",
            params![id, new.id, version.cast_signed()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Adds a line to a game's chat; returns its number.
    pub fn chat(
        &mut self,
        id: &str,
        side: Side,
        time: i64,
        text: &str,
    ) -> Result<usize, ServerError> {
        let tx = self.conn.transaction()?;
        let n: i64 = tx.query_row(
            "SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game = ?1",
            [id],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO chat (game, n, side, time, text) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, n, side_text(Some(side)), time, text],
        )?;
        tx.commit()?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// A game's chat, in order.
    pub fn chat_lines(&self, id: &str) -> Result<Vec<ChatLine>, ServerError> {
        let mut st = self
            .conn
            .prepare("SELECT n, side, time, text FROM chat WHERE game = ?1 ORDER BY n")?;
        let rows = st.query_map([id], |r| {
            let side: String = r.get(1)?;
            Ok(ChatLine {
                n: usize::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                side: if side == "B" { Side::B } else { Side::A },
                time: r.get(2)?,
                text: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// A game's steps in order.
    pub fn steps(&self, id: &str) -> Result<Vec<RecordStep>, ServerError> {
        let mut st = self
            .conn
            .prepare("SELECT kind, side, value, hash FROM steps WHERE game = ?1 ORDER BY n")?;
        let rows = st.query_map([id], |r| {
            let kind: String = r.get(0)?;
            let side: Option<String> = r.get(1)?;
            Ok(RecordStep {
                kind: if kind == "chance" {
                    StepKind::Chance
                } else {
                    StepKind::Action
                },
                side: match side.as_deref() {
                    Some("A") => Some(Side::A),
                    Some("B") => Some(Side::B),
                    _ => None,
                },
                value: r.get(2)?,
                // The server never forces an outcome: every die comes from the game's seed.
                forced: false,
                hash: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn insert_row(conn: &Connection, g: &GameRow) -> Result<(), ServerError> {
    conn.execute(
        "INSERT INTO games (id, scenario, seed, seat_a, seat_b, token_a, token_b, auto_pass,
                            version, created, finished, outcome, salt, public, hotseat)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            g.id,
            g.scenario,
            g.seed.cast_signed(),
            g.seats[0],
            g.seats[1],
            g.tokens[0],
            g.tokens[1],
            g.auto_pass,
            g.version.cast_signed(),
            g.created,
            g.finished,
            g.outcome,
            g.salt,
            g.public,
            g.hotseat
        ],
    )?;
    Ok(())
}

/// Makes `path` a file only its owner may read and write (creating it empty when missing).
#[cfg(unix)]
fn private_file(path: &Path) -> Result<(), ServerError> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    if !path.exists() {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path)
        {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e.into()),
        }
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    Ok(())
}

/// Elsewhere the file keeps the permissions the system gives it.
#[cfg(not(unix))]
fn private_file(_: &Path) -> Result<(), ServerError> {
    Ok(())
}
