//! Who dies: the rows of the Nobles Killed Table that combat uses, and what each piece risks.
//!
//! The printed table agrees with the encounter example (Advanced Combat: the stronger force's
//! Nobles die only on a 2, the others on 2, 3 or 12). Its Raid and Revolt and Plague rows are
//! not combat and are left out.

use super::chance::Chance;
use super::dice::two_dice;

/// A combat row of the Nobles Killed Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Each encounter or siege, each Noble of the larger force: 2.
    LargerForce,
    /// Each encounter or siege, each Noble of the smaller force: 2, 3 or 12.
    SmallerForce,
    /// Ambush, one Noble or royal heir of the target force selected by the ambusher: 2, 3 or 4.
    AmbushSelected,
    /// Ambush, each Noble and royal heir of the target force: 2 or 12.
    AmbushEach,
    /// Encounter, each royal heir involved: 2.
    RoyalHeir,
}

impl Row {
    /// The totals of two dice that kill.
    pub fn totals(self) -> &'static [u8] {
        match self {
            Row::LargerForce | Row::RoyalHeir => &[2],
            Row::SmallerForce => &[2, 3, 12],
            Row::AmbushSelected => &[2, 3, 4],
            Row::AmbushEach => &[2, 12],
        }
    }

    /// The chance the roll kills.
    pub fn chance(self) -> Chance {
        two_dice(self.totals())
    }

    /// The row in words, with its totals.
    pub fn words(self) -> &'static str {
        match self {
            Row::LargerForce => "Noble of the larger force: 2",
            Row::SmallerForce => "Noble of the smaller force: 2, 3 or 12",
            Row::AmbushSelected => "ambush, the one selected: 2, 3 or 4",
            Row::AmbushEach => "ambush, each of the target force: 2 or 12",
            Row::RoyalHeir => "royal heir in an encounter: 2",
        }
    }
}

/// The row a Noble rolls on in an encounter or siege, from his force's troops and the enemy's:
/// the smaller force's row only when his force has fewer troops; equal forces both roll as the
/// larger (K7).
pub fn force_row(own: u32, enemy: u32) -> Row {
    if own < enemy {
        Row::SmallerForce
    } else {
        Row::LargerForce
    }
}

/// What one piece risks: the chance he is killed, and each way, in words with its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fate {
    /// The chance he is killed.
    pub killed: Chance,
    /// How: one line per card group, roll or encounter that may kill him.
    pub how: Vec<String>,
}

impl Default for Fate {
    fn default() -> Self {
        Fate {
            killed: Chance::ZERO,
            how: Vec::new(),
        }
    }
}

impl Fate {
    /// Adds a way to die that excludes the others already counted (another card of the same
    /// draw).
    pub fn add_exclusive(&mut self, chance: Chance, how: String) {
        if chance != Chance::ZERO {
            self.killed = self.killed.plus(chance);
            self.how.push(how);
        }
    }

    /// Adds a roll independent of the others (another encounter's roll, K9).
    pub fn add_independent(&mut self, chance: Chance, how: String) {
        if chance != Chance::ZERO {
            self.killed = Chance::any_of([self.killed, chance]);
            self.how.push(how);
        }
    }
}
