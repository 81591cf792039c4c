//! What a board brought from Rally the Troops leaves out, above the map where the player is
//! looking: the importer's notes (the enemy's blocks counted but not named, what the view cannot
//! tell), one sentence each. Once the board has been changed they fold away under a line that
//! says so.

use std::rc::Rc;
use yew::prelude::*;

/// The notes of the last import, and the board they are about (compact JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct Noted {
    /// The board as imported.
    pub board: String,
    /// Where it came from.
    pub from: String,
    /// The notes.
    pub notes: Vec<String>,
}

/// Props of the notes.
#[derive(Properties, PartialEq, Clone)]
pub struct NotesProps {
    /// The last import's notes.
    pub noted: Rc<Noted>,
    /// The board on screen is the one imported.
    pub current: bool,
    /// Put them away.
    pub on_dismiss: Callback<()>,
}

/// The notes.
#[function_component]
pub fn Notes(p: &NotesProps) -> Html {
    let n = &p.noted;
    let list = html! {
        <ul class="rtt-note-list">
            if n.notes.is_empty() {
                <li>{"Nothing was left out."}</li>
            }
            { for n.notes.iter().map(|s| html! { <li>{s.clone()}</li> }) }
        </ul>
    };
    let dismiss = p.on_dismiss.reform(|_: MouseEvent| ());
    let close = html! {
        <button type="button" class="small rtt-dismiss" onclick={dismiss} data-testid="rtt-notes-dismiss"
            aria-label="Dismiss the notes of the import">{"Dismiss"}</button>
    };
    if p.current {
        html! {
            <section class="rtt-notes" aria-labelledby="rtt-notes-h" data-testid="rtt-notes">
                <div class="rtt-notes-head">
                    <h3 id="rtt-notes-h" tabindex="-1">{format!("From Rally the Troops: {}", n.from)}</h3>
                    {close}
                </div>
                {list}
            </section>
        }
    } else {
        html! {
            <details class="rtt-notes folded" data-testid="rtt-notes" data-stale="true">
                <summary>{format!("From Rally the Troops: {} (the board has been changed since)", n.from)}</summary>
                {list}
                {close}
            </details>
        }
    }
}
