//! The exact solver: the battle as a Markov chain over [`State`]s under the scenario's policy.
//! States are processed in the order of [`State::progress`], which every action increases, so
//! each state is expanded once, after all the probability that reaches it has arrived.

use crate::rules::action::{each_chance, resolve};
use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Point, advance, next_actor};
use crate::rules::state::MAX_BLOCKS;
use crate::rules::state::State;
use crate::rules::treachery;
use crate::solve::error::SolveError;
use crate::solve::key::{Codec, Narrow, Packer, Plain, Short};
use crate::solve::report::{Method, Report, Tally};
use crate::solve::table::{Levels, Pending, Table, TableKey, Tagged};
use crate::solve::treason;
use crate::solve::watch::{EVERY, UNWATCHED, Watch};

/// The default state budget. The tables hold only the levels not yet expanded, packed (see
/// `solve::key`): most battles need some 10 bytes per state visited, the widest measured (8 a
/// side with reserves, `bench/large.json`) about 40 when stopped at this budget: about 2 GB at
/// the very worst, as the 20 M of unpacked states were before.
pub const DEFAULT_STATE_BUDGET: usize = 50_000_000;

/// Bytes one state takes in the exact solver's tables for this battle: its key (64 or 128
/// bits, or the whole state when the battle is too wide to pack, see `solve::key`), its
/// probability and its tag, as laid out in memory. Tables are filled to between 7/16 and 7/8.
pub fn state_bytes(battle: &Battle) -> usize {
    match Packer::for_policy(battle) {
        Some(p) if p.fits_56() => Table::<Tagged>::slot_bytes(),
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

/// [`solve`] watched by a [`Watch`] hook: told the new states visited every chunk of
/// `8 ×` [`EVERY`](crate::solve::watch::EVERY) states expanded, it can stop the solve. The figures
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
    let best = treason::solve_best(battle, budget, 1.0, &mut tally, watch, |b, n, w, t, wa| {
        solve_into_with(b, n, w, t, wa, true)
    })?;
    let (states, peak_states, choice) = match best {
        Some((states, peak, choice)) => (states, peak, Some(choice)),
        None => {
            let (states, peak) = solve_into(battle, budget, 1.0, &mut tally, watch)?;
            (states, peak, None)
        }
    };
    let mut report = tally.report(
        battle,
        Method::Exact {
            states,
            peak_states,
        },
        1.0,
    );
    report.treason = choice;
    Ok(report)
}

/// Adds the exact outcome distribution of `battle`, each chance times `weight`, to `tally` (a
/// battle's own, or one shared by the compositions of a battle with hidden blocks); returns the
/// distinct states visited and the most held at once. `watch` is told the new states visited
/// every `CHUNK` states expanded, and once more at the end.
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
    solve_into_with(battle, budget, weight, tally, watch, true)
}

/// [`solve_into`] on this thread alone: for callers that solve many battles on threads of
/// their own (the hidden-block mixture), where two more per battle would only contend.
pub(crate) fn solve_into_serial(
    battle: &Battle,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
) -> Result<(usize, usize), SolveError> {
    solve_into_with(battle, budget, weight, tally, watch, false)
}

fn solve_into_with(
    battle: &Battle,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
    threads: bool,
) -> Result<(usize, usize), SolveError> {
    // R45: the Treason card at its best target, each target's battle solved and the best kept.
    let best = treason::solve_best(battle, budget, weight, tally, watch, |b, n, w, t, wa| {
        solve_into_with(b, n, w, t, wa, threads)
    })?;
    if let Some((states, peak, _)) = best {
        return Ok((states, peak));
    }
    match Packer::for_policy(battle) {
        Some(packer) if packer.fits_56() => solve_keyed(
            battle,
            &Short(packer),
            budget,
            weight,
            tally,
            watch,
            threads,
        ),
        Some(packer) if packer.fits_64() => solve_keyed(
            battle,
            &Narrow(packer),
            budget,
            weight,
            tally,
            watch,
            threads,
        ),
        Some(packer) => solve_keyed(battle, &packer, budget, weight, tally, watch, threads),
        None => solve_keyed(battle, &Plain, budget, weight, tally, watch, threads),
    }
}

/// Every state belongs to one of two owners by a bit of its key's hash: each owner has its own
/// tables, and the two may be filled at once by two threads. The split is the same with or
/// without threads (in WebAssembly, or for small levels), so the figures are the same bit for
/// bit whichever way a level is expanded.
const OWNERS: usize = 2;

