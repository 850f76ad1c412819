//! The changing part of a Drums & Muskets game: plain data, cheap to clone.

use crate::data::{CardId, Cell, CrtResult, UnitId};
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// 10.0 A discovered unit's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// Functions normally.
    Steady,
    /// 10.3 Strength and morale -1, no heavy artillery; a further rout eliminates it.
    Shaken,
    /// 10.1 Cannot move, change facing or attack.
    Routed,
}

/// One piece on (or off) the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Where it stands; `None` before set-up and after elimination.
    pub cell: Option<Cell>,
    /// 6.0 Its facing.
    pub facing: Facing,
    /// 8.0 Still showing its Hidden side.
    pub hidden: bool,
    /// Steady, Shaken or Routed.
    pub status: Status,
    /// Removed from play (eliminated, or a dummy taken off).
    pub gone: bool,
    /// 7.3 Has moved this Movement Phase.
    pub moved: bool,
    /// The public identity of the piece: its set-up slot. What the opponent tracks while it is hidden.
    pub token: u8,
}

/// A card deck of one side (5.0). Piles are sorted multisets of cards; the order of the draw pile is
/// never stored: each draw is a chance node over what is left.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck {
    /// Cards in hand (private to the owner), sorted.
    pub hand: Vec<CardId>,
    /// The draw pile, sorted.
    pub draw: Vec<CardId>,
    /// The face-up discard pile, sorted.
    pub discard: Vec<CardId>,
    /// Cards removed from play, sorted.
    pub removed: Vec<CardId>,
}

/// A declared attack (9.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The Target hex.
    pub target: Cell,
    /// The defending unit.
    pub defender: UnitId,
    /// The attacking units, in declaration order.
    pub attackers: Vec<UnitId>,
    /// Already resolved.
    pub resolved: bool,
}

/// One heavy-artillery Supporting Fire (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Support {
    /// The unit with heavy artillery.
    pub artillery: UnitId,
    /// The unit it adds +1 to.
    pub to: UnitId,
}

/// The attack being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resolution {
    /// Index into the declared attacks.
    pub attack: u8,
    /// Step 3 card bonuses per side.
    pub card_bonus: BySide<i8>,
    /// The die (step 5).
    pub die: Option<u8>,
    /// Which step-6 window follows the next roll: 0 the attacker's, 1 the defender's, 2 none.
    pub after_roll: u8,
    /// The result once known.
    pub result: Option<CrtResult>,
    /// Units still to retreat because of the result.
    pub to_retreat: Vec<UnitId>,
    /// The defender's hex has been vacated.
    pub vacated: bool,
    /// Attack made only by infantry (for the cavalry morale bonus).
    pub infantry_only: bool,
    /// Attacking units still to make their free facing change (9.5.3).
    pub to_face: Vec<UnitId>,
}

/// A unit retreating (9.5.1) or routing (10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retreat {
    /// Who.
    pub unit: UnitId,
    /// The hex it occupied during the attack: each step takes it farther from there.
    pub origin: Cell,
    /// Hexes still to move (more are added while it ends on a friendly unit).
    pub left: u8,
    /// This is the extra hex of a rout.
    pub rout: bool,
    /// It entered an enemy ZOC on the way.
    pub entered_ezoc: bool,
    /// Morale Test penalty of the result.
    pub penalty: u8,
}

/// A Morale Test in progress (9.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoraleTest {
    /// Who.
    pub unit: UnitId,
    /// Penalty of the combat result.
    pub penalty: u8,
    /// Card modifiers played so far.
    pub card: i8,
}

/// A unit moving now (7.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mover {
    /// Who.
    pub unit: UnitId,
    /// Movement allowance left, in half MP.
    pub half_mp: u8,
    /// The unit's full allowance this phase, in half MP.
    pub full: u8,
    /// Hexes entered so far.
    pub entered: u8,
    /// Facing changes made so far.
    pub turns: u8,
    /// 6.1 It entered an enemy ZOC: hex-by-hex movement is over.
    pub in_ezoc: bool,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Exclusive 3.0: drawing the opening hands (chance).
    OpeningDraw,
    /// Exclusive 3.0: placing pieces on set-up slots.
    Place(Side),
    /// 4.0 Movement Phase card window of a side.
    MovementCard(Side),
    /// 7.0 Moving units.
    Movement,
    /// 9.1 The attacker declares attacks and Supporting Fire.
    Declare,
    /// 9.2.2 The defender declares Supporting Fire.
    DefenderSupport,
    /// 9.0 The attacker picks the next attack.
    ChooseAttack,
    /// 9.0 step 3 or 6 card window of a side.
    AttackCard(Side, u8),
    /// 9.0 step 5: the attack die (chance).
    AttackDie,
    /// 9.5.1 The owner picks among equally good retreat hexes.
    Retreat,
    /// 9.5.2 Morale Test card window of a side.
    MoraleCard(Side),
    /// 9.5.2 The Morale Test die (chance).
    MoraleDie,
    /// 9.5.3 The attacker may advance one unit.
    Advance,
    /// 9.5.3 Free facing change of an attacking unit.
    AfterFacing,
    /// 12.0 step C: discarding.
    Discard,
    /// 12.0 step C: drawing (chance).
    Draw,
    /// 10.2 Rally window for cards.
    RallyCard,
    /// 10.2 Choosing the unit that rallies automatically.
    RallyChoose,
    /// 10.2 A Rally Test die (chance).
    RallyDie,
    /// 13.0 The game is over.
    Over,
}

