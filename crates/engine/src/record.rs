//! Game records: everything needed to replay and verify a game.

use crate::{Game, Outcome, Side, ToAct};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The current record format number. Format 3 chains each step's hash over the step itself and
/// the hash before it, states the number of steps and the last hash, binds the dice seed's
/// commitment (when the seed was drawn in secret) into the header, and closes the chain with the
/// way a game ended outside the rules (a resignation, an agreed draw). Formats 1 (state hashes
/// only) and 2 (no commitment, no resignation) are refused.
pub const RECORD_FORMAT: u32 = 3;

/// The text a seed commitment hashes: a fixed prefix, the salt and the seed in decimal.
fn commitment_text(seed: u64, salt: &str) -> String {
    format!("coupdoeil-seed-v1:{salt}:{seed}")
}

/// The commitment to a dice seed: SHA-256 of `coupdoeil-seed-v1:SALT:SEED` (the salt as given,
/// the seed in decimal) as 64 lower-case hex digits. Published before the first die, it fixes
/// the seed without telling it: nobody can find a seed and salt that give it, nor the seed from
/// it while the salt is secret.
#[must_use]
pub fn seed_commitment(seed: u64, salt: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(commitment_text(seed, salt).as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// How a record proves that its seed was fixed before play: the commitment published to both
/// players at the start and, once the game is over, the salt that opens it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitment {
    /// [`seed_commitment`] of the record's seed and the salt.
    pub sha256: String,
    /// The salt, kept secret until the game is over (absent before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

/// A game ended outside its rules, by the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// A side resigned: the other side wins.
    Resignation {
        /// The side that resigned.
        side: Side,
    },
    /// Both players agreed a draw.
    Agreement,
}

impl Ending {
    /// The outcome it gives: the other side's win (`resignation`) or a draw (`agreement`). No
    /// victory points are counted for a game ended this way.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::Resignation { side } => Outcome {
                winner: Some(side.other()),
                kind: "resignation".into(),
                points: [0, 0],
            },
            Ending::Agreement => Outcome {
                winner: None,
                kind: "agreement".into(),
                points: [0, 0],
            },
        }
    }

    fn word(self) -> &'static str {
        match self {
            Ending::Resignation { side: Side::A } => "resignation A",
            Ending::Resignation { side: Side::B } => "resignation B",
            Ending::Agreement => "agreement",
        }
    }
}

/// Whether a step was a side's decision or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    /// A side's decision.
    Action,
    /// A die roll or card draw.
    Chance,
}

impl StepKind {
    fn word(self) -> &'static str {
        match self {
            StepKind::Action => "action",
            StepKind::Chance => "chance",
        }
    }
}

/// One step of a game: who acted, what, and the hash chained over it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordStep {
    /// Decision or chance.
    pub kind: StepKind,
    /// The deciding side (absent for chance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The action or outcome in the game's notation.
    pub value: String,
    /// A chance outcome chosen by the caller (a test, the protocol's `force`) rather than drawn
    /// from the seed's dice.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// [`chain_hash`] of the previous hash, this step and the state after it.
    pub hash: String,
}

