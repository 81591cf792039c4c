//! A Treachery roll as the variant makes it (6.9): as many dice as the target's loyalty, and it
//! succeeds when every die shows an even number, not the total.

/// The chance that all of `dice` dice are even (6.9): one half for each die.
pub fn all_even(dice: u8) -> f64 {
    0.5_f64.powi(i32::from(dice))
}
