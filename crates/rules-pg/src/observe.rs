//! What a viewer sees. Prussia's Glory hides nothing (no hidden units, no cards): every viewer
//! sees the whole position, so the observation is the state in words and printed hex labels.

use crate::PrussiasGlory;
use crate::data::{Counter, UnitId};
use crate::state::{CombatStep, Frame, Gone, Morale, Stage, State};
use coupdoeil_engine::{Side, Viewer};
use serde::Serialize;

/// A Unit as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenUnit {
    /// Data id.
    pub id: String,
    /// Hex label, `None` off the map.
    pub hex: Option<String>,
    /// Place in its stack, 0 on top.
    pub stack: u8,
    /// Steps left.
    pub steps: u8,
    /// SP-MR-MA (artillery: its Bombardment Strengths) of the side showing.
    pub values: String,
    /// Morale State.
    pub morale: Morale,
    /// Off the map, and why.
    pub gone: Option<Gone>,
    /// In Column.
    pub in_column: bool,
    /// Moved this phase.
    pub moved: bool,
    /// In a Close Combat this Turn.
    pub fought: bool,
    /// Fired this Turn.
    pub fired: bool,
    /// Out of Command.
    pub ooc: bool,
    /// Degraded Command State.
    pub degraded: bool,
    /// Engaged now.
    pub engaged: bool,
}

/// A Leader as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenLeader {
    /// Data id.
    pub id: String,
    /// Hex label.
    pub hex: Option<String>,
    /// In Column.
    pub in_column: bool,
    /// A successor (RULING on 15.2).
    pub successor: bool,
}

/// An army as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenArmy {
    /// Side id.
    pub side: String,
    /// Activated.
    pub active: bool,
    /// Current Army Morale.
    pub am: i16,
    /// Demoralized at this AM.
    pub demoralized_at: i16,
    /// Broken at this AM.
    pub broken_at: i16,
    /// Demoralized.
    pub demoralized: bool,
    /// Broken.
    pub broken: bool,
    /// Victory points (bonuses apart).
    pub vp: i16,
    /// Combat Success markers this Turn.
    pub cs: u8,
}

/// The whole position, for one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// For whom.
    pub viewer: Viewer,
    /// Game Turn.
    pub turn: u8,
    /// Turns in all.
    pub turns: u8,
    /// Clock time of the turn.
    pub clock: String,
    /// The Active player's side id.
    pub phasing: String,
    /// The stage (one identifier).
    pub stage: String,
    /// What the game waits for, in words.
    pub waiting: String,
    /// Units.
    pub units: Vec<SeenUnit>,
    /// Leaders.
    pub leaders: Vec<SeenLeader>,
    /// Wings In Column.
    pub wings_in_column: Vec<String>,
    /// Degraded wings this Player Turn.
    pub wings_degraded: Vec<String>,
    /// Armies, side A first.
    pub armies: Vec<SeenArmy>,
    /// Locked markers: hex and whether on the penalty side.
    pub locked: Vec<(String, bool)>,
    /// Hexes bombarded this Turn.
    pub bombarded: Vec<String>,
    /// The counter moving and its MP left.
    pub moving: Option<(String, u8)>,
    /// The bombardment being declared: target and guns.
    pub bombard: Option<(String, Vec<String>)>,
    /// The Close Combat being resolved: attacking and defending hexes.
    pub combat: Option<(Vec<String>, Vec<String>)>,
    /// Victory points with bonuses, side A first.
    pub vp: [i32; 2],
    /// The victory level if the game ended now.
    pub standing: Option<(String, String)>,
}

