//! Best play estimated by sampling, where exact best play does not fit its budget.
//!
//! The decision asked about (the battle's first, after a failed Treason roll, or the point a
//! resumed battle stands at) is valued choice by choice: each choice is played, its dice drawn,
//! and the rest of the battle fought on by best play as well as the budget allows
//! ([`Game::play_on`]):
//!
//! - wherever the rest of the battle can be solved exactly within the budget, it is, and the
//!   sampled battle takes the exact value of that point (no more dice are drawn: the exact
//!   value is the average of every way the battle could go on, so the estimate stays unbiased
//!   and its spread smaller). A point is tried with at most [`Sampling::attempt`] new states;
//!   what an attempt solves stays in the memo for every later battle, even when the attempt
//!   itself is too large, and once an attempt fails no point as early in the battle is tried
//!   again. The memo holds at most the budget's states.
//! - before that point, each decision of a side playing its best is a one-step look-ahead: every
//!   legal move is played [`Sampling::look_ahead`] times on the same dice and fought on to the
//!   end by the scenario's policy, and the move with the best average taken (with no look-ahead,
//!   the policy's own choice). The owner of tied blocks picks the same way which takes the hits
//!   (6.4, D3), or exactly where each choice's rest is solved. A side that does not play its
//!   best follows its policy.
//!
//! Every choice is played on the same dice, battle by battle (common random numbers): the
//! difference between two choices is measured more closely than either value, and two choices
//! are told apart only when their difference exceeds [`APART`] standard errors of it. Each
//! sampled battle has its own seed, derived from [`Sampling::seed`] and its number: the same seed
//! gives the same figures, and more samples extend the same battles.

use crate::rules::action::{Action, resolve, result_into, sample};
use crate::rules::battle::Battle;
use crate::rules::dice::{BattleRng, rng_from_seed, uniform};
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Point, advance};
use crate::rules::state::State;
use crate::rules::treachery;
use crate::scenario::Side;
use crate::solve::advice::outline::outline_entries;
use crate::solve::advice::solver::{Game, better, pick_values};
use crate::solve::advice::{APART, ActionValue, Decision, label};
use crate::solve::error::SolveError;
use crate::solve::key::Codec;
use crate::solve::watch::Watch;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What an estimate may spend besides the state budget of exact best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sampling {
    /// Battles sampled for each choice, for best play from the start, and for the policy.
    pub samples: u64,
    /// The seed of the dice: the same seed gives the same figures.
    pub seed: u64,
    /// Battles fought on by the policy to value each move at a decision exact best play cannot
    /// solve (0: take the policy's own choice there).
    pub look_ahead: u32,
    /// The most new states one attempt at solving the rest of a battle exactly may add.
    pub attempt: usize,
}

/// Battles sampled per choice by default (`bosworth advise`).
pub const DEFAULT_SAMPLES: u64 = 4_000;

impl Default for Sampling {
    /// `bosworth advise`'s: [`DEFAULT_SAMPLES`] battles a choice, a look-ahead of 8 battles.
    fn default() -> Self {
        Sampling {
            samples: DEFAULT_SAMPLES,
            seed: 1,
            look_ahead: 8,
            attempt: 200_000,
        }
    }
}

impl Sampling {
    /// For "best choice here" in live play and replays, with [`LIVE_BUDGET`](crate::solve::advice::LIVE_BUDGET):
    /// about a second of work natively for six blocks a side (`docs/PERFORMANCE.md`): fewer
    /// battles, the policy's choice where the rest is not solved.
    pub fn live() -> Self {
        Sampling {
            samples: 500,
            seed: 1,
            look_ahead: 0,
            attempt: 100_000,
        }
    }
}

/// Sums of the sampled values of each choice, for means, standard errors and the standard
/// errors of differences. The acting side's values are taken less the first sample's (`shift`),
/// so that the sums of squares lose nothing to rounding when the spread is small.
struct Stats {
    n: u64,
    shift: f64,
    /// Per choice: the sum of each side's values.
    sum: Vec<[f64; 2]>,
    /// Per pair of choices: the sum of products of the acting side's shifted values.
    cross: Vec<Vec<f64>>,
}

