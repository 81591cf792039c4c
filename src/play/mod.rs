//! Play: one battle die by die ([`replay`]), with the dice rolled at the table ([`live`]), the
//! fire order of each round explained rule by rule ([`order`]), and any point of a battle written
//! back as a scenario ([`resume`]).
//!
//! Uses `data`, `scenario` and `rules`; never a solver.

pub mod live;
pub mod order;
pub mod replay;
pub mod resume;
