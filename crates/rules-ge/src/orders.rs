//! B5.4 The Battalion Game's orders: Orders Initiative after the Orders Phase (B5.4.1), the
//! Corps Leader Orders Checks of the Attack Orders and Reserve Orders Phases (B5.4.2, B4.2.4,
//! B4.2.5) with the orders passed down on a partial success, and the Overall Commander lending
//! his LIM (B5.4.3). None of this happens in the Soldiers Game.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Echelon, LeaderId, Level};
use crate::event::Event;
use crate::state::{
    Frame, LeaderStatus, OrderKind, OrdersPass, OrdersRoll, OrdersRollKind, Stage, State,
};
use coupdoeil_engine::Side;

impl GloryEmpire {
    /// Whether the scenario plays the Battalion Game's rules: at the Battalion level, or at the
    /// Brigade level, which adds to them (G Part III).
    #[must_use]
    pub fn battalion(&self) -> bool {
        self.data.level >= Level::Battalion
    }

    /// Whether the scenario is played as the Brigade Game (Part III, sections 17 to 23).
    #[must_use]
    pub fn brigade(&self) -> bool {
        self.data.level == Level::Brigade
    }

    /// B5.4.3 A leader's LIM now (front or Repl side).
    #[must_use]
    pub fn lim(&self, s: &State, l: LeaderId) -> i8 {
        self.leader_values(s, l).lim
    }

    /// B5.4.3 Whether the Overall Commander of `side` may lend his LIM to leader `l` now: he is
    /// on the map (at any distance from `l`), `l` is not he, and fewer leaders than his
    /// Efficiency Rating have had it in this phase. Never in the Reserve Orders Phase.
    #[must_use]
    pub fn may_lend(&self, s: &State, side: Side, l: LeaderId) -> bool {
        let oc = self.data.armies[side].oc;
        // RULING: an Overall Commander off the map (lost, or not yet arrived) lends nothing.
        s.stage != Stage::ReserveOrders
            && l != oc
            && s.leader(oc).status == LeaderStatus::OnMap
            && s.sides[side].lent < self.data.leaders[oc.ix()].er
    }

    /// B5.4.1 Whether leader `l` may roll for Orders Initiative now: a leader of the acting side
    /// with subordinates, on the map, with no order and no roll yet this turn; not above an
    /// echelon that has already rolled (highest first); and, while In Command, with no
    /// superior below the Overall Commander who has an order or has rolled.
    #[must_use]
    pub fn may_roll_initiative(&self, s: &State, l: LeaderId) -> bool {
        let d = &self.data.leaders[l.ix()];
        let st = s.leader(l);
        if d.side != s.acting
            || !d.has_subordinates()
            || st.status != LeaderStatus::OnMap
            || st.order.is_some()
            || st.initiative_rolled
        {
            return false;
        }
        if s.sides[d.side]
            .initiative_floor
            .is_some_and(|floor| d.echelon > floor)
        {
            return false;
        }
        if !st.in_command {
            return true;
        }
        let mut cur = self.superior(s, l);
        while let Some(sup) = cur {
            if self.data.leaders[sup.ix()].overall {
                break;
            }
            let x = s.leader(sup);
            if x.order.is_some() || x.initiative_rolled {
                return false;
            }
            cur = self.superior(s, sup);
        }
        true
    }

    /// B5.4.2 The corps leaders of `side` who still owe an Orders Check for an order of `kind`.
    #[must_use]
    pub fn corps_to_check(&self, s: &State, side: Side, kind: OrderKind) -> Vec<LeaderId> {
        (0..self.data.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| {
                let d = &self.data.leaders[l.ix()];
                let st = s.leader(l);
                d.side == side
                    && d.echelon == Echelon::Corps
                    && st.status == LeaderStatus::OnMap
                    && st.order == Some(kind)
                    && !st.orders_checked
            })
            .collect()
    }

