//! The Richard III battle calculator (`#s=`, stored as `bosworth.scenario`): its page ([`app`]),
//! its one reducer ([`state`], no `Html`), its components, its Web Workers ([`engine`] exact and
//! Monte Carlo, [`workers`] those of the headline's figures, [`helper`] the advisor and replay
//! checkpoints, [`pool`] workers that can really be stopped), its charts, its ready-made battles,
//! its words, the streamer view ([`stream`]) and its address ([`address`]).

pub mod address;
pub mod app;
pub mod borders;
pub mod charts;
pub mod components;
pub mod engine;
pub mod helper;
pub mod helper_task;
pub mod narrate;
pub mod pool;
pub mod presets;
pub mod roster;
pub mod state;
pub mod stream;
pub mod words;
pub mod workers;

use crate::shell::mount::Mount;
use yew::prelude::*;

/// How the shell mounts the battle calculator.
pub const MOUNT: Mount = Mount {
    title: "Bosworth: battle odds for Richard III",
    last_fragment: app::last_fragment,
    view: || html! { <app::App /> },
};
