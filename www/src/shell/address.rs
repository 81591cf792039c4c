//! The address and local storage kept with a calculator's scenario, and Back and Forward (or a
//! link pasted into the address bar of an open page) followed.

use crate::shell::storage;
use gloo::events::EventListener;
use yew::prelude::*;

/// Keeps the scenario in the address (`fragment`, with its `#`) and in local storage (`json` at
/// `key`) on every change. A scenario opened (an example, a file) gets its own entry in the
/// browser's history, so Back returns to the one before; an edit replaces the entry. `keep` false
/// leaves storage alone (a broken link opened the calculator empty: the last scenario stays).
#[hook]
pub fn use_address(revision: u64, opened: u64, fragment: String, key: &'static str, json: String, keep: bool) {
    let entry = use_mut_ref(|| 0u64);
    use_effect_with(revision, move |_| {
        if let Ok(history) = gloo::utils::window().history() {
            let null = wasm_bindgen::JsValue::NULL;
            let new_entry = opened != *entry.borrow();
            *entry.borrow_mut() = opened;
            let _ = if new_entry {
                history.push_state_with_url(&null, "", Some(&fragment))
            } else {
                history.replace_state_with_url(&null, "", Some(&fragment))
            };
        }
        if keep {
            storage::save(key, &json);
        }
    });
}

/// Back, Forward, or a link pasted into the address bar of an open page: `read` gives the
/// scenario of the address (or why it cannot be read) when the address is this calculator's.
#[hook]
pub fn use_follow_address<S: 'static>(read: fn(&bosworth_link::Fragment) -> Option<Result<S, String>>, on: Callback<Result<S, String>>) {
    use_effect_with((), move |_| {
        let follow = move |_: &web_sys::Event| {
            let hash = gloo::utils::window().location().hash().unwrap_or_default();
            if let Some(r) = read(&bosworth_link::fragment(&hash)) {
                on.emit(r);
            }
        };
        let window = gloo::utils::window();
        let listeners = [
            EventListener::new(&window, "popstate", follow.clone()),
            EventListener::new(&window, "hashchange", follow),
        ];
        move || drop(listeners)
    });
}
