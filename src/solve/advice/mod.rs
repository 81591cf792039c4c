//! Best play: the battle solved as a game by backward induction over the engine's states.
//! At every decision point each side picks the legal action that maximises its own objective
//! (or one side plays its best against the other side's fixed policy), and the value of every
//! legal action is known.

use crate::rules::action::{Action, legal_actions, outcome_choices, outcomes};
use crate::rules::battle::Battle;
use crate::rules::policy;
use crate::rules::round::{Ending, Point, advance, may_act_next};
use crate::rules::state::{State, bits};
use crate::scenario::Side;
use crate::solve::error::SolveError;
use crate::solve::key::{Codec, Lost, Narrow, Packer};
use crate::solve::watch::{EVERY, UNWATCHED, Watch};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

/// The default state budget of best play (`bosworth advise`, the app's advisor): the memo takes
/// some 60 bytes a state, so about 300 MB at most.
pub const DEFAULT_ADVICE_BUDGET: usize = 5_000_000;

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

/// Which of the choices the rules leave to a player best play decides, beyond each turn's action
/// (fire, pass, retreat, charge, Treachery), which it always does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Decisions {
    /// Which of equally strong blocks takes a fire's hits (6.4, D3, R14). Default: yes.
    pub tie_hits: bool,
    /// Which of a side's blocks in the current initiative group acts next (D2). Default: no,
    /// the fire order decides: choosing costs more states, as any subset of a group may have
    /// acted.
    pub group_order: bool,
}

impl Default for Decisions {
    fn default() -> Self {
        Decisions {
            tie_hits: true,
            group_order: false,
        }
    }
}

/// The value of one legal action at a decision point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionValue {
    /// Another block than the decision's that may act first instead (D2), when best play decides
    /// the order inside a group ([`Decisions::group_order`]); `None`: the decision's block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<String>,
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

type Fx = BuildHasherDefault<crate::solve::table::FxHasher>;

/// The values solved so far, by a key that forgets what cannot change them (see
/// [`Memo::key`]): packed into 64 or 128 bits where the battle allows ([`Packer`]).
enum Memo {
    Narrow(Packer, Shards<u64>),
    Packed(Packer, Shards<u128>),
    Plain(Shards<State>),
}

/// A memo in [`SHARDS`] tables chosen by bits of the key's hash that the tables themselves do
/// not use: each grows on its own, so growing never holds two copies of the whole memo (a
/// single table doubling from 4 to 8 million entries would hold 12 million slots at once).
struct Shards<K> {
    tables: Vec<HashMap<K, [f64; 2], Fx>>,
}

/// Tables of a [`Shards`].
const SHARDS: usize = 64;

impl<K: Hash + Eq> Shards<K> {
    fn new() -> Self {
        Shards {
            tables: (0..SHARDS).map(|_| HashMap::default()).collect(),
        }
    }
    fn table(&self, key: &K) -> usize {
        // Bits 32-37: a table's slot is picked by the low bits, its tag by the top seven.
        (Fx::default().hash_one(key) >> 32) as usize % SHARDS
    }
    fn len(&self) -> usize {
        self.tables.iter().map(|t| t.len()).sum()
    }
    fn get(&self, key: &K) -> Option<[f64; 2]> {
        self.tables[self.table(key)].get(key).copied()
    }
    fn insert(&mut self, key: K, v: [f64; 2]) {
        let t = self.table(&key);
        self.tables[t].insert(key, v);
    }
}

/// A state's key in the [`Memo`], made once per look-up.
#[derive(Clone, Copy)]
enum MemoKey {
    Narrow(u64),
    Packed(u128),
    Plain(State),
}

impl Memo {
    fn new(battle: &Battle, objective: Objective) -> Memo {
        let lost = if objective == Objective::Steps {
            Lost::Stored
        } else {
            Lost::Zero
        };
        match Packer::for_any_play(battle, lost) {
            Some(p) if p.fits_64() => Memo::Narrow(p, Shards::new()),
            Some(p) => Memo::Packed(p, Shards::new()),
            None => Memo::Plain(Shards::new()),
        }
    }

