//! B13.2 The Battalion Game's Charge: the Charge marker placed at the end of a move without a
//! target (B13.2.1, B13.2.6), the Charge Zone it projects (B13.2.4), Charge Movement in the
//! Charge Phase up to three hexes with the target declared on contact (B13.2.5, B13.2.6), and
//! the charge-distance bonus to the Cold Steel CVM (B13.6.2). In the Soldiers Game a Charge is
//! declared on an adjacent hex and none of this applies.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arc, Arm, Cell, Formation, Mover, TerrainClass, UnitId};
use crate::event::Event;
use crate::state::{ChargeMove, Frame, Morale, OrderKind, Stage, State};

/// B13.2.4 How far a Charge Zone reaches from the cavalry's front hexsides.
pub const CHARGE_ZONE: u32 = 4;
/// B13.2.5 The most hexes of Charge Movement.
pub const CHARGE_MOVE: u8 = 3;

impl GloryEmpire {
    /// B13.2.4 The Charge Zone of the cavalry `units` standing in `at`: the hexes up to four
    /// away that lie through their front hexsides. RULING (the figure is missing): a hex is in
    /// it when the straight line to it leaves `at` through front hexsides only (both, when it
    /// runs along a spine).
    #[must_use]
    pub fn charge_zone(&self, s: &State, units: &[UnitId], at: Cell) -> Vec<Cell> {
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let mut out: Vec<Cell> = (0..b.len())
            .map(|i| Cell(i as u16))
            .filter(|&h| {
                let d = b.distance(at, h);
                (1..=CHARGE_ZONE).contains(&d)
                    && self
                        .exit_dirs(at, h)
                        .iter()
                        .flatten()
                        .all(|e| arcs[e.index() as usize] == Arc::Front)
                    && self.exit_dirs(at, h).iter().any(Option::is_some)
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// B13.2.2, B13.2.6 Whether a hex of the zone holds a potential target for these cavalry:
    /// enemy combat units, in sight (B13.2.2), in terrain they may charge into (not HDT; MDT
    /// only in Column), not charged yet this Charge Phase.
    #[must_use]
    pub fn potential_target(&self, s: &State, units: &[UnitId], from: Cell, h: Cell) -> bool {
        let Some(&top) = units.first() else {
            return false;
        };
        let side = self.data.troops[top.ix()].side;
        let class = self.class_of(h);
        self.side_at(s, h) == Some(side.other())
            && !s.charged.contains(&h)
            && !matches!(class, TerrainClass::Hdt | TerrainClass::Impassable)
            && (class != TerrainClass::Mdt
                || units
                    .iter()
                    .all(|&u| s.troop(u).formation == Formation::Column))
            && self.los(s, from, h)
    }

    /// B13.2.1, B13.2.2 Whether the moving cavalry may place a Charge marker here: Attack
    /// order, In Command at the Command Status Phase, Line or Column, Normal, not Spent, not in
    /// MDT or HDT, not at night, and a potential target in its Charge Zone.
    #[must_use]
    pub fn may_place_charge(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        if !self.battalion() || s.stage != Stage::Movement || m.units.is_empty() {
            return false;
        }
        if self.light(s) == crate::los::Light::Night || self.class_of(m.at).dense() {
            return false;
        }
        let ok = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Cavalry
                && t.commanded
                && t.charge.is_none()
                && matches!(t.formation, Formation::Line | Formation::Column)
                && t.morale == Morale::Normal
                && t.spent == 0
                && self.unit_order(s, u) == Some(OrderKind::Attack)
        });
        ok && self
            .charge_zone(s, &m.units, m.at)
            .into_iter()
            .any(|h| self.potential_target(s, &m.units, m.at, h))
    }

    /// B13.2.5 Starts the Charge Movement of the stack whose Charge marker is in `at`: its
    /// zone is fixed now. A stack with no potential target left in its zone drops its marker
    /// with no ill effect (B13.2.6).
    pub(crate) fn start_charge_move(&self, s: &mut State, at: Cell, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let units: Vec<UnitId> = s
            .stack(at)
            .into_iter()
            .filter(|&u| self.data.troops[u.ix()].side == side && s.troop(u).charge == Some(at))
            .collect();
        for &u in &units {
            s.troop_mut(u).charge = None;
        }
        if units.is_empty() {
            return;
        }
        let zone = self.charge_zone(s, &units, at);
        if !zone
            .iter()
            .any(|&h| self.potential_target(s, &units, at, h))
        {
            ev.push(Event::ChargeWithdrawn { units, at });
            return;
        }
        s.pending.push(Frame::ChargeMove(ChargeMove {
            units,
            origin: at,
            at,
            hexes: 0,
            open: 0,
            zone,
        }));
    }

    /// B13.2.5 The hexes the charging stack may move into next: in its zone, through its front
    /// (it may not turn), Open terrain, no Hexside Obstacle, no enemy, no friends but SeD
    /// infantry it passes through, three hexes at most; an enemy ZOC entered ends the movement
    /// (RULING: as for any move, 10.1).
    #[must_use]
    pub fn charge_steps(&self, s: &State, cm: &ChargeMove) -> Vec<Cell> {
        let units = self.alive_in(s, &cm.units, cm.at);
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        let side = self.data.troops[top.ix()].side;
        if cm.hexes >= CHARGE_MOVE || cm.hexes > 0 && self.in_ezoc(s, side, cm.at) {
            return Vec::new();
        }
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let load = self.load_of(s, &units);
        let occ = self.occ_near(s, &units, cm.at, 1);
        b.neighbors(cm.at)
            .filter(|&n| {
                let Some(d) = b.direction(cm.at, n) else {
                    return false;
                };
                cm.zone.binary_search(&n).is_ok()
                    && arcs[d.index() as usize] == Arc::Front
                    && self.class_of(n) == TerrainClass::Open
                    && self.data.terrain(n).cost[Mover::Cavalry as usize].is_some()
                    && !self.data.obstacle_between(cm.at, n)
                    && !self.hexside_impassable(Mover::Cavalry, cm.at, n)
                    && s.stack(n).iter().all(|&u| {
                        self.data.troops[u.ix()].side == side
                            && s.troop(u).formation == Formation::Sed
                    })
                    && (s.stack(n).is_empty() || self.may_pass(&occ, side, n, load))
            })
            .collect()
    }

    /// B13.2.6 The hexes the charging stack may declare its target now: adjacent, in its zone,
    /// potential targets it may charge from where it is (13.2.2), and not while it stands
    /// with friends it is passing through.
    #[must_use]
    pub fn charge_declarations(&self, s: &State, cm: &ChargeMove) -> Vec<Cell> {
        let units = self.alive_in(s, &cm.units, cm.at);
        if units.is_empty() || s.stack(cm.at).len() > units.len() {
            return Vec::new();
        }
        self.data
            .board
            .neighbors(cm.at)
            .filter(|&t| {
                cm.zone.binary_search(&t).is_ok()
                    && self.potential_target(s, &units, cm.at, t)
                    && self.may_charge(s, &units, cm.at, t)
            })
            .collect()
    }

    /// The decisions of a Charge Movement: a step on, a target declared, or, once it can go
    /// no further, the end of the Charge without one (B13.2.6: it may not stop at will before).
    pub(crate) fn charge_move_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::ChargeMove(cm)) = s.pending.last() else {
            return;
        };
        let steps = self.charge_steps(s, cm);
        if steps.is_empty() {
            out.push(Action::EndMove);
        }
        out.extend(steps.into_iter().map(Action::Step));
        out.extend(
            self.charge_declarations(s, cm)
                .into_iter()
                .map(Action::Charge),
        );
    }

    /// Applies a decision of a Charge Movement.
    pub(crate) fn do_charge_move(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(Frame::ChargeMove(mut cm)) = s.pending.last().cloned() else {
            return;
        };
        let units = self.alive_in(s, &cm.units, cm.at);
        match a {
            Action::Step(to) => {
                let from = cm.at;
                let side = self.data.troops[units[0].ix()].side;
                for &u in units.iter().rev() {
                    let p = s.top_pos();
                    let t = s.troop_mut(u);
                    t.cell = Some(to);
                    t.pos = p;
                }
                cm.at = to;
                cm.hexes += 1;
                if self.class_of(to) == TerrainClass::Open {
                    cm.open += 1;
                }
                ev.push(Event::Moved {
                    units: units.clone(),
                    from: Some(from),
                    to,
                    cost: 0,
                    left: CHARGE_MOVE - cm.hexes,
                });
                self.replace_top(s, Frame::ChargeMove(cm));
                self.touch_objective(s, to, side, ev);
                self.road_columns_break(s, side, to, ev);
            }
            Action::Charge(target) => {
                s.pending.pop();
                s.charged.push(target);
                for &u in &units {
                    s.troop_mut(u).charge = Some(target);
                }
                ev.push(Event::ChargeDeclared {
                    units: units.clone(),
                    target,
                });
                self.start_combat(s, true, target, ev);
                if let Some(Frame::Combat(c)) = s.pending.last_mut() {
                    c.charge_distance = cm.open;
                }
            }
            Action::EndMove => {
                // RULING: a Charge run out without a target still blows the horses (B13.2.12);
                // there is no combat, so no Regroup.
                s.pending.pop();
                for &u in &units {
                    s.troop_mut(u).spent = crate::close_combat::SPENT_MARKERS;
                }
                ev.push(Event::ChargeEnded {
                    units: units.clone(),
                    at: cm.at,
                });
                if !units.is_empty() {
                    ev.push(Event::Spent { units });
                }
            }
            _ => {}
        }
    }
}