/// A complete game record (JSON on disk): scenario, rules version, seed, every action and chance
/// outcome, and a hash chained over every step. Replaying needs no random number generator;
/// verifying also draws every unforced chance outcome again from the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Record format number ([`RECORD_FORMAT`]).
    pub format: u32,
    /// Rule system id.
    pub rules: String,
    /// Rules version the game was played under.
    pub rules_version: u32,
    /// Scenario id.
    pub scenario: String,
    /// The scenario's own files, when it is not a built-in scenario (file name to contents).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_files: Option<BTreeMap<String, String>>,
    /// The seed of the match's dice.
    pub seed: u64,
    /// The seed's commitment, when the seed was drawn in secret (games between people); the
    /// header hash covers its `sha256`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<SeedCommitment>,
    /// [`header_hash`]: the header above and the initial state, hashed together.
    pub initial_hash: String,
    /// Every step in order.
    pub steps: Vec<RecordStep>,
    /// The number of steps (a record cut short no longer matches it).
    pub length: usize,
    /// The hash of the last step (the initial hash when there is none), or of the ending after
    /// it ([`Record::end`]).
    pub last_hash: String,
    /// How the game ended when it ended outside the rules (a resignation, an agreed draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// How the game ended, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl Record {
    /// An empty record for a game about to start.
    pub fn new<G: Game>(game: &G, seed: u64, initial: &G::State) -> Self {
        let mut r = Record {
            format: RECORD_FORMAT,
            rules: game.rules_id().to_string(),
            rules_version: game.rules_version(),
            scenario: game.scenario_id().to_string(),
            scenario_files: None,
            seed,
            commitment: None,
            initial_hash: String::new(),
            steps: Vec::new(),
            length: 0,
            last_hash: String::new(),
            ending: None,
            outcome: None,
        };
        r.initial_hash = header_hash(&r, initial);
        r.last_hash = r.initial_hash.clone();
        r
    }

    /// Recomputes the header hash after a header field changed (the scenario files, set by a
    /// loader before play begins); `initial` is the initial state. Only for a record without
    /// steps: [`crate::Match::set_scenario_files`] re-chains a record that has some.
    pub fn rehash_header<S: Serialize>(&mut self, initial: &S) {
        self.initial_hash = header_hash(self, initial);
        if self.steps.is_empty() {
            self.last_hash = self.initial_hash.clone();
        }
    }

    /// Appends a step after which the game is in `state`, chaining its hash.
    pub fn push<S: Serialize>(
        &mut self,
        kind: StepKind,
        side: Option<Side>,
        value: String,
        forced: bool,
        state: &S,
    ) {
        let hash = chain_hash(&self.last_hash, kind, side, &value, forced, state);
        self.last_hash.clone_from(&hash);
        self.steps.push(RecordStep {
            kind,
            side,
            value,
            forced,
            hash,
        });
        self.length = self.steps.len();
    }

    /// Ends the game outside its rules after the last step: sets the ending and its outcome, and
    /// chains the ending into the last hash (see [`ending_hash`]).
    pub fn end(&mut self, ending: Ending) {
        let prev = self
            .steps
            .last()
            .map_or_else(|| self.initial_hash.clone(), |s| s.hash.clone());
        self.last_hash = ending_hash(&prev, ending);
        self.ending = Some(ending);
        self.outcome = Some(ending.outcome());
    }

    /// Drops the last step (undo).
    pub fn pop(&mut self) {
        self.steps.pop();
        self.length = self.steps.len();
        self.last_hash = self
            .steps
            .last()
            .map_or_else(|| self.initial_hash.clone(), |s| s.hash.clone());
        self.outcome = None;
    }

    /// Reads a record from JSON, refusing other format numbers with a clear message before
    /// looking at anything else.
    ///
    /// # Errors
    /// Not JSON, another format, or a format-2 record with fields missing or mistyped.
    pub fn from_json(text: &str) -> Result<Record, String> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not a game record: not JSON: {e}"))?;
        match v.get("format").and_then(serde_json::Value::as_u64) {
            Some(f) if f == u64::from(RECORD_FORMAT) => {}
            Some(1) => {
                return Err(format!(
                    "record format 1 (written before hashes were chained over each step) is no \
                     longer read: it cannot prove itself; this program reads format {RECORD_FORMAT}"
                ));
            }
            Some(2) => {
                return Err(format!(
                    "record format 2 (written before dice seeds were committed to and \
                     resignations recorded) is no longer read: its hashes cover other fields; \
                     this program reads format {RECORD_FORMAT}"
                ));
            }
            Some(f) => {
                return Err(format!(
                    "unknown record format {f}: this program reads format {RECORD_FORMAT}"
                ));
            }
            None => return Err("not a game record: no `format` number".into()),
        }
        serde_json::from_value(v)
            .map_err(|e| format!("not a valid format-{RECORD_FORMAT} record: {e}"))
    }
}