    /// The key of a state as far as its value goes: a retreated block's strength only matters
    /// as alive (the Pretender and the dead-person shields read it, R1, D7), so it is kept as 1;
    /// steps lost matter only to the steps objective.
    fn key(&self, state: &State, objective: Objective) -> MemoKey {
        let mut s = *state;
        for i in bits(s.retreated) {
            s.strength[i] = 1;
        }
        if objective != Objective::Steps {
            s.lost = [0, 0];
        }
        match self {
            Memo::Narrow(p, _) => MemoKey::Narrow(Narrow::pack_with(p, &s)),
            Memo::Packed(p, _) => MemoKey::Packed(p.pack(&s)),
            Memo::Plain(_) => MemoKey::Plain(s),
        }
    }

    fn len(&self) -> usize {
        match self {
            Memo::Narrow(_, m) => m.len(),
            Memo::Packed(_, m) => m.len(),
            Memo::Plain(m) => m.len(),
        }
    }

    fn get(&self, key: &MemoKey) -> Option<[f64; 2]> {
        match (self, key) {
            (Memo::Narrow(_, m), MemoKey::Narrow(k)) => m.get(k),
            (Memo::Packed(_, m), MemoKey::Packed(k)) => m.get(k),
            (Memo::Plain(m), MemoKey::Plain(k)) => m.get(k),
            _ => None,
        }
    }

    fn insert(&mut self, key: MemoKey, v: [f64; 2]) {
        match (self, key) {
            (Memo::Narrow(_, m), MemoKey::Narrow(k)) => m.insert(k, v),
            (Memo::Packed(_, m), MemoKey::Packed(k)) => m.insert(k, v),
            (Memo::Plain(m), MemoKey::Plain(k)) => m.insert(k, v),
            _ => {}
        }
    }
}

type Reach = HashMap<State, f64, BuildHasherDefault<crate::solve::table::FxHasher>>;

/// A battle solved as a game: ask it for the value of any state and the best action there.
pub struct Advisor<'b> {
    battle: &'b Battle,
    objective: Objective,
    players: Players,
    memo: Memo,
    budget: usize,
    decide: Decisions,
    watch: &'b Watch<'b>,
}

impl<'b> Advisor<'b> {
    /// A solver for `battle`; nothing is computed until asked. `budget` bounds the states held.
    pub fn new(battle: &'b Battle, objective: Objective, players: Players, budget: usize) -> Self {
        Advisor {
            battle,
            objective,
            players,
            memo: Memo::new(battle, objective),
            budget,
            decide: Decisions::default(),
            watch: UNWATCHED,
        }
    }

    /// The same solver watched by a [`Watch`] hook: told every [`EVERY`] new states solved,
    /// it can stop the solve ([`SolveError::Cancelled`] from the call that was asked).
    pub fn watched(self, watch: &'b Watch<'b>) -> Self {
        Advisor { watch, ..self }
    }

    /// Which choices beyond each turn's action a side playing its best makes (see
    /// [`Decisions`]); those it does not follow the scenario's hit and fire orders.
    pub fn with_decisions(mut self, decide: Decisions) -> Self {
        self.decide = decide;
        self
    }

