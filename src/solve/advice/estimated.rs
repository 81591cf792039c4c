//! The advice of a battle too large for exact best play: every figure estimated by sampling
//! (`estimate.rs`), with its standard error, and said to be so ([`AdviceMethod::Estimated`]).

use crate::rules::action::Action;
use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::round::{Point, advance};
use crate::solve::advice::advisor::{Games, each};
use crate::solve::advice::estimate::{Run, Sampling, Series, policy_from_start};
use crate::solve::advice::solver::better;
use crate::solve::advice::{
    APART, ActionValue, Advice, AdviceMethod, Decisions, Estimate, Objective, Players, advise_with,
    openings, treason_targets,
};
use crate::solve::error::SolveError;
use crate::solve::watch::Watch;

impl Estimate {
    /// What an estimate is, in one paragraph that the CLI and the app both show before its
    /// figures: not exact and `why`, how many battles each value averages, how the later
    /// choices were made, and when two choices cannot be told apart ([`APART`]).
    pub fn explain(&self, why: &str) -> String {
        let later = if self.look_ahead > 0 {
            format!(
                "a one-step look-ahead over {} battles fought on by the policy",
                self.look_ahead
            )
        } else {
            "the policy's choice".to_string()
        };
        format!(
            "Estimated, not exact ({why}). Each value is the average of {} sampled battles (seed {}) \
             ± its standard error. Later choices: exact best play from where the rest of the battle \
             was solved (in {:.0}% of the battles sampled); before that {later} ({:.1} choices a \
             battle). Two choices closer than {APART} standard errors of their difference cannot be \
             told apart.",
            self.samples,
            self.seed,
            self.settled_share * 100.0,
            self.guessed_per_battle,
        )
    }
}