impl PrussiasGlory {
    /// The observation of `s` for `viewer` (everything is public in Prussia's Glory).
    #[must_use]
    pub fn observation(&self, s: &State, viewer: Viewer) -> Observation {
        let b = &self.data.board;
        let label = |c: Option<crate::data::Cell>| c.map(|c| b.label(c));
        let units = s
            .troops
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let d = &self.data.troops[i];
                let u = UnitId(i as u8);
                let stack = t.cell.map_or(0, |c| {
                    self.stack(s, c).iter().position(|&x| x == u).unwrap_or(0)
                });
                SeenUnit {
                    id: d.id.clone(),
                    hex: label(t.cell),
                    stack: stack as u8,
                    steps: t.steps,
                    values: self.values_text(u, t.steps.max(1)),
                    morale: t.morale,
                    gone: t.gone,
                    in_column: t.in_column,
                    moved: t.moved,
                    fought: t.fought,
                    fired: t.fired,
                    ooc: t.ooc,
                    degraded: t.degraded,
                    engaged: t.cell.is_some() && self.is_engaged(s, u),
                }
            })
            .collect();
        let leaders = s
            .leaders
            .iter()
            .enumerate()
            .map(|(i, l)| SeenLeader {
                id: self.data.leaders[i].id.clone(),
                hex: label(l.cell),
                in_column: l.cell.is_some()
                    && self.leader_in_column(s, crate::data::LeaderId(i as u8)),
                successor: l.successor,
            })
            .collect();
        let armies = Side::ALL
            .iter()
            .map(|&side| {
                let a = &s.armies[side];
                let d = &self.data.armies[side];
                SeenArmy {
                    side: self.data.sides[side].0.clone(),
                    active: a.active,
                    am: a.am,
                    demoralized_at: d.demoralized,
                    broken_at: d.broken,
                    demoralized: a.demoralized,
                    broken: a.broken,
                    vp: a.vp,
                    cs: a.cs,
                }
            })
            .collect();
        Observation {
            viewer,
            turn: s.turn,
            turns: self.data.turns,
            clock: self.data.clock(s.turn),
            phasing: self.data.sides[s.phasing].0.clone(),
            stage: stage_id(s),
            waiting: self.waiting_text(s),
            units,
            leaders,
            wings_in_column: (0..s.wings.len())
                .filter(|&i| s.wings[i].in_column)
                .map(|i| self.data.wings[i].id.clone())
                .collect(),
            wings_degraded: (0..s.wings.len())
                .filter(|&i| s.wings[i].degraded && self.data.wings[i].side == s.phasing)
                .map(|i| self.data.wings[i].id.clone())
                .collect(),
            armies,
            locked: s.locked.iter().map(|&(c, p)| (b.label(c), p)).collect(),
            bombarded: s.bombarded.iter().map(|&c| b.label(c)).collect(),
            moving: s.moving.map(|m| {
                let id = match m.counter {
                    Counter::Unit(u) => self.data.troops[u.ix()].id.clone(),
                    Counter::Leader(l) => self.data.leaders[l.ix()].id.clone(),
                };
                (id, m.mp)
            }),
            bombard: s.bombard.as_ref().map(|x| {
                (
                    b.label(x.target),
                    x.guns
                        .iter()
                        .map(|g| self.data.troops[g.ix()].id.clone())
                        .collect(),
                )
            }),
            combat: s.combat.as_ref().map(|c| {
                (
                    c.attack_hexes.iter().map(|&h| b.label(h)).collect(),
                    c.defend_hexes.iter().map(|&h| b.label(h)).collect(),
                )
            }),
            vp: self.victory_points(s),
            standing: self
                .victory_level(s)
                .map(|(w, l)| (self.data.sides[w].0.clone(), l)),
        }
    }

    /// A Unit's printed values with `steps` steps: `SP-MR-MA`, parenthesised SP, or the
    /// artillery's `BS1-BS2-BS3 MR MA`.
    #[must_use]
    pub fn values_text(&self, u: UnitId, steps: u8) -> String {
        let d = &self.data.troops[u.ix()];
        let v = d.at(steps);
        match d.arm {
            crate::data::Arm::Artillery => {
                format!("{}-{}-{} ({}, {})", v.bs[0], v.bs[1], v.bs[2], v.mr, v.ma)
            }
            _ if v.paren => format!("({})-{}-{}", v.sp, v.mr, v.ma),
            _ => format!("{}-{}-{}", v.sp, v.mr, v.ma),
        }
    }

    /// What the game waits for, in words.
    #[must_use]
    pub fn waiting_text(&self, s: &State) -> String {
        let side = |x: Side| self.data.sides[x].1.clone();
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) => format!("the game is over: {} {} victory", side(w), e.kind),
                None => "the game is over: a draw".into(),
            };
        }
        if let Some(f) = s.pending.last() {
            return match f {
                Frame::Retreat(r) => {
                    format!("{} retreats (10.9)", self.data.troops[r.unit.ix()].name)
                }
                Frame::MoraleCheck { unit } => format!(
                    "{} makes a Morale Check (9.3)",
                    self.data.troops[unit.ix()].name
                ),
                Frame::Losses(l) => {
                    format!("{} satisfies {} Loss Point(s) (10.8.1)", side(l.side), l.lp)
                }
                Frame::CdoaOffer { side: x, .. } => {
                    format!("{} may attempt a Coup d'Oeil Activation (4.1.3)", side(*x))
                }
                Frame::CdoaDie { .. } => "the Coup d'Oeil Activation die (4.1.3)".into(),
                Frame::CdoaPay { side: x } => {
                    format!("{} may pay to activate (4.1.3)", side(*x))
                }
                Frame::ForcedOffer { wing, .. } => format!(
                    "{} may attempt a Forced Deployment (7.6.3)",
                    self.data.wings[wing.ix()].name
                ),
                Frame::ForcedDieColumn { .. } | Frame::ForcedDieMover { .. } => {
                    "the Forced Deployment dice (7.6.3)".into()
                }
            };
        }
        let p = side(s.phasing);
        match s.stage {
            Stage::Activation => format!("{p} may attempt to activate its army (4.1.1)"),
            Stage::ActivationDie => "the activation die (4.1.1)".into(),
            Stage::Deploy => format!("{p} may deploy wings from column (4.4)"),
            Stage::CommandRoll(_) => "the Group Command Rolls (4.5)".into(),
            Stage::Special(_) => format!("{p}'s Special Leaders may roll (4.5)"),
            Stage::SpecialDie(_) => "a Special Leader's die (4.5)".into(),
            Stage::Trace => {
                format!("{p} may trace two Units to the Army Commander (4.2.2)")
            }
            Stage::RoutedMovement => "Routed Movement (7.1)".into(),
            Stage::Movement => format!("{p} moves (7.3)"),
            Stage::OffensiveBombardment => format!("{p} may bombard (8)"),
            Stage::DefensiveBombardment => {
                format!(
                    "{} may bombard adjacent enemies (8.5)",
                    side(s.phasing.other())
                )
            }
            Stage::BombardGuns => "choosing the guns of a bombardment (8)".into(),
            Stage::BombardDie => "the bombardment die (8.3)".into(),
            Stage::Rally => "Rally (9.4)".into(),
            Stage::CloseCombat => format!("{p} declares Close Combats (10.1)"),
            Stage::Combat => match s.combat.as_ref().map(|c| c.step) {
                Some(CombatStep::Withdraw(_)) => {
                    format!("{} may withdraw Fast Units (10.2)", side(s.phasing.other()))
                }
                Some(CombatStep::AttackerLead) => format!("{p} chooses a Lead Unit (10.4)"),
                Some(CombatStep::DefenderLead) => {
                    format!("{} chooses a Lead Unit (10.4)", side(s.phasing.other()))
                }
                Some(CombatStep::Die) => "the Close Combat die (10.6)".into(),
                Some(CombatStep::LeaderFirst(_) | CombatStep::LeaderSecond(_)) => {
                    "Leader Loss Checks (10.7)".into()
                }
                Some(CombatStep::Advance) => format!("{p} may advance after combat (10 step 9)"),
                Some(CombatStep::Momentum) => format!("{p} may use momentum (10 step 10)"),
                Some(CombatStep::Sweep) => {
                    format!("{p} may make a Sweeping Charge (10 step 12)")
                }
                _ => "Close Combat results (10.8)".into(),
            },
            Stage::ArmyMorale => "Morale Checks of an army's Units (12.3, 12.4)".into(),
            Stage::Over => "the game is over".into(),
        }
    }
}

/// The stage as one identifier.
fn stage_id(s: &State) -> String {
    if let Some(f) = s.pending.last() {
        return match f {
            Frame::Retreat(_) => "retreat",
            Frame::MoraleCheck { .. } => "morale_check",
            Frame::Losses(_) => "losses",
            Frame::CdoaOffer { .. } => "cdoa_offer",
            Frame::CdoaDie { .. } => "cdoa_die",
            Frame::CdoaPay { .. } => "cdoa_pay",
            Frame::ForcedOffer { .. } => "forced_offer",
            Frame::ForcedDieColumn { .. } | Frame::ForcedDieMover { .. } => "forced_die",
        }
        .into();
    }
    let v = serde_json::to_value(s.stage).unwrap_or_default();
    match v {
        serde_json::Value::String(x) => x,
        serde_json::Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}
