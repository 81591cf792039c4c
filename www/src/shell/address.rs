//! The address and local storage kept with a calculator's scenario, and Back and Forward (or a
//! link pasted into the address bar of an open page) followed.

use crate::shell::storage;
use gloo::events::EventListener;
use yew::prelude::*;

/// What a calculator's `<main>` names in `data-revision`: the calculator and the revision of the
/// scenario it shows (`parts`: whatever else the address holds that changes apart from it).
pub fn revision_key(calculator: bosworth_link::Calculator, parts: &[u64]) -> String {
    let mut key = calculator.id().to_string();
    for p in parts {
        key.push_str(&format!(" {p}"));
    }
    key
}

/// Says on the page that the address now holds the scenario of revision `key` (as
/// [`revision_key`] makes it): `<html data-address-revision>`. The address is written after the
/// page is drawn, and the browser may run other work in between; whoever reads the address (the
/// end-to-end tests) waits until this equals the `data-revision` of the calculator's `<main>`.
pub fn mark_written(key: &str) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = root.set_attribute("data-address-revision", key);
    }
}

/// Writes `fragment` (with its `#`) into the address: a new entry in the browser's history when
/// `new_entry`, else in place of the current entry, which is left alone when it holds `fragment`
/// already (a link followed: writing it again cost Chromium 35-55 ms on a battle just opened from
/// the map, before the battle was drawn).
pub fn write_address(fragment: &str, new_entry: bool) {
    let window = gloo::utils::window();
    let Ok(history) = window.history() else {
        return;
    };
    let null = wasm_bindgen::JsValue::NULL;
    let _ = if new_entry {
        history.push_state_with_url(&null, "", Some(fragment))
    } else if window.location().hash().is_ok_and(|h| h == fragment) {
        Ok(())
    } else {
        history.replace_state_with_url(&null, "", Some(fragment))
    };
}

/// Keeps the scenario in the address (`fragment`, with its `#`) and in local storage (`json` at
/// `key`) on every change. A scenario opened (an example, a file) gets its own entry in the
/// browser's history, so Back returns to the one before; an edit replaces the entry. `keep` false
/// leaves storage alone (a broken link opened the calculator empty: the last scenario stays).
/// Once written, [`mark_written`] says so with `written`, the [`revision_key`] of `revision`.
#[hook]
pub fn use_address(revision: u64, opened: u64, fragment: String, key: &'static str, json: String, keep: bool, written: String) {
    let entry = use_mut_ref(|| 0u64);
    use_effect_with(revision, move |_| {
        let new_entry = opened != *entry.borrow();
        *entry.borrow_mut() = opened;
        write_address(&fragment, new_entry);
        if keep {
            storage::save(key, &json);
        }
        mark_written(&written);
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
