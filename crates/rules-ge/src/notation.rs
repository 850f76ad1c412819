//! Action notation (stable text for records and the protocol), action descriptions and event
//! texts for players, each citing its rule.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Cell, Formation, LeaderId, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{
    CheckKind, CombatKind, CombatStep, Frame, LeaderRoll, OrderKind, ReactKind, Stage, State,
};
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;

fn order_name(k: OrderKind) -> &'static str {
    match k {
        OrderKind::Attack => "attack",
        OrderKind::Reserve => "reserve",
    }
}

fn an_order(k: OrderKind) -> &'static str {
    match k {
        OrderKind::Attack => "an Attack order",
        OrderKind::Reserve => "a Reserve order",
    }
}

fn mods_text(m: &[Modifier]) -> String {
    if m.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = m
        .iter()
        .map(|x| format!("{} {:+} ({})", x.what, x.value, x.rule))
        .collect();
    format!(" [{}]", parts.join("; "))
}

impl GloryEmpire {
    fn hex(&self, c: Cell) -> String {
        self.data.board.label(c)
    }

    fn uid(&self, u: UnitId) -> &str {
        &self.data.troops[u.ix()].id
    }

    /// B5.4.3 The LIM a leader would roll against, with the OC's lent or not.
    fn orders_lim(&self, s: &State, l: LeaderId, lend: bool) -> i8 {
        let side = self.data.leaders[l.ix()].side;
        let mut lim = self.lim(s, l);
        if lend {
            lim = lim.saturating_add(self.lim(s, self.data.armies[side].oc));
        }
        lim
    }

    fn lid(&self, l: LeaderId) -> &str {
        &self.data.leaders[l.ix()].id
    }

    fn uname(&self, u: UnitId) -> &str {
        &self.data.troops[u.ix()].name
    }

    fn lname(&self, l: LeaderId) -> &str {
        &self.data.leaders[l.ix()].name
    }

