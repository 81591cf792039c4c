//! The header's switch between the calculators (the Richard III battle, the Campaign Reset of the
//! political-events variant, Kingmaker).
//!
//! The switch is three links, the current one `aria-current="page"`: each opens its calculator
//! with the scenario it last showed (`#s=`, `#r=`, `#k=`), so it can also be opened in a new tab.
//! A plain click asks the root (`crate::shell::root`) to switch in place, with its own history entry;
//! the root also says where each link leads ([`Switcher`]).

use bosworth_link::Calculator;
use yew::prelude::*;

/// What the root gives the switch.
#[derive(Clone, PartialEq)]
pub struct Switcher {
    /// Changes calculator.
    pub switch: Callback<Calculator>,
    /// The fragment that opens a calculator with the scenario it last showed.
    pub href: Callback<Calculator, String>,
}

/// The words of each calculator in the switch.
pub fn label(c: Calculator) -> &'static str {
    match c {
        Calculator::Battle => "Richard III battle",
        Calculator::Reset => "Campaign Reset",
        Calculator::Kingmaker => "Kingmaker",
    }
}

/// What each calculator is, for the links' titles.
fn title(c: Calculator) -> &'static str {
    match c {
        Calculator::Battle => "Richard III: the odds of a battle (Columbia Games)",
        Calculator::Reset => "Richard III, political-events variant: the odds of the Campaign Reset's Pledge of Loyalty and events",
        Calculator::Kingmaker => "Kingmaker (Avalon Hill): the odds of a battle, siege or ambush",
    }
}

/// Props of the switch.
#[derive(Properties, PartialEq, Clone)]
pub struct SwitchProps {
    /// The calculator on screen.
    pub current: Calculator,
}

/// The switch.
#[function_component]
pub fn CalcSwitch(p: &SwitchProps) -> Html {
    let switcher = use_context::<Switcher>();
    // The other calculators' scenarios do not change while this one is shown: their links are
    // read once.
    // (Without the root, as in a component test, the links lead nowhere.)
    let hrefs = {
        let href = switcher.as_ref().map(|s| s.href.clone());
        use_memo((), move |_| Calculator::ALL.map(|c| href.as_ref().map_or_else(|| "#".to_string(), |h| h.emit(c))))
    };
    let here = gloo::utils::window().location().hash().unwrap_or_default();
    html! {
        <nav class="calc-switch" aria-label="Calculator" data-testid="calc-switch">
            { for Calculator::ALL.into_iter().enumerate().map(|(i, c)| {
                let current = c == p.current;
                let onclick = {
                    let switcher = switcher.clone();
                    Callback::from(move |e: MouseEvent| {
                        // A new tab or window keeps the link's own behaviour.
                        if e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key() || e.button() != 0 {
                            return;
                        }
                        if let Some(s) = &switcher {
                            e.prevent_default();
                            if !current {
                                s.switch.emit(c);
                            }
                        }
                    })
                };
                let href = if current { if here.is_empty() { "#".to_string() } else { here.clone() } } else { hrefs[i].clone() };
                html! {
                    <a href={href} class={classes!("calc-tab", current.then_some("current"))}
                        aria-current={current.then_some("page")} title={title(c)}
                        data-testid={format!("calc-{}", c.id())} {onclick}>{label(c)}</a>
                }
            }) }
        </nav>
    }
}
