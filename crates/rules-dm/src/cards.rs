//! 5.0 Tactical cards: decks, hands, draws to the hand limit, reshuffles, removal from play, and
//! the windows in which cards may be played.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{CardId, Effect, PhaseCond, RoleCond, Target, Window};
use crate::event::{Event, What};
use crate::state::{Stage, State};
use coupdoeil_engine::Side;

fn insert_sorted(v: &mut Vec<CardId>, c: CardId) {
    let i = v.partition_point(|x| *x <= c);
    v.insert(i, c);
}

fn remove_one(v: &mut Vec<CardId>, c: CardId) -> bool {
    match v.iter().position(|x| *x == c) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

/// 5.1 A card goes onto its side's discard pile. RULING: while the draw pile is empty (its last
/// card was drawn when there were no discards to reshuffle), every discard goes straight into a
/// new draw pile, so that the reshuffle 5.1 makes on the last draw is never lost.
fn discard_into(deck: &mut crate::state::Deck, side: Side, card: CardId, ev: &mut Vec<Event>) {
    insert_sorted(&mut deck.discard, card);
    if deck.draw.is_empty() {
        deck.draw = std::mem::take(&mut deck.discard);
        ev.push(Event::public(What::Reshuffled { side }));
    }
}

impl DrumsMuskets {
    /// The card with data-file id `id`.
    pub(crate) fn card_by_id(&self, id: &str) -> Result<CardId, String> {
        self.data
            .cards
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(id))
            .map(|i| CardId(i as u8))
            .ok_or_else(|| format!("no card `{id}` in this scenario"))
    }

    /// The side that draws at the pending draw: during the opening draw, the first side whose hand
    /// is short; in step C of the Administrative Phase, the phasing player.
    pub(crate) fn drawing_side(&self, s: &State) -> Side {
        if s.stage == Stage::OpeningDraw {
            for side in Side::ALL {
                if self.wants_card(s, side) {
                    return side;
                }
            }
        }
        s.phasing
    }

    fn wants_card(&self, s: &State, side: Side) -> bool {
        s.decks[side].hand.len() < usize::from(self.data.hand_size[side])
            && !s.decks[side].draw.is_empty()
    }

    /// 5.0, 5.1 A card comes from the draw pile into the hand; when the last card is drawn, the
    /// discards are reshuffled into a new draw pile at once.
    pub(crate) fn draw_card(&self, s: &mut State, side: Side, card: CardId, ev: &mut Vec<Event>) {
        let deck = &mut s.decks[side];
        if remove_one(&mut deck.draw, card) {
            insert_sorted(&mut deck.hand, card);
        }
        ev.push(Event::private(side, What::Drew { side, card }));
        ev.push(Event::others(side, What::DrewHidden { side }));
        if deck.draw.is_empty() && !deck.discard.is_empty() {
            deck.draw = std::mem::take(&mut deck.discard);
            ev.push(Event::public(What::Reshuffled { side }));
        }
    }

    /// Exclusive 3.0: draw opening hands (Prussians 3, Austrians 2 at Leuthen), then set up.
    pub(crate) fn continue_opening_draw(&self, s: &mut State, ev: &mut Vec<Event>) {
        if Side::ALL.iter().any(|&side| self.wants_card(s, side)) {
            s.stage = Stage::OpeningDraw;
        } else {
            self.begin_setup(s, ev);
        }
    }

    /// 12.0 C / 5.2: draw until the hand is back to its maximum size, then go on to step D.
    pub(crate) fn continue_draw(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.wants_card(s, s.phasing) {
            s.stage = Stage::Draw;
        } else {
            self.admin_step_d(s, ev);
        }
    }

    /// Opens a card window: the side holding any card is asked (so that the opponent learns
    /// nothing from whether it is asked); a side with an empty hand is skipped.
    /// RULING: asked whenever the hand is not empty, even without a playable card, because hand
    /// sizes are public and the question itself must reveal nothing.
    pub(crate) fn open_window(&self, s: &mut State, stage: Stage, ev: &mut Vec<Event>) {
        let side = match stage {
            Stage::MovementCard(side) | Stage::AttackCard(side, _) | Stage::MoraleCard(side) => {
                side
            }
            _ => s.phasing,
        };
        if s.decks[side].hand.is_empty() {
            self.close_window(s, stage, ev);
        } else {
            s.stage = stage;
        }
    }

    /// What follows a card window: the other side's window of the same step, or the next step.
    fn close_window(&self, s: &mut State, stage: Stage, ev: &mut Vec<Event>) {
        match stage {
            Stage::MovementCard(side) if side == s.phasing => {
                self.open_window(s, Stage::MovementCard(side.other()), ev);
            }
            Stage::MovementCard(_) => {
                s.stage = Stage::Movement;
            }
            Stage::AttackCard(side, step) if side == s.phasing => {
                self.open_window(s, Stage::AttackCard(side.other(), step), ev);
            }
            Stage::AttackCard(_, 3) => self.attack_step4(s, ev),
            Stage::AttackCard(_, _) => self.attack_step6_done(s, ev),
            Stage::MoraleCard(side) => {
                // RULING: the owner of the testing unit plays first, then the opponent (as in
                // the attack steps, where the side most concerned acts first).
                let tester = s
                    .test
                    .map(|t| self.data.units[t.unit.ix()].side)
                    .unwrap_or(side);
                if side == tester {
                    self.open_window(s, Stage::MoraleCard(side.other()), ev);
                } else {
                    s.stage = Stage::MoraleDie;
                }
            }
            Stage::RallyCard => self.rally_after_window(s, ev),
            _ => debug_assert!(false, "no window at {stage:?}"),
        }
    }

    /// May `side` play `card` in the window now open?
    pub(crate) fn card_playable(&self, s: &State, side: Side, card: CardId) -> bool {
        let def = &self.data.cards[card.ix()];
        let own_phase = side == s.phasing;
        let phase_ok = match def.phase {
            PhaseCond::Own => own_phase,
            PhaseCond::Enemy => !own_phase,
            PhaseCond::Any => true,
        };
        let role_ok = match def.role {
            RoleCond::Attacker => own_phase,
            RoleCond::Defender => !own_phase,
            RoleCond::Any => true,
        };
        if !phase_ok {
            return false;
        }
        match s.stage {
            Stage::MovementCard(_) => def.window == Window::Movement,
            Stage::AttackCard(_, 3) => def.window == Window::AttackStep3 && role_ok,
            Stage::AttackCard(_, _) => def.window == Window::AttackStep6 && role_ok,
            Stage::MoraleCard(_) => {
                let Some(t) = s.test else { return false };
                let mine = self.data.units[t.unit.ix()].side == side;
                def.window == Window::MoraleTest
                    && match def.effect {
                        Effect::Morale {
                            target: Target::Own,
                            ..
                        } => mine,
                        Effect::Morale {
                            target: Target::Enemy,
                            ..
                        } => !mine,
                        _ => false,
                    }
            }
            Stage::RallyCard => def.window == Window::Rally && own_phase,
            _ => false,
        }
    }

    /// 5.0 The choices in an open window: each playable card in hand, or pass.
    pub(crate) fn card_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        for &c in &s.decks[side].hand {
            if self.card_playable(s, side, c) {
                out.push(Action::PlayCard(c));
            }
        }
    }

    /// 5.0, 5.1 Plays (or passes) in the open window; a played card goes to the discard pile, or
    /// out of play when it says so; its effect applies.
    pub(crate) fn card_choice(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let stage = s.stage;
        let side = match stage {
            Stage::MovementCard(side) | Stage::AttackCard(side, _) | Stage::MoraleCard(side) => {
                side
            }
            _ => s.phasing,
        };
        if let Action::PlayCard(card) = a {
            let def = &self.data.cards[card.ix()];
            let deck = &mut s.decks[side];
            remove_one(&mut deck.hand, card);
            ev.push(Event::public(What::Played { side, card }));
            if def.remove_after_play {
                insert_sorted(&mut deck.removed, card);
            } else {
                discard_into(deck, side, card, ev);
            }
            match def.effect {
                Effect::March { mp } => s.ma_bonus[side] += mp as i8,
                Effect::Delay { mp } => s.ma_bonus[side.other()] -= mp as i8,
                Effect::FreeFacing => s.free_facing[side] = true,
                Effect::Strength { amount } => {
                    if let Some(r) = s.resolution.as_mut() {
                        r.card_bonus[side] += amount;
                    }
                }
                // RULING: after an attacker's re-roll the defender's step-6 window opens on the new
                // roll; after a defender's re-roll the new roll stands.
                Effect::Reroll => {
                    if let Some(r) = s.resolution.as_mut() {
                        r.after_roll = if side == s.phasing { 1 } else { 2 };
                        s.stage = Stage::AttackDie;
                        return;
                    }
                }
                Effect::Morale { amount, .. } => {
                    if let Some(t) = s.test.as_mut() {
                        t.card += amount;
                    }
                }
                Effect::Rally { amount } => s.rally_bonus += amount,
            }
        }
        self.close_window(s, stage, ev);
    }

    /// 12.0 C: the cards the phasing player may discard, or stop discarding.
    pub(crate) fn discard_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.push(Action::EndDiscard);
        out.extend(s.decks[s.phasing].hand.iter().map(|&c| Action::Discard(c)));
    }

    /// 12.0 C: discards one card, or ends discarding and draws to the hand limit.
    pub(crate) fn discard_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let side = s.phasing;
        match a {
            Action::Discard(card) => {
                let deck = &mut s.decks[side];
                remove_one(&mut deck.hand, card);
                ev.push(Event::public(What::Discarded { side, card }));
                discard_into(deck, side, card, ev);
                if s.decks[side].hand.is_empty() {
                    self.continue_draw(s, ev);
                }
            }
            _ => self.continue_draw(s, ev),
        }
    }
}
