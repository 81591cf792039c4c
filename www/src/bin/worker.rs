//! The Web Worker program: the battle's exact solver and Monte Carlo, or the map's attack
//! planner, off the page's thread. The page names the task it starts a worker for
//! (`bosworth_www::shell::worker::task`); the battle's engine is the default.

use bosworth_www::battle::engine::Engine;
use bosworth_www::map::planner::{Planner, TASK};
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    match bosworth_www::shell::worker::task() {
        Some(t) if t == TASK => Planner::registrar().register(),
        _ => Engine::registrar().register(),
    }
}