/// FNV-1a over several byte strings, with a separator between them, as 16 hex digits.
fn fnv(parts: &[&[u8]]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0x1f;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        for b in *p {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// A stable 64-bit hash of a state (FNV-1a over its JSON form), as 16 hex digits. It is the same
/// on every machine and every run, because states hold only ordered collections.
#[must_use]
pub fn hash_state<S: Serialize>(state: &S) -> String {
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    fnv(&[&bytes])
}

/// The first link of a record's chain: its format, rules, rules version, scenario (and files),
/// seed, the seed's commitment (its `sha256`, not the salt) and the initial state. Changing any
/// of them changes every hash after it.
#[must_use]
pub fn header_hash<S: Serialize>(r: &Record, initial: &S) -> String {
    let files = serde_json::to_vec(&r.scenario_files).unwrap_or_default();
    let commitment = r.commitment.as_ref().map_or("-", |c| c.sha256.as_str());
    fnv(&[
        r.format.to_string().as_bytes(),
        r.rules.as_bytes(),
        r.rules_version.to_string().as_bytes(),
        r.scenario.as_bytes(),
        &files,
        r.seed.to_string().as_bytes(),
        commitment.as_bytes(),
        hash_state(initial).as_bytes(),
    ])
}

/// The link that closes a chain ended outside the rules: the hash before and the ending.
#[must_use]
pub fn ending_hash(prev: &str, ending: Ending) -> String {
    fnv(&[prev.as_bytes(), b"ending", ending.word().as_bytes()])
}

/// One link of the chain: the hash before, the step (kind, side, value, forced) and the state
/// after it.
#[must_use]
pub fn chain_hash<S: Serialize>(
    prev: &str,
    kind: StepKind,
    side: Option<Side>,
    value: &str,
    forced: bool,
    state: &S,
) -> String {
    let side = match side {
        Some(Side::A) => "A",
        Some(Side::B) => "B",
        None => "-",
    };
    fnv(&[
        prev.as_bytes(),
        kind.word().as_bytes(),
        side.as_bytes(),
        value.as_bytes(),
        if forced { b"forced" } else { b"drawn" },
        hash_state(state).as_bytes(),
    ])
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A record format this program does not read.
    #[error("record format {found} is not read by this program (it reads format {expected})")]
    Format {
        /// What this program reads.
        expected: u32,
        /// What the record says.
        found: u32,
    },
    /// The record is for other rules, another rules version or another scenario.
    #[error("record is for {found}, this game is {expected}")]
    WrongGame {
        /// What the game is.
        expected: String,
        /// What the record names.
        found: String,
    },
    /// The header (format, rules, scenario, seed) or the initial state differs.
    #[error(
        "the header or the initial state does not match the initial hash: recomputed {expected}, recorded {found} (a changed seed, scenario or rules version?)"
    )]
    InitialHash {
        /// Recomputed.
        expected: String,
        /// Recorded.
        found: String,
    },
    /// The number of steps differs from the one the record states.
    #[error("the record states {stated} steps but holds {held}: it was cut short or added to")]
    Length {
        /// `length`.
        stated: usize,
        /// Steps present.
        held: usize,
    },
    /// The seed does not open the commitment published at the start (or the salt is missing).
    #[error("the seed does not match its commitment: {0}")]
    Commitment(String),
    /// The last hash differs from the chain.
    #[error("the last hash {found} is not the end of the chain ({expected})")]
    LastHash {
        /// Recomputed.
        expected: String,
        /// Recorded.
        found: String,
    },
    /// A step does not fit the game at that point.
    #[error("step {step}: {message}")]
    Step {
        /// 1-based step number.
        step: usize,
        /// What went wrong.
        message: String,
    },
}

