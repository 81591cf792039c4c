//! The page's root: which of the three calculators is on screen, from the address's key (`#s=`
//! the Richard III battle, `#r=` the Campaign Reset, `#k=` Kingmaker), and the switch between
//! them. The battle calculator (`app::App`) is shown as it always was.

use crate::app::App;
use crate::components::kingmaker::KingmakerApp;
use crate::components::reset::ResetApp;
use crate::components::switch::Switcher;
use crate::{app, codec, presets};
use bosworth_link::Calculator;
use gloo::events::EventListener;
use yew::prelude::*;

/// The calculator the address opens.
pub fn calculator_of_address() -> Calculator {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    codec::fragment(&hash).calculator()
}

/// The fragment that opens a calculator with the scenario it last showed (kept in local
/// storage), else its first example.
pub fn href(c: Calculator) -> String {
    match c {
        Calculator::Battle => {
            let stored = app::storage()
                .and_then(|s| s.get_item(app::STORAGE_KEY).ok().flatten())
                .and_then(|t| codec::parse(&t).ok());
            codec::to_fragment(&stored.unwrap_or_else(presets::default_scenario), false)
        }
        Calculator::Reset => crate::components::reset::last_fragment(),
        Calculator::Kingmaker => crate::components::kingmaker::last_fragment(),
        // The map (issue 24) is not in the app yet: a board's link opens the battle.
        Calculator::Board => href(Calculator::Battle),
    }
}

/// The page's title for each calculator.
fn page_title(c: Calculator) -> &'static str {
    match c {
        Calculator::Battle => "Bosworth: battle odds for Richard III",
        Calculator::Reset => "Bosworth: Campaign Reset odds, Richard III political-events variant",
        Calculator::Kingmaker => "Bosworth: Kingmaker combat odds",
        Calculator::Board => "Bosworth: battle odds for Richard III",
    }
}

/// The root.
#[function_component]
pub fn Root() -> Html {
    let calc = use_state_eq(calculator_of_address);
    // After a switch from the header, focus goes to the switch's link of the calculator shown.
    let refocus = use_mut_ref(|| false);
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
    {
        let refocus = refocus.clone();
        use_effect_with(*calc, move |c| {
            gloo::utils::document().set_title(page_title(*c));
            if std::mem::take(&mut *refocus.borrow_mut()) {
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
        Switcher(Callback::from(move |c: Calculator| {
            // The calculator shown has kept its scenario: the one chosen opens with its own.
            if let Ok(history) = gloo::utils::window().history() {
                let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href(c)));
            }
            *refocus.borrow_mut() = true;
            calc.set(c);
        }))
    };
    html! {
        <ContextProvider<Switcher> context={switcher}>
            { match *calc {
                Calculator::Battle => html! { <App /> },
                Calculator::Reset => html! { <ResetApp /> },
                Calculator::Kingmaker => html! { <KingmakerApp /> },
                // Until the map (issue 24): the battle calculator.
                Calculator::Board => html! { <App /> },
            } }
        </ContextProvider<Switcher>>
    }
}
