//! The battle-only page and the full app (issue 35): on the battle calculator's page the app that
//! boots first carries the battle alone (`src/bin/battle.rs`); the map, the Campaign Reset and
//! Kingmaker are in the full app (`src/main.rs`), which `www/boot.js` fetches when one of them is
//! first opened and which then takes the page over. The two speak through `window.bosworthBoot`:
//! the battle-only app asks for the full app ([`ask_full_app`]) and leaves a way to end it
//! ([`offer_leave`]); the full app, as it starts, ends it ([`leave_previous`]) and reads what it
//! was opened for ([`pending`]), in one task, so that the page is never drawn empty between the
//! two.

use bosworth_link::Calculator;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Why the full app took the page over: what the battle-only app was asked to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TookOver {
    /// The switch's link to the calculator (the full app opens it with the scenario it last
    /// showed, in a history entry of its own, and focuses the link as the switch does).
    Switched(Calculator),
    /// The address (Back, Forward, a link pasted into the address bar): the full app opens
    /// what the address names.
    Followed,
}

/// `window.bosworthBoot`, when `www/boot.js` set it (not in component tests).
fn boot() -> Option<JsValue> {
    let v = js_sys::Reflect::get(&gloo::utils::window(), &"bosworthBoot".into()).ok()?;
    (!v.is_undefined() && !v.is_null()).then_some(v)
}

/// A function of `window.bosworthBoot`, by name.
fn boot_fn(name: &str) -> Option<(JsValue, js_sys::Function)> {
    let boot = boot()?;
    let f = js_sys::Reflect::get(&boot, &name.into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    Some((boot, f))
}

/// Asks the page for the full app, to show `c`: `via_switch` when the switch's link was used,
/// else the address already names it. Returns false where there is no full app to ask for (a
/// component test): the caller stays as it is.
pub fn ask_full_app(c: Calculator, via_switch: bool) -> bool {
    let Some((boot, full)) = boot_fn("full") else {
        return false;
    };
    full.call2(&boot, &c.key().into(), &via_switch.into())
        .is_ok()
}

/// Leaves in `window.bosworthBoot.leave` the way to end this app (`end`: its Yew app destroyed),
/// for the full app to call as it starts.
pub fn offer_leave(end: impl FnOnce() + 'static) {
    let Some(boot) = boot() else { return };
    let leave = Closure::once_into_js(end);
    let _ = js_sys::Reflect::set(&boot, &"leave".into(), &leave);
}

/// Ends the battle-only app, if it ran in this page (see [`offer_leave`]): its components
/// unmounted, its listeners of the address gone. The full app mounts on the same body at once
/// after, in the same task, so the page is not drawn in between.
pub fn leave_previous() {
    if let Some((boot, leave)) = boot_fn("leave") {
        let _ = js_sys::Reflect::delete_property(
            boot.unchecked_ref::<js_sys::Object>(),
            &"leave".into(),
        );
        let _ = leave.call0(&boot);
    }
}

/// What the full app was fetched for, when it takes the page over from the battle-only app:
/// `window.bosworthBoot.pending`, `{ key, switched }` as `www/boot.js` keeps it.
pub fn pending() -> Option<TookOver> {
    let boot = boot()?;
    let p = js_sys::Reflect::get(&boot, &"pending".into()).ok()?;
    if p.is_undefined() || p.is_null() {
        return None;
    }
    let key = js_sys::Reflect::get(&p, &"key".into()).ok()?.as_string()?;
    let switched = js_sys::Reflect::get(&p, &"switched".into()).ok()?.as_bool() == Some(true);
    let c = Calculator::ALL.into_iter().find(|c| c.key() == key)?;
    Some(if switched {
        TookOver::Switched(c)
    } else {
        TookOver::Followed
    })
}
