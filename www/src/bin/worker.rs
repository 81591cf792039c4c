//! The Web Worker that runs the exact solver and Monte Carlo off the page's thread.

use bosworth_www::battle::engine::Engine;
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    Engine::registrar().register();
}
