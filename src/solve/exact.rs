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
use crate::solve::key::{Codec, Narrow, Packer, Plain};
use crate::solve::report::{Method, Report, Tally};
use crate::solve::table::{BATCH, Levels, Table};
use crate::solve::watch::{EVERY, UNWATCHED, Watch};

/// The default state budget. The tables hold only the levels not yet expanded, packed (see
/// `solve::key`): some 10 bytes of memory per state visited in the battles `bosworth bench`
/// measures, so about 500 MB at the very most, and a minute of work at most.
pub const DEFAULT_STATE_BUDGET: usize = 50_000_000;

/// Bytes one state takes in the exact solver's tables for this battle: its key (64 or 128
/// bits, or the whole state when the battle is too wide to pack, see `solve::key`), its
/// probability and its tag, as laid out in memory. Tables are filled to between 7/16 and 7/8.
pub fn state_bytes(battle: &Battle) -> usize {
    match Packer::for_policy(battle) {
        Some(p) if p.fits_64() => Table::<u64>::slot_bytes(),
        Some(_) => Table::<u128>::slot_bytes(),
        None => Table::<State>::slot_bytes(),
    }
}

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
    match Packer::for_policy(battle) {
        Some(packer) if packer.fits_64() => {
            solve_keyed(battle, &Narrow(packer), budget, weight, tally, watch)
        }
        Some(packer) => solve_keyed(battle, &packer, budget, weight, tally, watch),
        None => solve_keyed(battle, &Plain, budget, weight, tally, watch),
    }
}

/// [`solve_into`] with the states of its tables kept as `codec`'s keys.
fn solve_keyed<C: Codec>(
    battle: &Battle,
    codec: &C,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
) -> Result<(usize, usize), SolveError> {
    let mut levels = Levels::new(4 * (MAX_BLOCKS + 1));
    let mut peak = 0usize;
    // States expanded, and visited as last told to `watch`.
    let mut expanded = 0usize;
    let mut told = 0usize;

    let mut openings: Vec<(f64, bool)> = vec![(weight, false)];
    if let Some((_, _, dice)) = treachery::treason_roll(battle) {
        let p = treachery::success_chance(dice);
        openings = vec![(weight * p, true), (weight * (1.0 - p), false)];
    }
    // Successors wait here and go into their levels a batch at a time (see `table`).
    let mut batch: Vec<(usize, C::Key, f64)> = Vec::with_capacity(2 * BATCH);
    let place = |mut s: State, p: f64, batch: &mut Vec<(usize, C::Key, f64)>, tally: &mut Tally| {
        match advance(battle, &mut s, &mut Silent) {
            Point::End(ending) => tally.add(battle, &s, ending, p),
            Point::Act(_) => batch.push((s.progress(battle), codec.pack(&s), p)),
        }
    };
    for (p, success) in openings {
        let s = treachery::play_treason(battle, success, Vec::new(), &mut Silent);
        place(s, p, &mut batch, tally);
    }
    for level in 0..4 * (MAX_BLOCKS + 1) {
        levels.add_batch(&mut batch);
        let Some(table) = levels.take(level) else {
            continue;
        };
        // The level's states stay in memory until it is done.
        let held = table.len();
        for (key, p) in table.iter() {
            let mut s = codec.unpack(&key);
            let Point::Act(actor) = advance(battle, &mut s, &mut Silent) else {
                continue;
            };
            let action = policy::choose(battle, &s, actor);
            for &(q, roll) in chances(battle, &s, actor, action).iter() {
                let mut next = s;
                resolve(battle, &mut next, actor, action, roll, &mut Silent);
                place(next, p * q, &mut batch, tally);
            }
            if batch.len() >= BATCH {
                levels.add_batch(&mut batch);
            }
            peak = peak.max(levels.live + held);
            if levels.visited > budget {
                return Err(SolveError::TooLarge { budget });
            }
            expanded += 1;
            if expanded.is_multiple_of(EVERY) {
                let more = levels.visited - told;
                told = levels.visited;
                if !watch(more) {
                    return Err(SolveError::Cancelled);
                }
            }
        }
        levels.recycle(table);
    }
    // The rest, for a full count; the answer is complete, so a late stop is not taken.
    watch(levels.visited - told);
    Ok((levels.visited, peak))
}
