//! The blocks a side can add, and how a block entry is looked up for drawing: the shell's
//! (`crate::shell::roster`), which the map's block tiles use too.

pub use crate::shell::roster::*;
