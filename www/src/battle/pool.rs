//! The battle's workers the page can stop at once: the shell's (`crate::shell::worker`), speaking
//! the engine's requests and replies (`crate::battle::engine`). Dropping one terminates it.

use crate::battle::engine::{Reply, Request};

/// A worker running the battle's `Engine`, terminated when dropped.
pub type RawWorker = crate::shell::worker::RawWorker<Request, Reply>;
