//! A block's turn (6.2): the actions it may take, the chance of each result, and applying one.
//!
//! This is the engine's one transition function. The exact solver enumerates [`chances`], the
//! Monte Carlo samples them, the replay rolls real dice; all three then call [`resolve`].

use crate::rules::battle::Battle;
use crate::rules::bonus::firepower;
use crate::rules::dice::{HITS, hits_of_draw, uniform};
use crate::rules::hits::take_hits;
use crate::rules::log::{Observer, Silent};
use crate::rules::round::{Point, advance};
use crate::rules::state::State;
use crate::{rules::charge, rules::reserves, rules::retreat, rules::treachery};
use serde::{Deserialize, Serialize};

/// What a block does on its turn (6.2, 6.5, 6.6, 6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Roll its strength in dice at its firepower (6.4).
    Fire,
    /// Do nothing this turn (6.2).
    Pass,
    /// Leave the area (6.6, D12); forced for the attacker in round 4.
    Retreat,
    /// The senior heir charges this enemy block (6.5, D9).
    Charge(usize),
    /// The King, Pretender or Warwick rolls to turn this enemy block (6.9, D10).
    Treachery(usize),
}

/// The dice result of an action, reduced to what the rules need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Roll {
    /// No dice (pass, retreat).
    Nothing,
    /// Hits of a fire.
    Hits(u8),
    /// Hits of a charge, and of the target's bonus fire (ignored if the target fell).
    Charge {
        /// Charge hits.
        hits: u8,
        /// Counter-fire hits.
        counter: u8,
    },
    /// Every die even?
    Treachery(bool),
}

/// The possible results of an action with their chances; at most 25 (a charge: 5 x 5).
#[derive(Debug, Clone, Copy)]
pub struct Chances {
    len: usize,
    items: [(f64, Roll); 25],
}

impl Chances {
    fn new() -> Self {
        Chances {
            len: 0,
            items: [(0.0, Roll::Nothing); 25],
        }
    }
    fn push(&mut self, p: f64, roll: Roll) {
        self.items[self.len] = (p, roll);
        self.len += 1;
    }
    /// The results and their chances.
    pub fn iter(&self) -> impl Iterator<Item = &(f64, Roll)> {
        self.items[..self.len].iter()
    }
}

/// The chance of each result of `action` by `actor` in this state.
pub fn chances(battle: &Battle, state: &State, actor: usize, action: Action) -> Chances {
    let mut out = Chances::new();
    each_chance(battle, state, actor, action, |p, roll| out.push(p, roll));
    out
}

/// [`chances`] given one at a time to `take`, in the same order and with the same chances
/// (those above 0 only), without building the list: the exact solver's inner loop.
#[inline]
pub(crate) fn each_chance(
    battle: &Battle,
    state: &State,
    actor: usize,
    action: Action,
    mut take: impl FnMut(f64, Roll),
) {
    let mut push = |p: f64, roll: Roll| {
        if p > 0.0 {
            take(p, roll);
        }
    };
    match action {
        Action::Pass | Action::Retreat => push(1.0, Roll::Nothing),
        Action::Fire => {
            let row =
                &HITS[state.strength[actor] as usize][firepower(battle, state, actor) as usize];
            for (k, &p) in row.iter().enumerate() {
                push(p, Roll::Hits(k as u8));
            }
        }
        Action::Charge(target) => {
            let row =
                &HITS[state.strength[actor] as usize][firepower(battle, state, actor) as usize];
            for (h, &p) in row.iter().enumerate() {
                match charge::counter_fire(battle, state, target, h as u8) {
                    None => push(
                        p,
                        Roll::Charge {
                            hits: h as u8,
                            counter: 0,
                        },
                    ),
                    Some((dice, fp)) => {
                        for (c, &q) in HITS[dice as usize][fp as usize].iter().enumerate() {
                            push(
                                p * q,
                                Roll::Charge {
                                    hits: h as u8,
                                    counter: c as u8,
                                },
                            );
                        }
                    }
                }
            }
        }
        Action::Treachery(target) => {
            let side = state.side_of(actor);
            let dice =
                treachery::dice_against(battle, state, side, Some(actor), target).unwrap_or(0);
            let p = treachery::success_chance(dice);
            push(p, Roll::Treachery(true));
            push(1.0 - p, Roll::Treachery(false));
        }
    }
}

