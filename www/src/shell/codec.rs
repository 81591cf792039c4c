//! A battle as text: scenario JSON and the `#s=` link, from the crate the app shares with the
//! `bosworth` command (`link/`), so a link copied from one opens in the other.

pub use bosworth_link::*;
