//! Sets of squares as bitboards: `u64` for boards up to 8×8 (the fast path perft runs on),
//! three words for boards up to 12×12. The engine is written once over [`Bits`].

use std::hash::Hash;

/// A set of squares, square `i` being bit `i`.
pub trait Bits: Copy + Eq + Hash + std::fmt::Debug + Send + Sync + 'static {
    /// The most squares the type holds.
    const CAPACITY: usize;
    fn empty() -> Self;
    fn single(square: usize) -> Self;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn and_not(self, other: Self) -> Self;
    fn count(self) -> u32;
    fn is_empty(self) -> bool;
    /// The lowest square, if any.
    fn first(self) -> Option<usize>;

    fn has(self, square: usize) -> bool {
        !self.and(Self::single(square)).is_empty()
    }

    /// The squares in increasing order.
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

pub struct Squares<B>(B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let square = self.0.first()?;
        self.0 = self.0.xor(B::single(square));
        Some(square)
    }
}

impl Bits for u64 {
    const CAPACITY: usize = 64;

    #[inline]
    fn empty() -> Self {
        0
    }
    #[inline]
    fn single(square: usize) -> Self {
        1 << square
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline]
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn first(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
}

/// Up to 192 squares, for boards of 9×9 to 12×12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide([u64; 3]);

impl Bits for Wide {
    const CAPACITY: usize = 192;

    fn empty() -> Self {
        Wide([0; 3])
    }
    fn single(square: usize) -> Self {
        let mut words = [0; 3];
        words[square / 64] = 1 << (square % 64);
        Wide(words)
    }
    fn and(self, o: Self) -> Self {
        Wide([0, 1, 2].map(|i| self.0[i] & o.0[i]))
    }
    fn or(self, o: Self) -> Self {
        Wide([0, 1, 2].map(|i| self.0[i] | o.0[i]))
    }
    fn xor(self, o: Self) -> Self {
        Wide([0, 1, 2].map(|i| self.0[i] ^ o.0[i]))
    }
    fn and_not(self, o: Self) -> Self {
        Wide([0, 1, 2].map(|i| self.0[i] & !o.0[i]))
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let set = B::single(3)
            .or(B::single(60))
            .or(B::single(B::CAPACITY - 1));
        assert_eq!(set.count(), 3);
        assert_eq!(set.squares().collect::<Vec<_>>(), [3, 60, B::CAPACITY - 1]);
        assert!(set.has(60) && !set.has(61));
        assert_eq!(set.and_not(B::single(3)).first(), Some(60));
        assert!(B::empty().is_empty());
    }

    #[test]
    fn both_widths_behave_alike() {
        check::<u64>();
        check::<Wide>();
    }
}
