//! The battle's own controls in the page's header: New battle (asks for the area, the throne and
//! the attacker, and starts with nothing else), Undo and Redo (buttons, Ctrl+Z, Ctrl+Shift+Z and
//! Ctrl+Y).

use super::StateProps;
use super::settings::area_names;
use crate::battle::state::{Action, empty_battle};
use crate::shell::focus::focus_field;
use bosworth::data::House;
use crate::shell::history::{Step, step, use_history_keys};
use web_sys::{HtmlDialogElement, HtmlSelectElement};
use yew::prelude::*;

/// What a key press asks of the battle's history: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo (Cmd on
/// a Mac), as in every calculator (`crate::shell::history`).
pub fn shortcut(key: &str, ctrl: bool, shift: bool, alt: bool) -> Option<Action> {
    step(key, ctrl, shift, alt).map(action)
}

/// The battle's action for a step through its history.
fn action(s: Step) -> Action {
    match s {
        Step::Undo => Action::Undo,
        Step::Redo => Action::Redo,
    }
}

fn house(v: &str) -> House {
    if v == "York" { House::York } else { House::Lancaster }
}

/// The toolbar.
#[function_component]
pub fn Toolbar(props: &StateProps) -> Html {
    let state = &props.state;
    let dialog = use_node_ref();
    let (attacker, area, king) = (use_node_ref(), use_node_ref(), use_node_ref());
    {
        let dispatcher = state.dispatcher();
        use_history_keys(Callback::from(move |s: Step| dispatcher.dispatch(action(s))));
    }
    let open = {
        let dialog = dialog.clone();
        Callback::from(move |_| {
            if let Some(d) = dialog.cast::<HtmlDialogElement>() {
                let _ = d.show_modal();
            }
        })
    };
    let close = {
        let dialog = dialog.clone();
        Callback::from(move |_| {
            if let Some(d) = dialog.cast::<HtmlDialogElement>() {
                d.close();
            }
        })
    };
    let start = {
        let state = state.clone();
        let (dialog, attacker, area, king) = (dialog.clone(), attacker.clone(), area.clone(), king.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let value = |r: &NodeRef| r.cast::<HtmlSelectElement>().map(|s| s.value()).unwrap_or_default();
            let where_ = value(&area);
            let scenario = empty_battle((!where_.is_empty()).then_some(where_), house(&value(&king)), house(&value(&attacker)));
            state.dispatch(Action::Load(scenario));
            if let Some(d) = dialog.cast::<HtmlDialogElement>() {
                d.close();
            }
            // The next thing to do is to add the attacker's blocks.
            gloo::timers::callback::Timeout::new(0, || {
                focus_field(&["[data-testid=\"search-attacker\"]".to_string()]);
            })
            .forget();
        })
    };
    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Undo))
    };
    let redo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Redo))
    };
    let s = &state.scenario;
    html! {
        <div class="toolbar" role="group" aria-label="Battle">
            <button onclick={open} data-testid="new-battle" aria-haspopup="dialog">{"New battle"}</button>
            <button onclick={undo} disabled={!state.can_undo()} data-testid="undo"
                aria-keyshortcuts="Control+Z" title="Undo the last change (Ctrl+Z)">{"↶ Undo"}</button>
            <button onclick={redo} disabled={!state.can_redo()} data-testid="redo"
                aria-keyshortcuts="Control+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z)">{"↷ Redo"}</button>
            <dialog ref={dialog} class="new-battle" aria-labelledby="new-h" data-testid="new-dialog">
                <form method="dialog" onsubmit={start}>
                    <h2 id="new-h">{"New battle"}</h2>
                    <p>{"An empty battle: no blocks yet, nobody dead, no Treason card, no retreat limit, no choices. Where is it, and who holds the throne?"}</p>
                    <div class="fields">
                        <label>{"Attacking house"}
                            <select ref={attacker} data-testid="new-attacker">
                                <option value="Lancaster" selected={s.attacker.house == House::Lancaster}>{"Lancaster attacks"}</option>
                                <option value="York" selected={s.attacker.house == House::York}>{"York attacks"}</option>
                            </select>
                        </label>
                        <label>{"Area"}
                            <select ref={area} data-testid="new-area">
                                <option value="" selected={s.area.is_none()}>{"(no area: no bonuses)"}</option>
                                { for area_names().into_iter().map(|a| html! {
                                    <option value={a} selected={s.area.as_deref() == Some(a)}>{a}</option>
                                }) }
                            </select>
                        </label>
                        <label>{"Throne held by"}
                            <select ref={king} data-testid="new-king">
                                <option value="Lancaster" selected={s.king == House::Lancaster}>{"Lancaster"}</option>
                                <option value="York" selected={s.king == House::York}>{"York"}</option>
                            </select>
                        </label>
                    </div>
                    <div class="dialog-actions">
                        <button type="submit" class="primary" data-testid="new-start">{"Start the empty battle"}</button>
                        <button type="button" onclick={close}>{"Cancel"}</button>
                    </div>
                </form>
            </dialog>
        </div>
    }
}
