//! The examples, the link and the scenario as a JSON file: the share bar of the calculators that
//! keep their scenario in a `Doc`, and the download and file reading every calculator uses.

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// One example file of a calculator, embedded, chosen from a list and opened by a button.
#[derive(Debug, PartialEq)]
pub struct Example {
    /// Shown in the list.
    pub name: &'static str,
    /// What it is, in one line.
    pub note: &'static str,
    /// Its file in `examples/`.
    pub file: &'static str,
    /// The file's JSON.
    pub json: &'static str,
}

/// Downloads `text` as a file.
pub fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let doc = gloo::utils::document();
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Copies the page's address, which holds the whole scenario, to the clipboard.
pub fn copy_address() {
    let window = gloo::utils::window();
    let href = window.location().href().unwrap_or_default();
    let _ = window.navigator().clipboard().write_text(&href);
}

/// Reads the file chosen in the `<input type="file">` an event came from, and gives its text to
/// `on_text`; the input is emptied, so the same file can be chosen again.
pub fn read_chosen_file(e: &Event, on_text: Callback<String>) {
    let input = e.target_unchecked_into::<HtmlInputElement>();
    let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
    let Ok(reader) = web_sys::FileReader::new() else { return };
    let r2 = reader.clone();
    let onload = Closure::once(move || {
        on_text.emit(r2.result().ok().and_then(|v| v.as_string()).unwrap_or_default());
    });
    reader.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    let _ = reader.read_as_text(&file);
    input.set_value("");
}

/// Props of the share bar.
#[derive(Properties, PartialEq, Clone)]
pub struct ShareProps {
    /// The examples to choose from.
    pub examples: &'static [Example],
    /// The example on screen, unchanged, if it is one: its note stays in view.
    pub current: Option<usize>,
    /// What the scenario is called in the list's name (`reset`, `combat`).
    pub what: &'static str,
    /// The file name of Export JSON.
    pub file: &'static str,
    /// Open example `i`.
    pub on_open: Callback<usize>,
    /// The scenario as pretty JSON, for Export.
    pub json: AttrValue,
    /// A file's text, for Import.
    pub on_import: Callback<String>,
}

/// The examples (chosen from a list, opened by a button), the link, and the scenario as a JSON
/// file: the battle's share bar for the other calculators.
#[function_component]
pub fn ShareBar(p: &ShareProps) -> Html {
    let copied = use_state(|| false);
    let picked = use_state(|| None::<usize>);
    let n = p.examples.len();
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<HtmlSelectElement>();
            picked.set(el.value().parse::<usize>().ok().filter(|i| *i < n));
        })
    };
    let open = {
        let (picked, on_open) = (picked.clone(), p.on_open.clone());
        Callback::from(move |_| {
            if let Some(i) = *picked {
                on_open.emit(i);
            }
            picked.set(None);
        })
    };
    let copy = {
        let copied = copied.clone();
        Callback::from(move |_| {
            copy_address();
            copied.set(true);
        })
    };
    let export = {
        let (json, file) = (p.json.clone(), p.file);
        Callback::from(move |_| download(file, "application/json", &json))
    };
    let import = {
        let on_import = p.on_import.clone();
        Callback::from(move |e: Event| read_chosen_file(&e, on_import.clone()))
    };
    let note = picked.or(p.current).and_then(|i| p.examples.get(i));
    html! {
        <div class="share">
            <span class="preset-pick">
                <select aria-label={format!("Choose an example {}", p.what)} data-testid="examples" onchange={on_pick}>
                    <option value="" selected={picked.is_none()}>{format!("Example {}s…", p.what)}</option>
                    { for p.examples.iter().enumerate().map(|(i, x)| html! {
                        <option value={i.to_string()} selected={*picked == Some(i)}>{x.name}</option>
                    }) }
                </select>
                <button onclick={open} disabled={picked.is_none()} data-testid="example-open"
                    title={format!("Replace the {} with the example chosen (Undo brings yours back)", p.what)}>{"Open"}</button>
            </span>
            // The example's note, or its room kept empty, so that nothing below moves when the
            // scenario stops being the example (New board, an edit).
            if let Some(x) = note {
                <p class="muted small preset-note" data-testid="example-note">{format!("{}: {}", x.name, x.note)}</p>
            } else {
                <p class="muted small preset-note" aria-hidden="true"></p>
            }
            <button onclick={copy} data-testid="copy-link" title={format!("The address holds the whole {}", p.what)}>{ if *copied { "Link copied ✓" } else { "Copy link" } }</button>
            <button onclick={export} data-testid="export-json">{"Export JSON"}</button>
            <label class="button" data-testid="import-json">{"Import JSON"}<input type="file" accept=".json,application/json" class="visually-hidden" onchange={import} /></label>
        </div>
    }
}
