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
    unit(rng.next_u64() >> 11)
}

/// The number in [0, 1) that the 53-bit draw `m` stands for: `m / 2^53`, exact.
const fn unit(m: u64) -> f64 {
    m as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The hits that `n` dice at firepower `f` score for the uniform number `u`: walking the row of
/// [`HITS`], the first `k` whose chance `u` falls under, subtracting as it goes (6.4). This is
/// the definition of a fire's draw; [`hits_of_draw`] gives the same result without the walk.
const fn walk(n: usize, f: usize, u: f64) -> u8 {
    let mut u = u;
    let mut k = 0;
    while k < n {
        let p = HITS[n][f][k];
        if u < p {
            return k as u8;
        }
        u -= p;
        k += 1;
    }
    n as u8
}

/// A 53-bit draw beyond every real one (they are below 2^53): no draw reaches this threshold.
const NEVER: u64 = 1 << 53;

const fn build_thresholds() -> [[[u64; MAX_DICE]; 7]; MAX_DICE + 1] {
    let mut t = [[[NEVER; MAX_DICE]; 7]; MAX_DICE + 1];
    let mut n = 0;
    while n <= MAX_DICE {
        let mut f = 0;
        while f <= 6 {
            let mut k = 0;
            while k < n {
                // The walk's result never decreases as the draw grows (each subtraction is
                // correctly rounded, hence monotone), so the draws scoring more than k hits are
                // exactly those from some least one on: find it by bisection.
                let (mut lo, mut hi) = (0, NEVER);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if walk(n, f, unit(mid)) as usize > k {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                t[n][f][k] = lo;
                k += 1;
            }
            f += 1;
        }
        n += 1;
    }
    t
}

/// `THRESHOLDS[n][f][k]`: the least 53-bit draw for which `n` dice at firepower `f` score more
/// than `k` hits under [`walk`] (`NEVER` where they cannot). Computed when the engine is
/// compiled, so a fire's hits are four integer comparisons with no branch on the dice.
static THRESHOLDS: [[[u64; MAX_DICE]; 7]; MAX_DICE + 1] = build_thresholds();

/// The hits of one fire of `dice` dice at firepower `fp` (6.4) from one 64-bit draw of the
/// generator: the same result as walking [`HITS`] with the [`uniform`] number of that draw.
pub(crate) fn hits_of_draw(dice: u8, fp: u8, draw: u64) -> u8 {
    let m = draw >> 11;
    let t = &THRESHOLDS[dice as usize][fp as usize];
    t.iter().map(|&t| (m >= t) as u8).sum()
}

/// The thresholds of one fire of `dice` dice at firepower `fp` (6.4), for a caller that keeps
/// them beside other data: the hits of a 64-bit draw are [`hits_of_row`] of them, the same as
/// [`hits_of_draw`]'s.
pub(crate) fn thresholds(dice: u8, fp: u8) -> [u64; MAX_DICE] {
    THRESHOLDS[dice as usize][fp as usize]
}

/// The hits of one 64-bit draw against a fire's [`thresholds`]: [`hits_of_draw`]'s count.
#[inline(always)]
pub(crate) fn hits_of_row(row: &[u64; MAX_DICE], draw: u64) -> u8 {
    let m = draw >> 11;
    row.iter().map(|&t| (m >= t) as u8).sum()
}

/// One die, 1-6, from one 64-bit draw.
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    (uniform(rng) * 6.0) as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thresholds give the walk's hits for every draw near each threshold and for draws
    /// spread over the whole range.
    #[test]
    fn thresholds_agree_with_the_walk() {
        let mut draws: Vec<u64> = (0..=2000u64).map(|k| k * (NEVER / 2000)).collect();
        draws.push(NEVER - 1);
        for row in THRESHOLDS.iter().flatten() {
            for &t in row.iter().filter(|&&t| t < NEVER) {
                draws.extend([t.saturating_sub(2), t.saturating_sub(1), t, t + 1, t + 2]);
            }
        }
        let mut rng = rng_from_seed(7);
        draws.extend((0..20_000).map(|_| rng.next_u64() >> 11));
        for n in 0..=MAX_DICE {
            for f in 0..=6 {
                for &m in draws.iter().filter(|&&m| m < NEVER) {
                    assert_eq!(
                        hits_of_draw(n as u8, f as u8, m << 11),
                        walk(n, f, unit(m)),
                        "{n} dice at {f}, draw {m}"
                    );
                }
            }
        }
    }
}
