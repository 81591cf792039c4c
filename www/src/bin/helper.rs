//! The Web Worker that answers the page's smaller questions: best play, replay checkpoints,
//! pinned plans (`bosworth_www::battle::helper_task`).

use bosworth_www::battle::helper_task::Helper;
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    Helper::registrar().register();
}
