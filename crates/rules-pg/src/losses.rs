//! 10.8 Combat and Bombardment results: Loss Points (10.8.1) satisfied by Step Losses
//! (10.8.1.1, 10.8.1.2) and retreats (10.8.1.3, 10.8.1.4), and the `*`, `R`, `r`, `( )` and `S`
//! results (10.8.3).

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, UnitId};
use crate::event::Event;
use crate::state::{Frame, Gone, LossStep, Losses, Morale, Retreat, State};

/// 10.8.1.3 Units with this MR or more may take further Step Losses.
pub const STEADY_MR: u8 = 5;
/// 10.8.3.5 Units with this MR or less surrender on an `S`.
pub const SURRENDER_MR: u8 = 3;

/// How one Loss Point may be satisfied by one Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossWay {
    /// A Step Loss.
    Step,
    /// A forced loss of Morale State (10.8.1.3): Disordered at MR 4, Routed at 3 or less, and
    /// always Routed on an `R`.
    Forced,
    /// A voluntary retreat (10.8.1.4), Disordered.
    Voluntary,
}

impl PrussiasGlory {
    fn current_losses(s: &State) -> Option<&Losses> {
        match s.pending.last() {
            Some(Frame::Losses(l)) => Some(l),
            _ => None,
        }
    }

    fn set_losses(s: &mut State, l: Losses) {
        if let Some(Frame::Losses(x)) = s.pending.last_mut() {
            *x = l;
        }
    }

    /// 10.8.1 The Units that may satisfy the next Loss Point: the Engaged (top four steps of)
    /// infantry and cavalry of the affected hexes; the Lead Unit first while it is there.
    #[must_use]
    pub fn loss_candidates(&self, s: &State, l: &Losses) -> Vec<UnitId> {
        let mut all: Vec<UnitId> = Vec::new();
        for &h in &l.hexes {
            for u in self.top_steps(s, h) {
                if self.data.troops[u.ix()].side == l.side {
                    all.push(u);
                }
            }
        }
        if let Some(lead) = l.lead
            && all.contains(&lead)
        {
            return vec![lead];
        }
        all
    }

    /// Step Losses Unit `u` took in this result.
    fn taken(l: &Losses, u: UnitId) -> u8 {
        l.taken.iter().find(|x| x.0 == u).map_or(0, |x| x.1)
    }

    /// 10.8.1.1 - 10.8.1.4 How Unit `u` may satisfy the next Loss Point.
    #[must_use]
    pub fn loss_ways(&self, s: &State, l: &Losses, u: UnitId) -> Vec<LossWay> {
        if Self::taken(l, u) < l.required {
            return vec![LossWay::Step];
        }
        if self.mr(s, u) < STEADY_MR {
            return vec![LossWay::Forced];
        }
        let mut ways = vec![LossWay::Step];
        // 10.8.1.4 A voluntary retreat: never into an EZOC; only for the last LP or when other
        // Units can take the rest (RULING: any other infantry or cavalry of the side in the
        // affected hexes).
        let others = l.hexes.iter().any(|&h| {
            self.stack(s, h).iter().any(|&x| {
                x != u
                    && self.data.troops[x.ix()].side == l.side
                    && self.data.troops[x.ix()].arm != Arm::Artillery
            })
        });
        if l.lp == 1 || others {
            let c = s.troop(u).cell;
            if let Some(c) = c {
                let r = Retreat {
                    unit: u,
                    origin: c,
                    left: 1,
                    rout: false,
                    extra: 0,
                    from: c,
                    voluntary: true,
                };
                if !self.retreat_candidates(s, &r).is_empty() {
                    ways.push(LossWay::Voluntary);
                }
            }
        }
        ways
    }

