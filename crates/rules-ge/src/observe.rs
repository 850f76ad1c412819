//! What a viewer sees. The Soldiers and Battalion Games hide nothing: every viewer sees the whole
//! position, so the observation is the state in words and printed hex labels. With the Brigade
//! Game's optional Limited Intelligence (G23, `intelligence.rs`) a side's obscured stacks leave
//! the enemy's (and a spectator's) observation: they show only as [`ObscuredStack`]s, and
//! whatever else would name their units (the stack being moved, the words of what the game waits
//! for) is left out or said without them.

use crate::GloryEmpire;
use crate::state::{Frame, LeaderStatus, Morale, State};
use coupdoeil_engine::{Side, Viewer};
use serde::Serialize;

/// A combat unit as seen.
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
    /// SP, MV and CVM of the step showing.
    pub sp: u8,
    /// Morale Value.
    pub mv: u8,
    /// CVM.
    pub cvm: i8,
    /// Facing.
    pub facing: String,
    /// Formation.
    pub formation: String,
    /// Sk marker.
    pub skirmishers: u8,
    /// Morale State.
    pub morale: Morale,
    /// Out of Command marker.
    pub ooc: bool,
    /// Spent markers.
    pub spent: u8,
    /// B7.9.3 Ammunition: 1 Low Ammo, 2 Out of Ammo (left out when Normal).
    #[serde(skip_serializing_if = "is_zero")]
    pub ammo: u8,
    /// G19.1 The boxes left of Round Shot, Shell, Canister and Shrapnel on its Ammunition
    /// Sheet (Brigade Game): only for a viewer who may see its side's sheet, else empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<u8>,
    /// Assault marker target.
    pub assault: Option<String>,
    /// Charge marker target.
    pub charge: Option<String>,
    /// Moved this phase.
    pub moved: bool,
    /// Eliminated.
    pub eliminated: bool,
    /// The Brigade Game's markers on it: its column (G18.2: `close_column`, `attack_column`,
    /// `division_mass`, `open_column`), `closed_square` (G18.4), `prone` (G18.6),
    /// `sub_units_inverted` (G18.1.2), `refused_left` and `refused_right` (G18.5.3).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<String>,
}

/// G19.5 A Bombardment Zone as seen: its leader, its batteries' hexes and the hexes of their
/// zones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenBz {
    /// The leader's data id.
    pub leader: String,
    /// The hexes of its batteries.
    pub batteries: Vec<String>,
    /// Every hex in the zone of one of them, sorted.
    pub zone: Vec<String>,
}

/// A leader as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenLeader {
    /// Data id.
    pub id: String,
    /// Hex label.
    pub hex: Option<String>,
    /// On the map, absent, returning or removed.
    pub status: String,
    /// Showing the Repl side.
    pub repl: bool,
    /// His order.
    pub order: Option<String>,
    /// In Command of his superior.
    pub in_command: bool,
    /// G22 His brigade's Fatigue Level (left out at 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub fatigue: u8,
    /// G22.3 His brigade is in Fatigue Recovery.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub recovering: bool,
    /// G17.2 His brigade's GTF marker (`gc`, `double-gc`, `lob`, `double-lob`; Brigade Game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtf: Option<String>,
    /// G17.3.1 The evolution his brigade has in progress (the Evolution in Progress marker).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evolving: Option<String>,
}

/// G23.1.1 An obscured stack as the enemy sees it: an Obscured Marker in a hex, with the number
/// of counters under it (combat units and leaders). RULING: the count shows, as the height of a
/// stack on the table does; what the counters are, their strength, morale, formation, facing and
/// markers, and which leaders and brigades they are, do not (ge-rulings 182).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObscuredStack {
    /// Hex label.
    pub hex: String,
    /// The owning side's id.
    pub side: String,
    /// Counters in the stack, combat units and leaders together.
    pub counters: u8,
}

