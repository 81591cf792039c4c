//! The header's switch between the three calculators (the Richard III battle, the Campaign Reset
//! of the political-events variant, Kingmaker), and the theme button of the two new ones.
//!
//! The switch is three links, the current one `aria-current="page"`: each opens its calculator
//! with the scenario it last showed (`#s=`, `#r=`, `#k=`), so it can also be opened in a new tab.
//! A plain click asks the root (`crate::root`) to switch in place, with its own history entry.

use crate::app::{THEME_KEY, is_dark, storage};
use crate::state::Theme;
use bosworth_link::Calculator;
use yew::prelude::*;

/// What the root gives the switch: how to change calculator.
#[derive(Clone, PartialEq)]
pub struct Switcher(pub Callback<Calculator>);

/// The words of each calculator in the switch.
pub fn label(c: Calculator) -> &'static str {
    match c {
        Calculator::Battle => "Richard III battle",
        Calculator::Reset => "Campaign Reset",
        Calculator::Kingmaker => "Kingmaker",
        Calculator::Board => "Richard III map",
    }
}

/// What each calculator is, for the links' titles.
fn title(c: Calculator) -> &'static str {
    match c {
        Calculator::Battle => "Richard III: the odds of a battle (Columbia Games)",
        Calculator::Reset => "Richard III, political-events variant: the odds of the Campaign Reset's Pledge of Loyalty and events",
        Calculator::Kingmaker => "Kingmaker (Avalon Hill): the odds of a battle, siege or ambush",
        Calculator::Board => "Richard III: every way to attack this turn, ranked (the attack planner)",
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
    let hrefs = use_memo((), |_| Calculator::ALL.map(crate::root::href));
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
                                s.0.emit(c);
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

/// The theme stored by any of the calculators.
fn stored_theme() -> Theme {
    match storage().and_then(|s| s.get_item(THEME_KEY).ok().flatten()).as_deref() {
        Some("dark") => Theme::Dark,
        Some("light") => Theme::Light,
        _ => Theme::Auto,
    }
}

/// Applies a theme to the page and keeps it (the battle's reducer does the same for its page).
fn apply_theme(theme: Theme) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = match theme {
            Theme::Auto => root.remove_attribute("data-theme"),
            Theme::Dark => root.set_attribute("data-theme", "dark"),
            Theme::Light => root.set_attribute("data-theme", "light"),
        };
    }
}

/// The Dark or Light button of the Campaign Reset and Kingmaker calculators.
#[function_component]
pub fn ThemeToggle() -> Html {
    let theme = use_state(stored_theme);
    {
        let theme = *theme;
        use_effect_with(theme, move |_| {
            apply_theme(theme);
            if theme != Theme::Auto
                && let Some(s) = storage()
            {
                let _ = s.set_item(THEME_KEY, if theme == Theme::Dark { "dark" } else { "light" });
            }
        });
    }
    let dark = is_dark(*theme);
    let toggle = {
        let theme = theme.clone();
        Callback::from(move |_| theme.set(if dark { Theme::Light } else { Theme::Dark }))
    };
    html! {
        <button onclick={toggle} aria-pressed={dark.to_string()} data-testid="theme-toggle" title="Dark or light theme">
            { if dark { "☀ Light" } else { "☾ Dark" } }
        </button>
    }
}
