//! Live play: the dice actually rolled at the table, turn by turn. Each turn takes a battle (a
//! scenario, usually with `progress`), the action chosen and the dice, and returns the battle
//! after it, so odds and advice can be asked again at once.

use crate::action::{Action, Roll, legal_actions, resolve};
use crate::battle::Battle;
use crate::bonus::firepower;
use crate::charge::counter_fire;
use crate::log::Event;
use crate::round::{Ending, Point, advance};
use crate::scenario::Scenario;
use crate::treachery::dice_against;

/// The result of one live turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// What happened, as in a replay.
    pub events: Vec<Event>,
    /// The battle after the turn, to continue from; `None` once the battle is over.
    pub next: Option<Scenario>,
    /// How the battle ended, if it did.
    pub ending: Option<Ending>,
}

/// Whose turn it is and how many dice `action` rolls: (actor, dice). A charge's target fires
/// back with as many dice as it has steps left after the charge's hits (6.5, D9).
///
/// # Errors
/// When the battle is over, the Treason card is still to be rolled, or the action is not legal.
pub fn dice_needed(battle: &Battle, action: Action) -> Result<(usize, u8), String> {
    if treason_pending(battle) {
        return Err("the Treason card is rolled first (play_treason)".into());
    }
    let mut s = battle.initial_state();
    let Point::Act(actor) = advance(battle, &mut s, &mut crate::log::Silent) else {
        return Err("the battle is over".into());
    };
    if !legal_actions(battle, &s, actor).contains(&action) {
        return Err(format!(
            "{action:?} is not a legal action for {} now",
            s.version(battle, actor).id
        ));
    }
    Ok(match action {
        Action::Fire | Action::Charge(_) => (actor, s.strength(actor)),
        Action::Treachery(t) => (
            actor,
            dice_against(battle, &s, s.side_of(actor), Some(actor), t).unwrap_or(0),
        ),
        Action::Pass | Action::Retreat => (actor, 0),
    })
}

/// Plays the next turn of `battle` with `action` and the dice rolled: `dice` for the action, and
/// for a charge whose target survives, `counter` for its bonus fire (6.5, D9).
///
/// # Errors
/// A message when the action is not legal now, or the dice are not the number the turn needs
/// or not 1-6.
pub fn play(battle: &Battle, action: Action, dice: &[u8], counter: &[u8]) -> Result<Turn, String> {
    let (actor, needed) = dice_needed(battle, action)?;
    if dice.len() != needed as usize {
        return Err(format!("this turn rolls {needed} dice, not {}", dice.len()));
    }
    if let Some(d) = dice.iter().chain(counter).find(|d| !(1..=6).contains(*d)) {
        return Err(format!("{d} is not a die roll (1-6)"));
    }
    let mut s = battle.initial_state();
    advance(battle, &mut s, &mut crate::log::Silent);
    let hits_of = |dice: &[u8], fp: u8| dice.iter().filter(|&&d| d <= fp).count() as u8;
    let roll = match action {
        Action::Fire => Roll::Hits(hits_of(dice, firepower(battle, &s, actor))),
        Action::Charge(t) => {
            let hits = hits_of(dice, firepower(battle, &s, actor));
            let counter_hits = match counter_fire(battle, &s, t, hits) {
                Some((n, fp)) => {
                    if counter.len() != n as usize {
                        return Err(format!(
                            "the target fires back with {n} dice, not {}",
                            counter.len()
                        ));
                    }
                    hits_of(counter, fp)
                }
                None if !counter.is_empty() => return Err("the target does not fire back".into()),
                None => 0,
            };
            Roll::Charge {
                hits,
                counter: counter_hits,
            }
        }
        Action::Treachery(_) => Roll::Treachery(dice.iter().all(|d| d % 2 == 0)),
        Action::Pass | Action::Retreat => Roll::Nothing,
    };
    let mut events = Vec::new();
    resolve(battle, &mut s, actor, action, roll, &mut events);
    Ok(finish(battle, s, events))
}

fn treason_pending(battle: &Battle) -> bool {
    crate::treachery::treason_roll(battle).is_some()
}

/// Rolls the Treason card at the table before round 1 (D11): `dice` are the dice rolled.
///
/// # Errors
/// When no Treason roll is due, or the dice are not the number the target's loyalty needs.
pub fn play_treason(battle: &Battle, dice: &[u8]) -> Result<Turn, String> {
    let Some((_, _, needed)) = crate::treachery::treason_roll(battle) else {
        return Err("no Treason roll is due in this battle".into());
    };
    if dice.len() != needed as usize || dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err(format!("the Treason roll needs {needed} dice, each 1-6"));
    }
    let mut events = Vec::new();
    let success = dice.iter().all(|d| d % 2 == 0);
    let s = crate::treachery::play_treason(battle, success, dice.to_vec(), &mut events);
    Ok(finish(battle, s, events))
}

/// Moves the battle on after a turn and packs the result.
fn finish(battle: &Battle, mut s: crate::state::State, mut events: Vec<Event>) -> Turn {
    match advance(battle, &mut s, &mut events) {
        Point::End(ending) => Turn {
            events,
            next: None,
            ending: Some(ending),
        },
        Point::Act(_) => Turn {
            events,
            next: Some(crate::resume::scenario_at(battle, &s)),
            ending: None,
        },
    }
}