/// G23.2.1 One of the viewer's own Dummy Stacks, as its owner (and the referee) sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenDummy {
    /// Its number among its side's Dummy Stacks, as the `dummy N HEX` move names it.
    pub index: u8,
    /// Hex label.
    pub hex: String,
    /// The owning side's id.
    pub side: String,
    /// The counters it shows the enemy.
    pub counters: u8,
    /// The data id of the brigade leader it imitates.
    pub leader: String,
    /// It has moved (or was made) this Movement Phase.
    pub moved: bool,
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
    /// Day, twilight or night.
    pub light: String,
    /// The phasing side's id.
    pub phasing: String,
    /// The stage.
    pub stage: String,
    /// What the game waits for, in words.
    pub waiting: String,
    /// Combat units.
    pub units: Vec<SeenUnit>,
    /// Leaders.
    pub leaders: Vec<SeenLeader>,
    /// G23.1 The obscured stacks this viewer may not look into, by hex (Limited Intelligence;
    /// their units and leaders are not in `units` and `leaders`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub obscured: Vec<ObscuredStack>,
    /// G23.2 The Dummy Stacks of the sides whose secrets this viewer may see (its own; both for
    /// the referee). To everyone else a Dummy Stack is only counters in `obscured`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dummies: Vec<SeenDummy>,
    /// Orders left to place, side A first.
    pub orders: [u8; 2],
    /// Fortified Posts.
    pub fortified: Vec<String>,
    /// G19.7.3 Hexes with a Fire Marker (Brigade Game).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<String>,
    /// G19.5 Bombardment Zones (Brigade Game; public, their markers are on the map).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bombardment: Vec<SeenBz>,
    /// Objectives and their holders.
    pub objectives: Vec<(String, Option<String>)>,
    /// The moving units or leader, with MP spent.
    pub moving: Option<(Vec<String>, u8)>,
    /// The close combat being resolved: its target.
    pub combat: Option<String>,
    /// Victory points, side A first.
    pub score: [i32; 2],
    /// G19.2 The Trains (Brigade Game), on the map or not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trains: Vec<SeenTrain>,
    /// G19.3 The Caissons on the map (Brigade Game, optional).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub caissons: Vec<SeenCaisson>,
}

/// G19.2 A Train as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenTrain {
    /// Data id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side's id.
    pub side: String,
    /// Hex label, `None` off the map.
    pub hex: Option<String>,
    /// `left` or `plundered` once off the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gone: Option<String>,
    /// It has moved this phase.
    pub moved: bool,
}

/// G19.3 A Caisson as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenCaisson {
    /// The id of the battery it belongs to: only for a viewer who may see its side's
    /// Ammunition Sheet, where the link is noted (G19.3.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battery: Option<String>,
    /// Its side's id.
    pub side: String,
    /// Hex label.
    pub hex: String,
    /// Its Full side is up.
    pub full: bool,
    /// It has moved this phase.
    pub moved: bool,
}

