//! The colour scheme every calculator shares: kept in local storage, applied to the page as
//! `data-theme` on the root element (Auto leaves it to the stylesheet's prefers-color-scheme
//! rule), and the Dark or Light button of each calculator's header.

use crate::shell::storage;
use yew::prelude::*;

/// Where the colour scheme is kept (all calculators share it).
pub const THEME_KEY: &str = "bosworth.theme";

/// The colour scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system (prefers-color-scheme).
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// Whether a theme shows dark (Auto follows the system).
pub fn is_dark(theme: Theme) -> bool {
    match theme {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::Auto => gloo::utils::window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
    }
}

/// The theme kept by any of the calculators.
pub fn stored_theme() -> Theme {
    match storage::load(THEME_KEY).as_deref() {
        Some("dark") => Theme::Dark,
        Some("light") => Theme::Light,
        _ => Theme::Auto,
    }
}

/// The theme a streamer view's address asks for (`&overlay&theme=dark`), whatever is kept:
/// streaming software's browser keeps nothing of the user's. `None` without one.
pub fn address_theme() -> Option<Theme> {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let frag = crate::shell::codec::fragment(&hash);
    match frag.stream.theme.as_deref().filter(|_| frag.overlay) {
        Some("dark") => Some(Theme::Dark),
        Some("light") => Some(Theme::Light),
        _ => None,
    }
}

/// Applies a theme to the page.
pub fn apply_theme(theme: Theme) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = match theme {
            Theme::Auto => root.remove_attribute("data-theme"),
            Theme::Dark => root.set_attribute("data-theme", "dark"),
            Theme::Light => root.set_attribute("data-theme", "light"),
        };
    }
}

/// The Dark or Light button of every calculator's header: applies the theme and keeps it.
#[function_component]
pub fn ThemeToggle() -> Html {
    let theme = use_state(stored_theme);
    {
        let theme = *theme;
        use_effect_with(theme, move |_| {
            apply_theme(theme);
            if theme != Theme::Auto {
                storage::save(THEME_KEY, if theme == Theme::Dark { "dark" } else { "light" });
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
