//! "Best choice here": the decision at any point of a battle (a step of a replay, the turn live
//! play has reached), every move valued: exact when the rest of the battle from that point fits
//! the budget, estimated by sampling otherwise (`estimate.rs`). Only what the point can reach is
//! solved: neither the start of the battle nor the outline.

use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::round::{Point, advance};
use crate::rules::state::State;
use crate::solve::advice::advisor::{Advisor, Games, each};
use crate::solve::advice::estimate::{Run, Sampling};
use crate::solve::advice::{AdviceMethod, Decision, Decisions, Estimate, Objective, Players};
use crate::solve::error::SolveError;
use crate::solve::watch::Watch;
use serde::{Deserialize, Serialize};

/// The state budget of "best choice here" in live play and replays: with [`Sampling::live`],
/// about a second of work natively for a battle of six blocks a side (`docs/PERFORMANCE.md`).
pub const LIVE_BUDGET: usize = 400_000;

/// The answer of [`best_here`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Here {
    /// The decision at the point asked, every move valued, best first; `None` when the battle
    /// is over there.
    pub decision: Option<Decision>,
    /// Exact, or estimated (and how).
    pub method: AdviceMethod,
    /// Distinct states solved exactly.
    pub states: usize,
}

/// The best choice at `state`, a point of `battle` (any state the battle reaches: a replay's
/// step, live play's turn, the start), and the value of every other: exact when the rest of the
/// battle from there fits `budget` states, else estimated with `sampling` (its exact parts
/// within the same budget).
///
/// `watch` is told the states solved exactly, and when the rest is too large, each battle
/// sampled ([`here_battles`] in all); it can stop the work at any time.
///
/// # Errors
/// [`SolveError::Cancelled`] when the hook says stop.
#[allow(clippy::too_many_arguments)]
pub fn best_here(
    battle: &Battle,
    state: &State,
    objective: Objective,
    players: Players,
    decide: Decisions,
    budget: usize,
    sampling: &Sampling,
    watch: &Watch<'_>,
) -> Result<Here, SolveError> {
    let mut s = *state;
    let Point::Act(actor) = advance(battle, &mut s, &mut Silent) else {
        return Ok(Here {
            decision: None,
            method: AdviceMethod::Exact,
            states: 0,
        });
    };
    let mut exact = Advisor::new(battle, objective, players, budget)
        .with_decisions(decide)
        .watched(watch);
    match exact.decision(&s, actor) {
        Ok(decision) => {
            return Ok(Here {
                decision: Some(decision),
                method: AdviceMethod::Exact,
                states: exact.states(),
            });
        }
        Err(SolveError::TooLarge { .. }) => {}
        Err(e) => return Err(e),
    }
    drop(exact);
    let ask = |_: usize| watch(0);
    let mut games = Games::new(battle, objective, players, budget, &ask);
    each!(&mut games, g => g.decide = decide);
    let mut run = Run::new(*sampling);
    let (decision, states) = each!(&mut games, g => {
        let (d, _) = g.estimate_decision(&s, actor, &mut run, watch)?;
        (d, g.memo.len())
    });
    let battles = run.battles.max(1) as f64;
    Ok(Here {
        decision: Some(decision),
        method: AdviceMethod::Estimated(Estimate {
            samples: sampling.samples,
            seed: sampling.seed,
            look_ahead: sampling.look_ahead,
            attempt: sampling.attempt,
            settled_share: run.settled as f64 / battles,
            guessed_per_battle: run.guessed as f64 / battles,
        }),
        states,
    })
}

/// The battles [`best_here`] samples when it estimates: every move at the point,
/// `sampling.samples` battles each (0 when the battle is over there).
pub fn here_battles(
    battle: &Battle,
    state: &State,
    players: Players,
    decide: Decisions,
    sampling: &Sampling,
) -> u64 {
    let mut s = *state;
    match advance(battle, &mut s, &mut Silent) {
        Point::End(_) => 0,
        Point::Act(actor) => {
            let mut g = Games::new(
                battle,
                Objective::Hold,
                players,
                0,
                crate::solve::watch::UNWATCHED,
            );
            each!(&mut g, x => x.decide = decide);
            sampling.samples * each!(&g, x => x.moves(&s, actor).len()) as u64
        }
    }
}