    /// B5.4.2 The subordinate leaders a corps leader may pass his order to: his own
    /// subordinates on the map, In Command of him now, without an order of their own.
    #[must_use]
    pub fn pass_candidates(&self, s: &State, l: LeaderId) -> Vec<LeaderId> {
        let side = self.data.leaders[l.ix()].side;
        let (in_command, _) = self.command_state(s, side);
        self.data.leaders[l.ix()]
            .subordinates
            .iter()
            .copied()
            .filter(|&x| {
                let st = s.leader(x);
                st.status == LeaderStatus::OnMap
                    && st.order.is_none()
                    && in_command[x.ix()]
                    && self.data.leaders[x.ix()].has_subordinates()
            })
            .collect()
    }

    /// The decisions of the Orders Initiative, Attack Orders and Reserve Orders Phases, and of
    /// an order being passed down.
    pub(crate) fn orders_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(Frame::OrdersPass(p)) = s.pending.last() {
            out.extend(
                self.pass_candidates(s, p.leader)
                    .into_iter()
                    .map(Action::PassOrder),
            );
            out.push(Action::Pass);
            return;
        }
        match s.stage {
            Stage::OrdersInitiative => {
                for i in 0..self.data.leaders.len() {
                    let l = LeaderId(i as u8);
                    if !self.may_roll_initiative(s, l) {
                        continue;
                    }
                    let lend = self.may_lend(s, s.acting, l);
                    for kind in [OrderKind::Attack, OrderKind::Reserve] {
                        out.push(Action::OrdersInitiative {
                            leader: l,
                            kind,
                            lend: false,
                        });
                        if lend {
                            out.push(Action::OrdersInitiative {
                                leader: l,
                                kind,
                                lend: true,
                            });
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Stage::AttackOrders | Stage::ReserveOrders => {
                // B5.4.2 Every check is compulsory: only the order of the checks and the loans
                // are chosen.
                let (side, kind) = self.orders_phase(s);
                for l in self.corps_to_check(s, side, kind) {
                    out.push(Action::OrdersCheck {
                        leader: l,
                        lend: false,
                    });
                    if self.may_lend(s, side, l) {
                        out.push(Action::OrdersCheck {
                            leader: l,
                            lend: true,
                        });
                    }
                }
            }
            _ => {}
        }
    }

    /// The side checking and the kind of order checked in the current orders phase.
    fn orders_phase(&self, s: &State) -> (Side, OrderKind) {
        if s.stage == Stage::ReserveOrders {
            (s.phasing.other(), OrderKind::Reserve)
        } else {
            (s.phasing, OrderKind::Attack)
        }
    }

    /// Applies a decision of the Battalion orders phases.
    pub(crate) fn do_orders(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::PassOrder(to) => {
                let Some(Frame::OrdersPass(mut p)) = s.pending.pop() else {
                    return;
                };
                s.leaders[to.ix()].order = Some(p.kind);
                ev.push(Event::OrderPassed {
                    from: p.leader,
                    to,
                    kind: p.kind,
                });
                p.left = p.left.saturating_sub(1);
                if p.left > 0 {
                    s.pending.push(Frame::OrdersPass(p));
                }
            }
            Action::Pass if matches!(s.pending.last(), Some(Frame::OrdersPass(_))) => {
                s.pending.pop();
            }
            Action::Pass => {
                // B5.4.1 The initiative loser rolls first, as he placed his orders first.
                let loser = s.initiative.unwrap_or(Side::A).other();
                if s.acting == loser {
                    s.acting = loser.other();
                } else {
                    s.phasing = s.first;
                    s.second = false;
                    self.begin_player_turn(s, ev);
                }
            }
            Action::OrdersInitiative { leader, kind, lend } => {
                let side = self.data.leaders[leader.ix()].side;
                let st = &mut s.leaders[leader.ix()];
                st.initiative_rolled = true;
                let echelon = self.data.leaders[leader.ix()].echelon;
                let floor = &mut s.sides[side].initiative_floor;
                *floor = Some(floor.map_or(echelon, |f| f.min(echelon)));
                self.push_orders_roll(s, leader, kind, lend, OrdersRollKind::Initiative);
            }
            Action::OrdersCheck { leader, lend } => {
                let kind = s.leader(leader).order.unwrap_or(OrderKind::Attack);
                s.leaders[leader.ix()].orders_checked = true;
                self.push_orders_roll(s, leader, kind, lend, OrdersRollKind::CorpsCheck);
            }
            _ => {}
        }
    }

    fn push_orders_roll(
        &self,
        s: &mut State,
        leader: LeaderId,
        kind: OrderKind,
        lend: bool,
        roll: OrdersRollKind,
    ) {
        let side = self.data.leaders[leader.ix()].side;
        let mut lim = self.lim(s, leader);
        if lend {
            s.sides[side].lent += 1;
            lim = lim.saturating_add(self.lim(s, self.data.armies[side].oc));
        }
        s.pending.push(Frame::OrdersRoll(OrdersRoll {
            leader,
            kind,
            lim,
            lent: lend,
            roll,
        }));
    }

    /// B5.4.1 / B5.4.2 The d10 of an orders roll. Orders Initiative: a die below the LIM wins
    /// the order. Corps Leader Orders Check: at or below the LIM the order covers the whole
    /// corps; up to LIM+2 the corps leader passes it to as many subordinates as his Efficiency
    /// Rating; above, to one.
    pub(crate) fn orders_roll(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(Frame::OrdersRoll(r)) = s.pending.pop() else {
            return;
        };
        let d = i16::from(die);
        let lim = i16::from(r.lim);
        match r.roll {
            OrdersRollKind::Initiative => {
                let won = d < lim;
                if won {
                    s.leaders[r.leader.ix()].order = Some(r.kind);
                }
                ev.push(Event::OrdersInitiative {
                    leader: r.leader,
                    kind: r.kind,
                    die,
                    lim: r.lim,
                    lent: r.lent,
                    won,
                });
            }
            OrdersRollKind::CorpsCheck => {
                let pass_to = if d <= lim {
                    None
                } else if d <= lim + 2 {
                    Some(self.data.leaders[r.leader.ix()].er)
                } else {
                    Some(1)
                };
                ev.push(Event::OrdersCheck {
                    leader: r.leader,
                    kind: r.kind,
                    die,
                    lim: r.lim,
                    lent: r.lent,
                    pass_to,
                });
                if let Some(n) = pass_to {
                    s.leaders[r.leader.ix()].order_limited = true;
                    if n > 0 {
                        s.pending.push(Frame::OrdersPass(OrdersPass {
                            leader: r.leader,
                            kind: r.kind,
                            left: n,
                        }));
                    }
                }
            }
        }
    }

    /// B4.1 After the Orders Phase of the Battalion Game: the Orders Initiative Phase, the
    /// initiative loser first.
    pub(crate) fn begin_orders_initiative(&self, s: &mut State, ev: &mut Vec<Event>) {
        let loser = s.initiative.unwrap_or(Side::A).other();
        s.acting = loser;
        s.stage = Stage::OrdersInitiative;
        for side in Side::ALL {
            s.sides[side].lent = 0;
        }
        ev.push(Event::Phase {
            side: loser,
            phase: "Orders Initiative Phase (B5.4.1)".into(),
        });
    }

    /// B4.2.4 The Attack Orders Phase opens the phasing player's Movement Segment.
    pub(crate) fn begin_attack_orders(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        s.sides[side].lent = 0;
        s.stage = Stage::AttackOrders;
        ev.push(Event::Phase {
            side,
            phase: "Attack Orders Phase (B4.2.4, B5.4.2)".into(),
        });
    }

    /// B4.2.5 The Reserve Orders Phase opens the non-phasing player's Reserve Segment.
    pub(crate) fn begin_reserve_orders(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing.other();
        s.stage = Stage::ReserveOrders;
        ev.push(Event::Phase {
            side,
            phase: "Reserve Orders Phase (B4.2.5, B5.4.2)".into(),
        });
    }
}
