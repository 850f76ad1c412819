//! G19 Artillery in the Brigade Game. G19.1 Artillery Rounds: a battery's counter gives a Fire
//! Strength for each kind of round it carries (Round Shot, Canister, the howitzers' Shell;
//! British Shrapnel fires at the Round Shot FS), the Brigade Artillery Chart gives each round's
//! range bands per gun-type row, and the Ammunition Sheet counts the boxes of each round a
//! battery starts with; every attack marks off one box of the round it fired. A battery fires
//! one round per attack, chosen by its owner in the Fire Segments (the fire action names it).
//!
//! G19.2 Trains and G19.3 Caissons (optional) are not played: the Vimeiro order of battle has
//! neither Train nor Caisson counters, so the Battalion Game's Artillery Resupply Phase
//! (B7.9.3, [`crate::ammunition`]) stays, and a resupply refills the sheet's boxes as a
//! Caisson would (G19.3.1; ge-rulings 124). G19.4 Breakdown is in [`crate::morale`], where a
//! failed Disorder Check is applied.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, StepDef, UnitId};
use crate::event::Event;
use crate::state::State;
use serde::{Deserialize, Serialize};

/// G19.1 A kind of artillery round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Round {
    /// Round Shot: Point Blank, Effective and Long bands.
    RoundShot,
    /// Howitzer Shell: Effective and Long bands.
    Shell,
    /// Canister: Point Blank and Effective bands.
    Canister,
    /// British Shrapnel Shells: the Round Shot FS and bands, a worse check for the target.
    Shrapnel,
}

impl Round {
    /// Every round, in the Ammunition Sheet's order.
    pub const ALL: [Round; 4] = [
        Round::RoundShot,
        Round::Shell,
        Round::Canister,
        Round::Shrapnel,
    ];

    /// Index into the Ammunition Sheet's boxes.
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }

    /// Data and notation name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Round::RoundShot => "round_shot",
            Round::Shell => "shell",
            Round::Canister => "canister",
            Round::Shrapnel => "shrapnel",
        }
    }

    /// Display name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Round::RoundShot => "Round Shot",
            Round::Shell => "Shell",
            Round::Canister => "Canister",
            Round::Shrapnel => "Shrapnel",
        }
    }

    /// Parses [`Round::name`].
    #[must_use]
    pub fn parse(s: &str) -> Option<Round> {
        Round::ALL.into_iter().find(|r| r.name() == s)
    }

    /// G19.1 The FS the counter gives this round (Shrapnel uses the Round Shot FS).
    #[must_use]
    pub fn fs(self, v: &StepDef) -> u8 {
        match self {
            Round::RoundShot | Round::Shrapnel => v.fs,
            Round::Canister => v.canister_fs,
            Round::Shell => v.shell_fs,
        }
    }
}

/// G19.1 A range band of the Brigade Artillery Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Band {
    /// Point Blank (Round Shot, Canister).
    PointBlank,
    /// Effective.
    Effective,
    /// Long (Round Shot, Shell).
    Long,
}

impl Band {
    /// Index into the range FSM: point blank, effective, long.
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }

    /// Display name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Band::PointBlank => "point blank",
            Band::Effective => "effective",
            Band::Long => "long",
        }
    }
}

impl GloryEmpire {
    /// G19.1 The band `round` from the gun row `gun` reaches at `d` hexes, if any: each band
    /// runs from the end of the one before it to its own last hex.
    #[must_use]
    pub fn band(&self, gun: u8, round: Round, d: u32) -> Option<Band> {
        let bb = self.data.charts.guns.get(usize::from(gun))?.brigade?;
        let bands: &[(Band, u8)] = &match round {
            Round::RoundShot | Round::Shrapnel => vec![
                (Band::PointBlank, bb.round_shot[0]),
                (Band::Effective, bb.round_shot[1]),
                (Band::Long, bb.round_shot[2]),
            ],
            Round::Shell => vec![(Band::Effective, bb.shell[0]), (Band::Long, bb.shell[1])],
            Round::Canister => vec![
                (Band::PointBlank, bb.canister[0]),
                (Band::Effective, bb.canister[1]),
            ],
        };
        if d == 0 {
            return None;
        }
        bands
            .iter()
            .find(|(_, last)| d <= u32::from(*last))
            .map(|(b, _)| *b)
    }

    /// G19.1 The maximum range of `round` from the gun row `gun` (the end of its last band).
    #[must_use]
    pub fn round_reach(&self, gun: u8, round: Round) -> u8 {
        let Some(bb) = self
            .data
            .charts
            .guns
            .get(usize::from(gun))
            .and_then(|g| g.brigade)
        else {
            return 0;
        };
        match round {
            Round::RoundShot | Round::Shrapnel => bb.round_shot[2],
            Round::Shell => bb.shell[1],
            Round::Canister => bb.canister[1],
        }
    }

