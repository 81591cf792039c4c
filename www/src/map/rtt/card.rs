//! "Import from Rally the Troops": a paste box (or a `.json` file chosen or dropped on it) that
//! takes a play page's `{player, view}` or a finished game's export. A view's board goes on the
//! map as one undoable change; an Observer's view first asks whose board; a finished game is
//! kept and its points listed, each putting its board on the map. What cannot be read is said
//! under the box in the CLI's words (`field: reason`) and the map is left as it was.

use super::bookmarklet::Bookmarklet;
use super::read::{Brought, Game, Read, keep, point_words, read};
use crate::shell::share::read_chosen_file;
use bosworth::data::House;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Props of the import card.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportProps {
    /// The finished game kept, if any.
    pub game: Option<Rc<Game>>,
    /// The game's point whose board was put on the map last.
    pub point: Option<usize>,
    /// A board to put on the map.
    pub on_board: Callback<Brought>,
    /// A finished game read and kept in the browser (or `None`: forgotten).
    pub on_game: Callback<Option<Rc<Game>>>,
    /// A point of the game chosen.
    pub on_point: Callback<usize>,
}

/// What the card says under the box.
#[derive(Clone, PartialEq)]
enum Said {
    Nothing,
    /// What cannot be read, in the CLI's words.
    Error(String),
    /// An Observer's view waits for a side.
    Observer,
    /// Done.
    Done(String),
}

/// Reads a dropped file's text into `on_text`.
fn read_dropped(e: &DragEvent, on_text: Callback<String>) {
    let Some(file) = e
        .data_transfer()
        .and_then(|d| d.files())
        .and_then(|f| f.get(0))
    else {
        return;
    };
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let r2 = reader.clone();
    let onload = Closure::once(move || {
        on_text.emit(
            r2.result()
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default(),
        );
    });
    reader.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    let _ = reader.read_as_text(&file);
}

/// The card.
#[function_component]
pub fn ImportCard(p: &ImportProps) -> Html {
    let area = use_node_ref();
    let said = use_state(|| Said::Nothing);
    let text_of = {
        let area = area.clone();
        move || {
            area.cast::<HtmlTextAreaElement>()
                .map(|t| t.value())
                .unwrap_or_default()
        }
    };
    // Reads the box's text as `side`'s board (or the view's own player's).
    let import = {
        let (said, p) = (said.clone(), p.clone());
        let text_of = text_of.clone();
        let area = area.clone();
        Callback::from(move |side: Option<House>| match read(&text_of(), side) {
            Read::Board(b) => {
                if let Some(t) = area.cast::<HtmlTextAreaElement>() {
                    t.set_value("");
                }
                said.set(Said::Done(format!(
                    "{} is on the map: Undo brings the board before back.",
                    b.from
                )));
                p.on_board.emit(b);
            }
            Read::Observer => said.set(Said::Observer),
            Read::Game(g) => {
                let kept = if keep(Some(&g)) {
                    "kept in this browser"
                } else {
                    "this browser would not keep it: it is gone when the page closes"
                };
                said.set(Said::Done(format!(
                    "A finished game, {} points to plan from ({kept}): choose one below.",
                    g.points.len()
                )));
                if let Some(t) = area.cast::<HtmlTextAreaElement>() {
                    t.set_value("");
                }
                p.on_game.emit(Some(g));
            }
            Read::Failed(e) => said.set(Said::Error(e)),
        })
    };
    let on_text = {
        let (area, import) = (area.clone(), import.clone());
        Callback::from(move |text: String| {
            if let Some(t) = area.cast::<HtmlTextAreaElement>() {
                t.set_value(&text);
            }
            import.emit(None);
        })
    };
    let chosen = {
        let on_text = on_text.clone();
        Callback::from(move |e: Event| read_chosen_file(&e, on_text.clone()))
    };
    let dropped = {
        let on_text = on_text.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            read_dropped(&e, on_text.clone());
        })
    };
    let over = Callback::from(|e: DragEvent| e.prevent_default());
    let under = match &*said {
        Said::Nothing => html! {},
        Said::Error(e) => html! {
            <p class="problem-text rtt-error" role="alert" data-testid="rtt-error">{e.clone()}</p>
        },
        Said::Observer => {
            let side = |h: House| {
                let import = import.clone();
                html! {
                    <button type="button" data-testid={format!("rtt-side-{}", h.to_string().to_lowercase())}
                        onclick={Callback::from(move |_: MouseEvent| import.emit(Some(h)))}>{format!("As {h}")}</button>
                }
            };
            html! {
                <div class="rtt-observer" role="group" aria-labelledby="rtt-observer-q" data-testid="rtt-observer">
                    <p id="rtt-observer-q">{"This is an observer's view, and an observer plays neither house: whose board should the map show?"}</p>
                    <p class="rtt-sides">{side(House::York)}{side(House::Lancaster)}</p>
                </div>
            }
        }
        Said::Done(s) => {
            html! { <p class="small" role="status" data-testid="rtt-done">{s.clone()}</p> }
        }
    };
    let go = {
        let import = import.clone();
        Callback::from(move |_: MouseEvent| import.emit(None))
    };
    html! {
        <details class="card rtt-card" data-testid="rtt-card" open={p.game.is_some()}>
            <summary><h2>{"Import from Rally the Troops"}</h2></summary>
            <Bookmarklet />
            <label for="rtt-paste" class="rtt-label">{"The text the bookmark copied, or a finished game's export"}</label>
            <textarea id="rtt-paste" ref={area} data-testid="rtt-paste" rows="4" spellcheck="false" autocomplete="off"
                placeholder="{\"player\":\"York\",\"view\":{…}}  (or drop a .json file here)"
                ondrop={dropped} ondragover={over} />
            <p class="rtt-actions">
                <button type="button" class="primary" onclick={go} data-testid="rtt-import">{"Import"}</button>
                <label class="button" data-testid="rtt-file">{"Choose a .json file"}
                    <input type="file" accept=".json,application/json" class="visually-hidden" onchange={chosen} /></label>
            </p>
            { under }
            if let Some(g) = &p.game {
                <Points game={g.clone()} point={p.point} on_point={p.on_point.clone()}
                    on_forget={p.on_game.reform(|_: ()| {
                        keep(None);
                        None
                    })} />
            }
        </details>
    }
}

