//! 4.0 Sequence of Play: Game Turns of two Player Turns, each of Movement, Discovery, Combat and
//! Administrative Phases; and the dispatch of actions and chance outcomes to the chapters.

use crate::DrumsMuskets;
use crate::action::{Action, Chance};
use crate::data::UnitId;
use crate::event::{Event, What};
use crate::state::{Deck, Phase, Piece, Stage, State, Status};
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::Facing;

impl DrumsMuskets {
    /// Exclusive 3.0: the state before set-up. Decks are shuffled (as a pile whose order is never
    /// stored), morale markers placed, turn marker on turn 1; the opening hands are drawn next.
    pub(crate) fn new_state(&self) -> State {
        let d = &self.data;
        let mut decks = BySide::new(Deck::default(), Deck::default());
        for (i, c) in d.cards.iter().enumerate() {
            for _ in 0..c.copies {
                decks[c.side].draw.push(crate::CardId(i as u8));
            }
        }
        let pieces = d
            .units
            .iter()
            .map(|_| Piece {
                cell: None,
                facing: Facing::ALL[0],
                hidden: true,
                status: Status::Steady,
                gone: false,
                moved: false,
                token: 0,
            })
            .collect();
        let mut s = State {
            turn: 1,
            phasing: d.first,
            phase: Phase::Setup,
            stage: Stage::OpeningDraw,
            pieces,
            occupant: vec![None; d.board.len()],
            corps_morale: d.corps.iter().map(|c| c.morale).collect(),
            demoralized: vec![false; d.corps.len()],
            decks,
            depot_holder: d.board.depots.iter().map(|(_, side, _)| *side).collect(),
            ma_bonus: BySide::new(0, 0),
            free_facing: BySide::new(false, false),
            rally_bonus: 0,
            mover: None,
            attacks: Vec::new(),
            supports: Vec::new(),
            resolution: None,
            retreat: None,
            test: None,
            rally_queue: Vec::new(),
            ending: None,
            setup_corps: None,
        };
        let mut ev = Vec::new();
        if let Some(start) = &d.start {
            self.start_from(&mut s, start, &mut ev);
        } else {
            self.continue_opening_draw(&mut s, &mut ev);
        }
        s
    }

    /// A scenario's `[start]` position: pieces, states, tracks and hands as given, then the
    /// given phase of the given turn begins (its card windows open as usual).
    fn start_from(&self, s: &mut State, start: &crate::data::Start, ev: &mut Vec<Event>) {
        for (i, p) in start.pieces.iter().enumerate() {
            let u = UnitId(i as u8);
            let side = self.data.units[i].side;
            s.pieces[i].token = self.data.slots[side]
                .iter()
                .position(|(c, _)| p.at.is_some_and(|(a, _)| a == *c))
                .map_or(
                    u8::try_from(self.data.slots[side].len() + i).unwrap_or(u8::MAX),
                    |k| k as u8,
                );
            s.pieces[i].hidden = p.hidden;
            s.pieces[i].status = p.status;
            match p.at {
                Some((c, f)) => {
                    s.pieces[i].facing = f;
                    s.put(u, Some(c));
                }
                None => s.pieces[i].gone = true,
            }
        }
        s.corps_morale.clone_from(&start.corps_morale);
        s.demoralized.clone_from(&start.demoralized);
        s.depot_holder.clone_from(&start.depot_holder);
        for side in Side::ALL {
            let deck = &mut s.decks[side];
            for &c in &start.hands[side] {
                if let Some(k) = deck.draw.iter().position(|x| *x == c) {
                    deck.draw.remove(k);
                    deck.hand.push(c);
                }
            }
            deck.hand.sort();
        }
        s.turn = start.turn;
        s.phasing = start.phasing;
        if start.combat {
            s.phase = Phase::Combat;
            Self::phase_event(s, ev);
            s.stage = Stage::Declare;
        } else {
            self.begin_movement_phase(s, ev);
        }
    }

