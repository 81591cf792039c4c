//! The Web Worker program of the battle: its exact solver and Monte Carlo off the page's thread
//! (`bosworth_www::battle::engine`). The map's planner has a worker of its own (`planner.rs`),
//! and so have best play and the replay's checkpoints (`helper.rs`), so that this one, which the
//! first figure waits for, stays small.

use bosworth_www::battle::engine::Engine;
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    Engine::registrar().register();
}
