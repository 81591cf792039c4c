//! The Loyalty Table: when a titled Noble or a crowned royal heir is killed in battle, siege,
//! town fighting or ambush, his former controller rolls two dice, and on 2 through 7 the
//! successor stays with the faction (row 1). Printed with the Nobles Killed Table, it is an
//! Advanced Game rule (K11).

use super::chance::Chance;
use super::dice::two_dice;

/// The totals of row 1 (killed in combat) that keep the successor loyal.
pub const LOYAL_TOTALS: [u8; 6] = [2, 3, 4, 5, 6, 7];

/// The chance the successor of a titled Noble or crowned royal heir killed in combat stays
/// loyal: 21/36 (Loyalty Table, row 1). The roll is the controller's option and can only help
/// him, so it is always made (K11).
pub fn successor_loyal() -> Chance {
    two_dice(&LOYAL_TOTALS)
}