impl Stats {
    fn new(choices: usize) -> Self {
        Stats {
            n: 0,
            shift: 0.0,
            sum: vec![[0.0; 2]; choices],
            cross: vec![vec![0.0; choices]; choices],
        }
    }

    /// One sampled battle: the value of each choice on the same dice, for the acting `side`.
    fn add(&mut self, values: &[[f64; 2]], side: Side) {
        let i = side.index();
        if self.n == 0 {
            self.shift = values.first().map_or(0.0, |v| v[i]);
        }
        self.n += 1;
        for (m, v) in values.iter().enumerate() {
            self.sum[m][0] += v[0];
            self.sum[m][1] += v[1];
            for (k, w) in values.iter().enumerate() {
                self.cross[m][k] += (v[i] - self.shift) * (w[i] - self.shift);
            }
        }
    }

    fn mean(&self, m: usize) -> [f64; 2] {
        let n = self.n.max(1) as f64;
        [self.sum[m][0] / n, self.sum[m][1] / n]
    }

    /// The sample covariance of the acting side's values of choices `m` and `k`.
    fn cov(&self, m: usize, k: usize, side: Side) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        let i = side.index();
        let (a, b) = (self.mean(m)[i] - self.shift, self.mean(k)[i] - self.shift);
        (self.cross[m][k] - n * a * b) / (n - 1.0)
    }

    /// The standard error of the mean of choice `m`.
    fn std_error(&self, m: usize, side: Side) -> f64 {
        (self.cov(m, m, side).max(0.0) / self.n.max(1) as f64).sqrt()
    }

    /// The standard error of the difference between the means of choices `m` and `k`.
    fn diff_error(&self, m: usize, k: usize, side: Side) -> f64 {
        let var = self.cov(m, m, side) + self.cov(k, k, side) - 2.0 * self.cov(m, k, side);
        (var.max(0.0) / self.n.max(1) as f64).sqrt()
    }
}

/// Sums of one series of sampled battles, each side's value: mean and standard error.
#[derive(Default)]
pub(crate) struct Series {
    n: u64,
    shift: [f64; 2],
    sum: [f64; 2],
    squares: [f64; 2],
}

impl Series {
    pub(crate) fn add(&mut self, v: [f64; 2]) {
        if self.n == 0 {
            self.shift = v;
        }
        self.n += 1;
        for (i, x) in v.into_iter().enumerate() {
            let d = x - self.shift[i];
            self.sum[i] += d;
            self.squares[i] += d * d;
        }
    }

    pub(crate) fn mean(&self) -> [f64; 2] {
        let n = self.n.max(1) as f64;
        [0, 1].map(|i| self.shift[i] + self.sum[i] / n)
    }

    pub(crate) fn std_error(&self) -> [f64; 2] {
        if self.n < 2 {
            return [0.0; 2];
        }
        let n = self.n as f64;
        [0, 1].map(|i| {
            let var = (self.squares[i] - self.sum[i] * self.sum[i] / n) / (n - 1.0);
            (var.max(0.0) / n).sqrt()
        })
    }
}

