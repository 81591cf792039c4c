//! A finished game's battles with their odds and each side's luck (`bosworth game`): every
//! battle read from the export ([`battles`]), its odds before it as the battle calculator gives
//! them ([`odds`]: exact within a budget of states, else Monte Carlo with its standard error),
//! and each side's dice luck over the game ([`totals`]).

pub use super::battles::{GameBattle, battle_lines, battles};
pub use super::luck::{Luck, Roll, RollKind};
use crate::data::House;
use crate::rules::battle::Battle;
use crate::solve::exact::solve;
use crate::solve::monte_carlo::simulate;

/// The attacker's chance to hold the area before a battle, under the default policy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Odds {
    /// The attacker's (as entered) chance to hold the area; NaN when the battle calculator
    /// refuses the battle (its notes say why).
    pub attacker_holds: f64,
    /// The Monte Carlo standard error; `None` when exact (or refused).
    pub std_error: Option<f64>,
    /// Solved exactly.
    pub exact: bool,
}

impl Odds {
    /// The chance of the result the battle had: the winner's chance to win (the attacker's to
    /// hold, the defender's `1 -` that, R15); `None` with no winner or no odds.
    pub fn of_result(&self, battle: &GameBattle) -> Option<f64> {
        let won = battle.winner?;
        let p = self.attacker_holds;
        if p.is_nan() {
            return None;
        }
        Some(if won == battle.attacker { p } else { 1.0 - p })
    }
}

/// The odds before `battle`: exact within `budget` distinct states (the exact solver's
/// budget), else `runs` Monte Carlo battles from `seed`.
pub fn odds(battle: &GameBattle, budget: usize, runs: u64, seed: u64) -> Odds {
    let Ok(b) = Battle::new(&battle.scenario) else {
        return Odds {
            attacker_holds: f64::NAN,
            std_error: None,
            exact: false,
        };
    };
    match solve(&b, budget) {
        Ok(report) => Odds {
            attacker_holds: report.attacker_holds,
            std_error: None,
            exact: true,
        },
        Err(_) => {
            let report = simulate(&b, runs, seed);
            Odds {
                attacker_holds: report.attacker_holds,
                std_error: report.std_errors.map(|s| s.attacker_holds),
                exact: false,
            }
        }
    }
}

/// Each side's luck over every battle of the game: `[York, Lancaster]`.
pub fn totals(battles: &[GameBattle]) -> [Luck; 2] {
    [0, 1].map(|s| Luck::sum(battles.iter().map(|b| &b.luck[s])))
}

/// The index of a house in a luck pair: York 0, Lancaster 1.
pub fn luck_index(house: House) -> usize {
    match house {
        House::York => 0,
        House::Lancaster => 1,
    }
}
