//! Two dice, as the Advanced Game's tables roll them.

use super::chance::Chance;

/// The ways two dice total `total`: 1 for 2 and 12, up to 6 for 7.
pub fn ways(total: u8) -> u64 {
    match total {
        2..=12 => 6 - (total as i64 - 7).unsigned_abs(),
        _ => 0,
    }
}

/// The chance two dice total one of `totals` (each listed once).
pub fn two_dice(totals: &[u8]) -> Chance {
    Chance::new(totals.iter().map(|&t| ways(t)).sum(), 36)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_36_rolls() {
        assert_eq!((2..=12).map(ways).sum::<u64>(), 36);
        assert_eq!(ways(7), 6);
        assert_eq!(ways(1), 0);
        assert_eq!(two_dice(&[2, 3, 12]), Chance::new(4, 36));
    }
}
