//! The map's Web Worker: the attack planner off the page's thread
//! (`bosworth_www::map::planner`). A wasm of its own, so that the worker the battle's first figure
//! waits for (`worker.rs`) carries no planner (issue 26: the first visit's bytes).

use bosworth_www::map::planner::Planner;
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    Planner::registrar().register();
}
