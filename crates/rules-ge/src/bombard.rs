//! G19.5 Bombardment Zones (Brigade Game): batteries grouped under a leader fire at whatever
//! moves through, or stays in, the ground their Round Shot reaches.
//!
//! A Bombardment Zone (BZ) is created in a friendly Movement Phase by a leader with a Fire
//! Strength Modifier of +1 or better stacked with an unlimbered battery (G19.5.1): the
//! batteries of his side unlimbered in the contiguous string of hexes from his hex, all with
//! that battery's facing and Round Shot left, join it if they have 10 SP or more between them.
//! The owner may dissolve it in a friendly Movement Phase; at the end of the turn each battery
//! in one spends three Round Shot (the BZ Ammo Expenditure Phase) and a BZ whose conditions
//! no longer hold dissolves. Its batteries make no ordinary attacks in the fire segments
//! (Howitzer Attacks, Defensive and Reaction Fire are theirs still).
//!
//! Each battery stack's zone (G19.5.2) is the hexes of its Round Shot Effective and Long bands
//! in its front arc that it sees, combat units never blocking (G19.5.3). A Bombardment Attack
//! (G19.5.3) strikes a moving group at the end of its move in the Movement or Reserve Movement
//! Phase, once for each battery stack whose zone it entered, moved in or left, at the last hex
//! of its path in that zone; and a stationary stack at the end of its own Movement Phase (or
//! Reserve Movement Phase under a Reserve order). The attack's FS is half the stack's Round
//! Shot FS (within the artillery's Fire Limits), rounded up, with the target's terrain,
//! formation and facing modifiers, the BZ leader's FSM and, for a stationary target, the
//! Stationary in a BZ modifier. Its results apply at once.
//!
//! Reaction Moves (G21.2), Advance After Combat (13.6) and Charge Movements (B13.2.5, before
//! their combat) are attacked the same way when made; Pursuits and Regroups along their paths
//! once the close combat is over (ge-rulings 211); a reinforcement along its path from its
//! entry hex, so in that hex if it goes no farther (ge-rulings 163).
//! RULING: Retreat Before Combat, a retreat, never triggers one; units that made a Charge,
//! Pursuit or Regroup in the phase still count as stationary, but a reinforcement that entered
//! does not (ge-rulings 163).

use crate::GloryEmpire;
use crate::artillery::{Band, Round};
use crate::data::{Arm, Cell, Formation, LeaderId, UnitId};
use crate::event::{Event, Modifier};
use crate::fire::Strength;
use crate::state::{FireKind, FireRoll, Frame, OrderKind, Stage, State};
use coupdoeil_engine::Side;
use serde::{Deserialize, Serialize};

/// G19.5.1 A Bombardment Zone: its leader and the batteries in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bz {
    /// The leader (FSM +1 or better) stacked with one of its batteries.
    pub leader: LeaderId,
    /// The participating batteries.
    pub units: Vec<UnitId>,
}

/// G19.5 The Bombardment Zones and what the current move owes them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bombardment {
    /// The Bombardment Zones in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<Bz>,
    /// The hexes of the moving group's path so far (its starting hex first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<Cell>,
    /// Units that changed hex this phase (no longer stationary).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shifted: Vec<UnitId>,
    /// The paths of Charge Movements under way, by the charging stack's first unit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charges: Vec<(UnitId, Vec<Cell>)>,
}

impl Bombardment {
    /// Nothing in play.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        self.zones.is_empty()
            && self.path.is_empty()
            && self.shifted.is_empty()
            && self.charges.is_empty()
    }
}

/// A Bombardment Attack's Fire Chart column and shifts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BzOdds {
    /// Half the stack's Round Shot FS, rounded up.
    pub fs: u8,
    /// The final column.
    pub column: u8,
    /// The shifts.
    pub modifiers: Vec<Modifier>,
}

