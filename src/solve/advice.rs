//! Best play: the battle solved as a game by backward induction over the engine's states.
//! At every decision point each side picks the legal action that maximises its own objective
//! (or one side plays its best against the other side's fixed policy), and the value of every
//! legal action is known.

use crate::rules::action::{Action, legal_actions, outcomes};
use crate::rules::battle::Battle;
use crate::rules::policy;
use crate::rules::round::{Ending, Point, advance};
use crate::rules::state::State;
use crate::scenario::Side;
use crate::solve::error::SolveError;
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// What a side plays for. Each side applies it from its own point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// Hold the area at the end (default).
    #[default]
    Hold,
    /// Kill the enemy King or Pretender.
    KillRoyal,
    /// Keep every own heir alive.
    KeepHeirs,
    /// Enemy steps destroyed minus own steps lost.
    Steps,
}

/// Who plays best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Players {
    /// Both sides play their best.
    Both,
    /// Only this side plays its best; the other follows the scenario's policy.
    Only(Side),
    /// Both follow the scenario's policy (the plain exact solution).
    Neither,
}

/// The value of one legal action at a decision point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionValue {
    /// The action.
    pub action: Action,
    /// In words: `fire`, `charge Norfolk`, `treachery on Stanley/Y`.
    pub label: String,
    /// The acting side's objective value if it takes this action and play goes on as solved.
    pub value: f64,
}

/// The decision at one point of a battle, with every legal action valued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The round.
    pub round: u8,
    /// The block to act.
    pub block: String,
    /// Its side.
    pub side: Side,
    /// Every legal action, best first.
    pub actions: Vec<ActionValue>,
    /// What the scenario's policy would do here.
    pub policy_action: String,
}

type Memo = HashMap<State, [f64; 2], BuildHasherDefault<crate::solve::exact::FxHasher>>;
type Reach = HashMap<State, f64, BuildHasherDefault<crate::solve::exact::FxHasher>>;

/// A battle solved as a game: ask it for the value of any state and the best action there.
pub struct Advisor<'b> {
    battle: &'b Battle,
    objective: Objective,
    players: Players,
    memo: Memo,
    budget: usize,
    watch: &'b Watch<'b>,
}

impl<'b> Advisor<'b> {
    /// A solver for `battle`; nothing is computed until asked. `budget` bounds the states held.
    pub fn new(battle: &'b Battle, objective: Objective, players: Players, budget: usize) -> Self {
        Advisor {
            battle,
            objective,
            players,
            memo: Memo::default(),
            budget,
            watch: UNWATCHED,
        }
    }

    /// The same solver watched by a [`Watch`] hook: told every [`EVERY`] new states solved,
    /// it can stop the solve ([`SolveError::Cancelled`] from the call that was asked).
    pub fn watched(self, watch: &'b Watch<'b>) -> Self {
        Advisor { watch, ..self }
    }

    /// Distinct states solved so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Whether `side` plays its best.
    fn optimises(&self, side: Side) -> bool {
        match self.players {
            Players::Both => true,
            Players::Only(s) => s == side,
            Players::Neither => false,
        }
    }

    /// The objective value of an ending, for each side (attacker, defender).
    fn terminal(&self, state: &State, ending: Ending) -> [f64; 2] {
        let b = self.battle;
        let mut v = [0.0; 2];
        for side in Side::BOTH {
            let house = b.house(side);
            v[side.index()] = match self.objective {
                Objective::Hold => (ending.holder == Some(side)) as u8 as f64,
                Objective::KillRoyal => {
                    let dead = |slot: Option<usize>| {
                        slot.is_some_and(|k| b.slots[k].side != side && state.strength[k] == 0)
                    };
                    (dead(b.king()) || dead(b.pretender())) as u8 as f64
                }
                Objective::KeepHeirs => {
                    let lost = (0..b.slots.len()).any(|i| {
                        let v = state.version(b, i);
                        state.strength[i] == 0 && v.heir_rank.is_some() && v.house == house
                    });
                    (!lost) as u8 as f64
                }
                Objective::Steps => {
                    state.lost[side.other().index()] as f64 - state.lost[side.index()] as f64
                }
            };
        }
        v
    }

