//! The exact solver: the battle as a Markov chain over [`State`]s under the scenario's policy.
//! States are processed in the order of [`State::progress`], which every action increases, so
//! each state is expanded once, after all the probability that reaches it has arrived.

use crate::rules::action::{chances, resolve};
use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Point, advance};
use crate::rules::state::MAX_BLOCKS;
use crate::rules::state::State;
use crate::rules::treachery;
use crate::solve::error::SolveError;
use crate::solve::report::{Method, Report, Tally};
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The default state budget: about 2 GB at the very worst, far less in practice.
pub const DEFAULT_STATE_BUDGET: usize = 20_000_000;

/// A fast hash for states (FxHash's multiply-rotate), good enough for our keys.
#[doc(hidden)]
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Map = HashMap<State, f64, BuildHasherDefault<FxHasher>>;

/// Computes the exact outcome distribution, visiting at most `budget` distinct states.
///
/// # Errors
/// [`SolveError::TooLarge`] when the battle needs more states than `budget`.
pub fn solve(battle: &Battle, budget: usize) -> Result<Report, SolveError> {
    solve_watched(battle, budget, UNWATCHED)
}

/// [`solve`] watched by a [`Watch`] hook: told the new states visited every
/// [`EVERY`](crate::solve::watch::EVERY) states expanded, it can stop the solve. The figures
/// are those of [`solve`].
///
/// # Errors
/// [`SolveError::TooLarge`] as for [`solve`]; [`SolveError::Cancelled`] when the hook says stop.
pub fn solve_watched(
    battle: &Battle,
    budget: usize,
    watch: &Watch<'_>,
) -> Result<Report, SolveError> {
    let mut tally = Tally::new(battle);
    let (states, peak_states) = solve_into(battle, budget, 1.0, &mut tally, watch)?;
    Ok(tally.report(
        battle,
        Method::Exact {
            states,
            peak_states,
        },
        1.0,
    ))
}

/// Adds the exact outcome distribution of `battle`, each chance times `weight`, to `tally` (a
/// battle's own, or one shared by the compositions of a battle with hidden blocks); returns the
/// distinct states visited and the most held at once. `watch` is told the new states visited
/// every [`EVERY`] states expanded, and once more at the end.
///
/// # Errors
/// [`SolveError::TooLarge`] when the battle needs more states than `budget`,
/// [`SolveError::Cancelled`] when `watch` says stop (the tally is then partly filled).
pub(crate) fn solve_into(
    battle: &Battle,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
) -> Result<(usize, usize), SolveError> {
    let levels = 4 * (MAX_BLOCKS + 1);
    let mut buckets: Vec<Map> = (0..levels).map(|_| Map::default()).collect();
    let mut visited = 0usize;
    let mut live = 0usize;
    let mut peak = 0usize;
    // States expanded, and visited as last told to `watch`.
    let mut expanded = 0usize;
    let mut told = 0usize;

    let mut openings: Vec<(f64, bool)> = vec![(weight, false)];
    if let Some((_, _, dice)) = treachery::treason_roll(battle) {
        let p = treachery::success_chance(dice);
        openings = vec![(weight * p, true), (weight * (1.0 - p), false)];
    }
    let place = |mut s: State,
                 p: f64,
                 buckets: &mut Vec<Map>,
                 tally: &mut Tally,
                 visited: &mut usize,
                 live: &mut usize| {
        match advance(battle, &mut s, &mut Silent) {
            Point::End(ending) => tally.add(battle, &s, ending, p),
            Point::Act(_) => {
                let slot = buckets[s.progress(battle)].entry(s).or_insert_with(|| {
                    *visited += 1;
                    *live += 1;
                    0.0
                });
                *slot += p;
            }
        }
    };
    for (p, success) in openings {
        let s = treachery::play_treason(battle, success, Vec::new(), &mut Silent);
        place(s, p, &mut buckets, tally, &mut visited, &mut live);
    }
    for level in 0..levels {
        let bucket = std::mem::take(&mut buckets[level]);
        for (state, p) in bucket {
            live -= 1;
            let mut s = state;
            let Point::Act(actor) = advance(battle, &mut s, &mut Silent) else {
                continue;
            };
            let action = policy::choose(battle, &s, actor);
            for &(q, roll) in chances(battle, &s, actor, action).iter() {
                let mut next = s;
                resolve(battle, &mut next, actor, action, roll, &mut Silent);
                place(next, p * q, &mut buckets, tally, &mut visited, &mut live);
            }
            peak = peak.max(live);
            if visited > budget {
                return Err(SolveError::TooLarge { budget });
            }
            expanded += 1;
            if expanded.is_multiple_of(EVERY) {
                let more = visited - told;
                told = visited;
                if !watch(more) {
                    return Err(SolveError::Cancelled);
                }
            }
        }
    }
    // The rest, for a full count; the answer is complete, so a late stop is not taken.
    watch(visited - told);
    Ok((visited, peak))
}
