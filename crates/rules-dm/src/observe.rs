//! What each viewer may know. The opponent's hidden pieces appear only as anonymous tokens (side,
//! token, hex, facing); its hand only as a count; a side still setting up shows nothing of where it
//! put its pieces. Observations are built from scratch per viewer, so nothing hidden can slip in.

use crate::DrumsMuskets;
use crate::data::{Kind, UnitId};
use crate::state::{Ending, Phase, Stage, State, Status};
use coupdoeil_engine::{Side, Viewer};
use coupdoeil_hex::Facing;
use serde::Serialize;

/// A unit's printed values, for a viewer allowed to see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenUnit {
    /// Data id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Unit type.
    pub kind: Kind,
    /// Corps id, none for dummies.
    pub corps: Option<String>,
    /// Combat Strength.
    pub strength: i8,
    /// Morale Rating.
    pub morale: i8,
    /// Movement Allowance.
    pub movement: u8,
    /// Heavy artillery present.
    pub heavy_artillery: bool,
}

/// A piece as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenPiece {
    /// Owner.
    pub side: Side,
    /// Public identity of the piece.
    pub token: u8,
    /// Printed hex, `None` when eliminated.
    pub hex: Option<String>,
    /// Facing.
    pub facing: Facing,
    /// Still showing its hidden side.
    pub hidden: bool,
    /// What it is, when the viewer may know.
    pub unit: Option<SeenUnit>,
    /// State (always Steady while hidden).
    pub status: Status,
    /// Moved this phase.
    pub moved: bool,
}

/// A corps on the Morale Track (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenCorps {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Morale Track box.
    pub morale: i8,
    /// Demoralized.
    pub demoralized: bool,
}

/// A card as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenCard {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// When it may be played.
    pub window: crate::data::Window,
    /// What it does.
    pub text: String,
    /// May be played in the window open now.
    pub playable_now: bool,
}

/// A side's cards as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenDeck {
    /// The hand, when the viewer may see it.
    pub hand: Option<Vec<SeenCard>>,
    /// Cards in hand.
    pub hand_size: usize,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// The face-up discard pile.
    pub discard: Vec<String>,
    /// Removed from play.
    pub removed: Vec<String>,
}

/// A declared attack (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenAttack {
    /// Target hex.
    pub target: String,
    /// Defender id.
    pub defender: String,
    /// Attacker ids.
    pub attackers: Vec<String>,
    /// Resolved.
    pub resolved: bool,
    /// Odds now, with every modifier.
    pub odds: crate::combat::Odds,
}

/// The moving unit as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenMover {
    /// Side.
    pub side: Side,
    /// Token.
    pub token: u8,
    /// Unit id, when visible.
    pub unit: Option<String>,
    /// MP left in halves, when visible.
    pub half_mp: Option<u8>,
}

/// What one viewer may know of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Whose view.
    pub viewer: Viewer,
    /// Game Turn.
    pub turn: u8,
    /// Last Game Turn.
    pub turns: u8,
    /// Phasing Player.
    pub phasing: Side,
    /// Phase.
    pub phase: Phase,
    /// What the game waits for. In JSON always one object: `{"kind": "attack_card", "side":
    /// "A", "step": 3}`, `side` and `step` `null` where the stage has none.
    #[serde(serialize_with = "stage_json")]
    pub stage: Stage,
    /// 9.5.3 The attacking unit whose free facing change is asked for (`after_facing`).
    pub turning: Option<String>,
    /// Who decides now (`None` at chance nodes and at the end).
    pub to_act: Option<Side>,
    /// Pieces on or off the map, sorted by side and token.
    pub pieces: Vec<SeenPiece>,
    /// Pieces of each side still to be placed.
    pub to_place: [usize; 2],
    /// Corps.
    pub corps: Vec<SeenCorps>,
    /// Decks of A and B.
    pub decks: [SeenDeck; 2],
    /// Depots: hex, owner, holder.
    pub depots: Vec<(String, Side, Side)>,
    /// Declared attacks.
    pub attacks: Vec<SeenAttack>,
    /// Declared Supporting Fire (artillery id, supported id).
    pub supports: Vec<(String, String)>,
    /// The attack being resolved: target, die, result.
    pub resolving: Option<(String, Option<u8>, Option<String>)>,
    /// The unit retreating or testing morale.
    pub retreating: Option<String>,
    /// The moving unit.
    pub mover: Option<SeenMover>,
    /// Victory Points now, A and B.
    pub points: [i32; 2],
    /// The end.
    pub ending: Option<Ending>,
}

impl DrumsMuskets {
    fn seen_unit(&self, u: UnitId) -> SeenUnit {
        let d = &self.data.units[u.ix()];
        SeenUnit {
            id: d.id.clone(),
            name: d.name.clone(),
            kind: d.kind,
            corps: d.corps.map(|c| self.data.corps[usize::from(c)].id.clone()),
            strength: d.strength,
            morale: d.morale,
            movement: d.movement,
            heavy_artillery: d.heavy_artillery,
        }
    }

    /// Has this side finished placing its pieces?
    fn placed_all(&self, s: &State, side: Side) -> bool {
        self.units_of(side)
            .all(|u| s.piece(u).cell.is_some() || s.piece(u).gone)
    }