    /// G19.1 The boxes of `round` the battery `u` has left on the Ammunition Sheet.
    #[must_use]
    pub fn rounds_left(&self, s: &State, u: UnitId, round: Round) -> u8 {
        let start = self.data.troops[u.ix()].sheet.map_or(0, |b| b[round.ix()]);
        start.saturating_sub(s.troop(u).used[round.ix()])
    }

    /// G19.1 Whether the battery `u` is out of `round`: it had some and has used them all.
    #[must_use]
    pub fn out_of(&self, s: &State, u: UnitId, round: Round) -> bool {
        let start = self.data.troops[u.ix()].sheet.map_or(0, |b| b[round.ix()]);
        start > 0 && self.rounds_left(s, u, round) == 0
    }

    /// G19.1 Whether the unlimbered battery `u` may fire `round` now: its counter gives that
    /// round an FS at its present step, its row has the round's bands, and a box is left.
    #[must_use]
    pub fn may_fire_round(&self, s: &State, u: UnitId, round: Round) -> bool {
        let d = &self.data.troops[u.ix()];
        let t = s.troop(u);
        d.arm() == Arm::Artillery
            && t.formation == Formation::Unlimbered
            && round.fs(d.at(t.steps)) > 0
            && d.gun.is_some_and(|g| self.round_reach(g, round) > 0)
            && self.rounds_left(s, u, round) > 0
    }

    /// B7.9.3, G19.1 Whether the battery `u` is Out of Ammo: in the Battalion Game its level
    /// says so; in the Brigade Game when it has no box left of any round its counter can fire.
    #[must_use]
    pub fn out_of_ammo(&self, s: &State, u: UnitId) -> bool {
        if !self.brigade() {
            return s.troop(u).ammo >= crate::ammunition::OUT_OF_AMMO;
        }
        // RULING: Out of Ammo is no box of any round left (ge-rulings 121)
        let d = &self.data.troops[u.ix()];
        let v = d.at(s.troop(u).steps);
        !Round::ALL
            .into_iter()
            .any(|r| r.fs(v) > 0 && self.rounds_left(s, u, r) > 0)
    }

    /// G19.1 The round a stack of batteries (top unit `top`) fires where no moment of choice
    /// is given (Reaction Fire, Offensive and Defensive Fire, and the evaluation): the one
    /// with the highest FS that the top battery may fire, Round Shot before Canister before
    /// Shell on a tie; never Shrapnel, which must be named.
    #[must_use]
    pub fn default_round(&self, s: &State, top: UnitId) -> Option<Round> {
        // RULING: the strongest round where none is named (ge-rulings 122)
        let v = self.data.troops[top.ix()].at(s.troop(top).steps);
        [Round::RoundShot, Round::Canister, Round::Shell]
            .into_iter()
            .filter(|&r| self.may_fire_round(s, top, r))
            .rev()
            .max_by_key(|&r| r.fs(v))
    }

    /// G19.1 Each battery that fired `round` from `from` marks off one box of it; a Shrapnel
    /// attack's morale checks take the Shrapnel Shell Attack DRM (returned for the caller to
    /// add to the result's check).
    pub(crate) fn mark_rounds(
        &self,
        s: &mut State,
        from: Cell,
        round: Round,
        ev: &mut Vec<Event>,
    ) -> i8 {
        let Some(st) = self.strength_round(s, from, Some(round)) else {
            return 0;
        };
        for u in st.units {
            if self.data.troops[u.ix()].arm() != Arm::Artillery {
                continue;
            }
            let t = s.troop_mut(u);
            t.used[round.ix()] = t.used[round.ix()].saturating_add(1);
            let left = self.rounds_left(s, u, round);
            ev.push(Event::RoundFired {
                unit: u,
                round,
                left,
            });
        }
        if round == Round::Shrapnel {
            self.data.charts.fsm.shrapnel_mc
        } else {
            0
        }
    }

    /// G19.3.1, B7.9.3 A resupplied battery's Round Shot, Shell and Canister boxes are all
    /// there again (never more than it started with); Shrapnel is never resupplied.
    pub(crate) fn refill_rounds(&self, s: &mut State, u: UnitId) {
        // RULING: B7.9.3's roll brings what a Caisson would (ge-rulings 124)
        let t = s.troop_mut(u);
        for r in [Round::RoundShot, Round::Shell, Round::Canister] {
            t.used[r.ix()] = 0;
        }
    }

    /// G19.3.1 Whether the battery `u` is short enough of ammunition to resupply: out of
    /// Round Shot or out of Shell (being out of Canister alone is not enough).
    #[must_use]
    pub fn needs_rounds(&self, s: &State, u: UnitId) -> bool {
        self.out_of(s, u, Round::RoundShot) || self.out_of(s, u, Round::Shell)
    }
}
