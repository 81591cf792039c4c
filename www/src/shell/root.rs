//! The page's root: which calculator is on screen, from the address's key (`#s=` the Richard III
//! battle, `#b=` its map, `#r=` the Campaign Reset, `#k=` Kingmaker), and the switch between them.
//!
//! The one place the shell names the calculators: [`every`] takes each calculator's `MOUNT`
//! (`crate::shell::mount::Mount`) and nothing else of it (`tests/app_layers.rs`).
//!
//! The page's app carries every calculator ([`every`], the full app) or the battle's alone
//! ([`battle_only`], the app the battle calculator's page boots first, issue 35): a calculator it
//! does not carry is opened by the full app, which takes the page over (`crate::shell::takeover`).

use crate::shell::codec;
use crate::shell::mount::Mount;
use crate::shell::switch::Switcher;
use crate::shell::takeover::{TookOver, ask_full_app};
use crate::shell::theme::{address_theme, apply_theme, stored_theme};
use bosworth_link::Calculator;
use gloo::events::EventListener;
use yew::prelude::*;

/// The calculators an app carries: how to mount each, `None` for one it leaves to the full app.
/// A function chosen by the program (`lib.rs`), so that one carrying the battle alone links none
/// of the others' code.
pub type Mounts = fn(Calculator) -> Option<&'static Mount>;

/// Every calculator: the full app.
pub fn every(c: Calculator) -> Option<&'static Mount> {
    Some(match c {
        Calculator::Battle => &crate::battle::MOUNT,
        Calculator::Reset => &crate::reset::MOUNT,
        Calculator::Kingmaker => &crate::kingmaker::MOUNT,
        Calculator::Board => &crate::map::MOUNT,
    })
}

/// The battle calculator alone: the app its page boots first.
pub fn battle_only(c: Calculator) -> Option<&'static Mount> {
    (c == Calculator::Battle).then_some(&crate::battle::MOUNT)
}

/// The calculator the address opens.
pub fn calculator_of_address() -> Calculator {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    codec::fragment(&hash).calculator()
}

/// The fragment that opens a calculator with the scenario it last showed (kept in local
/// storage), else its first: written by the calculator, or for one the app does not carry its
/// key alone (`#b`), which the full app reads the same way (`bosworth_link::Fragment::bare`).
pub fn href(mounts: Mounts, c: Calculator) -> String {
    match mounts(c) {
        Some(m) => (m.last_fragment)(),
        None => format!("#{}", c.key()),
    }
}

/// The selector of the element a calculator wants the keyboard's focus on when the address brings
/// it on screen (the battle's headline, the map's area): `data-landing` on it.
pub const LANDING: &str = "[data-landing]";

/// Once the page has redrawn, focuses the calculator's landing if the focus is on nothing (the
/// body): a control that kept its focus keeps it.
pub fn land_soon() {
    gloo::timers::callback::Timeout::new(0, || {
        let doc = gloo::utils::document();
        let lost = doc.active_element().is_none_or(|a| a.tag_name() == "BODY");
        if lost {
            crate::shell::focus::focus_field(&[LANDING.to_string()]);
        }
    })
    .forget();
}

/// Props of the root.
#[derive(Properties)]
pub struct RootProps {
    /// The calculators this app carries.
    pub mounts: Mounts,
    /// Set when this app took the page over from the battle-only app, with why.
    #[prop_or_default]
    pub took_over: Option<TookOver>,
}

impl PartialEq for RootProps {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.mounts, other.mounts) && self.took_over == other.took_over
    }
}

/// The calculator to show for `c`: itself when this app carries it; else the full app is asked
/// for (it takes the page over with `c`) and the battle stays on screen until then.
fn shown(mounts: Mounts, c: Calculator, via_switch: bool) -> Calculator {
    if mounts(c).is_some() {
        c
    } else {
        ask_full_app(c, via_switch);
        Calculator::Battle
    }
}

/// The root.
#[function_component]
pub fn Root(p: &RootProps) -> Html {
    let mounts = p.mounts;
    let calc = use_state_eq(|| shown(mounts, calculator_of_address(), false));
    // After a switch from the header, focus goes to the switch's link of the calculator shown
    // (also when the full app took over for a switch).
    let refocus = use_mut_ref(|| matches!(p.took_over, Some(TookOver::Switched(_))));
    // The theme kept, whether or not the calculator shown has its button (the streamer view has
    // none), unless the streamer view's address names one: read as the page first draws, before
    // the calculator rewrites the address.
    let asked = use_memo((), |_| address_theme());
    use_effect_with((), move |_| apply_theme(asked.unwrap_or_else(stored_theme)));
    // Back, Forward or a pasted link may lead to another calculator.
    {
        let calc = calc.clone();
        use_effect_with((), move |_| {
            let follow = move |_: &web_sys::Event| calc.set(shown(mounts, calculator_of_address(), false));
            let window = gloo::utils::window();
            let listeners = [
                EventListener::new(&window, "popstate", follow.clone()),
                EventListener::new(&window, "hashchange", follow),
            ];
            move || drop(listeners)
        });
    }
    // Whether the calculator shown is the one the page opened with (after a takeover the page
    // opened with the battle).
    let first = use_mut_ref(|| p.took_over.is_none());
    {
        let refocus = refocus.clone();
        use_effect_with(*calc, move |c| {
            if let Some(m) = mounts(*c) {
                gloo::utils::document().set_title(m.title);
            }
            let opened = std::mem::take(&mut *first.borrow_mut());
            let switched = std::mem::take(&mut *refocus.borrow_mut());
            if !opened && !switched {
                // Another calculator through the address (a plan opened as a battle, Back): the
                // control used went with the page, so focus lands on what the calculator shown
                // marks as its landing (`data-landing`), never on the body.
                land_soon();
            } else if switched {
                use wasm_bindgen::JsCast;
                let sel = format!("[data-testid=\"calc-{}\"]", c.id());
                if let Ok(Some(el)) = gloo::utils::document().query_selector(&sel)
                    && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
                {
                    let _ = el.focus();
                }
            }
        });
    }
    let switcher = {
        let calc = calc.clone();
        Switcher {
            switch: Callback::from(move |c: Calculator| {
                if mounts(c).is_none() {
                    // The full app opens it, in its history entry (`lib.rs`).
                    ask_full_app(c, true);
                    return;
                }
                // The calculator shown has kept its scenario: the one chosen opens with its own.
                if let Ok(history) = gloo::utils::window().history() {
                    let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href(mounts, c)));
                }
                *refocus.borrow_mut() = true;
                calc.set(c);
            }),
            href: Callback::from(move |c| href(mounts, c)),
        }
    };
    let view = mounts(*calc).or_else(|| mounts(Calculator::Battle)).map(|m| m.view);
    html! {
        <ContextProvider<Switcher> context={switcher}>
            { view.map(|v| v()).unwrap_or_default() }
        </ContextProvider<Switcher>>
    }
}