impl GloryEmpire {
    /// Whether battery `u` may take part in a BZ facing `facing` (any facing: `None`).
    fn bz_battery(
        &self,
        s: &State,
        u: UnitId,
        side: Side,
        facing: Option<coupdoeil_hex::Facing>,
    ) -> bool {
        let t = s.troop(u);
        let d = &self.data.troops[u.ix()];
        d.side == side
            && d.arm() == Arm::Artillery
            && t.cell.is_some()
            && t.formation == Formation::Unlimbered
            && !t.morale.broken()
            && self.rounds_left(s, u, Round::RoundShot) > 0
            && facing.is_none_or(|f| t.facing == f)
    }

    /// The BZ a battery is in.
    #[must_use]
    pub fn bz_of<'a>(&self, s: &'a State, u: UnitId) -> Option<&'a Bz> {
        s.bombard.zones.iter().find(|z| z.units.contains(&u))
    }

    /// G19.5.1 The batteries a BZ of leader `l` would hold now (among `pool`, or every
    /// battery of his side in no other BZ): those of the contiguous string of hexes from his
    /// hex, each with the facing of the battery stacked with him and Round Shot left; `None`
    /// unless he has FSM +1 or better, is stacked with one, and they have 10 SP or more.
    #[must_use]
    pub fn bz_string(
        &self,
        s: &State,
        l: LeaderId,
        pool: Option<&[UnitId]>,
    ) -> Option<Vec<UnitId>> {
        let side = self.data.leaders[l.ix()].side;
        if s.leader(l).status != crate::state::LeaderStatus::OnMap
            || self.leader_values(s, l).fsm < 1
        {
            return None;
        }
        let home = s.leader(l).cell?;
        let free = |u: UnitId| match pool {
            Some(p) => p.contains(&u),
            None => self.bz_of(s, u).is_none(),
        };
        let first = s
            .stack(home)
            .into_iter()
            .find(|&u| free(u) && self.bz_battery(s, u, side, None))?;
        let facing = Some(s.troop(first).facing);
        let here = |c: Cell| -> Vec<UnitId> {
            s.stack(c)
                .into_iter()
                .filter(|&u| free(u) && self.bz_battery(s, u, side, facing))
                .collect()
        };
        // RULING: the string is every hex reached from his through adjacent hexes holding such
        // batteries (ge-rulings 160).
        let mut hexes = vec![home];
        let mut i = 0;
        while i < hexes.len() {
            let c = hexes[i];
            i += 1;
            for n in self.data.board.neighbors(c) {
                if !hexes.contains(&n) && !here(n).is_empty() {
                    hexes.push(n);
                }
            }
        }
        let units: Vec<UnitId> = hexes.iter().flat_map(|&c| here(c)).collect();
        let sp: u32 = units
            .iter()
            .map(|&u| u32::from(self.data.troops[u.ix()].at(s.troop(u).steps).sp))
            .sum();
        (sp >= 10).then_some(units)
    }

    /// G19.5.1 The BZ actions of the phasing side's Movement Phase, between moves: create one
    /// under each leader who may, dissolve each of his own.
    pub(crate) fn bz_actions(&self, s: &State, out: &mut Vec<crate::Action>) {
        if !self.brigade() || s.stage != Stage::Movement || s.moving.is_some() {
            return;
        }
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = LeaderId(i as u8);
            if d.side != s.phasing {
                continue;
            }
            if s.bombard.zones.iter().any(|z| z.leader == l) {
                out.push(crate::Action::DissolveBz(l));
            } else if self.bz_string(s, l, None).is_some() {
                out.push(crate::Action::CreateBz(l));
            }
        }
    }

    /// G19.5.1 Leader `l` creates a BZ.
    pub(crate) fn create_bz(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        let Some(units) = self.bz_string(s, l, None) else {
            return;
        };
        ev.push(Event::BzCreated {
            leader: l,
            units: units.clone(),
        });
        s.bombard.zones.push(Bz { leader: l, units });
    }

    /// G19.5.1 The BZ of leader `l` dissolves.
    pub(crate) fn dissolve_bz(&self, s: &mut State, l: LeaderId, why: &str, ev: &mut Vec<Event>) {
        let before = s.bombard.zones.len();
        s.bombard.zones.retain(|z| z.leader != l);
        if s.bombard.zones.len() != before {
            ev.push(Event::BzDissolved {
                leader: l,
                why: why.into(),
            });
        }
    }

    /// G19.5.1 Whether the stack in `c` holds a battery in a BZ: it makes no ordinary attack in
    /// the fire segments (a Howitzer Attack it may).
    #[must_use]
    pub fn bombarding(&self, s: &State, c: Cell) -> bool {
        s.stack(c).into_iter().any(|u| self.bz_of(s, u).is_some())
    }

    /// G19.5.2 The hexes of the BZ stacks: each hex holding a BZ's battery still able to take
    /// part, with the BZ's leader.
    #[must_use]
    pub fn bz_stacks(&self, s: &State) -> Vec<(Cell, LeaderId)> {
        let mut out: Vec<(Cell, LeaderId)> = Vec::new();
        for z in &s.bombard.zones {
            let side = self.data.leaders[z.leader.ix()].side;
            for &u in &z.units {
                if self.bz_battery(s, u, side, None)
                    && let Some(c) = s.troop(u).cell
                    && !out.iter().any(|x| x.0 == c)
                {
                    out.push((c, z.leader));
                }
            }
        }
        out
    }

    /// G19.5.2 The zone of the BZ stack in `c`: the hexes of its Round Shot Effective and Long
    /// bands in its front arc that it sees, combat units not blocking (G19.5.3).
    #[must_use]
    pub fn bz_zone(&self, s: &State, c: Cell) -> Vec<Cell> {
        let Some(top) = s
            .stack(c)
            .into_iter()
            .find(|&u| self.data.troops[u.ix()].arm() == Arm::Artillery)
        else {
            return Vec::new();
        };
        let Some(gun) = self.data.troops[top.ix()].gun else {
            return Vec::new();
        };
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        (0..b.cells.len())
            .map(|i| Cell(i as u16))
            .filter(|&t| {
                let d = b.distance(c, t);
                matches!(
                    self.band(gun, Round::RoundShot, d),
                    Some(Band::Effective | Band::Long)
                ) && Self::leaves_front(&arcs, self.exit_dirs(c, t))
                    && self.los_over_units(s, c, t)
            })
            .collect()
    }

    /// G19.5.3 The column of a Bombardment Attack by the BZ stack in `from` (its BZ led by
    /// `leader`) on `units`, made in `at`: half the stack's Round Shot FS rounded up, the
    /// target's terrain, formation and facing modifiers, the leader's FSM, and for a
    /// stationary target the Stationary in a BZ modifier. `None` if the stack cannot fire
    /// Round Shot.
    #[must_use]
    pub fn bz_odds(
        &self,
        s: &State,
        from: Cell,
        leader: LeaderId,
        at: Cell,
        units: &[UnitId],
        stationary: bool,
    ) -> Option<BzOdds> {
        let st = self.strength_round(s, from, Some(Round::RoundShot))?;
        let half = st.fs.div_ceil(2);
        let st = Strength {
            fs: half,
            round: None,
            ..st
        };
        let range = self.data.board.distance(from, at);
        let full = self.fire_odds(s, from, at, units, &st, false, range);
        // RULING: of the Fire Strength Modifiers only the target's (terrain, formation, facing,
        // cavalry) and the BZ leader's apply (ge-rulings 161).
        let target_side = |r: &str| {
            r == "12.2.1"
                || r.starts_with("12.2.1 target")
                || r.starts_with("15 ")
                || r.starts_with("15.2")
                || r.starts_with("G18.2")
                || r == "G18.4"
                || r == "G18.6"
        };
        let mut modifiers: Vec<Modifier> = full
            .modifiers
            .into_iter()
            .filter(|m| target_side(&m.rule))
            .collect();
        let fsm = self.leader_values(s, leader).fsm;
        if fsm != 0 {
            modifiers.push(Modifier {
                what: format!("leader {}", self.data.leaders[leader.ix()].name),
                value: i16::from(fsm),
                rule: "G19.5.3".into(),
            });
        }
        let still = self.data.charts.fsm.stationary_bz;
        if stationary && still != 0 {
            modifiers.push(Modifier {
                what: "stationary in a Bombardment Zone".into(),
                value: i16::from(still),
                rule: "G19.5.3".into(),
            });
        }
        let total = i32::from(half) + modifiers.iter().map(|m| i32::from(m.value)).sum::<i32>();
        let column = total.clamp(0, self.data.charts.fire.len() as i32 - 1) as u8;
        Some(BzOdds {
            fs: half,
            column,
            modifiers,
        })
    }

    /// G19.5.3 A Bombardment Attack on `units` (now in `now`) made in `at`: rolled and applied
    /// at once.
    #[allow(clippy::too_many_arguments)]
    fn bombard(
        &self,
        s: &mut State,
        from: Cell,
        leader: LeaderId,
        at: Cell,
        now: Cell,
        units: &[UnitId],
        stationary: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(odds) = self.bz_odds(s, from, leader, at, units, stationary) else {
            return;
        };
        ev.push(Event::Bombardment {
            from,
            at,
            units: units.to_vec(),
            fs: odds.fs,
            column: odds.column,
            modifiers: odds.modifiers,
        });
        s.pending.push(Frame::FireRoll(FireRoll {
            from,
            target: now,
            column: odds.column,
            apply: Some((FireKind::Reaction, units.to_vec())),
            round: None,
        }));
    }

    /// G19.5.3 The moving group entered `to` from `from`: its path so far.
    pub(crate) fn note_bz_step(
        &self,
        s: &mut State,
        group: &[UnitId],
        from: Option<Cell>,
        to: Cell,
    ) {
        // Kept in every Brigade move: a BZ may be formed later in the phase.
        if !self.brigade() {
            return;
        }
        // A path that does not end where the group stands belongs to an older move.
        if s.bombard.path.last().copied() != from {
            s.bombard.path.clear();
            s.bombard.path.extend(from);
        }
        s.bombard.path.push(to);
        for &u in group {
            if !s.bombard.shifted.contains(&u) {
                s.bombard.shifted.push(u);
            }
        }
    }

    /// G19.5.3 The move of `units` (now in their hex) is over: a Bombardment Attack from each
    /// BZ stack whose zone its path touched, made at the last hex of the path in that zone. A
    /// path of one hex is a reinforcement that entered and went no farther: entering a zone is
    /// a move into it (ge-rulings 163).
    pub(crate) fn bombard_move(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let path = std::mem::take(&mut s.bombard.path);
        self.bombard_hexes(s, units, &path, ev);
    }

    /// G19.5.3 `units` (now in their hex) made a voluntary move along `path` (its starting hex
    /// first): a Bombardment Attack from each BZ stack whose zone the path touched, at the last
    /// hex of the path in that zone.
    pub(crate) fn bombard_path(
        &self,
        s: &mut State,
        units: &[UnitId],
        path: &[Cell],
        ev: &mut Vec<Event>,
    ) {
        if path.len() >= 2 {
            self.bombard_hexes(s, units, path, ev);
        }
    }

    /// G19.5.3 `units` (now in their hex) were in the hexes of `path` in this move: the
    /// attacks of [`Self::bombard_path`] without its test that the path leaves its first hex.
    fn bombard_hexes(&self, s: &mut State, units: &[UnitId], path: &[Cell], ev: &mut Vec<Event>) {
        if path.is_empty() || s.bombard.zones.is_empty() {
            return;
        }
        let Some(now) = units.iter().find_map(|&u| s.troop(u).cell) else {
            return;
        };
        let units: Vec<UnitId> = self.alive_in(s, units, now);
        if units.is_empty() {
            return;
        }
        for (c, leader) in self.bz_stacks(s).into_iter().rev() {
            let zone = self.bz_zone(s, c);
            if let Some(&at) = path.iter().rev().find(|h| zone.contains(h)) {
                self.bombard(s, c, leader, at, now, &units, false, ev);
            }
        }
    }

    /// G19.5.3 A Charge Movement of `units` entered `to` from `from`: its path so far.
    pub(crate) fn note_charge_step(&self, s: &mut State, units: &[UnitId], from: Cell, to: Cell) {
        let (Some(&first), false) = (units.first(), s.bombard.zones.is_empty()) else {
            return;
        };
        match s.bombard.charges.iter_mut().find(|x| x.0 == first) {
            Some((_, p)) if p.last() == Some(&from) => p.push(to),
            Some((_, p)) => *p = vec![from, to],
            None => s.bombard.charges.push((first, vec![from, to])),
        }
    }

    /// G19.5.3 The Charge Movement of `units` (now in their hex) is over: the Bombardment
    /// Attacks on its path, before any combat it leads to.
    pub(crate) fn bombard_charge(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let Some(&first) = units.first() else { return };
        let Some(i) = s.bombard.charges.iter().position(|x| x.0 == first) else {
            return;
        };
        let (_, path) = s.bombard.charges.remove(i);
        self.bombard_path(s, units, &path, ev);
    }

    /// G19.5.3 The end of a Movement Phase (or of a Reserve Movement Phase): a Bombardment
    /// Attack from each BZ stack on each stationary stack of the moving side in its zone (in
    /// the Reserve Movement Phase only those under a Reserve order, in the Movement Phase
    /// the others).
    pub(crate) fn bombard_stationary(&self, s: &mut State, ev: &mut Vec<Event>) {
        let shifted = std::mem::take(&mut s.bombard.shifted);
        if s.bombard.zones.is_empty() {
            return;
        }
        let side = self.mover_side(s);
        let reserve = s.stage == Stage::ReserveMovement;
        let stacks = self.bz_stacks(s);
        for c in self.stacks_of(s, side).into_iter().rev() {
            let units: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|&u| {
                    !shifted.contains(&u)
                        && (self.unit_order(s, u) == Some(OrderKind::Reserve)) == reserve
                })
                .collect();
            if units.is_empty() {
                continue;
            }
            for &(from, leader) in stacks.iter().rev() {
                if from != c && self.bz_zone(s, from).contains(&c) {
                    self.bombard(s, from, leader, c, c, &units, true, ev);
                }
            }
        }
    }

    /// G19.5.3, G19.5.1 The end of the turn: the BZ Ammo Expenditure Phase (three Round Shot
    /// from each battery in a BZ, or what it has left), then every BZ whose conditions fail
    /// dissolves. RULING: both in the End of Turn Segment, the spending first (ge-rulings
    /// 162).
    pub(crate) fn bz_end_of_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.bombard.zones.is_empty() {
            return;
        }
        ev.push(Event::Phase {
            side: s.first,
            phase: "BZ Ammo Expenditure Phase (G19.5.3)".into(),
        });
        for z in s.bombard.zones.clone() {
            for u in z.units {
                if s.troop(u).cell.is_none() {
                    continue;
                }
                let spend = self.rounds_left(s, u, Round::RoundShot).min(3);
                if spend == 0 {
                    continue;
                }
                let t = s.troop_mut(u);
                t.used[Round::RoundShot.ix()] = t.used[Round::RoundShot.ix()].saturating_add(spend);
                let left = self.rounds_left(s, u, Round::RoundShot);
                ev.push(Event::RoundFired {
                    unit: u,
                    round: Round::RoundShot,
                    left,
                });
            }
        }
        for z in s.bombard.zones.clone() {
            // RULING: batteries no longer able to take part drop out; the rest must still meet
            // the conditions, the leader stacked with one of them (ge-rulings 160).
            match self.bz_string(s, z.leader, Some(&z.units)) {
                Some(units) => {
                    if let Some(k) = s.bombard.zones.iter_mut().find(|k| k.leader == z.leader) {
                        k.units = units;
                    }
                }
                None => self.dissolve_bz(s, z.leader, "its conditions no longer hold", ev),
            }
        }
    }
}
