//! G20 The Brigade Game's Wave Charge: up to four cavalry counters of one brigade, each with
//! its Charge marker, charge one target hex in the same Charge Phase, one counter (one wave)
//! after the other (G20.1). The waves are declared before any Charge Movement; each then makes
//! its own Charge Movement and close combat to the end before the next begins (G20.1.1). Only
//! the first wave draws the Defender Morale Check, the Defensive Fire, Reaction Fire and
//! Reaction Formation Changes; every wave may be Reaction Charged, each reacting unit trying
//! once in the whole Wave Charge (G20.1.2). A later wave that finds no enemy in the target
//! rides up next to it and Regroups (G20.1.1).

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Echelon, Formation, LeaderId, UnitId};
use crate::event::Event;
use crate::state::{
    ChargeKind, ChargeMove, Combat, CombatKind, Frame, Morale, Stage, State, WaveCharge,
};

/// G20.1 The most counters in a Wave Charge.
pub const MAX_WAVES: usize = 4;

impl GloryEmpire {
    /// G20.1 The brigade a cavalry counter charges with: its own, or the brigade leader it is
    /// attached to this turn (5.3.3).
    #[must_use]
    pub fn wave_brigade(&self, s: &State, u: UnitId) -> Option<LeaderId> {
        self.brigade_of(u).or_else(|| {
            s.troop(u)
                .attached
                .filter(|l| self.data.leaders[l.ix()].echelon == Echelon::Brigade)
        })
    }

    /// G20.1 Whether the counter `u` may be a wave of a Wave Charge on `target` joining the
    /// waves `waves` (none yet for the first): cavalry of the phasing player with a Charge
    /// marker in its own hex (B13.2.1), still Normal and not Spent, `target` a potential
    /// target in its Charge Zone (B13.2.4); of the first wave's brigade, its hex the same as a
    /// wave's or next to one (a string of contiguous hexes), at most four counters in all.
    #[must_use]
    pub fn may_wave(&self, s: &State, u: UnitId, target: Cell, waves: &[UnitId]) -> bool {
        if !self.brigade() || waves.contains(&u) || waves.len() >= MAX_WAVES {
            return false;
        }
        let t = s.troop(u);
        let Some(at) = t.cell else { return false };
        if self.data.troops[u.ix()].arm() != Arm::Cavalry
            || self.data.troops[u.ix()].side != s.phasing
            || t.charge != Some(at)
            || t.morale != Morale::Normal
            || t.spent > 0
            || !matches!(t.formation, Formation::Line | Formation::Column)
        {
            return false;
        }
        // RULING: the brigade is the unit's own or the one it is attached to; the string of
        // hexes grows from any earlier wave (ge-rulings 174).
        if let Some(&first) = waves.first() {
            let b = &self.data.board;
            let brigade = self.wave_brigade(s, first);
            if brigade.is_none() || self.wave_brigade(s, u) != brigade {
                return false;
            }
            if !waves.iter().any(|&w| {
                s.troop(w)
                    .cell
                    .is_some_and(|c| c == at || b.adjacent(c, at))
            }) {
                return false;
            }
        } else if self.wave_brigade(s, u).is_none() {
            return false;
        }
        self.charge_zone(s, &[u], at).binary_search(&target).is_ok()
            && self.potential_target(s, &[u], at, target)
    }

    /// G20.1 The Wave Charges the phasing player may declare in the Charge Phase: a first wave
    /// and a target, when at least one more counter could join it.
    pub(crate) fn wave_charge_actions(&self, s: &State, out: &mut Vec<Action>) {
        if !self.brigade() || s.stage != Stage::Charges {
            return;
        }
        let marked: Vec<UnitId> = (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| {
                let t = s.troop(u);
                t.cell.is_some() && t.charge == t.cell && self.data.troops[u.ix()].side == s.phasing
            })
            .collect();
        for &u in &marked {
            let Some(at) = s.troop(u).cell else { continue };
            for target in self.charge_zone(s, &[u], at) {
                if self.may_wave(s, u, target, &[])
                    && marked.iter().any(|&v| self.may_wave(s, v, target, &[u]))
                {
                    out.push(Action::WaveCharge { unit: u, target });
                }
            }
        }
    }

    /// G20.1 Begins declaring a Wave Charge.
    pub(crate) fn start_wave_charge(&self, s: &mut State, unit: UnitId, target: Cell) {
        s.pending.push(Frame::Waves(WaveCharge {
            target,
            units: vec![unit],
            launched: false,
            next: 0,
        }));
    }

