//! The battle calculator's address: the battle (`#s=`), its pinned plans (`&p=`), and in the
//! streamer view (`&overlay`) its look and the replay's seed (`&title=`, `&bg=`, `&theme=`,
//! `&seed=`, `bosworth_link::Stream`).

use crate::battle::state::{Look, State};
use crate::shell::codec;

/// The streamer view's look as an address gives it.
pub fn look_of(stream: &bosworth_link::Stream) -> Look {
    Look {
        title: stream.title.clone(),
        background: stream.background.clone(),
        theme: stream.theme.clone(),
    }
}

/// The address's fragment for the page as it is: the battle and its pinned plans, and in the
/// streamer view its look and the replay's seed.
pub fn fragment_of(state: &State) -> String {
    fragment_with(state, state.overlay)
}

/// The fragment for the battle on screen with the streamer view on (`overlay`) or off.
pub fn fragment_with(state: &State, overlay: bool) -> String {
    let stream = bosworth_link::Stream {
        title: state.look.title.clone(),
        background: state.look.background.clone(),
        theme: state.look.theme.clone(),
        seed: Some(state.seed),
    };
    codec::to_fragment_with_stream(
        &state.scenario,
        &state.link_pins(),
        overlay.then_some(&stream),
    )
}
