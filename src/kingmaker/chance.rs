//! Exact chances: a fraction in lowest terms. Every Kingmaker figure is a ratio of whole numbers
//! (cards in the deck, ways of rolling two dice), so the report gives it exactly.

use serde::{Serialize, Serializer};
use std::fmt;

/// A probability as a fraction in lowest terms, `numerator / denominator`, between 0 and 1.
///
/// Validation bounds the deck (at most [`MAX_CARDS`](super::combat::MAX_CARDS) cards) and the
/// rolls a piece makes, so every denominator divides (cards) × 36⁴ and fits in a `u64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chance {
    numerator: u64,
    denominator: u64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Chance {
    /// Certainty.
    pub const ONE: Chance = Chance {
        numerator: 1,
        denominator: 1,
    };
    /// Impossibility.
    pub const ZERO: Chance = Chance {
        numerator: 0,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms; a zero denominator gives zero (never used).
    pub fn new(numerator: u64, denominator: u64) -> Chance {
        Chance::reduce(numerator as u128, denominator as u128)
    }

    fn reduce(n: u128, d: u128) -> Chance {
        if d == 0 || n == 0 {
            return Chance::ZERO;
        }
        let g = gcd(n, d);
        let (n, d) = (n / g, d / g);
        // The bounds above keep every reduced denominator within u64; saturate rather than
        // panic should that ever fail.
        Chance {
            numerator: u64::try_from(n).unwrap_or(u64::MAX),
            denominator: u64::try_from(d).unwrap_or(u64::MAX),
        }
    }

    /// The numerator, in lowest terms.
    pub fn numerator(self) -> u64 {
        self.numerator
    }

    /// The denominator, in lowest terms.
    pub fn denominator(self) -> u64 {
        self.denominator
    }

    /// The chance as a float, for display.
    pub fn value(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// The sum (of exclusive events).
    pub fn plus(self, other: Chance) -> Chance {
        let (a, b) = (self.numerator as u128, self.denominator as u128);
        let (c, d) = (other.numerator as u128, other.denominator as u128);
        Chance::reduce(a * d + c * b, b * d)
    }

    /// The product (of independent events, or a conditional chance).
    pub fn times(self, other: Chance) -> Chance {
        Chance::reduce(
            self.numerator as u128 * other.numerator as u128,
            self.denominator as u128 * other.denominator as u128,
        )
    }

    /// One minus the chance: the event does not happen.
    pub fn complement(self) -> Chance {
        Chance::reduce(
            (self.denominator - self.numerator.min(self.denominator)) as u128,
            self.denominator as u128,
        )
    }

    /// The chance that at least one of independent events happens.
    pub fn any_of(chances: impl IntoIterator<Item = Chance>) -> Chance {
        chances
            .into_iter()
            .fold(Chance::ONE, |none, c| none.times(c.complement()))
            .complement()
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// Serialised as `{"numerator": 1, "denominator": 6, "value": 0.1666…}`.
impl Serialize for Chance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Exact {
            numerator: u64,
            denominator: u64,
            value: f64,
        }
        Exact {
            numerator: self.numerator,
            denominator: self.denominator,
            value: self.value(),
        }
        .serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::Chance;

    #[test]
    fn fractions_reduce_and_combine() {
        assert_eq!(Chance::new(6, 36), Chance::new(1, 6));
        assert_eq!(Chance::new(1, 6).plus(Chance::new(1, 3)), Chance::new(1, 2));
        assert_eq!(
            Chance::new(2, 3).times(Chance::new(3, 4)),
            Chance::new(1, 2)
        );
        assert_eq!(Chance::new(1, 36).complement(), Chance::new(35, 36));
        // At least one of two rolls of 2 on two dice: 1 - (35/36)².
        assert_eq!(
            Chance::any_of([Chance::new(1, 36), Chance::new(1, 36)]),
            Chance::new(71, 1296)
        );
        assert_eq!(Chance::new(0, 5), Chance::ZERO);
        assert_eq!(Chance::new(1, 6).to_string(), "1/6");
    }
}
