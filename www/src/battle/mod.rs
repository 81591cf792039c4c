//! The Richard III battle calculator (`#s=`).

pub mod app;
pub mod charts;
pub mod components;
pub mod engine;
pub mod helper;
pub mod narrate;
pub mod pool;
pub mod presets;
pub mod roster;
pub mod state;
pub mod words;
