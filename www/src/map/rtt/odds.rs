//! A finished game's odds off the page's thread: the map's planner worker reads the export and
//! works out, battle by battle, the attacker's chance before each (`bosworth::rtt::game::odds`,
//! with `bosworth game`'s defaults: exact within its budget of states, else Monte Carlo at seed
//! 1), saying each as it comes. The page stops it by terminating the worker. No `Html` here.

use bosworth::board::rank::{DEFAULT_EXACT_BUDGET, DEFAULT_RUNS};
use bosworth::rtt::game;
use bosworth_link::Rtt;
use serde::{Deserialize, Serialize};

/// `bosworth game`'s seed for the Monte Carlo battles.
pub const SEED: u64 = 1;

/// What the page asks: the odds of some battles of a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OddsAsk {
    /// The page's job.
    pub job: u64,
    /// The export's text.
    pub export: String,
    /// The battles wanted (their numbers in the game, from 1), in order.
    pub battles: Vec<usize>,
}

/// One battle's odds, as the page shows them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BattleOdds {
    /// The attacker's chance to hold the area; `None` when the battle calculator refuses the
    /// battle (the report's notes say why).
    pub attacker_holds: Option<f64>,
    /// The Monte Carlo standard error; `None` when exact.
    pub std_error: Option<f64>,
    /// Solved exactly.
    pub exact: bool,
}

impl From<game::Odds> for BattleOdds {
    fn from(o: game::Odds) -> BattleOdds {
        BattleOdds {
            attacker_holds: (!o.attacker_holds.is_nan()).then_some(o.attacker_holds),
            std_error: o.std_error,
            exact: o.exact,
        }
    }
}

/// What the worker says.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum OddsHeard {
    /// A battle's odds.
    Battle {
        /// The page's job.
        job: u64,
        /// The battle's number.
        index: usize,
        /// Its odds.
        odds: BattleOdds,
    },
    /// The export could not be read (the engine's words).
    Failed {
        /// The page's job.
        job: u64,
        /// Why.
        message: String,
    },
}

/// Works out the odds asked, telling each as it comes.
pub fn run(ask: &OddsAsk, tell: impl Fn(OddsHeard)) {
    let job = ask.job;
    let failed = |message: String| tell(OddsHeard::Failed { job, message });
    let export = match bosworth_link::read_rtt(&ask.export) {
        Ok(Rtt::Export(e)) => e,
        Ok(Rtt::View(_)) => return failed("a view, not a finished game's export".into()),
        Err(e) => return failed(e.to_string()),
    };
    let battles = match game::battles(&export) {
        Ok(b) => b,
        Err(e) => return failed(e.to_string()),
    };
    for &index in &ask.battles {
        let Some(b) = battles.get(index.wrapping_sub(1)) else {
            continue;
        };
        let odds = game::odds(b, DEFAULT_EXACT_BUDGET, DEFAULT_RUNS, SEED).into();
        tell(OddsHeard::Battle { job, index, odds });
    }
}