    fn units_text(&self, v: &[UnitId]) -> String {
        v.iter()
            .map(|&u| self.uname(u).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn side_text(&self, s: Side) -> &str {
        &self.data.sides[s].1
    }

    /// The stable notation of an action.
    #[must_use]
    pub fn notation(&self, a: &Action) -> String {
        match *a {
            Action::Pass => "pass".into(),
            Action::First(side) => format!("first {}", self.data.sides[side].0),
            Action::Attach { unit, leader } => {
                format!("attach {} {}", self.uid(unit), self.lid(leader))
            }
            Action::Order { leader, kind } => {
                format!("order {} {}", self.lid(leader), order_name(kind))
            }
            Action::OrderGarrison { garrison, kind } => format!(
                "order-garrison {} {}",
                self.data.garrisons[garrison.ix()].id,
                order_name(kind)
            ),
            Action::Fire { from, target } => {
                format!("fire {} {}", self.hex(from), self.hex(target))
            }
            Action::RollingShot { from, ish } => {
                format!("roll {} {}", self.hex(from), self.hex(ish))
            }
            Action::FireRound {
                from,
                target,
                round,
            } => format!(
                "fire {} {} {}",
                self.hex(from),
                self.hex(target),
                round.name()
            ),
            Action::Select(u) => format!("select {}", self.uid(u)),
            Action::SelectLeader(l) => format!("select {}", self.lid(l)),
            Action::Enter { unit, at } => format!("enter {} {}", self.uid(unit), self.hex(at)),
            Action::EnterLeader { leader, at } => {
                format!("enter {} {}", self.lid(leader), self.hex(at))
            }
            Action::Drop(u) => format!("drop {}", self.uid(u)),
            Action::Step(c) => format!("step {}", self.hex(c)),
            Action::Face(f) => format!("face {f}"),
            Action::Form(f) => format!("form {}", f.name()),
            Action::Skirmish(n) => format!("skirmish {n}"),
            Action::Top(u) => format!("top {}", self.uid(u)),
            Action::Assault(c) => format!("assault {}", self.hex(c)),
            Action::Charge(c) => format!("charge {}", self.hex(c)),
            Action::Fortify => "fortify".into(),
            Action::EndMove => "end".into(),
            Action::RetreatTo(c) => format!("to {}", self.hex(c)),
            Action::ReactFire(c) => format!("react-fire {}", self.hex(c)),
            Action::ReactSquare(c) => format!("react-square {}", self.hex(c)),
            Action::ReactCharge(c) => format!("react-charge {}", self.hex(c)),
            Action::Resolve(c) => format!("resolve {}", self.hex(c)),
            Action::DefendAgainst(c) => format!("defend {}", self.hex(c)),
            Action::Advance(u) => format!("advance {}", self.uid(u)),
            Action::Regroup(c) => format!("regroup {}", self.hex(c)),
            Action::Place(c) => format!("place {}", self.hex(c)),
            Action::OrdersInitiative { leader, kind, lend } => format!(
                "initiative {} {}{}",
                self.lid(leader),
                order_name(kind),
                if lend { " lend" } else { "" }
            ),
            Action::OrdersCheck { leader, lend } => format!(
                "orders-check {}{}",
                self.lid(leader),
                if lend { " lend" } else { "" }
            ),
            Action::PassOrder(l) => format!("pass-order {}", self.lid(l)),
            Action::RetreatBefore(c) => format!("rbc {}", self.hex(c)),
            Action::ChargeMarker => "charge-marker".into(),
            Action::Recall => "recall".into(),
            Action::FollowOnCharge => "follow-on-charge".into(),
            Action::Reorder => "reorder".into(),
            Action::Prone => "prone".into(),
            Action::StandUp => "stand-up".into(),
            Action::Recover(l) => format!("recover {}", self.lid(l)),
            Action::ReactMove { from, to } => {
                format!("react-move {} {}", self.hex(from), self.hex(to))
            }
            Action::WaveCharge { unit, target } => {
                format!("wave-charge {} {}", self.uid(unit), self.hex(target))
            }
            Action::Wave(u) => format!("wave {}", self.uid(u)),
            Action::ReactChange { at, change } => format!(
                "react-change {} {}",
                self.hex(at),
                self.notation(&crate::reaction_change::as_move_action(change))
            ),
            Action::FormColumn(k) => format!("form {}", k.name()),
            Action::ClosedSquare => "form closed_square".into(),
            Action::RefuseFlank { right } => {
                format!("refuse {}", if right { "right" } else { "left" })
            }
            Action::QuarterWheel { right } => {
                format!("quarter-wheel {}", if right { "right" } else { "left" })
            }
            Action::Gtf { leader, kind } => format!(
                "gtf {} {}",
                self.lid(leader),
                kind.map_or("none", crate::gtf::GtfKind::name)
            ),
            Action::Evolve { leader, evolution } => {
                format!("evolve {} {}", self.lid(leader), evolution.name())
            }
            Action::CompleteEvolution(l) => format!("complete-evolution {}", self.lid(l)),
            Action::Detach { leader, unit } => {
                format!("detach {} {}", self.lid(leader), self.uid(unit))
            }
            Action::Rejoin(l) => format!("rejoin {}", self.lid(l)),
            Action::TrainMove { train, to } => {
                format!("train {} {}", self.tid(train), self.hex(to))
            }
            Action::TrainOff(train) => format!("train {} off", self.tid(train)),
            Action::DummyBrigade(l) => format!("dummies {}", self.lid(l)),
            Action::DummyMove { dummy, to } => format!("dummy {dummy} {}", self.hex(to)),
            Action::CaissonCreate(u) => format!("caisson {}", self.uid(u)),
            Action::CaissonMove { battery, to } => {
                format!("caisson {} {}", self.uid(battery), self.hex(to))
            }
            Action::CreateBz(l) => format!("bz {}", self.lid(l)),
            Action::DissolveBz(l) => format!("dissolve-bz {}", self.lid(l)),
            Action::ChangeDu { leader, to } => {
                format!("du {} {}", self.lid(leader), self.hex(to))
            }
        }
    }

    fn tid(&self, train: u8) -> &str {
        self.data
            .trains
            .get(usize::from(train))
            .map_or("?", |t| t.id.as_str())
    }

    fn tname(&self, train: u8) -> &str {
        self.data
            .trains
            .get(usize::from(train))
            .map_or("?", |t| t.name.as_str())
    }

    fn cell_of(&self, s: &str) -> Result<Cell, String> {
        self.data
            .board
            .parse(s)
            .ok_or_else(|| format!("`{s}` is not a hex of the map"))
    }

    fn unit_of(&self, s: &str) -> Result<UnitId, String> {
        self.data
            .troop_by_id(s)
            .ok_or_else(|| format!("`{s}` is not a combat unit of this scenario"))
    }

    fn leader_of(&self, s: &str) -> Result<LeaderId, String> {
        self.data
            .leader_by_id(s)
            .ok_or_else(|| format!("`{s}` is not a leader of this scenario"))
    }

    fn order_of(s: &str) -> Result<OrderKind, String> {
        match s {
            "attack" => Ok(OrderKind::Attack),
            "reserve" => Ok(OrderKind::Reserve),
            _ => Err(format!("`{s}` is not `attack` or `reserve`")),
        }
    }

    /// Parses [`GloryEmpire::notation`].
    ///
    /// # Errors
    /// Says what is wrong.
    pub fn parse(&self, text: &str) -> Result<Action, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let arg = |i: usize| -> Result<&str, String> {
            w.get(i)
                .copied()
                .ok_or_else(|| format!("`{text}`: something is missing"))
        };
        let done = |n: usize, a: Action| -> Result<Action, String> {
            if w.len() == n {
                Ok(a)
            } else {
                Err(format!("`{text}`: unexpected words at the end"))
            }
        };
        match w.first().copied() {
            Some("pass") => done(1, Action::Pass),
            Some("first") => {
                let id = arg(1)?;
                let side = Side::ALL
                    .into_iter()
                    .find(|&x| self.data.sides[x].0 == id)
                    .ok_or_else(|| format!("`{id}` is not a side of this scenario"))?;
                done(2, Action::First(side))
            }
            Some("attach") => done(
                3,
                Action::Attach {
                    unit: self.unit_of(arg(1)?)?,
                    leader: self.leader_of(arg(2)?)?,
                },
            ),
            Some("order") => done(
                3,
                Action::Order {
                    leader: self.leader_of(arg(1)?)?,
                    kind: Self::order_of(arg(2)?)?,
                },
            ),
            Some("order-garrison") => {
                let id = arg(1)?;
                let g = self
                    .data
                    .garrison_by_id(id)
                    .ok_or_else(|| format!("`{id}` is not a garrison of this scenario"))?;
                done(
                    3,
                    Action::OrderGarrison {
                        garrison: g,
                        kind: Self::order_of(arg(2)?)?,
                    },
                )
            }
            Some("fire") => {
                let from = self.cell_of(arg(1)?)?;
                let target = self.cell_of(arg(2)?)?;
                match w.get(3).copied() {
                    None => done(3, Action::Fire { from, target }),
                    Some(r) => {
                        let round = crate::artillery::Round::parse(r)
                            .ok_or_else(|| format!("`{r}` is not a round (G19.1)"))?;
                        done(
                            4,
                            Action::FireRound {
                                from,
                                target,
                                round,
                            },
                        )
                    }
                }
            }
            Some("roll") => done(
                3,
                Action::RollingShot {
                    from: self.cell_of(arg(1)?)?,
                    ish: self.cell_of(arg(2)?)?,
                },
            ),
            Some("select") => {
                let id = arg(1)?;
                match self.data.troop_by_id(id) {
                    Some(u) => done(2, Action::Select(u)),
                    None => done(2, Action::SelectLeader(self.leader_of(id)?)),
                }
            }
            Some("enter") => {
                let id = arg(1)?;
                let at = self.cell_of(arg(2)?)?;
                match self.data.troop_by_id(id) {
                    Some(unit) => done(3, Action::Enter { unit, at }),
                    None => done(
                        3,
                        Action::EnterLeader {
                            leader: self.leader_of(id)?,
                            at,
                        },
                    ),
                }
            }
            Some("drop") => done(2, Action::Drop(self.unit_of(arg(1)?)?)),
            Some("step") => done(2, Action::Step(self.cell_of(arg(1)?)?)),
            Some("face") => {
                let f = arg(1)?;
                let f: Facing = f.parse().map_err(|_| format!("`{f}` is not a facing"))?;
                done(2, Action::Face(f))
            }
            Some("form") => {
                let f = arg(1)?;
                if f == "closed_square" {
                    return done(2, Action::ClosedSquare);
                }
                if let Some(k) = crate::data::ColumnKind::parse(f) {
                    return done(2, Action::FormColumn(k));
                }
                let f = Formation::parse(f).ok_or_else(|| format!("`{f}` is not a formation"))?;
                done(2, Action::Form(f))
            }
            Some("skirmish") => {
                let n = arg(1)?;
                let n: u8 = n
                    .parse()
                    .ok()
                    .filter(|&n| n <= 3)
                    .ok_or_else(|| format!("`{n}` is not 0 to 3"))?;
                done(2, Action::Skirmish(n))
            }
            Some("top") => done(2, Action::Top(self.unit_of(arg(1)?)?)),
            Some("assault") => done(2, Action::Assault(self.cell_of(arg(1)?)?)),
            Some("charge") => done(2, Action::Charge(self.cell_of(arg(1)?)?)),
            Some("fortify") => done(1, Action::Fortify),
            Some("end") => done(1, Action::EndMove),
            Some("to") => done(2, Action::RetreatTo(self.cell_of(arg(1)?)?)),
            Some("react-fire") => done(2, Action::ReactFire(self.cell_of(arg(1)?)?)),
            Some("react-square") => done(2, Action::ReactSquare(self.cell_of(arg(1)?)?)),
            Some("react-charge") => done(2, Action::ReactCharge(self.cell_of(arg(1)?)?)),
            Some("resolve") => done(2, Action::Resolve(self.cell_of(arg(1)?)?)),
            Some("defend") => done(2, Action::DefendAgainst(self.cell_of(arg(1)?)?)),
            Some("advance") => done(2, Action::Advance(self.unit_of(arg(1)?)?)),
            Some("regroup") => done(2, Action::Regroup(self.cell_of(arg(1)?)?)),
            Some("place") => done(2, Action::Place(self.cell_of(arg(1)?)?)),
            Some("initiative") => {
                let leader = self.leader_of(arg(1)?)?;
                let kind = Self::order_of(arg(2)?)?;
                match w.get(3).copied() {
                    None => done(
                        3,
                        Action::OrdersInitiative {
                            leader,
                            kind,
                            lend: false,
                        },
                    ),
                    Some("lend") => done(
                        4,
                        Action::OrdersInitiative {
                            leader,
                            kind,
                            lend: true,
                        },
                    ),
                    Some(x) => Err(format!("`{x}`: only `lend` may follow the order")),
                }
            }
            Some("orders-check") => {
                let leader = self.leader_of(arg(1)?)?;
                match w.get(2).copied() {
                    None => done(
                        2,
                        Action::OrdersCheck {
                            leader,
                            lend: false,
                        },
                    ),
                    Some("lend") => done(3, Action::OrdersCheck { leader, lend: true }),
                    Some(x) => Err(format!("`{x}`: only `lend` may follow the leader")),
                }
            }
            Some("pass-order") => done(2, Action::PassOrder(self.leader_of(arg(1)?)?)),
            Some("recover") => done(2, Action::Recover(self.leader_of(arg(1)?)?)),
            Some("react-change") => {
                let at = self.cell_of(arg(1)?)?;
                let rest = w.get(2..).unwrap_or_default().join(" ");
                let change = crate::reaction_change::from_move_action(self.parse(&rest)?)
                    .ok_or_else(|| format!("`{rest}` is no Reaction Formation Change (G21.1)"))?;
                Ok(Action::ReactChange { at, change })
            }
            Some("wave-charge") => done(
                3,
                Action::WaveCharge {
                    unit: self.unit_of(arg(1)?)?,
                    target: self.cell_of(arg(2)?)?,
                },
            ),
            Some("wave") => done(2, Action::Wave(self.unit_of(arg(1)?)?)),
            Some("react-move") => done(
                3,
                Action::ReactMove {
                    from: self.cell_of(arg(1)?)?,
                    to: self.cell_of(arg(2)?)?,
                },
            ),
            Some("gtf") => {
                let leader = self.leader_of(arg(1)?)?;
                let kind = match arg(2)? {
                    "none" => None,
                    x => Some(crate::gtf::GtfKind::parse(x).ok_or_else(|| {
                        format!("`{x}` is not gc, double-gc, lob, double-lob or none")
                    })?),
                };
                done(3, Action::Gtf { leader, kind })
            }
            Some("evolve") => {
                let leader = self.leader_of(arg(1)?)?;
                let x = arg(2)?;
                let evolution = crate::gtf::Evolution::parse(x)
                    .ok_or_else(|| format!("`{x}` is not an evolution"))?;
                done(3, Action::Evolve { leader, evolution })
            }
            Some("detach") => done(
                3,
                Action::Detach {
                    leader: self.leader_of(arg(1)?)?,
                    unit: self.unit_of(arg(2)?)?,
                },
            ),
            Some("rejoin") => done(2, Action::Rejoin(self.leader_of(arg(1)?)?)),
            Some("train") => {
                let id = arg(1)?;
                let train = self
                    .data
                    .trains
                    .iter()
                    .position(|t| t.id == id)
                    .ok_or_else(|| format!("`{id}` is not a Train of this scenario (G19.2)"))?
                    as u8;
                match arg(2)? {
                    "off" => done(3, Action::TrainOff(train)),
                    h => done(
                        3,
                        Action::TrainMove {
                            train,
                            to: self.cell_of(h)?,
                        },
                    ),
                }
            }
            Some("dummies") => done(2, Action::DummyBrigade(self.leader_of(arg(1)?)?)),
            Some("dummy") => {
                let dummy: u8 = arg(1)?
                    .parse()
                    .map_err(|_| format!("`{}` is not a Dummy Stack's number", w[1]))?;
                done(
                    3,
                    Action::DummyMove {
                        dummy,
                        to: self.cell_of(arg(2)?)?,
                    },
                )
            }
            Some("caisson") => {
                let battery = self.unit_of(arg(1)?)?;
                match w.get(2) {
                    None => done(2, Action::CaissonCreate(battery)),
                    Some(h) => done(
                        3,
                        Action::CaissonMove {
                            battery,
                            to: self.cell_of(h)?,
                        },
                    ),
                }
            }
            Some("bz") => done(2, Action::CreateBz(self.leader_of(arg(1)?)?)),
            Some("dissolve-bz") => done(2, Action::DissolveBz(self.leader_of(arg(1)?)?)),
            Some("du") => done(
                3,
                Action::ChangeDu {
                    leader: self.leader_of(arg(1)?)?,
                    to: self.cell_of(arg(2)?)?,
                },
            ),
            Some("complete-evolution") => {
                done(2, Action::CompleteEvolution(self.leader_of(arg(1)?)?))
            }
            Some("refuse") => match arg(1)? {
                "right" => done(2, Action::RefuseFlank { right: true }),
                "left" => done(2, Action::RefuseFlank { right: false }),
                x => Err(format!("`{x}` is not right or left")),
            },
            Some("quarter-wheel") => match arg(1)? {
                "right" => done(2, Action::QuarterWheel { right: true }),
                "left" => done(2, Action::QuarterWheel { right: false }),
                x => Err(format!("`{x}` is not right or left")),
            },
            Some("rbc") => done(2, Action::RetreatBefore(self.cell_of(arg(1)?)?)),
            Some("charge-marker") => done(1, Action::ChargeMarker),
            Some("recall") => done(1, Action::Recall),
            Some("follow-on-charge") => done(1, Action::FollowOnCharge),
            Some("reorder") => done(1, Action::Reorder),
            Some("prone") => done(1, Action::Prone),
            Some("stand-up") => done(1, Action::StandUp),
            _ => Err(format!("`{text}` is not an action of Glory and Empire")),
        }
    }

    /// The action in words, with its rule.
    #[must_use]
    #[allow(clippy::too_many_lines)]
    pub fn describe(&self, s: &State, a: &Action) -> String {
        match *a {
            Action::Pass => match s.pending.last() {
                Some(Frame::React(_)) => "no (further) reaction (14)".into(),
                Some(Frame::OrdersPass(_)) => "pass the order to no more leaders (B5.4.2)".into(),
                Some(Frame::Combat(_)) => "no more (13)".into(),
                Some(Frame::PickUp { .. }) => {
                    "leave the leader where his Directing Unit's move puts him (G17.1.2)".into()
                }
                _ => match s.stage {
                    Stage::Fire | Stage::NpFire => "end the fire segment (4.2.2)".into(),
                    Stage::Movement | Stage::ReserveMovement => {
                        "end the movement phase (4.2.4)".into()
                    }
                    Stage::Attachment => "no more attachments (5.3.3)".into(),
                    Stage::Orders => "no more orders (5.4)".into(),
                    Stage::OrdersInitiative => "no more Orders Initiative rolls (B5.4.1)".into(),
                    _ => "pass".into(),
                },
            },
            Action::First(side) => {
                format!("{} takes the first Player Turn (5.1)", self.side_text(side))
            }
            Action::Attach { unit, leader } => format!(
                "attach {} to {} for the turn (5.3.3)",
                self.uname(unit),
                self.lname(leader)
            ),
            Action::Order { leader, kind } => {
                format!("give {} {} (5.4)", self.lname(leader), an_order(kind))
            }
            Action::OrderGarrison { garrison, kind } => format!(
                "give the {} garrison {} (5.4)",
                self.data.garrisons[garrison.ix()].name,
                an_order(kind)
            ),
            Action::Fire { from, target } => {
                let st = self.strength(s, from);
                let odds = st.as_ref().map(|st| {
                    let r = self.data.board.distance(from, target);
                    self.fire_odds(s, from, target, &s.stack(target), st, false, r)
                });
                match odds {
                    Some(o) => format!(
                        "fire from {} at {}: FS {} to column {}{} (12)",
                        self.hex(from),
                        self.hex(target),
                        o.fs,
                        o.column,
                        mods_text(&o.modifiers)
                    ),
                    None => format!("fire from {} at {} (12)", self.hex(from), self.hex(target)),
                }
            }
            Action::RollingShot { from, ish } => format!(
                "Rolling Shot from {} into {}: Round Shot along the Line of Fire through {} \
                 (G19.6)",
                self.hex(from),
                self.hex(ish),
                self.line_of_fire(s, from, ish)
                    .iter()
                    .map(|p| self.hex(p.at))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::FireRound {
                from,
                target,
                round,
            } if self.howitzer_attack(Some(round)) => {
                let drm = self.howitzer_drm(s, from, target);
                let hit_on = self.data.charts.howitzer.as_ref().map_or(0, |h| h.hit_on);
                format!(
                    "Howitzer Attack from {} at {}: a hit on {hit_on:02} or more{}, else the \
                     shell scatters (G19.7)",
                    self.hex(from),
                    self.hex(target),
                    if drm != 0 {
                        format!(" with {drm:+}")
                    } else {
                        String::new()
                    }
                )
            }
            Action::FireRound {
                from,
                target,
                round,
            } => {
                let st = self.strength_round(s, from, Some(round));
                let odds = st.as_ref().map(|st| {
                    let r = self.data.board.distance(from, target);
                    self.fire_odds(s, from, target, &s.stack(target), st, false, r)
                });
                match odds {
                    Some(o) => format!(
                        "fire {} from {} at {}: FS {} to column {}{} (G19.1)",
                        round.title(),
                        self.hex(from),
                        self.hex(target),
                        o.fs,
                        o.column,
                        mods_text(&o.modifiers)
                    ),
                    None => format!(
                        "fire {} from {} at {} (G19.1)",
                        round.title(),
                        self.hex(from),
                        self.hex(target)
                    ),
                }
            }
            Action::Select(u) => {
                let c = s.troop(u).cell.map(|c| self.hex(c)).unwrap_or_default();
                format!("move the stack of {} in {} (9.1)", self.uname(u), c)
            }
            Action::SelectLeader(l) => format!("move {} (9.1)", self.lname(l)),
            Action::Enter { unit, at } => {
                format!("{} enters at {} (9.3)", self.uname(unit), self.hex(at))
            }
            Action::EnterLeader { leader, at } => {
                format!("{} arrives at {} (9.3)", self.lname(leader), self.hex(at))
            }
            Action::Drop(u) => format!("leave {} behind (9.1.2)", self.uname(u)),
            Action::Step(c) => {
                let o = self.step_options(s).into_iter().find(|o| o.to == c);
                let t = self.data.terrain(c);
                let mut x = format!("move into {} ({})", self.hex(c), t.name);
                if let Some(o) = o {
                    x.push_str(&format!(" for {} MP", o.cost));
                    if o.stops {
                        x.push_str(", ending the move");
                    }
                }
                x.push_str(" (9.1)");
                x
            }
            Action::Face(f) => {
                let lead = s.moving.as_ref().and_then(|m| m.units.first()).copied();
                match lead.map(|u| s.troop(u)) {
                    Some(t) if self.is_about_face(t.formation, t.facing, f) => {
                        format!("about-face to {f} for 0 MP, inverting the sub-units (G18.1.2)")
                    }
                    Some(t)
                        if t.formation == Formation::Column
                            && self.face_cost(t.formation, t.column, t.facing, f) > 0 =>
                    {
                        format!("turn the close-order column to face {f} for 1 MP (G18.1.1)")
                    }
                    Some(t) if self.face_cost(t.formation, t.column, t.facing, f) > 0 => format!(
                        "wheel to face {f} for {} MP (G18.1.2)",
                        self.face_cost(t.formation, t.column, t.facing, f)
                    ),
                    _ => format!("face {f} (7.1.2)"),
                }
            }
            Action::Form(f) => {
                let cost = self
                    .form_options(s)
                    .into_iter()
                    .find(|x| x.0 == f)
                    .map_or(0, |x| x.1);
                format!("change to {} ({}) for {cost} MP (7.2)", f.title(), f.rule())
            }
            Action::Skirmish(0) => "recall the skirmishers (7.6.2)".into(),
            Action::Skirmish(n) => format!("deploy {n} SP en Tirailleurs (7.6.1)"),
            Action::Top(u) => format!("put {} on top of the stack for 1 MP (6.2)", self.uname(u)),
            Action::Assault(c) => format!("declare an Assault on {} (13.1.1)", self.hex(c)),
            Action::Charge(c) => format!("declare a Charge on {} (13.2.1)", self.hex(c)),
            Action::Fortify => "spend the whole MA fortifying the post (15.2.1)".into(),
            Action::EndMove => "end this move (9.1)".into(),
            Action::RetreatTo(c) => format!("retreat into {} (9.2)", self.hex(c)),
            Action::ReactFire(c) => format!(
                "the stack in {} fires at the moving enemy (14.2)",
                self.hex(c)
            ),
            Action::ReactSquare(c) if self.any_refused(s, &s.stack(c)) => format!(
                "the infantry in {} tries to bring its refused flank back (G18.5.3)",
                self.hex(c)
            ),
            Action::ReactSquare(c) => format!(
                "the infantry in {} tries to form Square (14.3)",
                self.hex(c)
            ),
            Action::ReactCharge(c) => format!(
                "the cavalry in {} tries a Reaction Charge (14.4)",
                self.hex(c)
            ),
            Action::Resolve(c) => {
                format!("resolve the close combat against {} (4.2.6)", self.hex(c))
            }
            Action::DefendAgainst(c) => {
                format!("Defensive Fire at the stack in {} (13.4)", self.hex(c))
            }
            Action::Advance(u) => format!("{} advances after combat (13.6)", self.uname(u)),
            Action::Regroup(c) => format!("regroup into {} (13.2.5)", self.hex(c)),
            Action::Place(c) => format!("place the returning leader in {} (5.2.3)", self.hex(c)),
            Action::OrdersInitiative { leader, kind, lend } => format!(
                "{} rolls for {} on a d10 below his LIM {}{} (B5.4.1)",
                self.lname(leader),
                an_order(kind),
                self.orders_lim(s, leader, lend),
                if lend {
                    ", the Overall Commander's LIM lent (B5.4.3)"
                } else {
                    ""
                }
            ),
            Action::OrdersCheck { leader, lend } => format!(
                "{} makes his Orders Check against LIM {}{} (B5.4.2)",
                self.lname(leader),
                self.orders_lim(s, leader, lend),
                if lend {
                    ", the Overall Commander's LIM lent (B5.4.3)"
                } else {
                    ""
                }
            ),
            Action::PassOrder(l) => format!("pass the order to {} (B5.4.2)", self.lname(l)),
            Action::RetreatBefore(c) => {
                format!("retreat before combat into {} (B13.4)", self.hex(c))
            }
            Action::ChargeMarker => "place a Charge marker, ending the move; the target is \
                                     declared in the Charge Phase (B13.2.1)"
                .into(),
            Action::Recall => "make a Recall Check: on a pass the cavalry may end its Charge or \
                               choose another target (B13.2.7)"
                .into(),
            Action::FollowOnCharge => "attempt a Follow-On Charge: a Morale Check first, then a \
                                       new target (B13.2.10)"
                .into(),
            Action::Reorder => format!(
                "put the inverted sub-units back in order for {} MP (G17.4.3)",
                crate::drill::REORDER_MP
            ),
            Action::Prone => "go Prone, ending the move (G18.6.1)".into(),
            Action::RefuseFlank { right } => {
                let side = if right { "right" } else { "left" };
                let placed = s
                    .moving
                    .as_ref()
                    .and_then(|m| m.units.first())
                    .is_some_and(|&u| s.troop(u).refused & crate::refused::bit(right) != 0);
                if placed {
                    format!("remove the {side} Refused Flank marker for 1 MP (G18.5.3)")
                } else {
                    format!("refuse the {side} flank for 1 MP (G18.5.3)")
                }
            }
            Action::StandUp => "stand up, for no MP (G18.6.2)".into(),
            Action::FormColumn(_) | Action::ClosedSquare | Action::QuarterWheel { .. } => {
                let cost = self
                    .column_options(s)
                    .into_iter()
                    .find(|x| x.0 == *a)
                    .map_or(0, |x| x.1);
                match *a {
                    Action::FormColumn(k)
                        if s.moving
                            .as_ref()
                            .and_then(|m| m.units.first())
                            .is_some_and(|&u| self.closed_square(s, u)) =>
                    {
                        format!("leave the Closed Square, back into {} (G18.4)", k.title())
                    }
                    Action::FormColumn(k) => {
                        format!(
                            "change to {} ({}) for {cost} MP (G18.2)",
                            k.title(),
                            k.rule()
                        )
                    }
                    Action::QuarterWheel { right } => format!(
                        "quarter-wheel to the {} into {} for {cost} MP (G18.3)",
                        if right { "right" } else { "left" },
                        if s.moving
                            .as_ref()
                            .and_then(|m| m.units.first())
                            .is_some_and(|&u| s.troop(u).formation == Formation::Line)
                        {
                            "Open Column"
                        } else {
                            "Line"
                        }
                    ),
                    _ => "form a Closed Square, for no MP (G18.4)".into(),
                }
            }
            Action::Recover(l) => format!(
                "{}'s brigade (Fatigue Level {}) enters Fatigue Recovery (G22.3)",
                self.lname(l),
                s.leader(l).fatigue.level
            ),
            Action::WaveCharge { unit, target } => format!(
                "declare a Wave Charge on {}, {} its first wave (G20.1)",
                self.hex(target),
                self.uname(unit)
            ),
            Action::Wave(u) => format!("{} charges as the next wave (G20.1)", self.uname(u)),
            Action::ReactChange { at, change } => format!(
                "the stack in {} tries a Reaction Formation Change (G21.1): {}",
                self.hex(at),
                self.notation(&crate::reaction_change::as_move_action(change))
            ),
            Action::ReactMove { from, to } => format!(
                "the stack in {} makes a Reaction Move to {} (G21.2)",
                self.hex(from),
                self.hex(to)
            ),
            Action::Gtf { leader, kind: None } => format!(
                "{} removes his GTF marker: his units are In Command only when stacked with him \
                 (G17.1, G17.1.1)",
                self.lname(leader)
            ),
            Action::Evolve { leader, evolution } => format!(
                "{}'s brigade begins to {}: {} {} evolution{}",
                self.lname(leader),
                evolution.title(),
                if evolution.class() == crate::gtf::EvolutionClass::Easy
                    || evolution.class() == crate::gtf::EvolutionClass::Ordinary
                {
                    "an"
                } else {
                    "a"
                },
                evolution.class().name(),
                if evolution.class() == crate::gtf::EvolutionClass::Easy {
                    String::new()
                } else {
                    format!(
                        ", 1 MP more for each unit and an Evolution Check at its end, DRM {:+} \
                         (G17.3.1)",
                        self.evolution_drm(s, leader, evolution.class())
                    )
                }
            ),
            Action::CompleteEvolution(l) => format!(
                "{}'s brigade completes its evolution (G17.3.1)",
                self.lname(l)
            ),
            Action::Detach { leader, unit } => format!(
                "{} detaches the regiment of {} from its brigade and leads it (G17.5)",
                self.lname(leader),
                self.uname(unit)
            ),
            Action::Rejoin(l) => format!(
                "{}'s Detached Regiment rejoins its brigade (G17.5)",
                self.lname(l)
            ),
            Action::TrainMove { train, to } => {
                format!("{} moves to {} (G19.2)", self.tname(train), self.hex(to))
            }
            Action::TrainOff(train) => {
                format!("{} leaves the map (G19.2)", self.tname(train))
            }
            Action::DummyBrigade(l) => format!(
                "a Dummy Brigade imitates the obscured brigade of {} (G23.2)",
                self.lname(l)
            ),
            Action::DummyMove { dummy, to } => {
                format!("Dummy Stack {dummy} moves to {} (G23.2.1)", self.hex(to))
            }
            Action::CaissonCreate(u) => format!(
                "{} sends an empty Caisson to its Train for ammunition (G19.3.1)",
                self.uname(u)
            ),
            Action::CaissonMove { battery, to } => format!(
                "the Caisson of {} moves to {} (G19.3)",
                self.uname(battery),
                self.hex(to)
            ),
            Action::CreateBz(l) => format!(
                "{} creates a Bombardment Zone with {} (G19.5.1)",
                self.lname(l),
                self.bz_string(s, l, None)
                    .map_or_else(String::new, |v| self.units_text(&v))
            ),
            Action::DissolveBz(l) => {
                format!("{} dissolves his Bombardment Zone (G19.5.1)", self.lname(l))
            }
            Action::ChangeDu { leader, to } => format!(
                "{} rides to {}{}, his new Directing Unit (G17.1, no MP)",
                self.lname(leader),
                self.gtf_of(s, leader)
                    .and_then(|k| self.du_in(s, leader, k, to))
                    .map_or_else(String::new, |u| format!("{} in ", self.uname(u))),
                self.hex(to)
            ),
            Action::Gtf {
                leader,
                kind: Some(k),
            } if s.stage == Stage::Movement => format!(
                "{}'s brigade makes the Easy evolution into a {} (G17.3.4, G17.3.5)",
                self.lname(leader),
                k.title()
            ),
            Action::Gtf {
                leader,
                kind: Some(k),
            } => format!(
                "{} reforms his brigade as a {} (G17.1.2, G17.2)",
                self.lname(leader),
                k.title()
            ),
        }
    }

    /// What the game waits for, in plain words: the phase or segment with the side playing it
    /// and its rule (4), then what is wanted now (the procedure interrupting the phase, if
    /// any, with its own rule).
    #[must_use]
    pub fn waiting_text(&self, s: &State) -> String {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) => format!("the game is over: {} wins, {}", self.side_text(w), e.kind),
                None => "the game is over: a draw".into(),
            };
        }
        let p = self.side_text(s.phasing);
        let np = self.side_text(s.phasing.other());
        let acting = self.side_text(s.acting);
        let moving = || match &s.moving {
            Some(m) => {
                let who = match m.leader {
                    Some(l) => self.lname(l).to_string(),
                    None => self.units_text(&m.units),
                };
                format!(
                    "{who} in {}, {} MP spent: move on, face, change formation or end the move \
                     (9.1)",
                    self.hex(m.at),
                    m.spent
                )
            }
            None => "choose a stack or leader to move, or end the phase (9.1)".to_string(),
        };
        let (phase, now) = match s.stage {
            Stage::Initiative => (
                "Initiative Phase (5.1)".to_string(),
                "both sides roll for the initiative".to_string(),
            ),
            Stage::RandomEvent => (
                "Initiative Phase (5.1)".to_string(),
                "the Random Event roll (5.1.2)".to_string(),
            ),
            Stage::ChooseFirst => (
                "Initiative Phase (5.1)".to_string(),
                format!(
                    "{} chooses who takes the first Player Turn",
                    s.initiative.map_or("the winner", |w| self.side_text(w))
                ),
            ),
            Stage::Attachment => (
                format!("{acting} Command Attachment Phase (5.3.3)"),
                "attach units to leaders, or end the phase".to_string(),
            ),
            Stage::Orders => (
                format!("{acting} Orders Phase (5.4)"),
                "place orders on leaders, or end the phase".to_string(),
            ),
            Stage::OrdersInitiative => (
                format!("{acting} Orders Initiative Phase (B5.4.1)"),
                "roll for leaders without orders, or end the phase".to_string(),
            ),
            Stage::AttackOrders => (
                format!("{p} Attack Orders Phase (B4.2.4)"),
                "the Orders Checks of corps leaders with Attack orders (B5.4.2)".to_string(),
            ),
            Stage::ReserveOrders => (
                format!("{np} Reserve Orders Phase (B4.2.5)"),
                "the Orders Checks of corps leaders with Reserve orders (B5.4.2)".to_string(),
            ),
            Stage::Rally => (
                format!("{p} Rally Phase (8.2)"),
                "the Rally Checks".to_string(),
            ),
            Stage::ArtillerySupply => (
                format!("{p} Artillery Resupply Phase (B7.9.3)"),
                "the resupply rolls".to_string(),
            ),
            Stage::FatigueRecovery => (
                format!("{p} Fatigue Recovery Phase (G22.3)"),
                "put fatigued brigades into Fatigue Recovery, or pass (G22.3)".to_string(),
            ),
            Stage::FatigueCheck => (
                format!("{p} Fatigue Check Phase (G22.1)"),
                "the Fatigue Check rolls".to_string(),
            ),
            Stage::Fire => (
                format!("{p} Fire Segment (4.2.2)"),
                "choose a stack to fire and its target, or end the segment (12)".to_string(),
            ),
            Stage::NpFire => (
                format!("{np} Non-Phasing Artillery Segment (4.2.3)"),
                "choose a battery to fire, or end the segment (12)".to_string(),
            ),
            Stage::Movement => (format!("{p} Movement Phase (4.2.4)"), moving()),
            Stage::ReserveMovement => (format!("{np} Reserve Movement Phase (4.2.5)"), moving()),
            Stage::Charges => (
                format!("{p} Charge Phase (4.2.6)"),
                "choose a declared Charge to resolve (13.2)".to_string(),
            ),
            Stage::Assaults => (
                format!("{p} Assault Phase (4.2.6)"),
                "choose a declared Assault to resolve (13.1)".to_string(),
            ),
            Stage::FireFighting if s.blaze.spreading.is_some() => (
                "Fire Fighting Phase (16.3)".to_string(),
                "the random pick of the hex a fire spreads to (16.3)".to_string(),
            ),
            Stage::FireFighting => (
                "Fire Fighting Phase (16.3)".to_string(),
                "the d10 of each burning hex (16.3)".to_string(),
            ),
            Stage::LeaderReplacement => (
                "Leader Replacement Phase (4.3)".to_string(),
                "place the returning leader (5.2.3)".to_string(),
            ),
            Stage::Over => (
                "the end of the battle".to_string(),
                "the game is over".to_string(),
            ),
        };
        let now = match s.pending.last() {
            None => now,
            Some(f) => match f {
                Frame::Retreat(r) => format!(
                    "{} retreat{}, {} more hex{} (9.2)",
                    self.units_text(&r.units),
                    if r.units.len() == 1 { "s" } else { "" },
                    r.left,
                    if r.left == 1 { "" } else { "es" }
                ),
                Frame::Check(c) => format!(
                    "{} make{} a Morale Check {} (8.1)",
                    self.units_text(&c.units),
                    if c.units.len() == 1 { "s" } else { "" },
                    match c.kind {
                        CheckKind::EnterEzoc => "to enter an enemy zone of control (10.1)",
                        CheckKind::Rally => "to rally (8.2)",
                        CheckKind::PassedThrough => "after a retreat passed through (9.2.1)",
                        CheckKind::Square => "to form Square in reaction (14.3)",
                        CheckKind::ReactionCharge => "to make a Reaction Charge (14.4.2)",
                        CheckKind::Disorder => "as a Disorder Check after its move (B9.4)",
                        CheckKind::Recall => "as a Recall Check (B13.2.7)",
                        CheckKind::FollowOnCharge => "to make a Follow-On Charge (B13.2.10)",
                        CheckKind::RecallSkirmishers => "to recall its skirmishers (B7.7.2)",
                        CheckKind::Command => "as a Command Check (B7.7.3)",
                        CheckKind::Fire => "in a hex on fire (16.3)",
                    }
                ),
                Frame::Rolling(r) => format!(
                    "the die choosing a hex of the Rolling Shot's Line of Fire from {} (G19.6.1)",
                    self.hex(r.from)
                ),
                Frame::Howitzer(h) => match h.missed {
                    None => format!(
                        "the Howitzer Attack's hit roll from {} at {} (G19.7.2)",
                        self.hex(h.from),
                        self.hex(h.target)
                    ),
                    Some(_) => format!(
                        "the scatter roll of the shell that missed {} (G19.7.2)",
                        self.hex(h.target)
                    ),
                },
                Frame::FireRoll(f) => format!(
                    "the fire dice from {} at {} (12.3)",
                    self.hex(f.from),
                    self.hex(f.target)
                ),
                Frame::FireApply(f) => {
                    format!("the fire results on {} (12.3.1)", self.hex(f.target))
                }
                Frame::Step(p) => format!("the step into {} (9.1)", self.hex(p.to)),
                Frame::Form(f) => format!("the change to {} ({}) (7.2)", f.to.title(), f.to.rule()),
                Frame::React(w) => format!(
                    "{} may answer with {}, or decline",
                    self.side_text(w.side),
                    match w.kind {
                        ReactKind::Fire => "Reaction Fire (14.2)",
                        ReactKind::Square if self.brigade() => {
                            "a Reaction Formation Change (14.3, G21.1)"
                        }
                        ReactKind::Square => "a Reaction Formation Change to Square (14.3)",
                        ReactKind::Charge => "a Reaction Charge (14.4)",
                        ReactKind::Move => "a Reaction Move (G21.2)",
                    }
                ),
                Frame::Combat(c) => format!(
                    "{} on {}: {}",
                    match c.kind {
                        CombatKind::Assault => "the Assault (13.1)",
                        CombatKind::Charge => "the Charge (13.2)",
                        CombatKind::ReactionCharge => "the Reaction Charge (14.4)",
                    },
                    self.hex(c.target),
                    Self::combat_step_name(c.step)
                ),
                Frame::Leader(LeaderRoll::Capture(_)) => {
                    "the capture roll of a leader left alone (5.2.2)".into()
                }
                Frame::Leader(LeaderRoll::Casualty(_)) => {
                    "the roll for which leader is the casualty (12.3.1, 13.5.1)".into()
                }
                Frame::Face { units, .. } => format!(
                    "{} choose{} a facing (7.1.2)",
                    self.units_text(units),
                    if units.len() == 1 { "s" } else { "" }
                ),
                Frame::Resupply(v) => format!(
                    "the resupply d10 of {} (B7.9.3)",
                    self.units_text(&v[..1.min(v.len())])
                ),
                Frame::Evolution(l, _) => format!(
                    "the Evolution Check d10 of {}'s brigade (G17.3.1)",
                    self.lname(*l)
                ),
                Frame::Fatigue(v) => match v.first() {
                    Some(&l) => format!(
                        "the Fatigue Check d10 of {}'s brigade (G22.1)",
                        self.lname(l)
                    ),
                    None => "the Fatigue Check d10 (G22.1)".into(),
                },
                Frame::OrdersRoll(r) => format!(
                    "the d10 of {} against LIM {} (B5.4)",
                    self.lname(r.leader),
                    r.lim
                ),
                Frame::PickUp { leader, du } => format!(
                    "{}'s Directing Unit {} moves: pick him up and put him with another of \
                     his units, or not (G17.1.2)",
                    self.lname(*leader),
                    self.units_text(&[*du])
                ),
                Frame::ChargeMove(cm) => format!(
                    "{}'s Charge Movement from {}, {} hex{} moved: move on or declare the \
                     target (B13.2.5)",
                    self.units_text(&cm.units),
                    self.hex(cm.origin),
                    cm.hexes,
                    if cm.hexes == 1 { "" } else { "es" }
                ),
                Frame::Waves(w) if !w.launched => format!(
                    "the Wave Charge on {}: {} wave{} so far, another, or launch them (G20.1)",
                    self.hex(w.target),
                    w.units.len(),
                    if w.units.len() == 1 { "" } else { "s" }
                ),
                Frame::Waves(w) => format!(
                    "the Wave Charge on {}, wave {} of {} (G20.1.1)",
                    self.hex(w.target),
                    w.next,
                    w.units.len()
                ),
                Frame::ReactMove(rm) => format!(
                    "{}'s Reaction Move from {} to {} (G21.2)",
                    self.units_text(&rm.units),
                    self.hex(rm.from),
                    self.hex(rm.to)
                ),
                Frame::OrdersPass(p) => format!(
                    "{} may pass {} to {} more subordinate leader{} (B5.4.2)",
                    self.lname(p.leader),
                    an_order(p.kind),
                    p.left,
                    if p.left == 1 { "" } else { "s" }
                ),
            },
        };
        format!("{phase}: {now}")
    }

    /// An event in words, citing its rule.
    #[must_use]
    #[allow(clippy::too_many_lines)]
    pub fn event_text(&self, e: &Event) -> String {
        match e {
            Event::TurnBegins { turn, clock, light } => {
                format!("Turn {turn} begins, {clock}, {light}")
            }
            Event::Phase { side, phase } => format!("{}: {phase}", self.side_text(*side)),
            Event::InitiativeRoll { side, die, total } => {
                format!(
                    "{} rolls {die} for the initiative, {total} with the CIM (5.1)",
                    self.side_text(*side)
                )
            }
            Event::InitiativeTie => "a tie: both roll again (5.1)".into(),
            Event::RandomEvent { roll, name, text } => {
                format!("Random Event {roll:02}: {name}. {text} (5.1.2)")
            }
            Event::Initiative { winner } => {
                format!("{} wins the initiative (5.1)", self.side_text(*winner))
            }
            Event::FirstPlayer { side } => format!(
                "{} takes the first Player Turn (5.1)",
                self.side_text(*side)
            ),
            Event::OrdersReceived { side, orders } => {
                let plural = if *orders == 1 { "" } else { "s" };
                format!(
                    "{} receives {orders} order{plural} (5.1.1)",
                    self.side_text(*side)
                )
            }
            Event::Attached { unit, leader } => format!(
                "{} is attached to {} (5.3.3)",
                self.uname(*unit),
                self.lname(*leader)
            ),
            Event::OrdersInitiative {
                leader,
                kind,
                die,
                lim,
                lent,
                won,
            } => format!(
                "{} rolls {die} for {} against LIM {lim}{}: {} (B5.4.1)",
                self.lname(*leader),
                an_order(*kind),
                if *lent {
                    " (the OC's LIM lent, B5.4.3)"
                } else {
                    ""
                },
                if *won { "he has it" } else { "no order" }
            ),
            Event::OrdersCheck {
                leader,
                kind,
                die,
                lim,
                lent,
                pass_to,
            } => format!(
                "{}'s Orders Check for {}: {die} against LIM {lim}{}: {} (B5.4.2)",
                self.lname(*leader),
                an_order(*kind),
                if *lent {
                    " (the OC's LIM lent, B5.4.3)"
                } else {
                    ""
                },
                match pass_to {
                    None => "complete success, the whole corps has it".to_string(),
                    Some(1) => "minimal success, he may pass it to one subordinate".to_string(),
                    Some(n) => format!("partial success, he may pass it to {n} subordinates"),
                }
            ),
            Event::RetreatedBeforeCombat { units, from, to } => format!(
                "{} retreat{} before the combat from {} to {} (B13.4)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*from),
                self.hex(*to)
            ),
            Event::WaveChargeDeclared { units, target } => format!(
                "Wave Charge on {} in {} waves: {} (G20.1)",
                self.hex(*target),
                units.len(),
                self.units_text(units)
            ),
            Event::ReactionMoved { units, from, to } => format!(
                "{} make{} a Reaction Move from {} to {} (G21.2)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*from),
                self.hex(*to)
            ),
            Event::NoRetreatBeforeCombat { units } => format!(
                "{} cannot retreat before the combat as {} must: Broken (B13.4.3)",
                self.units_text(units),
                if units.len() == 1 { "it" } else { "they" }
            ),
            Event::ChargeMarkerPlaced { units, at } => format!(
                "{} place{} a Charge marker in {} (B13.2.1)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*at)
            ),
            Event::ChargeWithdrawn { units, at } => format!(
                "{} in {}: no potential target left in the Charge Zone, the marker is removed \
                 (B13.2.6)",
                self.units_text(units),
                self.hex(*at)
            ),
            Event::ChargeRecalled { units, at } => format!(
                "{} end{} the Charge in {} after a Recall (B13.2.7)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*at)
            ),
            Event::Pursued { units, to } => format!(
                "{} pursue{} into {} (B13.2.9)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*to)
            ),
            Event::PursuitLoss { units } => format!(
                "{}, Broken or Routed and pursued, lose{} a step (B13.2.9)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" }
            ),
            Event::FollowOnCharge { units, target } => format!(
                "{} make{} a Follow-On Charge on {} (B13.2.10)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*target)
            ),
            Event::ChargeEnded { units, at } => format!(
                "{} end{} the Charge in {} without a target (B13.2.6)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*at)
            ),
            Event::ChargeCancelled { units, target } => format!(
                "{} failed {} Disorder Check: no Charge marker ({}) (B13.2.1)",
                self.units_text(units),
                if units.len() == 1 { "its" } else { "their" },
                self.hex(*target)
            ),
            Event::FollowOnAssault { units, target } => format!(
                "{} make{} a Follow-On Assault on {} (B13.1.7)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.hex(*target)
            ),
            Event::AttackMethodViolation { units } => format!(
                "{} assault{} against {} nation's Attack Method: Assault AMV marker (B13.1.6)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                if units.len() == 1 { "its" } else { "their" }
            ),
            Event::Ammunition { unit, roll, level } => format!(
                "{} rolled {roll:02}: {} (B7.9.3)",
                self.uname(*unit),
                if *level >= crate::ammunition::OUT_OF_AMMO {
                    "Out of Ammo"
                } else {
                    "Low Ammo"
                }
            ),
            Event::ColumnFormed {
                units,
                kind,
                closed_square,
                cost,
            } => {
                if *closed_square {
                    format!(
                        "{} forms a Closed Square from its {} (G18.4)",
                        self.units_text(units),
                        kind.title()
                    )
                } else {
                    format!(
                        "{} changes to {} for {cost} MP ({})",
                        self.units_text(units),
                        kind.title(),
                        kind.rule()
                    )
                }
            }
            Event::FatigueCheck {
                leader,
                die,
                drm,
                level,
                raised,
            } => format!(
                "{}'s brigade rolls {die}{} for fatigue: {} (G22.1)",
                self.lname(*leader),
                if *drm != 0 {
                    format!(" {drm:+} (close combat)")
                } else {
                    String::new()
                },
                if *raised {
                    format!("Fatigue Level {level}")
                } else {
                    format!("no worse, Fatigue Level {level}")
                }
            ),
            Event::GtfLeft { leader, units } => format!(
                "{} leave{} {}'s GTF, moving before its Directing Unit (G17.2.4)",
                self.units_text(units),
                if units.len() == 1 { "s" } else { "" },
                self.lname(*leader)
            ),
            Event::IllegalEvolution { leader, units } => format!(
                "{} left {}'s GTF and are back in it: an illegal evolution, his brigade's units \
                 worsen one level (G17.2.4, G17.3)",
                self.units_text(units),
                self.lname(*leader)
            ),
            Event::Detached { leader, units } => format!(
                "{} detaches {} as a Detached Regiment under his command (G17.5)",
                self.lname(*leader),
                self.units_text(units)
            ),
            Event::Rejoined {
                leader,
                units,
                dissolved,
            } => format!(
                "{} {} to its brigade (G17.5)",
                self.units_text(units),
                if *dissolved {
                    format!(
                        "is no Detached Regiment any more, {} being lost, and returns",
                        self.lname(*leader)
                    )
                } else {
                    format!("leaves {} and rejoins", self.lname(*leader))
                }
            ),
            Event::EvolutionBegun { leader, evolution } => format!(
                "{}'s brigade begins to {}: Evolution in Progress",
                self.lname(*leader),
                evolution.title()
            ),
            Event::EvolutionCompleted {
                leader,
                evolution,
                kind,
            } => format!(
                "{}'s brigade completes its evolution ({}): now a {} (G17.3.1)",
                self.lname(*leader),
                evolution.name(),
                kind.title()
            ),
            Event::Secret { side, inner } => format!(
                "{} (secret from the {}, G23.1.2)",
                self.event_text(inner),
                self.side_text(side.other())
            ),
            Event::SecretFire { side, from, target } => format!(
                "fire from {} at the {} obscured stack in {}: its results are secret (G23.1.2)",
                self.hex(*from),
                self.side_text(*side),
                self.hex(*target)
            ),
            Event::EvolutionCheck {
                leader,
                die,
                drm,
                passed,
            } => format!(
                "{}'s brigade Evolution Check: {die} {drm:+} = {}, {} (G17.3.1)",
                self.lname(*leader),
                *die as i8 + drm,
                if *passed {
                    "well done"
                } else {
                    "poorly done: each of its stacks takes a Disorder Check"
                }
            ),
            Event::DuChanged {
                leader,
                from,
                to,
                unit,
            } => format!(
                "{} rides from {} to {}: {} directs his GTF now (G17.1)",
                self.lname(*leader),
                self.hex(*from),
                self.hex(*to),
                unit.map_or_else(|| "no unit".to_string(), |u| self.uname(u).to_string())
            ),
            Event::GtfMarkTime { leader, mp } => format!(
                "{}'s brigade has spent {mp} MP: its units go on with what is left to the one \
                 that spent the most in the evolution (G17.3.1)",
                self.lname(*leader)
            ),
            Event::GtfOutOfPlace { leader, units } => format!(
                "{} did not keep {} place in {}'s GTF though {} could: a change of place without \
                 an evolution, his brigade's units worsen one level (G17.2.3, G17.3)",
                self.units_text(units),
                if units.len() == 1 { "its" } else { "their" },
                self.lname(*leader),
                if units.len() == 1 { "it" } else { "they" }
            ),
            Event::Gtf { leader, kind: None } => format!(
                "{} removes his GTF marker: Command Range 0 (G17.1.1)",
                self.lname(*leader)
            ),
            Event::Gtf {
                leader,
                kind: Some(k),
            } => format!(
                "{} forms his brigade in {} (G17.2)",
                self.lname(*leader),
                k.title()
            ),
            Event::FatigueRecovery { leader } => format!(
                "{}'s brigade enters Fatigue Recovery (G22.3)",
                self.lname(*leader)
            ),
            Event::FatigueRecovered { leader, level } => format!(
                "{}'s brigade recovers: Fatigue Level {level} (G22.3)",
                self.lname(*leader)
            ),
            Event::FatigueRecoveryLeft { leader } => format!(
                "{}'s brigade leaves Fatigue Recovery (G22.3)",
                self.lname(*leader)
            ),
            Event::HowitzerHit {
                from,
                target,
                roll,
                drm,
                hit,
            } => format!(
                "Howitzer Attack from {} at {}: rolled {roll:02}{}: {} (G19.7.2)",
                self.hex(*from),
                self.hex(*target),
                if *drm != 0 {
                    format!(" {drm:+} = {}", i16::from(*roll) + i16::from(*drm))
                } else {
                    String::new()
                },
                if *hit { "a hit" } else { "a miss" }
            ),
            Event::HowitzerScatter { target, roll, to } => format!(
                "the shell that missed {} scatters (roll {roll:02}): {} (G19.7.2)",
                self.hex(*target),
                match to {
                    Some(c) => format!("it lands in {}", self.hex(*c)),
                    None => "it lands off the map".to_string(),
                }
            ),
            Event::RollingShot { from, ish, line } => format!(
                "Rolling Shot from {} into {}: the shot rolls through {} (G19.6)",
                self.hex(*from),
                self.hex(*ish),
                line.iter()
                    .map(|&c| self.hex(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::SpineRolled { die, at } => format!(
                "the line runs along a spine: d10 {die}, it strikes {} (G19.6.1)",
                self.hex(*at)
            ),
            Event::FireStarted { at } => {
                format!("a fire starts in {} (G19.7.3)", self.hex(*at))
            }
            Event::TrainMoved { train, from, to } => format!(
                "{} moves {}to {} (G19.2)",
                self.tname(*train),
                from.map(|c| format!("from {} ", self.hex(c)))
                    .unwrap_or_default(),
                self.hex(*to)
            ),
            Event::TrainGone { train, plundered } => {
                if *plundered {
                    format!(
                        "{} is plundered by the enemy: eliminated (G19.2)",
                        self.tname(*train)
                    )
                } else {
                    format!("{} leaves the map (G19.2)", self.tname(*train))
                }
            }
            Event::DummyPlaced {
                leader,
                at,
                counters,
            } => format!(
                "a Dummy Stack of {counters} counters imitating {}'s brigade is placed in {} (G23.2.1)",
                self.lname(*leader),
                self.hex(*at)
            ),
            Event::DummyMoved { from, to } => format!(
                "a Dummy Stack moves from {} to {} (G23.2.1)",
                self.hex(*from),
                self.hex(*to)
            ),
            Event::DummyRevealed { side, at } => format!(
                "the obscured stack of the {} in {} is revealed as a Dummy Stack and removed (G23.2.2)",
                self.side_text(*side),
                self.hex(*at)
            ),
            Event::CaissonCreated { battery, at } => format!(
                "{} creates an empty Caisson in {} (G19.3.1)",
                self.uname(*battery),
                self.hex(*at)
            ),
            Event::CaissonMoved { battery, from, to } => format!(
                "the Caisson of {} moves from {} to {} (G19.3)",
                self.uname(*battery),
                self.hex(*from),
                self.hex(*to)
            ),
            Event::CaissonFilled { battery, at } => format!(
                "the Caisson of {} is filled at its Train in {} (G19.3.1)",
                self.uname(*battery),
                self.hex(*at)
            ),
            Event::CaissonDelivered { battery, at } => format!(
                "the Caisson of {} reaches it in {}: Round Shot, Shell and Canister restored \
                 (G19.3.1)",
                self.uname(*battery),
                self.hex(*at)
            ),
            Event::CaissonLost { battery, at } => format!(
                "the Caisson of {} is lost in {} (G19.3)",
                self.uname(*battery),
                self.hex(*at)
            ),
            Event::BzCreated { leader, units } => format!(
                "{} creates a Bombardment Zone with {} (G19.5.1)",
                self.lname(*leader),
                self.units_text(units)
            ),
            Event::BzDissolved { leader, why } => format!(
                "{}'s Bombardment Zone dissolves: {why} (G19.5.1)",
                self.lname(*leader)
            ),
            Event::Bombardment {
                from,
                at,
                units,
                fs,
                column,
                modifiers,
            } => format!(
                "Bombardment Attack from {} on {} in {}: FS {fs}{}, column {column} (G19.5.3)",
                self.hex(*from),
                self.units_text(units),
                self.hex(*at),
                modifiers
                    .iter()
                    .map(|m| format!(" {:+} {}", m.value, m.what))
                    .collect::<String>()
            ),
            Event::FireFought { at, roll } => format!(
                "fire fighting in {}: d10 {roll}, {} (16.3)",
                self.hex(*at),
                match roll {
                    9 => "the fire goes out",
                    0 => "the fire spreads",
                    _ => "it burns on",
                }
            ),
            Event::FireSpread { from, to } => format!(
                "the fire in {} spreads to {} (16.3)",
                self.hex(*from),
                self.hex(*to)
            ),
            Event::Breakdown { unit } => {
                format!("{} breaks down: a step lost (G19.4)", self.uname(*unit))
            }
            Event::RoundFired { unit, round, left } => format!(
                "{} marks off a {} box: {left} left (G19.1)",
                self.uname(*unit),
                round.title()
            ),
            Event::ResupplyRoll {
                unit,
                die,
                drm,
                resupplied,
            } => format!(
                "{} rolls {die}{} for resupply: {} (B7.9.3)",
                self.uname(*unit),
                if *drm != 0 {
                    format!(" {drm:+} (a leader stacked)")
                } else {
                    String::new()
                },
                if *resupplied {
                    "resupplied"
                } else {
                    "not this turn"
                }
            ),
            Event::OrderPassed { from, to, kind } => format!(
                "{} passes {} to {} (B5.4.2)",
                self.lname(*from),
                an_order(*kind),
                self.lname(*to)
            ),
            Event::Ordered { leader, kind } => {
                format!("{} receives {} (5.4)", self.lname(*leader), an_order(*kind))
            }
            Event::GarrisonOrdered { garrison, kind } => format!(
                "the {} garrison receives {} (5.4)",
                self.data.garrisons[garrison.ix()].name,
                an_order(*kind)
            ),
            Event::CommandStatus { side, out, back } => {
                let mut parts = Vec::new();
                if !out.is_empty() {
                    parts.push(format!("Out of Command: {}", self.units_text(out)));
                }
                if !back.is_empty() {
                    parts.push(format!("back In Command: {}", self.units_text(back)));
                }
                format!(
                    "{} Command Status (5.3): {}",
                    self.side_text(*side),
                    parts.join("; ")
                )
            }
            Event::GarrisonDissolved { garrison } => {
                format!(
                    "the {} garrison is dissolved (5.3.2)",
                    self.data.garrisons[garrison.ix()].name
                )
            }
            Event::Moved {
                units,
                to,
                left,
                charge: true,
                ..
            } => {
                let hexes = if *left == 1 { "hex" } else { "hexes" };
                format!(
                    "{} charges into {} ({left} {hexes} of Charge Movement left) (B13.2.5)",
                    self.units_text(units),
                    self.hex(*to)
                )
            }
            Event::Moved {
                units, to, left, ..
            } => {
                format!(
                    "{} moves into {} ({left} MP left) (9.1)",
                    self.units_text(units),
                    self.hex(*to)
                )
            }
            Event::LeaderMoved { leader, to, .. } => {
                format!("{} moves into {}", self.lname(*leader), self.hex(*to))
            }
            Event::Entered { unit, at, cost } => {
                format!(
                    "{} enters at {} for {cost} MP (9.3)",
                    self.uname(*unit),
                    self.hex(*at)
                )
            }
            Event::LeaderEntered { leader, at } => {
                format!("{} arrives at {} (9.3)", self.lname(*leader), self.hex(*at))
            }
            Event::Formed {
                units,
                formation,
                cost,
            } => format!(
                "{} changes to {} for {cost} MP (7.2)",
                self.units_text(units),
                formation.title()
            ),
            Event::Faced { units, facing } => {
                format!("{} faces {facing} (7.1.2)", self.units_text(units))
            }
            Event::Skirmishers { unit, sp } => {
                if *sp == 0 {
                    format!("{} recalls its skirmishers (7.6.2)", self.uname(*unit))
                } else {
                    format!("{} deploys Sk-{sp} (7.6.1)", self.uname(*unit))
                }
            }
            Event::Drill { units, drill, mp } => {
                let who = self.units_text(units);
                match drill {
                    crate::event::Drill::Wheel => format!("{who} wheels for {mp} MP (G18.1.2)"),
                    crate::event::Drill::AboutFace => {
                        format!("{who} about-faces: Sub-Units Inverted (G18.1.2)")
                    }
                    crate::event::Drill::AboutFaceBack => {
                        format!("{who} about-faces again: sub-units in order (G18.1.2)")
                    }
                    crate::event::Drill::WheelInverted => format!(
                        "{who} quarter-wheels the wrong way for its brigade's order: Sub-Units \
                         Inverted (G17.4.3)"
                    ),
                    crate::event::Drill::Reorder => {
                        format!("{who} puts its sub-units back in order for {mp} MP (G17.4.3)")
                    }
                    crate::event::Drill::BackUp => {
                        format!("{who} backs up, at double the terrain cost (G18.1.3)")
                    }
                    crate::event::Drill::FlankMarch if *mp > 0 => {
                        format!("{who} marches by the flank, {mp} MP more (G18.1.4)")
                    }
                    crate::event::Drill::FlankMarch => {
                        format!("{who} marches by the flank (G18.1.4)")
                    }
                    crate::event::Drill::Prone => format!("{who} goes Prone (G18.6.1)"),
                    crate::event::Drill::RefuseFlank => {
                        format!("{who} refuses a flank for {mp} MP (G18.5.3)")
                    }
                    crate::event::Drill::UnrefuseFlank => {
                        format!("{who} brings its refused flank back for {mp} MP (G18.5.3)")
                    }
                    crate::event::Drill::StandUp => format!("{who} stands up (G18.6.2)"),
                }
            }
            Event::Reordered { unit } => {
                format!("{} goes to the top of its stack (6.2)", self.uname(*unit))
            }
            Event::Dropped { unit } => format!("{} is left behind (9.1.2)", self.uname(*unit)),
            Event::AssaultDeclared {
                units,
                target,
                adjacent,
            } => format!(
                "{} declares an Assault on {}{} (13.1.1)",
                self.units_text(units),
                self.hex(*target),
                if *adjacent { ", starting adjacent" } else { "" }
            ),
            Event::ChargeDeclared { units, target } => {
                format!(
                    "{} declares a Charge on {} (13.2.1)",
                    self.units_text(units),
                    self.hex(*target)
                )
            }
            Event::Fortified { at } => {
                format!("{} becomes a Fortified Post (15.2.1)", self.hex(*at))
            }
            Event::FireDeclared {
                from,
                target,
                fs,
                column,
                modifiers,
            } => format!(
                "fire from {} at {}: FS {fs}, column {column}{} (12.2)",
                self.hex(*from),
                self.hex(*target),
                mods_text(modifiers)
            ),
            Event::FireRolled {
                from,
                target,
                roll,
                result,
            } => format!(
                "fire from {} at {}: roll {roll:02}, {result} (12.3)",
                self.hex(*from),
                self.hex(*target)
            ),
            Event::StepLost { unit, left } => {
                format!("{} loses a step, {left} left (12.3.1)", self.uname(*unit))
            }
            Event::Eliminated { unit, why } => {
                format!("{} is eliminated: {why}", self.uname(*unit))
            }
            Event::Check {
                units,
                why,
                roll,
                drm,
                mv,
                passed,
                modifiers,
            } => format!(
                "{} {why}: roll {roll:02} {drm:+} = {} against MV {mv}: {}{} (8.1)",
                self.units_text(&units[..units.len().min(1)]),
                i16::from(*roll) + drm,
                if *passed { "passes" } else { "fails" },
                mods_text(modifiers)
            ),
            Event::MoraleChanged { units, from, to } => format!(
                "{}: {} to {} (8)",
                self.units_text(units),
                from.name(),
                to.name()
            ),
            Event::Retreated { units, to, .. } => format!(
                "{} retreats into {} (9.2)",
                self.units_text(units),
                self.hex(*to)
            ),
            Event::RoadColumnBroken { units } => {
                format!(
                    "{} in Road Column, enemy adjacent: Broken (7.5.3)",
                    self.units_text(units)
                )
            }
            Event::LeaderCasualty { leader } => format!("{} is lost (5.2.3)", self.lname(*leader)),
            Event::CaptureRoll {
                leader,
                die,
                captured,
            } => {
                if *die >= 10 {
                    format!("{} is surrounded and captured (5.2.2)", self.lname(*leader))
                } else {
                    format!(
                        "{} capture roll {die}: {} (5.2.2)",
                        self.lname(*leader),
                        if *captured { "captured" } else { "escapes" }
                    )
                }
            }
            Event::LeaderEscaped { leader, to } => format!(
                "{} escapes to {} (5.2.2)",
                self.lname(*leader),
                self.hex(*to)
            ),
            Event::LeaderReturns { leader, at } => match at {
                Some(c) => format!(
                    "{} returns on his Repl side at {} (5.2.3)",
                    self.lname(*leader),
                    self.hex(*c)
                ),
                None => format!("{} is removed for good (5.2.3)", self.lname(*leader)),
            },
            Event::Reaction { side, what, from } => {
                format!("{}: {what} from {}", self.side_text(*side), self.hex(*from))
            }
            Event::CloseCombat {
                kind,
                target,
                attackers,
            } => format!(
                "{kind} against {} from {}",
                self.hex(*target),
                attackers
                    .iter()
                    .map(|&c| self.hex(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::ColdSteel {
                attacker_die,
                attacker_total,
                defender_die,
                defender_total,
                attacker_wins,
                modifiers,
            } => format!(
                "Cold Steel: attacker {attacker_die} to {attacker_total}, defender {defender_die} to {defender_total}: {} wins{} (13.5)",
                if *attacker_wins {
                    "the attacker"
                } else {
                    "the defender"
                },
                mods_text(modifiers)
            ),
            Event::Advanced { unit, to } => format!(
                "{} advances into {} (13.6)",
                self.uname(*unit),
                self.hex(*to)
            ),
            Event::Regrouped { units, to } => format!(
                "{} regroups into {} (13.2.5)",
                self.units_text(units),
                self.hex(*to)
            ),
            Event::Spent { units } => format!("{} spent (13.2.6)", self.units_text(units)),
            Event::ObjectiveTaken { name, side } => {
                format!("{} holds {name}", self.side_text(*side))
            }
            Event::GameOver {
                winner,
                kind,
                points,
            } => match winner {
                Some(w) => format!(
                    "the game ends: {} wins, {kind} ({} to {})",
                    self.side_text(*w),
                    points[0],
                    points[1]
                ),
                None => format!("the game ends in a draw ({} to {})", points[0], points[1]),
            },
        }
    }

    /// The step of a combat, for observers.
    #[must_use]
    pub fn combat_step_name(step: CombatStep) -> String {
        match step {
            CombatStep::Empty | CombatStep::AfterEmpty => "the target hex is empty (13.3)".into(),
            CombatStep::RetreatBefore => {
                "the defenders may retreat before the combat (B13.4)".into()
            }
            CombatStep::RetreatAfterMc => {
                "the defenders en Débandade retreat after failing their check (B13.1.5)".into()
            }
            CombatStep::AttackerMc(_) => "the attacker's Morale Check (13.1.4)".into(),
            CombatStep::DefenderMc => "the defender's Morale Check (13.1.5, 13.2.4)".into(),
            CombatStep::Alterations => "skirmishers and obstacles (13.1.3)".into(),
            CombatStep::DefensiveFire => "the defender chooses whom to fire at (13.4)".into(),
            CombatStep::DefensiveApplied => "the Defensive Fire results (13.4)".into(),
            CombatStep::OffensiveFire => "the attacker's Offensive Fire (13.4)".into(),
            CombatStep::OffensiveApply | CombatStep::OffensiveApplied => {
                "the Offensive Fire results (13.4)".into()
            }
            CombatStep::Terrain => "the terrain of the charge (13.2.3)".into(),
            CombatStep::ColdSteelAttacker => "the attacker's Cold Steel die (13.5)".into(),
            CombatStep::ColdSteelDefender => "the defender's Cold Steel die (13.5)".into(),
            CombatStep::AfterColdSteel => "after the Cold Steel Combat (13.5)".into(),
            CombatStep::Advance => "Advance After Combat (13.6)".into(),
            CombatStep::FollowOn => "a Follow-On Assault may be declared (B13.1.7)".into(),
            CombatStep::RegroupAttacker => "the attacking cavalry regroups (13.2.5)".into(),
            CombatStep::RegroupDefender => "the defending cavalry regroups (13.2.5)".into(),
            CombatStep::Pursuit => {
                "the charging cavalry may try to Recall, or must pursue (B13.2.7, B13.2.9)".into()
            }
            CombatStep::Pursuing => "the pursuit (B13.2.9)".into(),
            CombatStep::FollowOnCharge => {
                "the charging cavalry may attempt a Follow-On Charge (B13.2.10)".into()
            }
            CombatStep::FollowOnTarget => "the target of the Follow-On Charge (B13.2.10)".into(),
            CombatStep::Finish => "Spent markers and the end of the combat (13.2.6)".into(),
        }
    }
}