/// Props of a game's points.
#[derive(Properties, PartialEq, Clone)]
struct PointsProps {
    game: Rc<Game>,
    point: Option<usize>,
    on_point: Callback<usize>,
    on_forget: Callback<()>,
}

/// A finished game's points, each a button putting its board on the map.
#[function_component]
fn Points(p: &PointsProps) -> Html {
    let forget = p.on_forget.reform(|_: MouseEvent| ());
    html! {
        <section class="rtt-game" aria-labelledby="rtt-game-h" data-testid="rtt-game">
            <h3 id="rtt-game-h">{"A finished game"}</h3>
            <p class="small muted">{format!("{}. {} action phases: choose one to put its board on the map, as the player moving then saw it.",
                p.game.title(), p.game.points.len())}</p>
            <ol class="rtt-points" data-testid="rtt-points">
                { for p.game.points.iter().map(|pt| {
                    let n = pt.index;
                    let on = p.point == Some(n);
                    let pick = p.on_point.reform(move |_: MouseEvent| n);
                    html! {
                        <li>
                            <button type="button" class={classes!("rtt-point", on.then_some("chosen"))} aria-pressed={on.to_string()}
                                data-testid={format!("rtt-point-{n}")} title={point_words(pt)} onclick={pick}>
                                <span class="visually-hidden">{point_words(pt)}</span>
                                <span class="rtt-when" aria-hidden="true">{format!("C{} T{}", pt.campaign, pt.turn)}</span>
                                <span class={classes!("rtt-house", pt.house.to_string().to_lowercase())} aria-hidden="true">{pt.house.to_string()}</span>
                                <span class="rtt-played" aria-hidden="true">{pt.card.map_or("?".into(), |c| c.words())}</span>
                            </button>
                        </li>
                    }
                }) }
            </ol>
            <button type="button" class="small" onclick={forget} data-testid="rtt-forget"
                title="Forget the game kept in this browser">{"Forget this game"}</button>
        </section>
    }
}