    pub(crate) fn loss_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(l) = Self::current_losses(s) else {
            return;
        };
        match l.step {
            LossStep::Assign => {
                for u in self.loss_candidates(s, l) {
                    for w in self.loss_ways(s, l, u) {
                        out.push(match w {
                            LossWay::Voluntary => Action::Retreat(u),
                            _ => Action::Loss(u),
                        });
                    }
                }
            }
            LossStep::Artillery => {
                for u in self.artillery_in(s, l) {
                    out.push(Action::ArtilleryLoss(u));
                }
            }
            _ => {}
        }
    }

    fn artillery_in(&self, s: &State, l: &Losses) -> Vec<UnitId> {
        let mut out = Vec::new();
        for &h in &l.hexes {
            for u in self.stack(s, h) {
                if self.data.troops[u.ix()].side == l.side
                    && self.data.troops[u.ix()].arm == Arm::Artillery
                {
                    out.push(u);
                }
            }
        }
        out
    }

    pub(crate) fn do_loss_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(l) = Self::current_losses(s).cloned() else {
            return;
        };
        match a {
            Action::Loss(u) => {
                let way = self.loss_ways(s, &l, u)[0];
                self.satisfy(s, l, u, way, ev);
            }
            Action::Retreat(u) => self.satisfy(s, l, u, LossWay::Voluntary, ev),
            Action::ArtilleryLoss(u) => {
                let mut l = l;
                l.step = LossStep::Retreat;
                Self::set_losses(s, l);
                self.lose_step(s, u, "artillery step loss (10.8.3.1)", ev);
            }
            _ => {}
        }
    }

    /// One Loss Point satisfied by Unit `u`.
    fn satisfy(&self, s: &mut State, mut l: Losses, u: UnitId, way: LossWay, ev: &mut Vec<Event>) {
        l.lp = l.lp.saturating_sub(1);
        l.lead = None;
        match way {
            LossWay::Step => {
                match l.taken.iter_mut().find(|x| x.0 == u) {
                    Some(x) => x.1 += 1,
                    None => l.taken.push((u, 1)),
                }
                Self::set_losses(s, l.clone());
                let why = if l.combat {
                    "Loss Point (10.8.1.1)"
                } else {
                    "bombardment Loss Point (8.3)"
                };
                self.lose_step(s, u, why, ev);
                // 10.8.3.5 A Unit whose MR falls to 3 or less under an S surrenders.
                if l.result.surrender && s.troop(u).cell.is_some() && self.mr(s, u) <= SURRENDER_MR
                {
                    // It satisfies one more LP, if one is left (the 4RS* example).
                    let mut l = l;
                    l.lp = l.lp.saturating_sub(1);
                    Self::set_losses(s, l);
                    self.surrender(s, u, ev);
                }
            }
            LossWay::Forced => {
                Self::set_losses(s, l.clone());
                let mr = self.mr(s, u);
                if l.result.rout || mr <= SURRENDER_MR {
                    self.rout(s, u, "Loss Point: forced retreat (10.8.1.3)", ev);
                } else {
                    self.disorder(s, u, "Loss Point: forced retreat (10.8.1.3)", ev);
                }
            }
            LossWay::Voluntary => {
                Self::set_losses(s, l.clone());
                if l.result.rout {
                    self.rout(s, u, "Loss Point: retreat as a Rout (10.8.3.2)", ev);
                } else {
                    self.voluntary_disorder(s, u, ev);
                }
            }
        }
    }

    /// 10.8.1.4 A voluntary retreat: Disordered (a Disordered Unit Routs, 9.1), one hex, never
    /// into an EZOC.
    fn voluntary_disorder(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let t = *s.troop(u);
        let Some(c) = t.cell else { return };
        if t.morale != Morale::Formed {
            self.rout(s, u, "Loss Point: voluntary retreat (10.8.1.4)", ev);
            return;
        }
        s.troop_mut(u).morale = Morale::Disordered;
        s.troop_mut(u).in_column = false;
        ev.push(Event::MoraleChanged {
            unit: u,
            morale: Morale::Disordered,
            why: "Loss Point: voluntary retreat (10.8.1.4)".into(),
        });
        self.push_retreat(s, u, c, 1, false, true);
    }

    /// 10.8.3.5 A surrender: the Unit is captured.
    fn surrender(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        self.remove_unit(s, u, Gone::Captured, "surrendered (10.8.3.5)", ev);
    }

    /// Runs a result forward while no choice is needed. Returns whether anything changed.
    pub(crate) fn losses_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(mut l) = Self::current_losses(s).cloned() else {
            return false;
        };
        match l.step {
            LossStep::Surrender => {
                if l.result.surrender {
                    // RULING (pg-rulings 23): surrenders come first.
                    // 10.8.3.5 Engaged Units with MR 3 or less surrender, 1 LP each.
                    let mut engaged = Vec::new();
                    for &h in &l.hexes {
                        for u in self.top_steps(s, h) {
                            if self.data.troops[u.ix()].side == l.side {
                                engaged.push(u);
                            }
                        }
                    }
                    for u in engaged {
                        if self.mr(s, u) <= SURRENDER_MR {
                            l.lp = l.lp.saturating_sub(1);
                            if l.lead == Some(u) {
                                l.lead = None;
                            }
                            self.surrender(s, u, ev);
                        }
                    }
                }
                l.step = LossStep::Assign;
                Self::set_losses(s, l);
                true
            }
            LossStep::Assign => {
                let cands = self.loss_candidates(s, &l);
                if l.lp == 0 || cands.is_empty() {
                    if l.lp > 0 {
                        ev.push(Event::Unsatisfied {
                            side: l.side,
                            lp: l.lp,
                        });
                        if l.combat
                            && let Some(c) = s.combat.as_mut()
                            && l.side != s.phasing
                        {
                            c.unsatisfied = c.unsatisfied.max(l.lp);
                        }
                    }
                    l.step = LossStep::Artillery;
                    Self::set_losses(s, l);
                    return true;
                }
                // A single possible way is taken at once.
                let mut options = Vec::new();
                for &u in &cands {
                    for w in self.loss_ways(s, &l, u) {
                        options.push((u, w));
                    }
                }
                if let [(u, w)] = options.as_slice() {
                    let (u, w) = (*u, *w);
                    self.satisfy(s, l, u, w, ev);
                    return true;
                }
                false
            }
            LossStep::Artillery => {
                if !l.result.artillery {
                    l.step = LossStep::Retreat;
                    Self::set_losses(s, l);
                    return true;
                }
                let guns = self.artillery_in(s, &l);
                match guns.as_slice() {
                    [] => {
                        l.step = LossStep::Retreat;
                        Self::set_losses(s, l);
                        true
                    }
                    [g] => {
                        let g = *g;
                        l.step = LossStep::Retreat;
                        Self::set_losses(s, l);
                        self.lose_step(s, g, "artillery step loss (10.8.3.1)", ev);
                        true
                    }
                    _ => false,
                }
            }
            LossStep::Retreat => {
                s.pending.pop();
                if l.result.retreat {
                    // 10.8.3.3 Every remaining Engaged Unit with MR under 5 is Disordered; a
                    // Formed Unit is never Routed by it.
                    let mut hit = Vec::new();
                    for &h in &l.hexes {
                        for u in self.top_steps(s, h) {
                            if self.data.troops[u.ix()].side == l.side && self.mr(s, u) < STEADY_MR
                            {
                                hit.push(u);
                            }
                        }
                    }
                    for u in hit.into_iter().rev() {
                        self.disorder(s, u, "additional retreat (10.8.3.3)", ev);
                    }
                }
                true
            }
        }
    }
}