    /// Lists the legal actions of the side to act (unsorted; the caller sorts).
    pub(crate) fn list_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.stage {
            Stage::Place(side) => self.placement_actions(s, side, out),
            Stage::MovementCard(side) | Stage::AttackCard(side, _) | Stage::MoraleCard(side) => {
                self.card_actions(s, side, out);
            }
            Stage::RallyCard => self.card_actions(s, s.phasing, out),
            Stage::Movement => self.movement_actions(s, out),
            Stage::Declare => self.declare_actions(s, out),
            Stage::DefenderSupport => self.defender_support_actions(s, out),
            Stage::ChooseAttack => self.choose_attack_actions(s, out),
            Stage::Retreat => self.retreat_actions(s, out),
            Stage::Advance => self.advance_actions(s, out),
            Stage::AfterFacing => out.extend(Facing::ALL.iter().map(|&f| Action::TurnTo(f))),
            Stage::Discard => self.discard_actions(s, out),
            Stage::RallyChoose => self.rally_choose_actions(s, out),
            Stage::OpeningDraw
            | Stage::AttackDie
            | Stage::MoraleDie
            | Stage::Draw
            | Stage::RallyDie
            | Stage::Over => {}
        }
    }

    /// Applies a legal action and runs forced steps forward.
    pub(crate) fn do_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match (s.stage, a) {
            (Stage::Place(side), Action::Place(slot)) => self.place(s, side, slot, ev),
            (Stage::Place(_), Action::SetUpCorps(c)) => self.choose_setup_corps(s, c),
            (
                Stage::MovementCard(_)
                | Stage::AttackCard(..)
                | Stage::MoraleCard(_)
                | Stage::RallyCard,
                _,
            ) => {
                self.card_choice(s, a, ev);
            }
            (Stage::Movement, _) => self.movement_action(s, a, ev),
            (Stage::Declare, _) => self.declare_action(s, a, ev),
            (Stage::DefenderSupport, _) => self.defender_support_action(s, a, ev),
            (Stage::ChooseAttack, Action::Resolve(target)) => self.begin_attack(s, target, ev),
            (Stage::Retreat, Action::RetreatTo(c)) => self.retreat_step(s, c, ev),
            (Stage::Advance, _) => self.advance_action(s, a, ev),
            (Stage::AfterFacing, Action::TurnTo(f)) => self.after_facing(s, f, ev),
            (Stage::Discard, _) => self.discard_action(s, a, ev),
            (Stage::RallyChoose, Action::Rally(u)) => self.rally_choose(s, u, ev),
            _ => debug_assert!(false, "action {a:?} applied at {:?}", s.stage),
        }
    }

    /// Applies a chance outcome and runs forced steps forward.
    pub(crate) fn do_chance(&self, s: &mut State, c: Chance, ev: &mut Vec<Event>) {
        match (s.stage, c) {
            (Stage::OpeningDraw, Chance::Card(card)) => {
                let side = self.drawing_side(s);
                self.draw_card(s, side, card, ev);
                self.continue_opening_draw(s, ev);
            }
            (Stage::Draw, Chance::Card(card)) => {
                self.draw_card(s, s.phasing, card, ev);
                self.continue_draw(s, ev);
            }
            (Stage::AttackDie, Chance::Die(f)) => self.attack_die(s, f, ev),
            (Stage::MoraleDie, Chance::Die(f)) => self.morale_die(s, f, ev),
            (Stage::RallyDie, Chance::Die(f)) => self.rally_die(s, f, ev),
            _ => debug_assert!(false, "chance {c:?} applied at {:?}", s.stage),
        }
    }

    fn phase_event(s: &State, ev: &mut Vec<Event>) {
        let phase = match s.phase {
            Phase::Setup => "Set-up",
            Phase::Movement => "Movement Phase",
            Phase::Combat => "Combat Phase",
            Phase::Administration => "Administrative Phase",
        };
        ev.push(Event::public(What::PhaseBegins {
            turn: s.turn,
            side: s.phasing,
            phase: phase.into(),
        }));
    }

    /// 4.0 A Movement Phase begins: per-phase effects are cleared and the card windows open,
    /// the phasing player's first (4.0, Movement Phase).
    pub(crate) fn begin_movement_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::Movement;
        s.ma_bonus = BySide::new(0, 0);
        s.free_facing = BySide::new(false, false);
        for p in &mut s.pieces {
            p.moved = false;
        }
        Self::phase_event(s, ev);
        // No reinforcements in the scenarios we ship (4.0 allows them; none are scheduled).
        self.open_window(s, Stage::MovementCard(s.phasing), ev);
    }

    /// The units of a side, by id.
    pub(crate) fn units_of(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.data
            .units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.side == side)
            .map(|(i, _)| UnitId(i as u8))
    }

    /// 4.0 The Movement Phase is over: the Discovery Phase (8.0) runs, then the Combat Phase.
    pub(crate) fn end_movement_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.mover = None;
        self.discovery_phase(s, ev);
        s.phase = Phase::Combat;
        Self::phase_event(s, ev);
        s.attacks.clear();
        s.supports.clear();
        s.stage = Stage::Declare;
    }

    /// 4.0 The Combat Phase is over: the Administrative Phase (12.0) begins.
    pub(crate) fn end_combat_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.attacks.clear();
        s.supports.clear();
        s.resolution = None;
        s.phase = Phase::Administration;
        Self::phase_event(s, ev);
        self.administrative_phase(s, ev);
    }

    /// 4.0 The Player Turn is over: the Second Player's turn follows, or the next Game Turn, or,
    /// after the last Game Turn, victory is determined (13.0).
    pub(crate) fn end_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.phasing == self.data.first {
            s.phasing = s.phasing.other();
        } else {
            if s.turn >= self.data.turns {
                self.final_victory(s, ev);
                return;
            }
            s.turn += 1;
            s.phasing = self.data.first;
        }
        self.begin_movement_phase(s, ev);
    }
}
