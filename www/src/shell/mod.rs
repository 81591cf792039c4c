//! The shell: the page's root, the switch between calculators, and what every calculator uses.

pub mod calc;
pub mod codec;
pub mod doc;
pub mod examples;
pub mod format;
pub mod root;
pub mod switch;