/// The advice on a battle with every figure estimated by sampling (`estimate.rs`): the first
/// decision's choices (after a failed Treason roll, or the point a resumed battle stands at),
/// each value with its standard error and whether it can be told apart from the best; best play
/// and the policy from the start; the outline of best play as seen in the battles sampled (no
/// tied-hit lines); with the Treason card held by a side playing its best, each target's value
/// (D11). Exact best play solves the rest of a sampled battle wherever it fits, within `budget`
/// states in all. The same `sampling` (seed included) gives the same figures.
///
/// `watch` is told each battle sampled ([`estimate_battles`] in all) and asked, while exact best
/// play solves part of a battle, whether to go on.
///
/// # Errors
/// [`SolveError::Cancelled`] when the hook says stop.
pub fn estimate_with(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    sampling: &Sampling,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    let ask = |_: usize| watch(0);
    let game = |b| {
        let mut g = Games::new(b, objective, players, budget, &ask);
        each!(&mut g, x => x.decide = decide);
        g
    };
    let mut run = Run::new(*sampling);
    // The Treason card's target is its holder's choice (D11): each valued from the start.
    let targets = treason_targets(battle, players);
    let mut treason = Vec::new();
    let (chosen, mut games) = if targets.is_empty() {
        (battle, game(battle))
    } else {
        let holder = battle.treason().expect("targets come with a holder");
        let mut kept: Option<(usize, Games<'_>, Series)> = None;
        let mut valued = Vec::new();
        for (k, (b, j)) in targets.iter().enumerate() {
            let mut g = game(b);
            let mut own = Run::new(*sampling);
            let (series, _) = each!(&mut g, x => x.play_from_start(None, &mut own, false, watch))?;
            run.guessed += own.guessed;
            run.settled += own.settled;
            run.battles += own.battles;
            valued.push((*j, series.mean(), series.std_error()));
            if kept
                .as_ref()
                .is_none_or(|(_, _, s)| better(holder, series.mean(), s.mean()))
            {
                kept = Some((k, g, series));
            }
        }
        let (k, g, _) = kept.expect("at least one target");
        let top = valued
            .iter()
            .find(|t| t.0 == targets[k].1)
            .map(|t| (t.1, t.2))
            .expect("the kept target was valued");
        let h = holder.index();
        for (j, mean, se) in valued {
            let gap = top.0[h] - mean[h];
            let apart = gap.abs() > APART * (se[h] * se[h] + top.1[h] * top.1[h]).sqrt() + 1e-12;
            treason.push(ActionValue {
                block: None,
                action: Action::Treachery(j),
                label: format!("Treason card on {}", battle.slots[j].name()),
                value: mean[h],
                std_error: Some(se[h]),
                apart_from_best: (j != targets[k].1).then_some(apart),
            });
        }
        treason.sort_by(|x, y| y.value.total_cmp(&x.value));
        (&targets[k].0, g)
    };
    let (first_decision, series, outline, states) = each!(&mut games, g => {
        // The decision asked: after a failed Treason roll (or none), as in exact advice.
        let (_, mut start) = *openings(chosen).last().expect("at least one opening");
        let first = match advance(chosen, &mut start, &mut Silent) {
            Point::Act(actor) => Some(g.estimate_decision(&start, actor, &mut run, watch)?),
            Point::End(_) => None,
        };
        let at_root = first.as_ref().map(|(_, m)| *m);
        let (series, outline) = g.play_from_start(at_root, &mut run, true, watch)?;
        (first.map(|(d, _)| d), series, outline, g.memo.len())
    });
    // The policy as set (its own Treason target), on the dice of best play from the start.
    let plain = Games::new(battle, objective, Players::Neither, 0, &ask);
    let policy = each!(&plain, g => policy_from_start(g, sampling.samples, sampling.seed, watch))?;
    let battles = run.battles.max(1) as f64;
    Ok(Advice {
        objective,
        players,
        method: AdviceMethod::Estimated(Estimate {
            samples: sampling.samples,
            seed: sampling.seed,
            look_ahead: sampling.look_ahead,
            attempt: sampling.attempt,
            settled_share: run.settled as f64 / battles,
            guessed_per_battle: run.guessed as f64 / battles,
        }),
        first_decision,
        // Only when the card is rolled: a holder with no enemy block to turn never rolls (D11).
        after_treason: crate::rules::treachery::treason_roll(chosen).is_some(),
        best: series.mean(),
        policy: policy.mean(),
        best_std_error: Some(series.std_error()),
        policy_std_error: Some(policy.std_error()),
        states,
        outline,
        ties: Vec::new(),
        treason,
        decisions: decide,
    })
}

/// The battles [`estimate_with`] samples in all (what its hook is told, added up), to size a
/// progress bar: every choice of the first decision, best play and the policy from the start,
/// and each Treason card target, `sampling.samples` battles each.
pub fn estimate_battles(
    battle: &Battle,
    players: Players,
    decide: Decisions,
    sampling: &Sampling,
) -> u64 {
    let targets = treason_targets(battle, players);
    let chosen = targets.first().map_or(battle, |t| &t.0);
    let (_, mut start) = *openings(chosen).last().expect("at least one opening");
    let choices = match advance(chosen, &mut start, &mut Silent) {
        Point::Act(actor) => {
            let mut g = Games::new(
                chosen,
                Objective::Hold,
                players,
                0,
                crate::solve::watch::UNWATCHED,
            );
            each!(&mut g, x => x.decide = decide);
            each!(&g, x => x.moves(&start, actor).len()) as u64
        }
        Point::End(_) => 0,
    };
    sampling.samples * (choices + 2 + targets.len() as u64)
}

/// Best play exact where it fits `budget` states ([`advise_with`]), else estimated with
/// `sampling` in the same budget ([`estimate_with`]); the answer's `method` says which. `watch`
/// is told states solved, then, if the battle is too large, battles sampled.
///
/// # Errors
/// [`SolveError::Cancelled`] when the hook says stop.
pub fn advise_or_estimate(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    sampling: &Sampling,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    match advise_with(battle, objective, players, budget, decide, watch) {
        Err(SolveError::TooLarge { .. }) => {
            estimate_with(battle, objective, players, budget, decide, sampling, watch)
        }
        answer => answer,
    }
}
