//! The shell: the page's root and what every calculator uses. It uses no calculator's code but
//! for its root, which takes each calculator's `MOUNT` to mount it (`tests/app_layers.rs`).

pub mod address;
pub mod charts;
pub mod codec;
pub mod doc;
pub mod focus;
pub mod format;
pub mod history;
pub mod mount;
pub mod page;
pub mod panic;
pub mod picker;
pub mod problem;
pub mod root;
pub mod roster;
pub mod share;
pub mod solved;
pub mod storage;
pub mod switch;
pub mod takeover;
pub mod theme;
pub mod tile;
pub mod worker;
