//! The calculator's "On stream" card: the streamer view's title, background and colour scheme,
//! the button that opens it, and its link for streaming software (a browser source opens the
//! view directly from it).

use crate::battle::address::fragment_with;
use crate::battle::components::StateProps;
use crate::battle::state::{Action, Look};
use crate::battle::stream::view::title_of;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The backgrounds offered: (value in the link, words).
const BACKGROUNDS: [(&str, &str); 4] = [
    ("", "The page"),
    ("green", "Green (chroma key)"),
    ("magenta", "Magenta (chroma key)"),
    ("transparent", "Transparent"),
];

/// The colour schemes offered: (value in the link, words).
const THEMES: [(&str, &str); 3] = [("", "As this page"), ("light", "Light"), ("dark", "Dark")];

/// The streamer view's whole link: this page's address with the view on.
pub fn stream_link(state: &crate::battle::state::State) -> String {
    let location = gloo::utils::window().location();
    let base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    );
    format!("{base}{}", fragment_with(state, true))
}

/// The card.
#[function_component]
pub fn StreamSetup(props: &StateProps) -> Html {
    let state = &props.state;
    let copied = use_state(|| false);
    let look = state.look.clone();
    let set = {
        let state = state.clone();
        let copied = copied.clone();
        move |f: Box<dyn Fn(&mut Look, String)>| {
            let state = state.clone();
            let copied = copied.clone();
            let look = state.look.clone();
            move |value: String| {
                let mut next = look.clone();
                f(&mut next, value);
                copied.set(false);
                state.dispatch(Action::Look(next));
            }
        }
    };
    let on_title = {
        let f = set(Box::new(|l: &mut Look, v: String| {
            let v: String = v.trim().chars().take(bosworth_link::MAX_TITLE).collect();
            l.title = (!v.is_empty()).then_some(v);
        }));
        Callback::from(move |e: Event| f(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_background = {
        let f = set(Box::new(|l: &mut Look, v: String| {
            l.background = (!v.is_empty()).then_some(v)
        }));
        Callback::from(move |e: Event| f(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_theme = {
        let f = set(Box::new(|l: &mut Look, v: String| {
            l.theme = (!v.is_empty()).then_some(v)
        }));
        Callback::from(move |e: Event| f(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let open = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Overlay(true)))
    };
    let link = stream_link(state);
    let copy = {
        let link = link.clone();
        let copied = copied.clone();
        Callback::from(move |_| {
            let _ = gloo::utils::window()
                .navigator()
                .clipboard()
                .write_text(&link);
            copied.set(true);
        })
    };
    let select_all =
        Callback::from(|e: FocusEvent| e.target_unchecked_into::<HtmlInputElement>().select());
    let default_title = {
        let mut plain = (**state).clone();
        plain.look.title = None;
        title_of(&plain)
    };
    html! {
        <section class="card stream-setup" aria-labelledby="stream-setup-h" data-testid="stream-setup">
            <h2 id="stream-setup-h">{"On stream"}</h2>
            <p class="hint">
                {"A screen for your audience, sized for 1920 × 1080 and 1280 × 720: the title, the blocks, the odds, and the replay above fought fire by fire as you press "}
                <kbd>{"Space"}</kbd>{" or "}<kbd>{"→"}</kbd>{" ("}<kbd>{"←"}</kbd>{" back, "}<kbd>{"Escape"}</kbd>{" to come back here). Nothing on it but the battle."}
            </p>
            <div class="stream-setup-grid">
                <label>{"Title"}
                    <input type="text" value={look.title.clone().unwrap_or_default()} placeholder={default_title}
                        maxlength={bosworth_link::MAX_TITLE.to_string()} onchange={on_title} data-testid="stream-title-input" />
                </label>
                <label>{"Background"}
                    <select onchange={on_background} data-testid="stream-background">
                        { for BACKGROUNDS.iter().map(|(v, words)| html! {
                            <option value={*v} selected={look.background.as_deref().unwrap_or("") == *v}>{*words}</option>
                        }) }
                    </select>
                </label>
                <label>{"Colours"}
                    <select onchange={on_theme} data-testid="stream-theme">
                        { for THEMES.iter().map(|(v, words)| html! {
                            <option value={*v} selected={look.theme.as_deref().unwrap_or("") == *v}>{*words}</option>
                        }) }
                    </select>
                </label>
            </div>
            <div class="stream-setup-actions">
                <button class="primary" onclick={open} data-testid="stream-open">{"Open the streamer view"}</button>
                <button onclick={copy} data-testid="stream-copy">{ if *copied { "Link copied ✓" } else { "Copy its link" } }</button>
            </div>
            <label class="stream-link">{"Its link, for a browser source in streaming software (the replay's seed included):"}
                <input type="text" readonly=true value={link} onfocus={select_all} data-testid="stream-link" />
            </label>
        </section>
    }
}
