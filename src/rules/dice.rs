//! Dice: the chance of every number of hits (6.4), drawn from precomputed tables, and the
//! portable seeded generator every simulation uses.

use rand::Rng;

/// The generator behind every simulation: xoshiro256++ seeded by SplitMix64. It gives the same
/// numbers on every platform, native and WebAssembly alike.
pub type BattleRng = rand::rngs::Xoshiro256PlusPlus;

/// A generator for a seed.
pub fn rng_from_seed(seed: u64) -> BattleRng {
    rand::SeedableRng::seed_from_u64(seed)
}

/// Most dice one block rolls: its strength, at most 4 (3.11).
pub const MAX_DICE: usize = 4;

const fn choose(n: u32, k: u32) -> u32 {
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

const fn build_table() -> [[[f64; MAX_DICE + 1]; 7]; MAX_DICE + 1] {
    let mut t = [[[0.0; MAX_DICE + 1]; 7]; MAX_DICE + 1];
    let mut n = 0;
    while n <= MAX_DICE {
        let mut f = 0;
        while f <= 6 {
            let mut k = 0;
            while k <= n {
                // C(n,k) f^k (6-f)^(n-k) / 6^n, an exact integer over 6^n: correctly rounded.
                let num = choose(n as u32, k as u32)
                    * (f as u32).pow(k as u32)
                    * (6 - f as u32).pow((n - k) as u32);
                t[n][f][k] = num as f64 / 6u32.pow(n as u32) as f64;
                k += 1;
            }
            f += 1;
        }
        n += 1;
    }
    t
}

/// `HITS[n][f][k]`: the chance that `n` dice at firepower `f` score exactly `k` hits (6.4).
pub static HITS: [[[f64; MAX_DICE + 1]; 7]; MAX_DICE + 1] = build_table();

/// A uniform number in [0, 1) from one 64-bit draw (53 bits, the same on every platform).
pub(crate) fn uniform<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// One die, 1-6, from one 64-bit draw.
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    (uniform(rng) * 6.0) as u8 + 1
}
