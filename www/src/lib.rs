//! Bosworth in the browser: a Yew app over the battle engine.
//!
//! Code map: [`state`] holds the one reducer (no `Html` in it); [`engine`] is the Web Worker
//! that solves battles; [`codec`] turns a scenario into a link and back; [`charts`] draws SVG
//! with plotters; [`presets`] are the ready-made battles; `app` and `components` draw the page.
//!
//! Architecture invariant: the engine crate (`bosworth`) knows nothing of this crate; every rule
//! and number shown here comes from it.

pub mod app;
pub mod helper;
pub mod pool;
pub mod charts;
pub mod codec;
pub mod components;
pub mod engine;
pub mod format;
pub mod narrate;
pub mod presets;
pub mod roster;
pub mod state;

/// Mounts the app on the page, with a panic hook that shows any panic in the page.
pub fn start() {
    install_panic_hook();
    yew::Renderer::<app::App>::new().render();
}

/// Shows panics in the page (and in the console) instead of leaving a frozen page.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(el) = doc.get_element_by_id("panic") {
                el.set_text_content(Some(&format!(
                    "Something went wrong inside the calculator; reload the page. Details: {info}"
                )));
                let _ = el.set_attribute("class", "panic shown");
                let _ = el.set_attribute("role", "alert");
            }
        }
    }));
}
