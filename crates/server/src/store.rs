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
    /// Opens (creating if needed) the database file.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        let conn = Connection::open(path)?;
        Self::init(conn)
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
        Ok(Store { conn })
    }

    pub fn create(&mut self, g: &GameRow) -> Result<(), ServerError> {
        self.conn.execute(
            "INSERT INTO games (id, scenario, seed, seat_a, seat_b, token_a, token_b, auto_pass,
                                version, created, finished, outcome)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
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
                g.outcome
            ],
        )?;
        Ok(())
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
        })
    }

    const SELECT: &str = "SELECT id, scenario, seed, seat_a, seat_b, token_a, token_b, auto_pass,
               version, created, finished, outcome,
               (SELECT COUNT(*) FROM steps WHERE steps.game = games.id)
        FROM games";

    pub fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        let sql = format!("{} WHERE id = ?1", Self::SELECT);
        Ok(self.conn.query_row(&sql, [id], Self::row).optional()?)
    }

    /// Every game, newest first.
    pub fn games(&self) -> Result<Vec<GameRow>, ServerError> {
        let sql = format!("{} ORDER BY created DESC, id", Self::SELECT);
        let mut st = self.conn.prepare(&sql)?;
        let rows = st.query_map([], Self::row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The ids of the games not over.
    pub fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        let mut st = self
            .conn
            .prepare("SELECT id FROM games WHERE finished = 0 ORDER BY created, id")?;
        let rows = st.query_map([], |r| r.get(0))?;
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
