//! What the odds of a reset say: each noble's and heir's fate, the King and Pretender afterwards,
//! the Rebel. Every figure is an exact probability (as f64) over the Pledge of Loyalty and the
//! three event rolls.

use crate::data::House;
use serde::Serialize;

/// The exact outcome distribution of a Campaign Reset, summed into the figures a player asks for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResetOdds {
    /// The house on the throne as the reset begins.
    pub throne: House,
    /// The King as the reset begins (3.21, V2).
    pub king: &'static str,
    /// The Pretender as the reset begins; `None` when every living heir of his house has
    /// defected (9.1).
    pub pretender: Option<&'static str>,
    /// Whether the Pledge of Loyalty is rolled (a usurpation this turn, V6).
    pub pledge: bool,
    /// Each non-rose noble the scenario lists, on the map then in a pool, in its order.
    pub nobles: Vec<NobleOdds>,
    /// Each heir alive as the reset begins: the King's house first, then the other, by rank.
    pub heirs: Vec<HeirOdds>,
    /// Who is King and Pretender after the reset, most likely first; the chances sum to 1.
    pub crown: Vec<CrownOdds>,
    /// The chance event 5 places the Rebel (V11).
    pub rebel_placed: f64,
    /// How many distinct realms the reset may end in.
    pub outcomes: usize,
}

/// One noble's fate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NobleOdds {
    /// The version in play as the reset begins (`Stanley/L`).
    pub noble: &'static str,
    /// The house he serves as the reset begins.
    pub house: House,
    /// Dice of a Treachery roll against him as the reset begins: his loyalty (6.9).
    pub dice: u8,
    /// On the map (V1); otherwise in a pool.
    pub on_map: bool,
    /// The chance he defects in the Pledge of Loyalty (V6).
    pub pledge: f64,
    /// The chance he ends the reset alive, serving the other house (events 2 and 6, the Pledge;
    /// a defected heir who comes back counts).
    pub turned: f64,
    /// The chance he is executed (event 5, V11).
    pub executed: f64,
}

/// One heir's fate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeirOdds {
    /// The person (`March`, `Clarence`).
    pub heir: &'static str,
    /// The house whose heir he is.
    pub house: House,
    /// His rank, 1 the most senior (3.21).
    pub rank: u8,
    /// The chance he dies of illness as the King or Pretender (event 4, V10).
    pub illness: f64,
    /// The chance he is tried and executed for treason (event 3, V9).
    pub trial: f64,
    /// The chance he is executed as a defected heir, a noble (event 5, V4, V11).
    pub disgrace: f64,
    /// The chance he is alive after the reset.
    pub alive: f64,
    /// The chance he is King after the reset.
    pub king: f64,
}

/// One King and Pretender after the reset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrownOdds {
    /// The house on the throne.
    pub throne: House,
    /// The King; `None` only when his house has no heir left (a win, 9.0).
    pub king: Option<&'static str>,
    /// The Pretender; `None` when his house has no heir of its own left.
    pub pretender: Option<&'static str>,
    /// A house that has won the game at once: every heir of the other is dead (9.0, V13).
    pub winner: Option<House>,
    /// The chance.
    pub chance: f64,
}
