//! A tiny deterministic random generator (xorshift): the same seed gives the same puzzles and
//! the same generated test games, on every machine.
//! Hand-written, not `rand`: a fixed algorithm keeps every puzzle the same whatever version
//! of a crate is built.

pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`; any seed, zero included, works.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
