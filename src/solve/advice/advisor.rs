//! [`Advisor`]: best play on one battle, solved as far as asked, its states keyed as compactly
//! as the battle allows (`solve::key`).

use crate::rules::action::{Action, legal_actions};
use crate::rules::battle::Battle;
use crate::rules::policy;
use crate::rules::state::State;
use crate::solve::advice::solver::{Game, better};
use crate::solve::advice::{
    ActionValue, Decision, Decisions, Objective, OutlineEntry, Players, TieEntry, label, openings,
};
use crate::solve::error::SolveError;
use crate::solve::key::{Lost, Narrow, Packer, Plain};
use crate::solve::watch::{UNWATCHED, Watch};

/// The solver of one battle with each key width.
pub(crate) enum Games<'b> {
    Narrow(Game<'b, Narrow>),
    Packed(Game<'b, Packer>),
    Plain(Game<'b, Plain>),
}

/// Runs `$body` with `$g` the game, whatever its key width.
macro_rules! each {
    ($games:expr, $g:ident => $body:expr) => {
        match $games {
            crate::solve::advice::advisor::Games::Narrow($g) => $body,
            crate::solve::advice::advisor::Games::Packed($g) => $body,
            crate::solve::advice::advisor::Games::Plain($g) => $body,
        }
    };
}
pub(crate) use each;

impl<'b> Games<'b> {
    /// A solver for `battle` keyed by its packed states where they fit.
    pub(crate) fn new(
        battle: &'b Battle,
        objective: Objective,
        players: Players,
        budget: usize,
        watch: &'b Watch<'b>,
    ) -> Self {
        let lost = if objective == Objective::Steps {
            Lost::Stored
        } else {
            Lost::Zero
        };
        match Packer::for_any_play(battle, lost) {
            Some(p) if p.fits_64() => Games::Narrow(Game::new(
                battle,
                objective,
                players,
                budget,
                Narrow(p),
                watch,
            )),
            Some(p) => Games::Packed(Game::new(battle, objective, players, budget, p, watch)),
            None => Games::Plain(Game::new(battle, objective, players, budget, Plain, watch)),
        }
    }
}

/// A battle solved as a game: ask it for the value of any state and the best action there.
pub struct Advisor<'b> {
    pub(crate) games: Games<'b>,
}

impl<'b> Advisor<'b> {
    /// A solver for `battle`; nothing is computed until asked. `budget` bounds the states held.
    pub fn new(battle: &'b Battle, objective: Objective, players: Players, budget: usize) -> Self {
        Advisor {
            games: Games::new(battle, objective, players, budget, UNWATCHED),
        }
    }

    /// The same solver watched by a [`Watch`] hook: told every
    /// [`EVERY`](crate::solve::watch::EVERY) new states solved, it can stop the solve
    /// ([`SolveError::Cancelled`] from the call that was asked).
    pub fn watched(mut self, watch: &'b Watch<'b>) -> Self {
        each!(&mut self.games, g => g.watch = watch);
        self
    }

    /// Which choices beyond each turn's action a side playing its best makes (see
    /// [`Decisions`]); those it does not follow the scenario's hit and fire orders.
    pub fn with_decisions(mut self, decide: Decisions) -> Self {
        each!(&mut self.games, g => g.decide = decide);
        self
    }

    /// The plain search: every move of every decision valued and every state solved, nothing
    /// taken for granted (`certain.rs`). The values are the same to the last bit; only the
    /// states solved differ. For tests.
    #[doc(hidden)]
    pub fn exhaustive(mut self) -> Self {
        each!(&mut self.games, g => g.exhaustive());
        self
    }

    /// Distinct states solved so far.
    pub fn states(&self) -> usize {
        each!(&self.games, g => g.memo.len())
    }

    /// The value of a state (moved on here to its decision point or end) for both sides.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the state budget; [`SolveError::Cancelled`] when the hook
    /// ([`Advisor::watched`]) says stop.
    pub fn value(&mut self, state: &State) -> Result<[f64; 2], SolveError> {
        each!(&mut self.games, g => g.value(state))
    }

    /// The value of taking `action` with `actor` in `state` (a decision point).
    ///
    /// # Errors
    /// As [`Advisor::value`].
    pub fn q(
        &mut self,
        state: &State,
        actor: usize,
        action: Action,
    ) -> Result<[f64; 2], SolveError> {
        each!(&mut self.games, g => g.q(state, actor, action))
    }

    /// The best action for `actor` at a decision point (its side's objective; ties broken by
    /// hurting the enemy most, then by the order of [`legal_actions`]).
    ///
    /// # Errors
    /// As [`Advisor::value`].
    pub fn best_action(&mut self, state: &State, actor: usize) -> Result<Action, SolveError> {
        let battle = each!(&self.games, g => g.battle);
        let mut best = (Action::Fire, [f64::NEG_INFINITY, 0.0]);
        for a in legal_actions(battle, state, actor) {
            let q = self.q(state, actor, a)?;
            if better(state.side_of(actor), q, best.1) {
                best = (a, q);
            }
        }
        Ok(best.0)
    }

    /// The best move at a decision point where `actor` is next by the fire order: which block
    /// acts (D2, when best play decides it) and what it does.
    ///
    /// # Errors
    /// As [`Advisor::value`].
    pub fn best_move(
        &mut self,
        state: &State,
        actor: usize,
    ) -> Result<(usize, Action), SolveError> {
        let moves = each!(&self.games, g => g.moves(state, actor));
        let mut best = ((actor, Action::Fire), [f64::NEG_INFINITY, 0.0]);
        for (who, a) in moves {
            let q = self.q(state, who, a)?;
            if better(state.side_of(actor), q, best.1) {
                best = ((who, a), q);
            }
        }
        Ok(best.0)
    }

    /// Every legal action at a decision point, valued and sorted best first; with
    /// [`Decisions::group_order`], those of the other blocks that may act first too.
    ///
    /// # Errors
    /// As [`Advisor::value`].
    pub fn decision(&mut self, state: &State, actor: usize) -> Result<Decision, SolveError> {
        let (battle, moves) = each!(&self.games, g => (g.battle, g.moves(state, actor)));
        let side = state.side_of(actor);
        let mut actions = Vec::new();
        for (who, a) in moves {
            let q = self.q(state, who, a)?;
            let other = (who != actor).then(|| state.version(battle, who).id.clone());
            actions.push(ActionValue {
                label: match &other {
                    Some(b) => format!("{b} first: {}", label(battle, state, a)),
                    None => label(battle, state, a),
                },
                block: other,
                action: a,
                value: q[side.index()],
                std_error: None,
                apart_from_best: None,
            });
        }
        actions.sort_by(|x, y| y.value.total_cmp(&x.value));
        Ok(Decision {
            round: state.round,
            block: state.version(battle, actor).id.clone(),
            side,
            actions,
            policy_action: label(battle, state, policy::choose(battle, state, actor)),
        })
    }

    /// Follows best play forward from the start, summing the chance of every (round, block,
    /// action) at the decision points it reaches where there is a choice; keeps the actions other
    /// than fire, and any that departs from the scenario's policy; and the choices of tied
    /// blocks to take hits that depart from the hit order (6.4, D3).
    ///
    /// # Errors
    /// As [`Advisor::value`].
    pub fn outline(&mut self) -> Result<(Vec<OutlineEntry>, Vec<TieEntry>), SolveError> {
        each!(&mut self.games, g => {
            let start = openings(g.battle);
            g.outline(&start)
        })
    }
}
