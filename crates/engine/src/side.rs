//! The two sides of a battle.

use serde::{Deserialize, Serialize};

/// One of the two sides of a two-player battle game. Which army is `A` and which is `B` is the
/// scenario's choice (Drums & Muskets' Leuthen: `A` is Prussian, `B` Austrian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The first side listed by the scenario.
    A,
    /// The second side listed by the scenario.
    B,
}

impl Side {
    /// Both sides, `A` first.
    pub const ALL: [Side; 2] = [Side::A, Side::B];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for `A`, 1 for `B`.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }
}

/// A value for each side, indexed by [`Side`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    /// Builds from the values of side `A` and side `B`.
    pub const fn new(a: T, b: T) -> Self {
        BySide([a, b])
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        let [a, b] = self.0;
        BySide([f(a), f(b)])
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}