    /// G20.1 While the waves are declared: another counter, or (with two or more) the end of
    /// the declaration.
    pub(crate) fn wave_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::Waves(w)) = s.pending.last() else {
            return;
        };
        if w.launched {
            return;
        }
        for i in 0..s.troops.len() {
            let u = UnitId(i as u8);
            if self.may_wave(s, u, w.target, &w.units) {
                out.push(Action::Wave(u));
            }
        }
        if w.units.len() >= 2 {
            out.push(Action::Pass);
        }
    }

    /// G20.1 A declaration decision: a counter added, or the waves announced and launched
    /// (every wave's Charge marker taken off: each charges on the one target).
    pub(crate) fn do_wave(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(Frame::Waves(mut w)) = s.pending.last().cloned() else {
            return;
        };
        match a {
            Action::Wave(u) => w.units.push(u),
            Action::Pass => {
                w.launched = true;
                for &u in &w.units {
                    s.troop_mut(u).charge = None;
                }
                // The hexes whose markers are all gone need no Resolve.
                let marked: Vec<Cell> = s
                    .troops
                    .iter()
                    .filter_map(|t| t.charge.filter(|&c| t.cell == Some(c)))
                    .collect();
                s.queue.retain(|c| marked.contains(c));
                ev.push(Event::WaveChargeDeclared {
                    units: w.units.clone(),
                    target: w.target,
                });
            }
            _ => return,
        }
        self.replace_top(s, Frame::Waves(w));
    }

    /// G20.1.1 Runs a launched Wave Charge: the next wave's Charge Movement, on the one
    /// target, once the one before has been resolved to the end; a counter no longer able to
    /// charge (gone, no longer Normal, Spent) is passed over (RULING, ge-rulings 175).
    pub(crate) fn wave_auto(&self, s: &mut State) -> bool {
        let Some(Frame::Waves(mut w)) = s.pending.last().cloned() else {
            return false;
        };
        if !w.launched {
            return false;
        }
        let i = usize::from(w.next);
        let Some(&u) = w.units.get(i) else {
            s.pending.pop();
            return true;
        };
        w.next += 1;
        self.replace_top(s, Frame::Waves(w.clone()));
        let t = s.troop(u);
        let Some(at) = t.cell else { return true };
        // RULING: a wave no longer able to charge is passed over (ge-rulings 175).
        if t.morale != Morale::Normal || t.spent > 0 {
            return true;
        }
        let zone = self.charge_zone(s, &[u], at);
        self.push_charge_move(
            s,
            ChargeMove {
                target: Some(w.target),
                ..ChargeMove::new(ChargeKind::Wave, vec![u], at, zone)
            },
        );
        true
    }

    /// G20.1.1 The running Wave Charge whose current wave is one of `units`, with that wave's
    /// number (1 for the first).
    #[must_use]
    pub fn current_wave(&self, s: &State, units: &[UnitId]) -> Option<(WaveCharge, u8)> {
        s.pending.iter().rev().find_map(|f| match f {
            Frame::Waves(w)
                if w.launched
                    && w.next > 0
                    && units.contains(&w.units[usize::from(w.next) - 1]) =>
            {
                Some((w.clone(), w.next))
            }
            _ => None,
        })
    }

    /// G20.1.1 Whether this close combat is a Charge by a Wave Charge's second or later wave:
    /// the defenders take no Defender Morale Check and give no Defensive Fire.
    #[must_use]
    pub fn later_wave_combat(&self, s: &State, c: &Combat) -> bool {
        c.kind == CombatKind::Charge
            && c.attackers
                .iter()
                .any(|a| self.current_wave(s, &a.units).is_some_and(|(_, n)| n > 1))
    }

    /// G20.1.2 The key a Reaction Charge attempt against `movers` is counted by: the whole
    /// Wave Charge when they are one of its waves (one attempt per unit in it), else the
    /// moving stack (B14.4.2).
    #[must_use]
    pub fn attempt_key(&self, s: &State, movers: &[UnitId]) -> Option<UnitId> {
        match self.current_wave(s, movers) {
            Some((w, _)) => Self::mover_key(&w.units),
            None => Self::mover_key(movers),
        }
    }

    /// G20.1.1 A wave whose target holds no enemy now: the hexes it may step into (each nearer
    /// the target), and whether it may end its Charge Movement here (next to the target, or
    /// unable to go on), to Regroup.
    #[must_use]
    pub fn wave_to_empty_target(&self, s: &State, cm: &ChargeMove) -> Option<(Vec<Cell>, bool)> {
        let t = cm.target?;
        if cm.kind != ChargeKind::Wave {
            return None;
        }
        let units = self.alive_in(s, &cm.units, cm.at);
        let side = self.data.troops[units.first()?.ix()].side;
        if self.side_at(s, t) == Some(side.other()) {
            return None;
        }
        // RULING: each hex nearer the target, then a Regroup (ge-rulings 175).
        let b = &self.data.board;
        let d = b.distance(cm.at, t);
        let steps: Vec<Cell> = self
            .charge_steps_from(s, &units, cm.at, cm.hexes, &cm.zone)
            .into_iter()
            .filter(|&n| b.distance(n, t) < d && n != t)
            .collect();
        let end = d <= 1 || steps.is_empty();
        Some((steps, end))
    }
}