/// Draws the result of `action` by `actor` from `rng`, with the chances of [`chances`]: one draw
/// per fire (the hits the precomputed table gives it, [`hits_of_draw`]), one more for a charge's
/// counter-fire.
#[inline]
pub fn sample<R: rand::Rng + ?Sized>(
    battle: &Battle,
    state: &State,
    actor: usize,
    action: Action,
    rng: &mut R,
) -> Roll {
    let hits = |dice: u8, fp: u8, rng: &mut R| hits_of_draw(dice, fp, rng.next_u64());
    match action {
        Action::Pass | Action::Retreat => Roll::Nothing,
        Action::Fire => Roll::Hits(hits(
            state.strength[actor],
            firepower(battle, state, actor),
            rng,
        )),
        Action::Charge(target) => {
            let h = hits(state.strength[actor], firepower(battle, state, actor), rng);
            let counter = match charge::counter_fire(battle, state, target, h) {
                Some((dice, fp)) => hits(dice, fp, rng),
                None => 0,
            };
            Roll::Charge { hits: h, counter }
        }
        Action::Treachery(target) => {
            let dice =
                treachery::dice_against(battle, state, state.side_of(actor), Some(actor), target)
                    .unwrap_or(0);
            Roll::Treachery(uniform(rng) < treachery::success_chance(dice))
        }
    }
}

/// Applies `action` by `actor` with result `roll`, then deploys reserves and changes control
/// where a side ran out of active blocks (D4, D5).
#[inline]
pub fn resolve<O: Observer>(
    battle: &Battle,
    state: &mut State,
    actor: usize,
    action: Action,
    roll: Roll,
    log: &mut O,
) {
    state.acted |= 1 << actor;
    apply(battle, state, actor, action, roll, log);
    after(battle, state, log);
}

/// The action's own effect (6.4-6.9), before reserves and control are seen to.
#[inline]
fn apply<O: Observer>(
    battle: &Battle,
    state: &mut State,
    actor: usize,
    action: Action,
    roll: Roll,
    log: &mut O,
) {
    let side = state.side_of(actor);
    match (action, roll) {
        (Action::Fire, Roll::Hits(h)) => take_hits(battle, state, side.other(), h, log),
        (Action::Retreat, _) => retreat::retreat(battle, state, actor, log),
        (Action::Charge(target), Roll::Charge { hits, counter }) => {
            charge::charge(battle, state, actor, target, hits, counter, log)
        }
        (Action::Treachery(target), Roll::Treachery(success)) => {
            treachery::note_roll(battle, state, actor);
            if success {
                treachery::defect(battle, state, target, side, log);
            }
        }
        _ => {}
    }
}

/// After every action: reserves deploy and control changes where a side ran out of active
/// blocks (D4, D5); flags of blocks gone are cleared.
#[inline]
fn after<O: Observer>(battle: &Battle, state: &mut State, log: &mut O) {
    reserves::after_action(battle, state, log);
    // Blocks gone from the battle keep no turn flags, so that states equal in every way that
    // matters compare equal (the exact solver merges them).
    state.acted &= state.present;
    state.reserve &= state.present;
    state.fresh &= state.present;
    state.rolled &= state.present;
}

/// Every action the rules allow `actor` now: the decision point a best-play solver explores.
/// Empty if `actor` is not an active block of this battle.
pub fn legal_actions(battle: &Battle, state: &State, actor: usize) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(battle, state, actor, &mut |a| out.push(a));
    out
}