/// 4.0 Phases of a Player Turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn.
    Setup,
    /// Movement Phase.
    Movement,
    /// Combat Phase (Discovery runs between Movement and Combat as a forced step).
    Combat,
    /// Administrative Phase.
    Administration,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// Winner, `None` for a draw.
    pub winner: Option<Side>,
    /// `immediate` or `points`.
    pub kind: String,
    /// Victory points of A and B.
    pub points: [i32; 2],
}

/// The whole changing state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Game Turn, from 1.
    pub turn: u8,
    /// The Phasing Player.
    pub phasing: Side,
    /// Current phase.
    pub phase: Phase,
    /// Pending decision or chance.
    pub stage: Stage,
    /// Every piece, by [`UnitId`].
    pub pieces: Vec<Piece>,
    /// Which piece stands in each cell.
    pub occupant: Vec<Option<UnitId>>,
    /// Corps Morale Track positions.
    pub corps_morale: Vec<i8>,
    /// 11.2 Corps already Demoralized.
    pub demoralized: Vec<bool>,
    /// Card decks.
    pub decks: BySide<Deck>,
    /// Exclusive 13.0: the side that last had a unit in each depot.
    pub depot_holder: Vec<Side>,
    /// Movement Phase card effects: MA change per side (half MP).
    pub ma_bonus: BySide<i8>,
    /// Movement Phase card effect: free facing changes.
    pub free_facing: BySide<bool>,
    /// Rally bonus from cards this phase.
    pub rally_bonus: i8,
    /// The unit moving now.
    pub mover: Option<Mover>,
    /// Declared attacks this Combat Phase.
    pub attacks: Vec<Attack>,
    /// Declared Supporting Fire, both sides.
    pub supports: Vec<Support>,
    /// The attack being resolved.
    pub resolution: Option<Resolution>,
    /// The retreat in progress.
    pub retreat: Option<Retreat>,
    /// The Morale Test in progress.
    pub test: Option<MoraleTest>,
    /// 10.2 Routed units still to take a Rally Test.
    pub rally_queue: Vec<UnitId>,
    /// The result when over.
    pub ending: Option<Ending>,
    /// Exclusive 3.0: the corps being set up now by a side whose corps deploy together.
    pub setup_corps: Option<u8>,
}

/// What decides where the moving unit can still go (7.0): its hex and facing, its MP left,
/// whether it has yet entered a hex or changed facing, and whether it stands in an enemy ZOC.
/// Two move states with the same key offer the same continuations, so searches of a unit's move
/// visit each key once.
pub type MoveKey = (Option<Cell>, Facing, u8, u8, u8, bool);

impl State {
    /// The [`MoveKey`] of the unit now moving, if a unit is moving.
    #[must_use]
    pub fn move_key(&self) -> Option<MoveKey> {
        self.mover.map(|m| {
            let p = self.piece(m.unit);
            (
                p.cell,
                p.facing,
                m.half_mp,
                m.entered.min(1),
                m.turns.min(1),
                m.in_ezoc,
            )
        })
    }

    /// The piece of a unit.
    #[must_use]
    pub fn piece(&self, u: UnitId) -> &Piece {
        &self.pieces[u.ix()]
    }

    /// Is this unit taking part in the procedure under way (moving, retreating, in a declared
    /// attack or Supporting Fire)? Such units are revealed, or about to be.
    #[must_use]
    pub fn in_procedure(&self, u: UnitId) -> bool {
        self.mover.is_some_and(|m| m.unit == u)
            || self.retreat.is_some_and(|r| r.unit == u)
            || self
                .attacks
                .iter()
                .any(|a| a.defender == u || a.attackers.contains(&u))
            || self.supports.iter().any(|x| x.artillery == u || x.to == u)
    }

    /// Who stands in a cell.
    #[must_use]
    pub fn at(&self, c: Cell) -> Option<UnitId> {
        self.occupant[c.ix()]
    }

    /// Moves a piece (or takes it off with `None`), keeping the occupancy index right. A piece
    /// passing through a friend's hex (7.7, 9.5.1) does not displace the friend from the index;
    /// it never comes to rest there.
    pub fn put(&mut self, u: UnitId, to: Option<Cell>) {
        if let Some(from) = self.pieces[u.ix()].cell
            && self.occupant[from.ix()] == Some(u)
        {
            self.occupant[from.ix()] = None;
        }
        self.pieces[u.ix()].cell = to;
        if let Some(to) = to
            && self.occupant[to.ix()].is_none()
        {
            self.occupant[to.ix()] = Some(u);
        }
    }
}