/// Re-derives every state of `record` and checks it: the format, the header hash, each step's
/// legality and chained hash, every unforced chance outcome against the dice of the record's
/// seed (drawn again exactly as [`crate::Match`] drew them), the number of steps, the last hash
/// and the outcome. Any change to a record makes it fail. Returns the final state.
///
/// # Errors
/// The first thing (a step, 1-based, when one is to blame) that does not match.
pub fn replay<G: Game>(game: &G, record: &Record) -> Result<G::State, ReplayError> {
    use rand::SeedableRng;
    if record.format != RECORD_FORMAT {
        return Err(ReplayError::Format {
            expected: RECORD_FORMAT,
            found: record.format,
        });
    }
    let expected = format!(
        "{} v{} {}",
        game.rules_id(),
        game.rules_version(),
        game.scenario_id()
    );
    let found = format!(
        "{} v{} {}",
        record.rules, record.rules_version, record.scenario
    );
    if expected != found {
        return Err(ReplayError::WrongGame { expected, found });
    }
    let mut state = game.initial_state();
    let h = header_hash(record, &state);
    if h != record.initial_hash {
        return Err(ReplayError::InitialHash {
            expected: h,
            found: record.initial_hash.clone(),
        });
    }
    if record.length != record.steps.len() {
        return Err(ReplayError::Length {
            stated: record.length,
            held: record.steps.len(),
        });
    }
    if let Some(c) = &record.commitment {
        let Some(salt) = &c.salt else {
            return Err(ReplayError::Commitment(
                "the salt that opens it is missing (the record of a game in progress?)".into(),
            ));
        };
        let opened = seed_commitment(record.seed, salt);
        if opened != c.sha256 {
            return Err(ReplayError::Commitment(format!(
                "seed {} with salt {salt} gives {opened}, the commitment published at the start \
                 was {}",
                record.seed, c.sha256
            )));
        }
    }
    let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(record.seed);
    let mut prev = h;
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for (i, step) in record.steps.iter().enumerate() {
        let n = i + 1;
        let err = |message: String| ReplayError::Step { step: n, message };
        match (game.to_act(&state), step.kind) {
            (ToAct::Side(side), StepKind::Action) => {
                if step.side != Some(side) {
                    return Err(err(format!(
                        "recorded side {:?} but {side:?} was to act",
                        step.side
                    )));
                }
                if step.forced {
                    return Err(err("a decision cannot be forced".into()));
                }
                let action = game.parse_action(&step.value).map_err(&err)?;
                game.legal_actions(&state, &mut legal);
                if legal.binary_search(&action).is_err() {
                    return Err(err(format!("action `{}` is not legal here", step.value)));
                }
                game.apply_action_unchecked(&mut state, &action, &mut events);
            }
            (ToAct::Chance, StepKind::Chance) => {
                if step.side.is_some() {
                    return Err(err("a chance outcome has no side".into()));
                }
                let outcome = game.parse_chance(&step.value).map_err(&err)?;
                let dist = game.chance(&state);
                if !dist.outcomes().iter().any(|(o, _)| *o == outcome) {
                    return Err(err(format!("outcome `{}` is impossible here", step.value)));
                }
                if !step.forced {
                    let drawn = dist.sample(&mut dice);
                    if *drawn != outcome {
                        return Err(err(format!(
                            "the dice of seed {} give `{}` here, the record says `{}`",
                            record.seed,
                            game.chance_notation(drawn),
                            step.value
                        )));
                    }
                }
                game.apply_chance_unchecked(&mut state, &outcome, &mut events);
            }
            (to_act, kind) => {
                return Err(err(format!(
                    "recorded a {kind:?} step but the game expects {to_act:?}"
                )));
            }
        }
        events.clear();
        let h = chain_hash(
            &prev,
            step.kind,
            step.side,
            &step.value,
            step.forced,
            &state,
        );
        if h != step.hash {
            return Err(err(format!(
                "hash {h} differs from the recorded {} (the step, an earlier one or the state after it was changed)",
                step.hash
            )));
        }
        prev = h;
    }
    if let Some(ending) = record.ending {
        if game.to_act(&state) == ToAct::Over {
            return Err(ReplayError::Step {
                step: record.steps.len(),
                message: format!(
                    "the record says the game ended by {}, but the rules had ended it already",
                    ending.outcome().kind
                ),
            });
        }
        prev = ending_hash(&prev, ending);
    }
    if prev != record.last_hash {
        return Err(ReplayError::LastHash {
            expected: prev,
            found: record.last_hash.clone(),
        });
    }
    let outcome = match record.ending {
        Some(e) => Some(e.outcome()),
        None => game.outcome(&state),
    };
    if record.outcome != outcome {
        return Err(ReplayError::Step {
            step: record.steps.len(),
            message: match &record.outcome {
                Some(_) => "the recorded outcome differs from the replayed one".into(),
                None => "the game is over but the record states no outcome".into(),
            },
        });
    }
    Ok(state)
}