/// A level is expanded by two threads only when a chunk has at least this many states; below,
/// starting a thread costs more than it saves.
#[cfg(not(target_arch = "wasm32"))]
const THREADED_CHUNK: usize = 8192;

/// The most states held in the tables for a chunk's successors to be added one at a time as
/// they are found; past it, their memory reads are overlapped in batches (`Levels::add_batch`).
const DIRECT_LIVE: usize = 1 << 16;

/// States expanded between two looks at the budget and at `watch`: a multiple of [`EVERY`],
/// large enough that starting threads for it costs little.
const CHUNK: usize = 8 * EVERY;

/// What expanding part of a level gives, besides the endings its tally takes: the successors,
/// by owner, for a level expanded by two threads (each owner's then added by its own thread).
struct Expanded<K> {
    by_owner: [Vec<Pending<K>>; OWNERS],
}

/// Where [`place`] puts a successor: each owner's successors must reach its levels in the order
/// they were found, so that its tables (their slots, and so the order the next level is
/// expanded in and every sum's order) are the same however a level is expanded.
trait Sink<K> {
    fn put(&mut self, owner: usize, pending: Pending<K>);
}

impl<K> Sink<K> for Expanded<K> {
    #[inline]
    fn put(&mut self, owner: usize, pending: Pending<K>) {
        self.by_owner[owner].push(pending);
    }
}

/// Successors added to their owner's levels at once, in the order found: on one thread, the
/// same tables as [`Expanded`] then [`absorb`], without the successors held in between.
struct Direct<'a, K: TableKey>(&'a mut [Levels<K>; OWNERS]);

impl<K: TableKey> Sink<K> for Direct<'_, K> {
    #[inline]
    fn put(&mut self, owner: usize, pending: Pending<K>) {
        self.0[owner].add(pending);
    }
}

/// Expands `states` (one chunk of a level) into `out`, endings into `tally`.
fn expand<C: Codec, S: Sink<C::Key>>(
    battle: &Battle,
    codec: &C,
    states: &[(C::Key, f64)],
    out: &mut S,
    tally: &mut Tally,
) {
    for &(key, p) in states {
        let s = codec.unpack(&key);
        // A state in the tables was moved on to its decision point before it was packed
        // (`place`), and packing loses nothing: its actor is the next one, nothing else to do.
        let Some(actor) = next_actor(battle, &s) else {
            continue;
        };
        let action = policy::choose(battle, &s, actor);
        each_chance(battle, &s, actor, action, |q, roll| {
            let mut next = s;
            resolve(battle, &mut next, actor, action, roll, &mut Silent);
            place(battle, codec, &mut next, p * q, out, tally);
        });
    }
}

/// A state reached with probability `p`: its ending into `tally`, or the state to its owner.
#[inline]
fn place<C: Codec, S: Sink<C::Key>>(
    battle: &Battle,
    codec: &C,
    s: &mut State,
    p: f64,
    out: &mut S,
    tally: &mut Tally,
) {
    match advance(battle, s, &mut Silent) {
        Point::End(ending) => tally.add(battle, s, ending, p),
        Point::Act(_) => {
            let pending = Pending::new(s.progress(battle), codec.pack(s), p);
            // The owner: a bit of the hash that the tables' slots and tags do not use.
            out.put((pending.hash >> 40) as usize % OWNERS, pending);
        }
    }
}

/// Expands a chunk in two halves, each with its own tally: on two threads when it is large
/// enough; each half's successors held and then added by owner in batches ([`absorb`]), or,
/// while the tables are small enough to stay in cache ([`DIRECT_LIVE`]) and one thread expands
/// both halves, one half after the other, each successor added to its owner's levels at once.
/// The tables are the same either way (see [`Sink`]).
fn expand_halves<C>(
    battle: &Battle,
    codec: &C,
    chunk: &[(C::Key, f64)],
    levels: &mut [Levels<C::Key>; OWNERS],
    halves: &mut [Expanded<C::Key>; 2],
    tallies: &mut [Tally; 2],
    threads: bool,
) where
    C: Codec + Sync,
    C::Key: TableKey + Send + Sync,
{
    let (a, b) = chunk.split_at(chunk.len() / 2);
    let [ta, tb] = tallies;
    #[cfg(not(target_arch = "wasm32"))]
    if threads && chunk.len() >= THREADED_CHUNK {
        let [ha, hb] = halves;
        std::thread::scope(|scope| {
            scope.spawn(|| expand(battle, codec, b, hb, tb));
            expand(battle, codec, a, ha, ta);
        });
        absorb(levels, halves, threads);
        return;
    }
    if levels[0].live + levels[1].live <= DIRECT_LIVE {
        let mut direct = Direct(levels);
        expand(battle, codec, a, &mut direct, ta);
        expand(battle, codec, b, &mut direct, tb);
        return;
    }
    let [ha, hb] = halves;
    expand(battle, codec, a, ha, ta);
    expand(battle, codec, b, hb, tb);
    absorb(levels, halves, threads);
}