    /// The moves open at a decision point where `actor` is next by the fire order: each block
    /// that may act next (D2, when chosen) with each of its legal actions.
    fn moves(&self, state: &State, actor: usize) -> Vec<(usize, Action)> {
        let actors = if self.decide.group_order {
            may_act_next(self.battle, state)
        } else {
            vec![actor]
        };
        actors
            .into_iter()
            .flat_map(|a| {
                legal_actions(self.battle, state, a)
                    .into_iter()
                    .map(move |x| (a, x))
            })
            .collect()
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
        let mut s = *state;
        // An ending is valued on the spot: cheaper than a look-up, and it keeps the memo to the
        // decision points.
        let actor = match advance(self.battle, &mut s, &mut crate::rules::log::Silent) {
            Point::End(ending) => return Ok(self.terminal(&s, ending)),
            Point::Act(actor) => actor,
        };
        let key = self.memo.key(&s, self.objective);
        if let Some(v) = self.memo.get(&key) {
            return Ok(v);
        }
        let side = s.side_of(actor);
        let v = if self.optimises(side) {
            let mut best: Option<[f64; 2]> = None;
            for (who, a) in self.moves(&s, actor) {
                let q = self.q(&s, who, a)?;
                if best.is_none_or(|b| better(side, q, b)) {
                    best = Some(q);
                }
            }
            best.unwrap_or([0.0; 2])
        } else {
            self.q(&s, actor, policy::choose(self.battle, &s, actor))?
        };
        if self.memo.len() >= self.budget {
            return Err(SolveError::TooLarge {
                budget: self.budget,
            });
        }
        self.memo.insert(key, v);
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
        let owner = state.side_of(actor).other();
        if self.decide.tie_hits && self.optimises(owner) {
            for (p, choices) in outcome_choices(self.battle, state, actor, action) {
                let (_, w) = self.pick(owner, &choices)?;
                v[0] += p * w[0];
                v[1] += p * w[1];
            }
            return Ok(v);
        }
        for (p, next) in outcomes(self.battle, state, actor, action) {
            let w = self.value(&next)?;
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        Ok(v)
    }

    /// The owner's best among the states his choice of tied blocks allows (6.4, D3): his own
    /// objective first, then the enemy's lowest; the hit order's choice (the first) on a tie.
    fn pick(&mut self, owner: Side, choices: &[State]) -> Result<(usize, [f64; 2]), SolveError> {
        let (me, them) = (owner.index(), owner.other().index());
        let mut best = (0, self.value(&choices[0])?);
        for (k, c) in choices.iter().enumerate().skip(1) {
            let w = self.value(c)?;
            let b = best.1;
            if w[me] > b[me] + 1e-12
                || ((w[me] - b[me]).abs() <= 1e-12 && w[them] < b[them] - 1e-12)
            {
                best = (k, w);
            }
        }
        Ok(best)
    }

    /// The best action for `actor` at a decision point (its side's objective; ties broken by
    /// hurting the enemy most, then by the order of [`legal_actions`]).
    pub fn best_action(&mut self, state: &State, actor: usize) -> Result<Action, SolveError> {
        let mut best = (Action::Fire, [f64::NEG_INFINITY, 0.0]);
        for a in legal_actions(self.battle, state, actor) {
            let q = self.q(state, actor, a)?;
            if better(state.side_of(actor), q, best.1) {
                best = (a, q);
            }
        }
        Ok(best.0)
    }

    /// The best move at a decision point where `actor` is next by the fire order: which block
    /// acts (D2, when best play decides it) and what it does.
    pub fn best_move(
        &mut self,
        state: &State,
        actor: usize,
    ) -> Result<(usize, Action), SolveError> {
        let mut best = ((actor, Action::Fire), [f64::NEG_INFINITY, 0.0]);
        for (who, a) in self.moves(state, actor) {
            let q = self.q(state, who, a)?;
            if better(state.side_of(actor), q, best.1) {
                best = ((who, a), q);
            }
        }
        Ok(best.0)
    }

    /// Every legal action at a decision point, valued and sorted best first; with
    /// [`Decisions::group_order`], those of the other blocks that may act first too.
    pub fn decision(&mut self, state: &State, actor: usize) -> Result<Decision, SolveError> {
        let side = state.side_of(actor);
        let mut actions = Vec::new();
        for (who, a) in self.moves(state, actor) {
            let q = self.q(state, who, a)?;
            let other = (who != actor).then(|| state.version(self.battle, who).id.clone());
            actions.push(ActionValue {
                label: match &other {
                    Some(b) => format!("{b} first: {}", label(self.battle, state, a)),
                    None => label(self.battle, state, a),
                },
                block: other,
                action: a,
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

/// True if `q` is better than `best` for `side`: its own objective, then the enemy's lowest.
fn better(side: Side, q: [f64; 2], best: [f64; 2]) -> bool {
    let i = side.index();
    q[i] > best[i] + 1e-12 || ((q[i] - best[i]).abs() <= 1e-12 && q[1 - i] < best[1 - i] - 1e-12)
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
    /// The first decision is the one after a failed Treason roll (the battle opens with one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_treason: bool,
    /// The objective's value for (attacker, defender) under best play.
    pub best: [f64; 2],
    /// The same under the scenario's policy.
    pub policy: [f64; 2],
    /// Distinct states solved.
    pub states: usize,
    /// Best play in outline: for each round and block, how often each action is chosen where
    /// it departs from plain fire, as chances of reaching that turn under best play.
    pub outline: Vec<OutlineEntry>,
    /// Where a side playing its best lets other blocks than its hit order would take tied hits
    /// (6.4, D3), and what that is worth.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<TieEntry>,
    /// With the Treason card held by a side playing its best, the value of rolling it at each
    /// block it may target (D11), best first; best play rolls at the first. Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason: Vec<ActionValue>,
    /// The choices best play decided beyond each turn's action (absent: the default).
    #[serde(default, skip_serializing_if = "is_default")]
    pub decisions: Decisions,
}

fn is_default(d: &Decisions) -> bool {
    *d == Decisions::default()
}

/// A choice of which tied block takes the hits (6.4, D3) where best play departs from the
/// side's hit order, summed over the turns of a round where it happens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TieEntry {
    /// The round.
    pub round: u8,
    /// The side whose blocks take the hits.
    pub side: Side,
    /// The blocks best play has take the hits (ids, joined by " and ").
    pub hit: String,
    /// The blocks the hit order would have hit instead, which best play spares.
    pub spared: String,
    /// Chance, under best play, that such a fire comes.
    pub chance: f64,
    /// What the choice adds to the side's objective, summed over those fires (each weighted by
    /// its chance), against taking the hits by the hit order there and playing on as solved.
    pub gain: f64,
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
    advise_with(
        battle,
        objective,
        players,
        budget,
        Decisions::default(),
        watch,
    )
}

/// [`advise_watched`], deciding the choices `decide` names beyond each turn's action.
///
/// # Errors
/// [`SolveError::TooLarge`] past `budget` states; [`SolveError::Cancelled`] when the hook says
/// stop.
pub fn advise_with(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    watch: &Watch<'_>,
) -> Result<Advice, SolveError> {
    let ask = |_| watch(0);
    let mut plain = Advisor::new(battle, objective, Players::Neither, budget).watched(&ask);
    let mut p = [0.0; 2];
    for (w, s) in openings(battle) {
        let vp = plain.value(&s)?;
        for i in 0..2 {
            p[i] += w * vp[i];
        }
    }
    drop(plain);
    // The Treason card's target is its holder's choice (D11): played best, the best target.
    let (chosen, treason) = treason_choice(battle, objective, players, budget, decide, &ask)?;
    let battle = chosen.as_ref().unwrap_or(battle);
    let mut best = Advisor::new(battle, objective, players, budget)
        .with_decisions(decide)
        .watched(watch);
    let mut b = [0.0; 2];
    for (w, s) in openings(battle) {
        let vb = best.value(&s)?;
        for i in 0..2 {
            b[i] += w * vb[i];
        }
    }
    // The first decision: from the opening where the Treason roll failed (or there was none).
    let (_, mut start) = *openings(battle).last().expect("at least one opening");
    let first_decision = match advance(battle, &mut start, &mut crate::rules::log::Silent) {
        Point::Act(actor) => Some(best.decision(&start, actor)?),
        Point::End(_) => None,
    };
    let (outline, ties) = best.outline()?;
    watch(best.states() % EVERY);
    Ok(Advice {
        objective,
        players,
        first_decision,
        after_treason: battle.treason().is_some() && !battle.in_progress(),
        best: b,
        policy: p,
        states: best.states(),
        outline,
        ties,
        treason,
        decisions: decide,
    })
}

/// When the side holding the Treason card plays its best (and the battle is about to begin),
/// the card's target is its choice (D11): every block it may roll at is tried, and the battle
/// with the best one returned with each target's value, best first. `None` and nothing
/// otherwise.
fn treason_choice(
    battle: &Battle,
    objective: Objective,
    players: Players,
    budget: usize,
    decide: Decisions,
    watch: &Watch<'_>,
) -> Result<(Option<Battle>, Vec<ActionValue>), SolveError> {
    let Some(holder) = battle.treason() else {
        return Ok((None, Vec::new()));
    };
    let plays = match players {
        Players::Both => true,
        Players::Only(s) => s == holder,
        Players::Neither => false,
    };
    if !plays || battle.in_progress() {
        return Ok((None, Vec::new()));
    }
    let mut tried: Vec<(Battle, ActionValue, [f64; 2])> = Vec::new();
    for (j, slot) in battle.slots.iter().enumerate() {
        if slot.side == holder || slot.reserve || battle.treachery_dice(None, j).is_none() {
            continue;
        }
        let mut sc = battle.scenario.clone();
        let policy = match holder {
            Side::Attacker => &mut sc.policy.attacker,
            Side::Defender => &mut sc.policy.defender,
        };
        policy.treason_target = Some(slot.name().to_string());
        // A target the card may roll at is one `Battle::new` accepts; skip any other.
        let Ok(b) = Battle::new(&sc) else { continue };
        let mut solver = Advisor::new(&b, objective, players, budget)
            .with_decisions(decide)
            .watched(watch);
        let mut v = [0.0; 2];
        for (w, s) in openings(&b) {
            let x = solver.value(&s)?;
            v[0] += w * x[0];
            v[1] += w * x[1];
        }
        drop(solver);
        let av = ActionValue {
            block: None,
            action: Action::Treachery(j),
            label: format!("Treason card on {}", slot.name()),
            value: v[holder.index()],
        };
        tried.push((b, av, v));
    }
    let mut at = None;
    for (k, t) in tried.iter().enumerate() {
        if at.is_none_or(|a: usize| better(holder, t.2, tried[a].2)) {
            at = Some(k);
        }
    }
    let Some(at) = at else {
        return Ok((None, Vec::new()));
    };
    let mut values: Vec<ActionValue> = tried.iter().map(|t| t.1.clone()).collect();
    values.sort_by(|x, y| y.value.total_cmp(&x.value));
    let chosen = tried.swap_remove(at).0;
    Ok((Some(chosen), values))
}

impl Advisor<'_> {
    /// Follows best play forward from the start, summing the chance of every (round, block,
    /// action) at the decision points it reaches where there is a choice; keeps the actions other
    /// than fire, and any that departs from the scenario's policy; and the choices of tied
    /// blocks to take hits that depart from the hit order (6.4, D3).
    pub fn outline(&mut self) -> Result<(Vec<OutlineEntry>, Vec<TieEntry>), SolveError> {
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
        // (round, side, hit, spared) -> (chance, gain)
        let mut ties: BTreeMap<(u8, usize, String, String), (f64, f64)> = BTreeMap::new();
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
                let next = actor;
                let policy = policy::choose(battle, &s, next);
                let (actor, action) = if self.optimises(s.side_of(next)) {
                    self.best_move(&s, next)?
                } else {
                    (next, policy)
                };
                let side = s.side_of(next);
                if self.moves(&s, next).len() > 1 && !crate::rules::retreat::must_retreat(&s, side)
                {
                    // A forced move (the round-4 retreat, in whatever order) is no advice.
                    let words = if actor == next {
                        label(battle, &s, action)
                    } else {
                        // D2: another block of the group acts before the fire order's next.
                        let first = &s.version(battle, next).id;
                        format!("{} (before {first})", label(battle, &s, action))
                    };
                    let e = acts.entry((s.round, actor, words)).or_insert((0.0, false));
                    e.0 += p;
                    e.1 |= action != policy || actor != next;
                    *turns.entry((s.round, actor)).or_insert(0.0) += p;
                }
                let owner = s.side_of(actor).other();
                if self.decide.tie_hits && self.optimises(owner) {
                    for (q, choices) in outcome_choices(battle, &s, actor, action) {
                        let (k, w) = self.pick(owner, &choices)?;
                        if k != 0 {
                            let by_order = self.value(&choices[0])?;
                            let (hit, spared) = tie_words(battle, &choices[k], &choices[0]);
                            let e = ties
                                .entry((s.round, owner.index(), hit, spared))
                                .or_insert((0.0, 0.0));
                            e.0 += p * q;
                            e.1 += p * q * (w[owner.index()] - by_order[owner.index()]);
                        }
                        place(choices[k], p * q, &mut buckets);
                    }
                } else {
                    for (q, next) in outcomes(battle, &s, actor, action) {
                        place(next, p * q, &mut buckets);
                    }
                }
            }
        }
        let ties = ties
            .into_iter()
            .filter(|(_, (chance, _))| *chance > 1e-9)
            .map(|((round, side, hit, spared), (chance, gain))| TieEntry {
                round,
                side: Side::BOTH[side],
                hit,
                spared,
                chance,
                gain,
            })
            .collect();
        let acts = acts
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
            .collect();
        Ok((acts, ties))
    }
}

/// Which blocks a chosen way of taking hits hits where the hit order would not, and which it
/// spares: (hit, spared), ids joined by " and ".
fn tie_words(battle: &Battle, chosen: &State, by_order: &State) -> (String, String) {
    let mut hit = Vec::new();
    let mut spared = Vec::new();
    for i in 0..battle.slots.len() {
        let id = || by_order.version(battle, i).id.clone();
        match chosen.strength[i].cmp(&by_order.strength[i]) {
            std::cmp::Ordering::Less => hit.push(id()),
            std::cmp::Ordering::Greater => spared.push(id()),
            std::cmp::Ordering::Equal => {}
        }
    }
    (hit.join(" and "), spared.join(" and "))
}