/// [`legal_actions`], each given to `take` in the same order, allocating nothing.
#[inline]
pub(crate) fn legal_actions_into(
    battle: &Battle,
    state: &State,
    actor: usize,
    take: &mut impl FnMut(Action),
) {
    if actor >= battle.slots.len() || !state.is_active(actor) {
        return;
    }
    let side = state.side_of(actor);
    if retreat::must_retreat(state, side) {
        take(Action::Retreat);
        return;
    }
    take(Action::Fire);
    take(Action::Pass);
    if retreat::may_retreat(battle, state, side) {
        take(Action::Retreat);
    }
    if charge::may_charge(battle, state, actor) {
        for t in 0..battle.slots.len() {
            if charge::may_target(state, actor, t) {
                take(Action::Charge(t));
            }
        }
    }
    if treachery::may_roll(battle, state, actor) {
        for t in 0..battle.slots.len() {
            if treachery::dice_against(battle, state, side, Some(actor), t).is_some() {
                take(Action::Treachery(t));
            }
        }
    }
}

/// Like [`outcomes`], with the owner's choice of which tied block takes a fire's hits (6.4, D3):
/// for each result, every state the owner of the blocks hit may choose, the one his hit order
/// gives first. Only a fire leaves that choice (a charge has one target, its counter-fire one).
pub fn outcome_choices(
    battle: &Battle,
    state: &State,
    actor: usize,
    action: Action,
) -> Vec<(f64, Vec<State>)> {
    let (mut out, mut scratch) = (Vec::new(), Vec::new());
    chances(battle, state, actor, action)
        .iter()
        .map(|&(p, roll)| {
            out.clear();
            result_into(
                battle,
                state,
                actor,
                action,
                roll,
                true,
                &mut out,
                &mut scratch,
            );
            (p, out.iter().map(|&(s, _)| s).collect())
        })
        .collect()
}

/// Where each result of `action` by `actor` leads: (chance, next state), each state already
/// moved on to its next decision point or its end (see [`crate::next_point`]). The question a
/// best-play solver asks at every decision point.
pub fn outcomes(battle: &Battle, state: &State, actor: usize, action: Action) -> Vec<(f64, State)> {
    let (mut out, mut scratch) = (Vec::new(), Vec::new());
    chances(battle, state, actor, action)
        .iter()
        .map(|&(p, roll)| {
            out.clear();
            result_into(
                battle,
                state,
                actor,
                action,
                roll,
                false,
                &mut out,
                &mut scratch,
            );
            (p, out[0].0)
        })
        .collect()
}

/// Where one result (`roll`) of `action` by `actor` leads: the next state, moved on to its next
/// decision point or its end, appended to `out` with that point. With `ties`, a fire's hits
/// leave the owner of the blocks hit his choice among equally strong blocks (6.4, D3): every
/// distinct state he may choose is appended, the one his hit order gives first. `scratch` is
/// room for the choices; nothing is allocated once both vectors have room.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn result_into(
    battle: &Battle,
    state: &State,
    actor: usize,
    action: Action,
    roll: Roll,
    ties: bool,
    out: &mut Vec<(State, Point)>,
    scratch: &mut Vec<State>,
) {
    match (action, roll) {
        (Action::Fire, Roll::Hits(h)) if ties && h > 0 => {
            let mut next = *state;
            next.acted |= 1 << actor;
            scratch.clear();
            crate::rules::hits::choices_into(
                battle,
                &next,
                next.side_of(actor).other(),
                h,
                scratch,
            );
            let from = out.len();
            for &c in scratch.iter() {
                let mut c = c;
                after(battle, &mut c, &mut Silent);
                let point = advance(battle, &mut c, &mut Silent);
                if !out[from..].iter().any(|(x, _)| *x == c) {
                    out.push((c, point));
                }
            }
        }
        _ => {
            let mut next = *state;
            resolve(battle, &mut next, actor, action, roll, &mut Silent);
            let point = advance(battle, &mut next, &mut Silent);
            out.push((next, point));
        }
    }
}
