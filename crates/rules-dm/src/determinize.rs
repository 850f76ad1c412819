//! Sampling what a side cannot see (for search under hidden information): the identities of the
//! opponent's hidden pieces and the split of its cards between hand and draw pile.

use crate::DrumsMuskets;
use crate::data::UnitId;
use crate::state::State;
use coupdoeil_engine::{Determinize, Side, draw_below};

fn shuffle<T, R: coupdoeil_engine::Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = draw_below(rng, i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

impl Determinize for DrumsMuskets {
    /// The opponent's hidden pieces on the map swap identities at random (a hidden piece shows
    /// only its side, token, hex, facing and whether it moved); its hand is redrawn from the cards
    /// not yet seen (hand and draw pile together). Pieces taking part in the current procedure are
    /// left alone (they are revealed anyway). The known history (how far a hidden piece has
    /// moved) is not used to narrow the draw.
    ///
    /// The sample is a function of what `viewer` may see and of the random numbers alone: the
    /// places are taken in the order of their public tokens and the unseen cards are pooled in
    /// sorted order before anything is shuffled, so two real states that `viewer` cannot tell
    /// apart give the same sample from the same random numbers (search relies on this to never
    /// read hidden data, even through the order of its samples).
    fn determinize<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        s: &State,
        viewer: Side,
        rng: &mut R,
    ) -> State {
        let other = viewer.other();
        let mut t = s.clone();
        let hidden: Vec<UnitId> = self
            .units_of(other)
            .filter(|&u| {
                let p = s.piece(u);
                p.hidden && !p.gone && p.cell.is_some() && !s.in_procedure(u)
            })
            .collect();
        if hidden.len() > 1 {
            let mut ids = hidden.clone();
            shuffle(&mut ids, rng);
            let mut slots: Vec<_> = hidden.iter().map(|&u| *s.piece(u)).collect();
            slots.sort_by_key(|p| (p.token, p.cell));
            for &u in &hidden {
                t.put(u, None);
            }
            for (&u, p) in ids.iter().zip(&slots) {
                t.pieces[u.ix()] = *p;
                t.pieces[u.ix()].cell = None;
                // 11.2 A hidden piece can only be Shaken because its corps is Demoralized (every
                // other change of state reveals it first), so its state follows its identity.
                let demoralized = self.data.units[u.ix()]
                    .corps
                    .is_some_and(|c| s.demoralized[usize::from(c)]);
                t.pieces[u.ix()].status = if demoralized {
                    crate::state::Status::Shaken
                } else {
                    crate::state::Status::Steady
                };
            }
            for (&u, p) in ids.iter().zip(&slots) {
                t.put(u, p.cell);
            }
        }
        let deck = &mut t.decks[other];
        let n = deck.hand.len();
        let mut pool: Vec<_> = deck.hand.drain(..).chain(deck.draw.drain(..)).collect();
        pool.sort();
        shuffle(&mut pool, rng);
        deck.draw = pool.split_off(n);
        deck.hand = pool;
        deck.hand.sort();
        deck.draw.sort();
        t
    }
}