/// The dice of sampled battle `k` of a run seeded `seed`: one stream for the battle's own dice,
/// one for the look-ahead's battles, each the same for every choice (common random numbers).
fn streams(seed: u64, salt: u64, k: u64) -> (BattleRng, BattleRng) {
    let mix = |x: u64| {
        let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let base = mix(mix(seed ^ salt).wrapping_add(k));
    (rng_from_seed(base), rng_from_seed(mix(base)))
}

/// How many standard errors of their difference a move must beat the policy's by for the
/// look-ahead to take it instead.
const GUARD: f64 = 2.0;

/// The most states whose look-ahead choice an estimate keeps.
const GUESSES: usize = 1 << 20;

/// Salts of the three series of battles: the choices, best play from the start (with the policy
/// from the start on the same dice), the Treason card's targets.
const CHOICES: u64 = 0x1;
const FROM_START: u64 = 0x2;

/// What one estimate has done so far, besides its figures.
pub(crate) struct Run {
    pub(crate) sampling: Sampling,
    /// Attempts at solving the rest of a battle exactly, by round, that failed and that
    /// succeeded.
    failed: [u64; 4],
    solved: [u64; 4],
    /// Decisions of a side playing its best made by the look-ahead (or the policy).
    pub(crate) guessed: u64,
    /// Sampled battles whose rest was solved exactly at some point.
    pub(crate) settled: u64,
    /// Sampled battles fought on.
    pub(crate) battles: u64,
    points: Vec<(State, Point)>,
    scratch: Vec<State>,
}

impl Run {
    pub(crate) fn new(sampling: Sampling) -> Self {
        Run {
            sampling,
            failed: [0; 4],
            solved: [0; 4],
            guessed: 0,
            settled: 0,
            battles: 0,
            points: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

/// How a sampled battle is fought on once the rest of it is solved exactly.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// It stops there, with the exact value of the rest.
    Settle,
    /// It goes on to its end by exact best play (to see what best play does: the outline).
    Follow,
}

/// The (round, slot, words) of each decision a sampled battle meets with a choice, and whether
/// best play departs from the policy there, for the outline.
#[derive(Default)]
struct Trace {
    acts: BTreeMap<(u8, usize, String), (f64, bool)>,
    turns: BTreeMap<(u8, usize), f64>,
}

impl<C: Codec> Game<'_, C> {
    /// The exact value of a decision point, if the memo holds it or an attempt within
    /// [`Sampling::attempt`] new states solves it.
    fn settle(
        &mut self,
        s: &State,
        actor: usize,
        run: &mut Run,
    ) -> Result<Option<[f64; 2]>, SolveError> {
        if let Some(v) = self.known(s) {
            return Ok(Some(v));
        }
        let round = s.round as usize - 1;
        let (failed, solved) = (run.failed[round], run.solved[round]);
        // A round where attempts fail as often as not is tried no more; and the earlier the
        // round, the less of the budget its attempts may fill (a quarter for round 1, all of it
        // for round 4), so that the later rounds, solved most often, keep room.
        let room = self.budget / 4 * (round + 1);
        if (failed >= 3 && failed > solved) || self.memo.len() >= room {
            return Ok(None);
        }
        self.limit = room.min(self.memo.len() + run.sampling.attempt);
        let r = self.point(s, actor);
        self.limit = self.budget;
        match r {
            Ok(v) => {
                run.solved[round] += 1;
                Ok(Some(v))
            }
            Err(SolveError::TooLarge { .. }) => {
                run.failed[round] += 1;
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// One battle fought on by the scenario's policy from `s` to its end: each side's value.
    fn policy_battle(&self, mut s: State, rng: &mut BattleRng) -> [f64; 2] {
        loop {
            match advance(self.battle, &mut s, &mut Silent) {
                Point::End(ending) => return self.terminal(&s, ending),
                Point::Act(actor) => {
                    let action = policy::choose(self.battle, &s, actor);
                    let roll = sample(self.battle, &s, actor, action, rng);
                    resolve(self.battle, &mut s, actor, action, roll, &mut Silent);
                }
            }
        }
    }

    /// Which of `n` options the acting `side` takes by a one-step look-ahead: each played `k`
    /// times by `play` (the option, then the battle fought on by the policy) on the same dice
    /// from `seed`; the first option (the policy's own choice, or the hit order's) unless another
    /// beats it by more than [`GUARD`] standard errors of their difference, so that the
    /// look-ahead's noise does not replace a sound choice by a random one.
    fn look(
        &self,
        n: usize,
        side: Side,
        seed: u64,
        k: u32,
        play: impl Fn(usize, &mut BattleRng) -> [f64; 2],
    ) -> usize {
        let i = side.index();
        let k = k as usize;
        let mut own = vec![vec![0.0; k]; n];
        let mut means = vec![[0.0; 2]; n];
        for (m, (own, mean)) in own.iter_mut().zip(means.iter_mut()).enumerate() {
            let mut rng = rng_from_seed(seed);
            for slot in own.iter_mut() {
                let x = play(m, &mut rng);
                *slot = x[i];
                mean[0] += x[0] / k as f64;
                mean[1] += x[1] / k as f64;
            }
        }
        let mut best = 0;
        for m in 1..n {
            if better(side, means[m], means[best]) {
                best = m;
            }
        }
        if best == 0 || k < 2 {
            return 0;
        }
        // The difference from the first option, battle by battle.
        let d: Vec<f64> = (0..k).map(|b| own[best][b] - own[0][b]).collect();
        let mean = d.iter().sum::<f64>() / k as f64;
        let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k as f64 - 1.0);
        if mean > GUARD * (var / k as f64).sqrt() {
            best
        } else {
            0
        }
    }

    /// The move of a side playing its best at a decision the rest of which is not solved: the
    /// policy's choice, or with [`Sampling::look_ahead`] the one-step look-ahead's
    /// ([`Game::look`]). The look-ahead's dice come from the state itself and its choice is kept
    /// for the state: the same state is decided the same way in every battle sampled, once.
    fn guess(&mut self, s: &State, actor: usize, run: &Run) -> (usize, Action) {
        let battle = self.battle;
        let policy = (actor, policy::choose(battle, s, actor));
        let k = run.sampling.look_ahead;
        if k == 0 {
            return policy;
        }
        let mut moves = self.moves(s, actor);
        if moves.len() < 2 {
            return policy;
        }
        let (key, hash) = self.key(s);
        if let Some(&m) = self.guesses.get(&key) {
            return moves[m as usize];
        }
        // The policy's move first: the look-ahead keeps it unless another is clearly better.
        let at = moves.iter().position(|&m| m == policy).unwrap_or(0);
        moves.swap(0, at);
        let m = self.look(moves.len(), s.side_of(actor), hash, k, |m, rng| {
            let (who, action) = moves[m];
            let mut next = *s;
            let roll = sample(battle, &next, who, action, rng);
            resolve(battle, &mut next, who, action, roll, &mut Silent);
            self.policy_battle(next, rng)
        });
        let chosen = moves[m];
        moves.swap(0, at);
        let place = moves.iter().position(|&x| x == chosen).unwrap_or(0);
        if self.guesses.len() < GUESSES {
            self.guesses.insert(key, place as u16);
        }
        chosen
    }

    /// Plays a move from a decision point on `rng`'s dice: the state it leads to, moved on to its
    /// next decision point or end. Where the owner of tied blocks plays his best and has a
    /// choice (6.4, D3), he picks exactly if the rest of each choice is solved, else by the
    /// look-ahead (or his hit order, without look-ahead).
    fn step(
        &mut self,
        s: &State,
        (who, action): (usize, Action),
        rng: &mut BattleRng,
        look: &mut BattleRng,
        run: &mut Run,
    ) -> Result<State, SolveError> {
        let battle = self.battle;
        let roll = sample(battle, s, who, action, rng);
        let owner = s.side_of(who).other();
        let ties = self.decide.tie_hits && self.optimises(owner);
        run.points.clear();
        result_into(
            battle,
            s,
            who,
            action,
            roll,
            ties,
            &mut run.points,
            &mut run.scratch,
        );
        if run.points.len() == 1 {
            return Ok(run.points[0].0);
        }
        let kids = run.points.clone();
        let mut values = Vec::with_capacity(kids.len());
        for &(k, point) in &kids {
            values.push(match point {
                Point::End(ending) => Some(self.terminal(&k, ending)),
                Point::Act(a) => self.settle(&k, a, run)?,
            });
        }
        let chosen = if values.iter().all(Option::is_some) {
            let values: Vec<[f64; 2]> = values.into_iter().flatten().collect();
            pick_values(owner, &values)
        } else if run.sampling.look_ahead > 0 {
            run.guessed += 1;
            let seed = look.next_u64();
            self.look(
                kids.len(),
                owner,
                seed,
                run.sampling.look_ahead,
                |m, rng| self.policy_battle(kids[m].0, rng),
            )
        } else {
            run.guessed += 1;
            0
        };
        Ok(kids[chosen].0)
    }

    /// Fights a battle on from `s` by best play as far as the budget allows (see the module's
    /// doc): its value for each side, exact from the point where the rest is solved. With a
    /// `trace`, the battle goes on to its end ([`Mode::Follow`]) and every decision with a
    /// choice is noted; `first`, if given, is the move taken at the first decision.
    #[allow(clippy::too_many_arguments)]
    fn play_on(
        &mut self,
        mut s: State,
        mut first: Option<(usize, Action)>,
        rng: &mut BattleRng,
        look: &mut BattleRng,
        run: &mut Run,
        mut trace: Option<&mut Trace>,
    ) -> Result<[f64; 2], SolveError> {
        let mode = if trace.is_some() {
            Mode::Follow
        } else {
            Mode::Settle
        };
        let battle = self.battle;
        let mut settled = false;
        run.battles += 1;
        loop {
            let actor = match advance(battle, &mut s, &mut Silent) {
                Point::End(ending) => return Ok(self.terminal(&s, ending)),
                Point::Act(actor) => actor,
            };
            let side = s.side_of(actor);
            let mv = if let Some(m) = first.take() {
                m
            } else {
                let exact = if settled {
                    self.known(&s)
                } else {
                    self.settle(&s, actor, run)?
                };
                if exact.is_some() && !settled {
                    settled = true;
                    run.settled += 1;
                }
                match (exact, mode) {
                    (Some(v), Mode::Settle) => return Ok(v),
                    (Some(_), Mode::Follow) if self.optimises(side) => self.best_move(&s, actor)?.0,
                    _ if !self.optimises(side) => (actor, policy::choose(battle, &s, actor)),
                    _ => {
                        run.guessed += 1;
                        self.guess(&s, actor, run)
                    }
                }
            };
            if let Some(t) = trace.as_deref_mut() {
                t.note(self, &s, actor, mv);
            }
            s = self.step(&s, mv, rng, look, run)?;
        }
    }

    /// Estimates the value of every move at the decision point `root` (where `actor` is next):
    /// `sampling.samples` battles each, on the same dice. `watch` is told each battle fought and
    /// can stop the estimate.
    pub(crate) fn estimate_decision(
        &mut self,
        root: &State,
        actor: usize,
        run: &mut Run,
        watch: &Watch<'_>,
    ) -> Result<(Decision, (usize, Action)), SolveError> {
        let battle = self.battle;
        let moves = self.moves(root, actor);
        let side = root.side_of(actor);
        let mut stats = Stats::new(moves.len());
        let mut values = vec![[0.0; 2]; moves.len()];
        for k in 0..run.sampling.samples {
            for (m, &mv) in moves.iter().enumerate() {
                let (mut rng, mut look) = streams(run.sampling.seed, CHOICES, k);
                let next = self.step(root, mv, &mut rng, &mut look, run)?;
                values[m] = self.play_on(next, None, &mut rng, &mut look, run, None)?;
            }
            stats.add(&values, side);
            if !watch(moves.len()) {
                return Err(SolveError::Cancelled);
            }
        }
        // Best first: the acting side's value, then the enemy's lowest.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (stats.mean(a), stats.mean(b));
            if better(side, x, y) {
                std::cmp::Ordering::Less
            } else if better(side, y, x) {
                std::cmp::Ordering::Greater
            } else {
                a.cmp(&b)
            }
        });
        let top = order[0];
        let actions = order
            .iter()
            .map(|&m| {
                let (who, a) = moves[m];
                let other = (who != actor).then(|| root.version(battle, who).id.clone());
                let gap = stats.mean(top)[side.index()] - stats.mean(m)[side.index()];
                let apart = gap.abs() > APART * stats.diff_error(m, top, side) + 1e-12;
                ActionValue {
                    label: match &other {
                        Some(b) => format!("{b} first: {}", label(battle, root, a)),
                        None => label(battle, root, a),
                    },
                    block: other,
                    action: a,
                    value: stats.mean(m)[side.index()],
                    std_error: Some(stats.std_error(m, side)),
                    apart_from_best: (m != top).then_some(apart),
                }
            })
            .collect();
        let decision = Decision {
            round: root.round,
            block: root.version(battle, actor).id.clone(),
            side,
            actions,
            policy_action: label(battle, root, policy::choose(battle, root, actor)),
        };
        Ok((decision, moves[top]))
    }

    /// Battles from the start by best play as far as the budget allows, the move `at_root` taken
    /// at the first decision after a failed (or no) Treason roll if given: each side's value,
    /// and with `outline`, what best play does on the way (its lines as chances over the
    /// battles sampled). `watch` is told each battle.
    pub(crate) fn play_from_start(
        &mut self,
        at_root: Option<(usize, Action)>,
        run: &mut Run,
        outline: bool,
        watch: &Watch<'_>,
    ) -> Result<(Series, Vec<crate::solve::advice::OutlineEntry>), SolveError> {
        let battle = self.battle;
        let mut series = Series::default();
        let mut trace = Trace::default();
        let n = run.sampling.samples;
        for k in 0..n {
            let (mut rng, mut look) = streams(run.sampling.seed, FROM_START, k);
            let (s, failed) = opening(battle, &mut rng);
            let first = if failed { at_root } else { None };
            let v = self.play_on(
                s,
                first,
                &mut rng,
                &mut look,
                run,
                outline.then_some(&mut trace),
            )?;
            series.add(v);
            if !watch(1) {
                return Err(SolveError::Cancelled);
            }
        }
        let weight = 1.0 / n.max(1) as f64;
        let acts = trace
            .acts
            .into_iter()
            .map(|(key, (count, departs))| (key, (count * weight, departs)))
            .collect();
        let turns = trace
            .turns
            .into_iter()
            .map(|(key, count)| (key, count * weight))
            .collect();
        Ok((series, outline_entries(battle, acts, &turns)))
    }
}

impl Trace {
    /// Notes a decision where `actor` is next by the fire order and `mv` is played.
    fn note<C: Codec>(
        &mut self,
        game: &Game<'_, C>,
        s: &State,
        actor: usize,
        (who, action): (usize, Action),
    ) {
        let battle = game.battle;
        let side = s.side_of(actor);
        if game.moves(s, actor).len() < 2 || crate::rules::retreat::must_retreat(s, side) {
            return;
        }
        let policy = policy::choose(battle, s, actor);
        let words = if who == actor {
            label(battle, s, action)
        } else {
            let first = &s.version(battle, actor).id;
            format!("{} (before {first})", label(battle, s, action))
        };
        let e = self
            .acts
            .entry((s.round, who, words))
            .or_insert((0.0, false));
        e.0 += 1.0;
        e.1 |= action != policy || who != actor;
        *self.turns.entry((s.round, who)).or_insert(0.0) += 1.0;
    }
}

/// The battle's opening on `rng`'s dice: the Treason card's roll, if any (D11), drawn as
/// Monte Carlo draws it; the state, and whether it is the opening after a failed roll (or no
/// roll), where the first decision is asked.
pub(crate) fn opening(battle: &Battle, rng: &mut BattleRng) -> (State, bool) {
    let success = treachery::treason_roll(battle)
        .is_some_and(|(_, _, dice)| uniform(rng) < treachery::success_chance(dice));
    (
        treachery::play_treason(battle, success, Vec::new(), &mut Silent),
        !success,
    )
}

/// `samples` battles of the scenario's policy from the start, on the dice of the battles of best
/// play from the start (so that the two compare closely): each side's value.
pub(crate) fn policy_from_start<C: Codec>(
    game: &Game<'_, C>,
    samples: u64,
    seed: u64,
    watch: &Watch<'_>,
) -> Result<Series, SolveError> {
    let mut series = Series::default();
    for k in 0..samples {
        let (mut rng, _) = streams(seed, FROM_START, k);
        let (s, _) = opening(game.battle, &mut rng);
        series.add(game.policy_battle(s, &mut rng));
        if !watch(1) {
            return Err(SolveError::Cancelled);
        }
    }
    Ok(series)
}