    /// The value of a state (already moved on to its decision point or end) for both sides.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the state budget; [`SolveError::Cancelled`] when the hook
    /// ([`Advisor::watched`]) says stop.
    pub fn value(&mut self, state: &State) -> Result<[f64; 2], SolveError> {
        if let Some(v) = self.memo.get(state) {
            return Ok(*v);
        }
        let mut s = *state;
        let v = match advance(self.battle, &mut s, &mut crate::rules::log::Silent) {
            Point::End(ending) => self.terminal(&s, ending),
            Point::Act(actor) => {
                let side = s.side_of(actor);
                if self.optimises(side) {
                    let mut best: Option<[f64; 2]> = None;
                    for a in legal_actions(self.battle, &s, actor) {
                        let q = self.q(&s, actor, a)?;
                        let better = match best {
                            None => true,
                            Some(b) => {
                                q[side.index()] > b[side.index()] + 1e-12
                                    || ((q[side.index()] - b[side.index()]).abs() <= 1e-12
                                        && q[side.other().index()]
                                            < b[side.other().index()] - 1e-12)
                            }
                        };
                        if better {
                            best = Some(q);
                        }
                    }
                    best.unwrap_or([0.0; 2])
                } else {
                    self.q(&s, actor, policy::choose(self.battle, &s, actor))?
                }
            }
        };
        if self.memo.len() >= self.budget {
            return Err(SolveError::TooLarge {
                budget: self.budget,
            });
        }
        self.memo.insert(*state, v);
        if self.memo.len().is_multiple_of(EVERY) && !(self.watch)(EVERY) {
            return Err(SolveError::Cancelled);
        }
        Ok(v)
    }

    /// The value of taking `action` with `actor` in `state` (a decision point).
    pub fn q(
        &mut self,
        state: &State,
        actor: usize,
        action: Action,
    ) -> Result<[f64; 2], SolveError> {
        let mut v = [0.0; 2];
        for (p, next) in outcomes(self.battle, state, actor, action) {
            let w = self.value(&next)?;
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        Ok(v)
    }

    /// The best action for `actor` at a decision point (its side's objective; ties broken by
    /// hurting the enemy most, then by the order of [`legal_actions`]).
    pub fn best_action(&mut self, state: &State, actor: usize) -> Result<Action, SolveError> {
        let side = state.side_of(actor);
        let mut best = (Action::Fire, [f64::NEG_INFINITY, 0.0]);
        for a in legal_actions(self.battle, state, actor) {
            let q = self.q(state, actor, a)?;
            let (bq, i) = (best.1, side.index());
            if q[i] > bq[i] + 1e-12
                || ((q[i] - bq[i]).abs() <= 1e-12 && q[1 - i] < bq[1 - i] - 1e-12)
            {
                best = (a, q);
            }
        }
        Ok(best.0)
    }

    /// Every legal action at a decision point, valued and sorted best first.
    pub fn decision(&mut self, state: &State, actor: usize) -> Result<Decision, SolveError> {
        let side = state.side_of(actor);
        let mut actions = Vec::new();
        for a in legal_actions(self.battle, state, actor) {
            let q = self.q(state, actor, a)?;
            actions.push(ActionValue {
                action: a,
                label: label(self.battle, state, a),
                value: q[side.index()],
            });
        }
        actions.sort_by(|x, y| y.value.total_cmp(&x.value));
        Ok(Decision {
            round: state.round,
            block: state.version(self.battle, actor).id.clone(),
            side,
            actions,
            policy_action: label(
                self.battle,
                state,
                policy::choose(self.battle, state, actor),
            ),
        })
    }
}

/// An action in words.
pub fn label(battle: &Battle, state: &State, action: Action) -> String {
    let name = |i: usize| state.version(battle, i).id.clone();
    match action {
        Action::Fire => "fire".into(),
        Action::Pass => "pass".into(),
        Action::Retreat => "retreat".into(),
        Action::Charge(t) => format!("charge {}", name(t)),
        Action::Treachery(t) => format!("treachery on {}", name(t)),
    }
}

/// The advisor's answer for a battle from its start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// What each side plays for.
    pub objective: Objective,
    /// Who plays best.
    pub players: Players,
    /// The first decision point (after the Treason card, if its roll fails), every action valued.
    pub first_decision: Option<Decision>,
    /// The objective's value for (attacker, defender) under best play.
    pub best: [f64; 2],
    /// The same under the scenario's policy.
    pub policy: [f64; 2],
    /// Distinct states solved.
    pub states: usize,
    /// Best play in outline: for each round and block, how often each action is chosen where
    /// it departs from plain fire, as chances of reaching that turn under best play.
    pub outline: Vec<OutlineEntry>,
}

/// One line of the outline of best play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutlineEntry {
    /// The round.
    pub round: u8,
    /// The block whose turn it is.
    pub block: String,
    /// Its side.
    pub side: Side,
    /// The action best play takes.
    pub action: String,
    /// Chance that this turn comes and best play takes this action on it.
    pub chance: f64,
    /// Of this block's turns in this round (as far as they come), the share with this action.
    pub share: f64,
    /// Whether the scenario's policy would do something else there.
    pub departs_from_policy: bool,
}

