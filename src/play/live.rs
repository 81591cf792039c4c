//! Live play: the dice actually rolled at the table, turn by turn. Each turn takes a battle (a
//! scenario, usually with `progress`), the action chosen and the dice, and returns the battle
//! after it, so odds and advice can be asked again at once.

use crate::rules::action::{Action, legal_actions, resolve};
use crate::rules::battle::Battle;
use crate::rules::bonus::firepower;
use crate::rules::charge::counter_fire;
use crate::rules::log::Event;
use crate::rules::round::{Ending, Point, advance};
use crate::rules::treachery::dice_against;
use crate::scenario::Scenario;

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
    let Point::Act(actor) = advance(battle, &mut s, &mut crate::rules::log::Silent) else {
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

/// The dice typed at the table for one turn, checked against what the turn needs.
struct Typed<'a> {
    dice: &'a [u8],
    counter: &'a [u8],
}

fn check(dice: &[u8]) -> Result<(), String> {
    match dice.iter().find(|d| !(1..=6).contains(*d)) {
        Some(d) => Err(format!("{d} is not a die roll (1-6)")),
        None => Ok(()),
    }
}

fn dice_words(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

impl crate::play::replay::DiceSource for Typed<'_> {
    fn action(&mut self, n: u8) -> Result<Vec<u8>, String> {
        if self.dice.len() != n as usize {
            return Err(format!(
                "this turn rolls {}, not {}",
                dice_words(n),
                self.dice.len()
            ));
        }
        check(self.dice)?;
        Ok(self.dice.to_vec())
    }
    fn counter(&mut self, n: Option<u8>) -> Result<Vec<u8>, String> {
        match n {
            None if !self.counter.is_empty() => Err("the target does not fire back".into()),
            None => Ok(Vec::new()),
            Some(n) if self.counter.len() != n as usize => Err(format!(
                "the target fires back with {}, not {}",
                dice_words(n),
                self.counter.len()
            )),
            Some(_) => {
                check(self.counter)?;
                Ok(self.counter.to_vec())
            }
        }
    }
}

/// Plays the next turn of `battle` with `action` and the dice rolled: `dice` for the action, and
/// for a charge whose target survives, `counter` for its bonus fire (6.5, D9). The events are
/// those a replay shows: the roll with its rating and rule, where the hits went, and the end.
///
/// # Errors
/// A message when the action is not legal now, or the dice are not the number the turn needs
/// or not 1-6.
pub fn play(battle: &Battle, action: Action, dice: &[u8], counter: &[u8]) -> Result<Turn, String> {
    let (actor, _) = dice_needed(battle, action)?;
    let mut s = battle.initial_state();
    advance(battle, &mut s, &mut crate::rules::log::Silent);
    let mut events = Vec::new();
    let roll = crate::play::replay::act(
        battle,
        &s,
        actor,
        action,
        &mut Typed { dice, counter },
        &mut events,
    )?;
    resolve(battle, &mut s, actor, action, roll, &mut events);
    Ok(finish(battle, s, events))
}

/// How many dice a charge's target fires back with after the charge rolled `dice`: `None` when
/// the charge eliminates it or it may not fire yet (6.5, D9, R12).
///
/// # Errors
/// When `action` is not a legal charge now, or `dice` are not the charge's.
pub fn counter_dice(battle: &Battle, action: Action, dice: &[u8]) -> Result<Option<u8>, String> {
    let Action::Charge(target) = action else {
        return Err("not a charge".into());
    };
    let (actor, needed) = dice_needed(battle, action)?;
    if dice.len() != needed as usize {
        return Err(format!(
            "this turn rolls {}, not {}",
            dice_words(needed),
            dice.len()
        ));
    }
    check(dice)?;
    let mut s = battle.initial_state();
    advance(battle, &mut s, &mut crate::rules::log::Silent);
    let fp = firepower(battle, &s, actor);
    let hits = dice.iter().filter(|&&d| d <= fp).count() as u8;
    Ok(counter_fire(battle, &s, target, hits).map(|(n, _)| n))
}

/// The Treason roll due before round 1, if any (D11, R2): (holder, target slot, dice).
pub fn treason_due(battle: &Battle) -> Option<(crate::scenario::Side, usize, u8)> {
    crate::rules::treachery::treason_roll(battle)
}

fn treason_pending(battle: &Battle) -> bool {
    crate::rules::treachery::treason_roll(battle).is_some()
}

/// Rolls the Treason card at the table before round 1 (D11): `dice` are the dice rolled.
///
/// # Errors
/// When no Treason roll is due, or the dice are not the number the target's loyalty needs.
pub fn play_treason(battle: &Battle, dice: &[u8]) -> Result<Turn, String> {
    let Some((_, _, needed)) = crate::rules::treachery::treason_roll(battle) else {
        return Err("no Treason roll is due in this battle".into());
    };
    if dice.len() != needed as usize {
        return Err(format!(
            "the Treason roll needs {}, not {}",
            dice_words(needed),
            dice.len()
        ));
    }
    check(dice)?;
    let mut events = Vec::new();
    let success = dice.iter().all(|d| d % 2 == 0);
    let s = crate::rules::treachery::play_treason(battle, success, dice.to_vec(), &mut events);
    Ok(finish(battle, s, events))
}

/// Moves the battle on after a turn and packs the result.
fn finish(battle: &Battle, mut s: crate::rules::state::State, mut events: Vec<Event>) -> Turn {
    match advance(battle, &mut s, &mut events) {
        Point::End(ending) => Turn {
            events,
            next: None,
            ending: Some(ending),
        },
        Point::Act(_) => Turn {
            events,
            next: Some(crate::play::resume::scenario_at(battle, &s)),
            ending: None,
        },
    }
}