impl GloryEmpire {
    /// The observation of `viewer`.
    #[must_use]
    pub fn observation(&self, s: &State, viewer: Viewer) -> Observation {
        let b = &self.data.board;
        // G23.1 The hexes this viewer may not look into, side A's then side B's.
        let hidden = self.hidden_cells(s, viewer);
        let in_hidden = |side: Side, c: Option<crate::data::Cell>| {
            c.is_some_and(|c| hidden[side.index()].binary_search(&c).is_ok())
        };
        let units = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| !(t.gone.is_none() && in_hidden(self.data.troops[*i].side, t.cell)))
            .map(|(i, t)| {
                let d = &self.data.troops[i];
                let v = d.at(t.steps);
                let stack = t.cell.map_or(0, |c| {
                    s.stack(c).iter().position(|u| u.ix() == i).unwrap_or(0) as u8
                });
                SeenUnit {
                    id: d.id.clone(),
                    hex: t.cell.map(|c| b.label(c)),
                    stack,
                    steps: t.steps,
                    sp: v.sp,
                    mv: v.mv,
                    cvm: v.cvm,
                    facing: t.facing.to_string(),
                    formation: t.formation.name().into(),
                    skirmishers: t.skirmishers,
                    morale: t.morale,
                    ooc: t.ooc,
                    spent: t.spent,
                    ammo: t.ammo,
                    rounds: match d.sheet {
                        Some(_) if self.brigade() && viewer.sees_private_of(d.side) => {
                            crate::artillery::Round::ALL
                                .iter()
                                .map(|&r| self.rounds_left(s, crate::data::UnitId(i as u8), r))
                                .collect()
                        }
                        _ => Vec::new(),
                    },
                    assault: t.assault.map(|c| b.label(c)),
                    charge: t.charge.map(|c| b.label(c)),
                    moved: t.moved,
                    eliminated: t.gone == Some(crate::state::Gone::Eliminated),
                    markers: {
                        let mut v: Vec<String> = Vec::new();
                        if let Some(k) = t.column {
                            v.push(k.name().into());
                            if t.formation == crate::data::Formation::Square {
                                v.push("closed_square".into());
                            }
                        }
                        if t.prone {
                            v.push("prone".into());
                        }
                        if t.inverted {
                            v.push("sub_units_inverted".into());
                        }
                        if t.refused & 1 != 0 {
                            v.push("refused_left".into());
                        }
                        if t.refused & 2 != 0 {
                            v.push("refused_right".into());
                        }
                        v
                    },
                }
            })
            .collect();
        let leaders = s
            .leaders
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                !(l.status == LeaderStatus::OnMap && in_hidden(self.data.leaders[*i].side, l.cell))
            })
            .map(|(i, l)| SeenLeader {
                id: self.data.leaders[i].id.clone(),
                hex: l.cell.map(|c| b.label(c)),
                status: match l.status {
                    LeaderStatus::OnMap => "on map".into(),
                    LeaderStatus::Absent => "absent".into(),
                    LeaderStatus::Returning(t) => format!("returns turn {t}"),
                    LeaderStatus::Removed => "removed".into(),
                },
                repl: l.repl,
                order: l.order.map(|o| format!("{o:?}").to_lowercase()),
                in_command: l.in_command,
                fatigue: l.fatigue.level,
                recovering: l.fatigue.recovering,
                gtf: l.gtf.kind.map(|k| k.name().to_string()),
                evolving: l.gtf.evolving.map(|(e, _)| e.title().to_string()),
            })
            .collect();
        let mut obscured: Vec<ObscuredStack> = Vec::new();
        for side in [Side::A, Side::B] {
            // G23.2.1 The enemy's Dummy Stacks are Obscured Markers like the rest: counted with
            // the real pieces of their hex, or a marker of their own.
            // RULING: a dummy's counters add to its hex's (ge-rulings 189).
            let mut cells: Vec<crate::data::Cell> = hidden[side.index()].clone();
            if !viewer.sees_private_of(side) {
                cells.extend(
                    s.dummies
                        .iter()
                        .filter(|d| self.dummy_side(d) == side)
                        .map(|d| d.cell),
                );
            }
            cells.sort_unstable();
            cells.dedup();
            for c in cells {
                let real = if hidden[side.index()].binary_search(&c).is_ok() {
                    self.real_counters(s, side, c)
                } else {
                    0
                };
                let fake: usize = s
                    .dummies
                    .iter()
                    .filter(|d| d.cell == c && self.dummy_side(d) == side)
                    .map(|d| usize::from(d.counters))
                    .sum();
                obscured.push(ObscuredStack {
                    hex: b.label(c),
                    side: self.data.sides[side].0.clone(),
                    counters: (real + fake).min(usize::from(u8::MAX)) as u8,
                });
            }
        }
        let dummies: Vec<SeenDummy> = s
            .dummies
            .iter()
            .enumerate()
            .filter(|(_, d)| viewer.sees_private_of(self.dummy_side(d)))
            .map(|(k, d)| SeenDummy {
                // Its number among its side's own.
                index: s.dummies[..k]
                    .iter()
                    .filter(|x| self.dummy_side(x) == self.dummy_side(d))
                    .count() as u8,
                hex: b.label(d.cell),
                side: self.data.sides[self.dummy_side(d)].0.clone(),
                counters: d.counters,
                leader: self.data.leaders[d.leader.ix()].id.clone(),
                moved: d.moved,
            })
            .collect();
        // Whether the game's words or the moving stack would name a hidden piece.
        let names_hidden = |text: &str| {
            s.troops.iter().enumerate().any(|(i, t)| {
                let d = &self.data.troops[i];
                t.gone.is_none()
                    && in_hidden(d.side, t.cell)
                    && (text.contains(d.id.as_str()) || text.contains(d.name.as_str()))
            }) || s.leaders.iter().enumerate().any(|(i, l)| {
                let d = &self.data.leaders[i];
                l.status == LeaderStatus::OnMap
                    && in_hidden(d.side, l.cell)
                    && (text.contains(d.id.as_str()) || text.contains(d.name.as_str()))
            })
        };
        let moving_hidden = s.moving.as_ref().is_some_and(|m| {
            m.units
                .iter()
                .any(|u| in_hidden(self.data.troops[u.ix()].side, s.troop(*u).cell))
                || m.leader.is_some_and(|l| {
                    in_hidden(self.data.leaders[l.ix()].side, s.leaders[l.ix()].cell)
                })
        });
        // G23.1.2 The victory points of the losses of stacks this viewer cannot see are left
        // out of the score it sees (they show again when the stack is seen, and the game's end
        // counts them all).
        // RULING: the score hides the losses of obscured stacks (ge-rulings 186).
        let mut score = self.score(s);
        for (i, t) in s.troops.iter().enumerate() {
            let d = &self.data.troops[i];
            if t.gone.is_none() && in_hidden(d.side, t.cell) {
                let lost = i32::from(d.full().saturating_sub(t.steps));
                score[d.side.other().index()] -= self.data.scoring.step * lost;
            }
        }
        let mut waiting = self.waiting_text(s);
        if moving_hidden || names_hidden(&waiting) {
            // G23.1.3 An obscured stack moves unseen: the enemy learns only whose decision it is.
            waiting = format!(
                "the {} decides for an obscured stack (G23.1)",
                self.data.sides[s.acting].1
            );
        }
        let moving = s.moving.as_ref().filter(|_| !moving_hidden).map(|m| {
            let mut ids: Vec<String> = m
                .units
                .iter()
                .map(|u| self.data.troops[u.ix()].id.clone())
                .collect();
            if let Some(l) = m.leader {
                ids.push(self.data.leaders[l.ix()].id.clone());
            }
            (ids, m.spent)
        });
        let combat = s.pending.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(b.label(c.target)),
            _ => None,
        });
        Observation {
            viewer,
            turn: s.turn,
            turns: self.data.turns,
            clock: self.data.clock(s.turn),
            light: format!("{:?}", self.light(s)).to_lowercase(),
            phasing: self.data.sides[s.phasing].0.clone(),
            stage: format!("{:?}", s.stage),
            waiting,
            units,
            leaders,
            obscured,
            dummies,
            orders: [s.sides[Side::A].orders, s.sides[Side::B].orders],
            fortified: self
                .data
                .posts
                .iter()
                .enumerate()
                .filter(|(i, _)| s.fortified[*i])
                .map(|(_, p)| b.label(p.cell))
                .collect(),
            fires: s.fires.iter().map(|&c| b.label(c)).collect(),
            bombardment: self.seen_bzs(s),
            objectives: self
                .data
                .objectives
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    (
                        o.name.clone(),
                        s.holders[i].map(|x| self.data.sides[x].0.clone()),
                    )
                })
                .collect(),
            moving,
            combat,
            score,
            trains: s
                .trains
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let d = &self.data.trains[i];
                    SeenTrain {
                        id: d.id.clone(),
                        name: d.name.clone(),
                        side: self.data.sides[d.side].0.clone(),
                        hex: t.cell.map(|c| b.label(c)),
                        gone: t.gone.map(|g| {
                            match g {
                                crate::state::TrainGone::Left => "left",
                                crate::state::TrainGone::Plundered => "plundered",
                            }
                            .to_string()
                        }),
                        moved: t.moved,
                    }
                })
                .collect(),
            caissons: s
                .caissons
                .iter()
                .map(|k| SeenCaisson {
                    battery: viewer
                        .sees_private_of(self.data.troops[k.battery.ix()].side)
                        .then(|| self.data.troops[k.battery.ix()].id.clone()),
                    side: self.data.sides[self.data.troops[k.battery.ix()].side]
                        .0
                        .clone(),
                    hex: b.label(k.cell),
                    full: k.full,
                    moved: k.moved,
                })
                .collect(),
        }
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl GloryEmpire {
    /// G19.5 The Bombardment Zones in play, as every viewer sees them.
    fn seen_bzs(&self, s: &State) -> Vec<SeenBz> {
        let b = &self.data.board;
        let stacks = self.bz_stacks(s);
        s.bombard
            .zones
            .iter()
            .map(|z| {
                let mine: Vec<crate::Cell> = stacks
                    .iter()
                    .filter(|x| x.1 == z.leader)
                    .map(|x| x.0)
                    .collect();
                let mut zone: Vec<crate::Cell> =
                    mine.iter().flat_map(|&c| self.bz_zone(s, c)).collect();
                zone.sort_unstable();
                zone.dedup();
                SeenBz {
                    leader: self.data.leaders[z.leader.ix()].id.clone(),
                    batteries: mine.iter().map(|&c| b.label(c)).collect(),
                    zone: zone.iter().map(|&c| b.label(c)).collect(),
                }
            })
            .collect()
    }
}
