//! Bosworth in the browser: a Yew app over the engine, a shell and one folder per calculator.
//!
//! - [`shell`]: the page's root, which mounts the calculator the address names
//!   (`shell::root`), the switch between calculators, local storage, the theme, the address, and
//!   what every calculator uses (Undo and Redo, the share bar, the problem card, the undoable
//!   document `shell::doc::Doc`, the page of a calculator built on it, `shell::page`).
//! - [`battle`]: the Richard III battle (`#s=`), with its reducer, its components, its Web
//!   Workers and its charts.
//! - [`reset`]: the Campaign Reset of the political-events variant (`#r=`).
//! - [`kingmaker`]: Kingmaker's combats (`#k=`).
//! - [`map`]: the board of Richard III on a map, every attack ranked (`#b=`); it opens a plan's
//!   battle in the battle calculator through the address.
//!
//! A calculator uses the shell and the engine, never another calculator; the shell uses no
//! calculator but to mount it (`tests/app_layers.rs` in the repository's root).
//!
//! Architecture invariant: the engine crate (`bosworth`) knows nothing of this crate; every rule
//! and number shown here comes from it.

pub mod battle;
pub mod kingmaker;
pub mod map;
pub mod reset;
pub mod shell;

/// Mounts the full app (every calculator: `main.rs`) on the page, with a panic hook that shows
/// any panic in the page, and takes away the loading indicator that `index.html` shows from its
/// first paint; the figures the loading screen showed (`www/boot.js`) are the app's at once.
/// When the battle-only app ran first ([`start_battle`]), it is ended and this one takes the page
/// over in the same task, opening what it was fetched for (`shell::takeover`).
pub fn start() {
    use shell::takeover::{TookOver, leave_previous, pending};
    shell::panic::install_panic_hook();
    shell::solved::keep_boot_answer();
    let took_over = pending();
    if let Some(TookOver::Switched(c)) = took_over {
        // As the switch does: the calculator chosen opens with its own scenario, in its own
        // history entry.
        if let Ok(history) = gloo::utils::window().history() {
            let href = shell::root::href(shell::root::every, c);
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
        }
    }
    leave_previous();
    let props = shell::root::RootProps { mounts: shell::root::every, took_over };
    yew::Renderer::<shell::root::Root>::with_props(props).render();
    remove_loading_indicator();
}

/// Mounts the app of the battle calculator's page (`bin/battle.rs`): the battle calculator alone,
/// without the map, the Campaign Reset and Kingmaker, which the full app ([`start`]) brings when
/// one is first opened (issue 35). It leaves the full app the way to end it.
pub fn start_battle() {
    shell::panic::install_panic_hook();
    shell::solved::keep_boot_answer();
    let props = shell::root::RootProps { mounts: shell::root::battle_only, took_over: None };
    let app = yew::Renderer::<shell::root::Root>::with_props(props).render();
    shell::takeover::offer_leave(move || app.destroy());
    remove_loading_indicator();
}

/// Removes `#loading`, the page's plain-HTML "Loading the calculator…" (see `www/index.html`).
fn remove_loading_indicator() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        el.remove();
    }
}