    pub(crate) fn observation(&self, s: &State, viewer: Viewer) -> Observation {
        let b = &self.data.board;
        let mut pieces = Vec::new();
        let mut to_place = [0usize; 2];
        for (i, p) in s.pieces.iter().enumerate() {
            let u = UnitId(i as u8);
            let side = self.data.units[i].side;
            let own = viewer.sees_private_of(side);
            if p.cell.is_none() && !p.gone {
                to_place[side.index()] += 1;
                continue;
            }
            if !own && s.phase == Phase::Setup && !self.placed_all(s, side) {
                continue; // positions of a side still setting up are secret
            }
            let visible = own || !p.hidden;
            pieces.push(SeenPiece {
                side,
                token: p.token,
                hex: p.cell.map(|c| b.label(c)),
                facing: p.facing,
                hidden: p.hidden,
                unit: visible.then(|| self.seen_unit(u)),
                status: if visible { p.status } else { Status::Steady },
                moved: p.moved,
            });
        }
        pieces.sort_by(|a, b| {
            (a.side, a.token, a.hex.clone()).cmp(&(b.side, b.token, b.hex.clone()))
        });
        let corps = self
            .data
            .corps
            .iter()
            .enumerate()
            .map(|(i, c)| SeenCorps {
                id: c.id.clone(),
                name: c.name.clone(),
                side: c.side,
                morale: s.corps_morale[i],
                demoralized: s.demoralized[i],
            })
            .collect();
        let decider = self.decider(s);
        let deck = |side: Side| {
            let d = &s.decks[side];
            let ids = |v: &Vec<crate::CardId>| {
                v.iter()
                    .map(|c| self.data.cards[c.ix()].id.clone())
                    .collect()
            };
            SeenDeck {
                hand: viewer.sees_private_of(side).then(|| {
                    d.hand
                        .iter()
                        .map(|&c| {
                            let def = &self.data.cards[c.ix()];
                            SeenCard {
                                id: def.id.clone(),
                                title: def.title.clone(),
                                window: def.window,
                                text: def.text.clone(),
                                playable_now: decider == Some(side)
                                    && self.card_playable(s, side, c)
                                    && self.window_open(s),
                            }
                        })
                        .collect()
                }),
                hand_size: d.hand.len(),
                draw_pile: d.draw.len(),
                discard: ids(&d.discard),
                removed: ids(&d.removed),
            }
        };
        let uid = |u: UnitId| self.data.units[u.ix()].id.clone();
        let attacks = s
            .attacks
            .iter()
            .enumerate()
            .map(|(i, a)| SeenAttack {
                target: b.label(a.target),
                defender: uid(a.defender),
                attackers: a.attackers.iter().map(|&u| uid(u)).collect(),
                resolved: a.resolved,
                odds: self.odds(s, i, true),
            })
            .collect();
        let mover = s.mover.map(|m| {
            let side = self.data.units[m.unit.ix()].side;
            let visible = viewer.sees_private_of(side) || !s.piece(m.unit).hidden;
            SeenMover {
                side,
                token: s.piece(m.unit).token,
                unit: visible.then(|| uid(m.unit)),
                half_mp: visible.then_some(m.half_mp),
            }
        });
        Observation {
            viewer,
            turn: s.turn,
            turns: self.data.turns,
            phasing: s.phasing,
            phase: s.phase,
            stage: s.stage,
            turning: (s.stage == Stage::AfterFacing)
                .then(|| self.facing_unit(s).map(uid))
                .flatten(),
            to_act: decider,
            pieces,
            to_place,
            corps,
            decks: [deck(Side::A), deck(Side::B)],
            depots: b
                .depots
                .iter()
                .enumerate()
                .map(|(i, d)| (b.label(d.0), d.1, s.depot_holder[i]))
                .collect(),
            attacks,
            supports: s
                .supports
                .iter()
                .map(|x| (uid(x.artillery), uid(x.to)))
                .collect(),
            resolving: s.resolution.as_ref().map(|r| {
                (
                    b.label(s.attacks[usize::from(r.attack)].target),
                    r.die,
                    r.result.map(|x| x.to_string()),
                )
            }),
            retreating: s.retreat.map(|r| uid(r.unit)),
            mover,
            points: [
                self.victory_points(s, Side::A),
                self.victory_points(s, Side::B),
            ],
            ending: s.ending.clone(),
        }
    }

    fn window_open(&self, s: &State) -> bool {
        matches!(
            s.stage,
            Stage::MovementCard(_)
                | Stage::AttackCard(..)
                | Stage::MoraleCard(_)
                | Stage::RallyCard
        )
    }
}

/// The observation's stage as one JSON shape: `kind` (the stage in snake case), `side` and `step`.
fn stage_json<S: serde::Serializer>(stage: &Stage, ser: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Shape {
        kind: &'static str,
        side: Option<Side>,
        step: Option<u8>,
    }
    let (kind, side, step) = match *stage {
        Stage::OpeningDraw => ("opening_draw", None, None),
        Stage::Place(s) => ("place", Some(s), None),
        Stage::MovementCard(s) => ("movement_card", Some(s), None),
        Stage::Movement => ("movement", None, None),
        Stage::Declare => ("declare", None, None),
        Stage::DefenderSupport => ("defender_support", None, None),
        Stage::ChooseAttack => ("choose_attack", None, None),
        Stage::AttackCard(s, n) => ("attack_card", Some(s), Some(n)),
        Stage::AttackDie => ("attack_die", None, None),
        Stage::Retreat => ("retreat", None, None),
        Stage::MoraleCard(s) => ("morale_card", Some(s), None),
        Stage::MoraleDie => ("morale_die", None, None),
        Stage::Advance => ("advance", None, None),
        Stage::AfterFacing => ("after_facing", None, None),
        Stage::Discard => ("discard", None, None),
        Stage::Draw => ("draw", None, None),
        Stage::RallyCard => ("rally_card", None, None),
        Stage::RallyChoose => ("rally_choose", None, None),
        Stage::RallyDie => ("rally_die", None, None),
        Stage::Over => ("over", None, None),
    };
    Shape { kind, side, step }.serialize(ser)
}