/// Adds each owner's successors from both halves (the first half's first) to its levels, the
/// owners on two threads when there are many.
fn absorb<K>(levels: &mut [Levels<K>; OWNERS], halves: &mut [Expanded<K>; 2], threads: bool)
where
    K: TableKey + Send,
{
    let [l0, l1] = levels;
    let [h0, h1] = halves;
    let [a0, a1] = &mut h0.by_owner;
    let [b0, b1] = &mut h1.by_owner;
    let fill = |l: &mut Levels<K>, x: &mut Vec<Pending<K>>, y: &mut Vec<Pending<K>>| {
        l.add_batch(x);
        l.add_batch(y);
    };
    #[cfg(target_arch = "wasm32")]
    let _ = threads;
    #[cfg(not(target_arch = "wasm32"))]
    if threads && a0.len() + a1.len() + b0.len() + b1.len() >= 2 * THREADED_CHUNK {
        std::thread::scope(|scope| {
            scope.spawn(|| fill(l1, a1, b1));
            fill(l0, a0, b0);
        });
        return;
    }
    fill(l0, a0, b0);
    fill(l1, a1, b1);
}

/// [`solve_into`] with the states of its tables kept as `codec`'s keys.
fn solve_keyed<C>(
    battle: &Battle,
    codec: &C,
    budget: usize,
    weight: f64,
    tally: &mut Tally,
    watch: &Watch<'_>,
    threads: bool,
) -> Result<(usize, usize), SolveError>
where
    C: Codec + Sync,
    C::Key: TableKey + Send + Sync,
{
    let count = 4 * (MAX_BLOCKS + 1);
    let mut levels = [Levels::new(count), Levels::new(count)];
    let new_half = || Expanded {
        by_owner: [Vec::new(), Vec::new()],
    };
    let mut halves = [new_half(), new_half()];
    let mut tallies = [tally.blank(), tally.blank()];
    let mut peak = 0usize;
    // States expanded, and visited as last told to `watch`.
    let mut expanded = 0usize;
    let mut told = 0usize;
    let visited = |levels: &[Levels<C::Key>; OWNERS]| levels[0].visited + levels[1].visited;

    let mut openings: Vec<(f64, bool)> = vec![(weight, false)];
    if let Some((_, _, dice)) = treachery::treason_roll(battle) {
        let p = treachery::success_chance(dice);
        openings = vec![(weight * p, true), (weight * (1.0 - p), false)];
    }
    for (p, success) in openings {
        let mut s = treachery::play_treason(battle, success, Vec::new(), &mut Silent);
        place(battle, codec, &mut s, p, &mut halves[0], tally);
    }
    absorb(&mut levels, &mut halves, threads);
    let mut states: Vec<(C::Key, f64)> = Vec::new();
    for level in 0..count {
        // The level's states, the first owner's first; they stay in memory until it is done.
        states.clear();
        for l in levels.iter_mut() {
            if let Some(table) = l.take(level) {
                states.extend(table.iter());
                l.recycle(table);
            }
        }
        let held = states.len();
        let mut rest = &states[..];
        while !rest.is_empty() {
            // Chunks end where the states expanded reach a multiple of CHUNK, a multiple of
            // EVERY: `watch` is told there.
            let size = (CHUNK - expanded % CHUNK).min(rest.len());
            let (chunk, after) = rest.split_at(size);
            rest = after;
            expand_halves(
                battle,
                codec,
                chunk,
                &mut levels,
                &mut halves,
                &mut tallies,
                threads,
            );
            peak = peak.max(levels[0].live + levels[1].live + held);
            if visited(&levels) > budget {
                return Err(SolveError::TooLarge { budget });
            }
            expanded += size;
            if expanded.is_multiple_of(CHUNK) {
                let more = visited(&levels) - told;
                told = visited(&levels);
                if !watch(more) {
                    return Err(SolveError::Cancelled);
                }
            }
        }
    }
    let [t0, t1] = &tallies;
    tally.merge(t0);
    tally.merge(t1);
    // The rest, for a full count; the answer is complete, so a late stop is not taken.
    watch(visited(&levels) - told);
    Ok((visited(&levels), peak))
}