/// The states a battle starts from, after the Treason card's roll (D11), with their chances.
pub fn openings(battle: &Battle) -> Vec<(f64, State)> {
    let play = |success| {
        crate::rules::treachery::play_treason(
            battle,
            success,
            Vec::new(),
            &mut crate::rules::log::Silent,
        )
    };
    match crate::rules::treachery::treason_roll(battle) {
        None => vec![(1.0, play(false))],
        Some((_, _, dice)) => {
            let p = crate::rules::treachery::success_chance(dice);
            vec![(p, play(true)), (1.0 - p, play(false))]
        }
    }
}

/// Solves a battle as a game from its start and values the first decision.
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states.
pub fn advise(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
) -> Result<Advice, SolveError> {
    advise_watched(battle, objective, players, budget, UNWATCHED)
}

/// [`advise`] watched by a [`Watch`] hook: told the new states of best play every [`EVERY`]
/// (those of the policy's own solve, at most as many, are not counted, so the count ends at the
/// answer's `states`), it can stop the solve. The answer is that of [`advise`].
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states; [`SolveError::Cancelled`] when the hook says
/// stop.
pub fn advise_watched(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    let ask = |_| watch(0);
    let mut best = Advisor::new(battle, objective, players, budget).watched(watch);
    let mut plain = Advisor::new(battle, objective, Players::Neither, budget).watched(&ask);
    let (mut b, mut p) = ([0.0; 2], [0.0; 2]);
    for (w, s) in openings(battle) {
        let vb = best.value(&s)?;
        let vp = plain.value(&s)?;
        for i in 0..2 {
            b[i] += w * vb[i];
            p[i] += w * vp[i];
        }
    }
    // The first decision: from the opening where the Treason roll failed (or there was none).
    let (_, mut start) = *openings(battle).last().expect("at least one opening");
    let first_decision = match advance(battle, &mut start, &mut crate::rules::log::Silent) {
        Point::Act(actor) => Some(best.decision(&start, actor)?),
        Point::End(_) => None,
    };
    let outline = best.outline()?;
    watch(best.states() % EVERY);
    Ok(Advice {
        objective,
        players,
        first_decision,
        best: b,
        policy: p,
        states: best.states(),
        outline,
    })
}

impl Advisor<'_> {
    /// Follows best play forward from the start, summing the chance of every (round, block,
    /// action) at the decision points it reaches where there is a choice; keeps the actions other
    /// than fire, and any that departs from the scenario's policy.
    pub fn outline(&mut self) -> Result<Vec<OutlineEntry>, SolveError> {
        use std::collections::BTreeMap;
        let battle = self.battle;
        let levels = 4 * (crate::rules::state::MAX_BLOCKS + 1);
        let mut buckets: Vec<Reach> = (0..levels).map(|_| Reach::default()).collect();
        let place = |mut s: State, p: f64, buckets: &mut Vec<Reach>| {
            if let Point::Act(_) = advance(battle, &mut s, &mut crate::rules::log::Silent) {
                *buckets[s.progress(battle)].entry(s).or_insert(0.0) += p;
            }
        };
        for (w, s) in openings(battle) {
            place(s, w, &mut buckets);
        }
        // (round, slot, label) -> (chance, departs); (round, slot) -> total
        let mut acts: BTreeMap<(u8, usize, String), (f64, bool)> = BTreeMap::new();
        let mut turns: BTreeMap<(u8, usize), f64> = BTreeMap::new();
        let mut followed = 0usize;
        for level in 0..levels {
            for (state, p) in std::mem::take(&mut buckets[level]) {
                followed += 1;
                if followed.is_multiple_of(EVERY) && !(self.watch)(0) {
                    return Err(SolveError::Cancelled);
                }
                let mut s = state;
                let Point::Act(actor) = advance(battle, &mut s, &mut crate::rules::log::Silent)
                else {
                    continue;
                };
                let policy = policy::choose(battle, &s, actor);
                let action = if self.optimises(s.side_of(actor)) {
                    self.best_action(&s, actor)?
                } else {
                    policy
                };
                if legal_actions(battle, &s, actor).len() > 1 {
                    // A forced move (the round-4 retreat) is no advice.
                    let e = acts
                        .entry((s.round, actor, label(battle, &s, action)))
                        .or_insert((0.0, false));
                    e.0 += p;
                    e.1 |= action != policy;
                    *turns.entry((s.round, actor)).or_insert(0.0) += p;
                }
                for (q, next) in outcomes(battle, &s, actor, action) {
                    place(next, p * q, &mut buckets);
                }
            }
        }
        Ok(acts
            .into_iter()
            .filter(|((_, _, action), (chance, departs))| {
                (action != "fire" || *departs) && *chance > 1e-9
            })
            .map(|((round, slot, action), (chance, departs))| OutlineEntry {
                round,
                block: battle.slots[slot].name().to_string(),
                side: battle.slots[slot].side,
                share: chance / turns[&(round, slot)],
                action,
                chance,
                departs_from_policy: departs,
            })
            .collect())
    }
}
