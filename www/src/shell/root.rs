//! The page's root: which calculator is on screen, from the address's key (`#s=` the Richard III
//! battle, `#b=` its map, `#r=` the Campaign Reset, `#k=` Kingmaker), and the switch between them.
//!
//! The one place the shell names the calculators: [`mount`] takes each calculator's `MOUNT`
//! (`crate::shell::mount::Mount`) and nothing else of it (`tests/app_layers.rs`).

use crate::shell::codec;
use crate::shell::mount::Mount;
use crate::shell::switch::Switcher;
use crate::shell::theme::{address_theme, apply_theme, stored_theme};
use bosworth_link::Calculator;
use gloo::events::EventListener;
use yew::prelude::*;

/// How to mount each calculator.
pub fn mount(c: Calculator) -> &'static Mount {
    match c {
        Calculator::Battle => &crate::battle::MOUNT,
        Calculator::Reset => &crate::reset::MOUNT,
        Calculator::Kingmaker => &crate::kingmaker::MOUNT,
        Calculator::Board => &crate::map::MOUNT,
    }
}

/// The calculator the address opens.
pub fn calculator_of_address() -> Calculator {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    codec::fragment(&hash).calculator()
}

/// The fragment that opens a calculator with the scenario it last showed (kept in local
/// storage), else its first.
pub fn href(c: Calculator) -> String {
    (mount(c).last_fragment)()
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

/// The root.
#[function_component]
pub fn Root() -> Html {
    let calc = use_state_eq(calculator_of_address);
    // After a switch from the header, focus goes to the switch's link of the calculator shown.
    let refocus = use_mut_ref(|| false);
    // The theme kept, whether or not the calculator shown has its button (the streamer view has
    // none), unless the streamer view's address names one: read as the page first draws, before
    // the calculator rewrites the address.
    let asked = use_memo((), |_| address_theme());
    use_effect_with((), move |_| apply_theme(asked.unwrap_or_else(stored_theme)));
    // Back, Forward or a pasted link may lead to another calculator.
    {
        let calc = calc.clone();
        use_effect_with((), move |_| {
            let follow = move |_: &web_sys::Event| calc.set(calculator_of_address());
            let window = gloo::utils::window();
            let listeners = [
                EventListener::new(&window, "popstate", follow.clone()),
                EventListener::new(&window, "hashchange", follow),
            ];
            move || drop(listeners)
        });
    }
    // Whether the calculator shown is the one the page opened with.
    let first = use_mut_ref(|| true);
    {
        let refocus = refocus.clone();
        use_effect_with(*calc, move |c| {
            gloo::utils::document().set_title(mount(*c).title);
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
                // The calculator shown has kept its scenario: the one chosen opens with its own.
                if let Ok(history) = gloo::utils::window().history() {
                    let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href(c)));
                }
                *refocus.borrow_mut() = true;
                calc.set(c);
            }),
            href: Callback::from(href),
        }
    };
    html! {
        <ContextProvider<Switcher> context={switcher}>
            { (mount(*calc).view)() }
        </ContextProvider<Switcher>>
    }
}
