//! The Table of Odds: the ratio between the troop strengths of two forces, in the six columns
//! Majority, 5-4, 3-2, 2-1, 3-1, 4-1 (Combat 2, Table of Odds).
//!
//! The transcription of the printed table lost a column: its header names six ratios, but each
//! row holds the weaker force and five strengths. The how-to example under it lists row 280 in
//! full (290, 350, 420, 560, 840, 1120), so the lost entry is the 5-4 one. Every printed entry
//! is the least strength in tens that reaches its column's ratio and not the next one, and a dash
//! where no such strength exists; reading the table ("the closest smaller strength" in the row)
//! is therefore the exact comparison *larger ≥ ratio × smaller* (*larger > smaller* for a
//! Majority). This module computes that comparison (K1) and rebuilds the printed rows from it
//! ([`table_row`]); `tests/kingmaker.rs` checks the rebuilt rows against every printed one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A column of the Table of Odds: the ratio a force's strength has over a weaker one's, and the
/// victory ratio printed on an Event card (Combat 4a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Odds {
    /// More troops than the weaker force, short of 5 to 4 (Advanced Game only, Table of Odds).
    #[serde(rename = "majority")]
    Majority,
    /// 5 to 4 (1¼ times the weaker force).
    #[serde(rename = "5-4")]
    FiveToFour,
    /// 3 to 2 (1½ times).
    #[serde(rename = "3-2")]
    ThreeToTwo,
    /// 2 to 1.
    #[serde(rename = "2-1")]
    TwoToOne,
    /// 3 to 1.
    #[serde(rename = "3-1")]
    ThreeToOne,
    /// 4 to 1 or better.
    #[serde(rename = "4-1")]
    FourToOne,
}

impl Odds {
    /// The six columns, from Majority to 4-1.
    pub const ALL: [Odds; 6] = [
        Odds::Majority,
        Odds::FiveToFour,
        Odds::ThreeToTwo,
        Odds::TwoToOne,
        Odds::ThreeToOne,
        Odds::FourToOne,
    ];

    /// The column's ratio as `larger : smaller`; a Majority is any excess over 1 : 1.
    pub fn ratio(self) -> (u64, u64) {
        match self {
            Odds::Majority => (1, 1),
            Odds::FiveToFour => (5, 4),
            Odds::ThreeToTwo => (3, 2),
            Odds::TwoToOne => (2, 1),
            Odds::ThreeToOne => (3, 1),
            Odds::FourToOne => (4, 1),
        }
    }

    /// Whether `larger` troops reach this column over `smaller` ones (K1).
    pub fn reached(self, larger: u32, smaller: u32) -> bool {
        let (p, q) = self.ratio();
        let (larger, smaller) = (larger as u64, smaller as u64);
        match self {
            Odds::Majority => larger > smaller,
            _ => larger * q >= smaller * p,
        }
    }

    /// The column's heading as printed: `Majority`, `5-4`, ... `4-1`.
    pub fn label(self) -> &'static str {
        match self {
            Odds::Majority => "Majority",
            Odds::FiveToFour => "5-4",
            Odds::ThreeToTwo => "3-2",
            Odds::TwoToOne => "2-1",
            Odds::ThreeToOne => "3-1",
            Odds::FourToOne => "4-1",
        }
    }

    /// 1 for Majority up to 6 for 4-1: the place on the one-step scale of Encounter
    /// Modifications, where 0 is an even 1-1 (K6).
    pub fn step(self) -> u8 {
        self as u8 + 1
    }

    /// The column at a place on that scale (1-6); 0 and anything else: none.
    pub fn at_step(step: u8) -> Option<Odds> {
        Odds::ALL.get((step as usize).checked_sub(1)?).copied()
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The ratio of a force of `larger` troops over one of `smaller` troops: the highest column of
/// the Table of Odds it reaches, or `None` when it does not even have a Majority (equal
/// strengths, or `larger` is in fact the smaller). K1.
pub fn odds(larger: u32, smaller: u32) -> Option<Odds> {
    Odds::ALL
        .into_iter()
        .rev()
        .find(|o| o.reached(larger, smaller))
}

/// The least strength in tens with which a force reaches `column` over `smaller` troops.
fn least_in_tens(column: Odds, smaller: u32) -> u32 {
    let (p, q) = column.ratio();
    let smaller = smaller as u64;
    let tens = match column {
        // More than `smaller`: the next ten above it.
        Odds::Majority => smaller / 10 + 1,
        // At least p/q of it: ceil(smaller·p / 10q).
        _ => (smaller * p).div_ceil(10 * q),
    };
    u32::try_from(tens * 10).unwrap_or(u32::MAX)
}

/// The row of the Table of Odds for a weaker force of `smaller` troops, as it was printed:
/// for each column from Majority to 4-1, the least strength in tens whose ratio is exactly that
/// column, or `None` (a dash) when the least strength in tens that reaches it already reaches
/// the next column. Row 280 gives 290, 350, 420, 560, 840, 1120.
pub fn table_row(smaller: u32) -> [Option<u32>; 6] {
    let least = Odds::ALL.map(|c| least_in_tens(c, smaller));
    let mut row = [None; 6];
    for (i, entry) in row.iter_mut().enumerate() {
        let exact = least.get(i + 1).is_none_or(|next| least[i] < *next);
        if exact {
            *entry = Some(least[i]);
        }
    }
    row
}

/// The ratio read off the printed table as its "how to use" says: the weaker force finds its
/// row, the stronger reads along it for the closest listed strength not above its own, and the
/// column heading is the ratio. Only for strengths the table lists (tens, weaker force 10-400);
/// `None` when no entry is small enough. Kept to show that [`odds`] reads the table (K1).
pub fn read_table(larger: u32, smaller: u32) -> Option<Odds> {
    let row = table_row(smaller);
    Odds::ALL
        .into_iter()
        .zip(row)
        .filter(|(_, entry)| entry.is_some_and(|e| e <= larger))
        .map(|(column, _)| column)
        .next_back()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_how_to_example_reads_5_to_4() {
        assert_eq!(
            table_row(280),
            [
                Some(290),
                Some(350),
                Some(420),
                Some(560),
                Some(840),
                Some(1120)
            ]
        );
        assert_eq!(read_table(410, 280), Some(Odds::FiveToFour));
        assert_eq!(odds(410, 280), Some(Odds::FiveToFour));
    }

    #[test]
    fn steps_run_from_majority_to_4_to_1() {
        assert_eq!(Odds::Majority.step(), 1);
        assert_eq!(Odds::FourToOne.step(), 6);
        assert_eq!(Odds::at_step(3), Some(Odds::ThreeToTwo));
        assert_eq!(Odds::at_step(0), None);
        assert_eq!(Odds::at_step(7), None);
    }
}
