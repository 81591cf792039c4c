//! Moving the keyboard's focus to a control: the problem card's Go to the field, and a control
//! that replaced the one just used.

/// Focuses the first control on the page that matches one of `selectors` (opening the
/// `<details>` around it, scrolling it into view); false if none is there.
pub fn focus_field(selectors: &[String]) -> bool {
    use wasm_bindgen::JsCast;
    let doc = gloo::utils::document();
    for sel in selectors {
        let Ok(Some(el)) = doc.query_selector(sel) else { continue };
        // A control inside closed choices: open them first.
        if let Ok(Some(details)) = el.closest("details") {
            let _ = details.set_attribute("open", "");
        }
        let target: web_sys::Element = if el.tag_name() == "DETAILS" {
            el.query_selector("summary").ok().flatten().unwrap_or(el)
        } else {
            el
        };
        target.scroll_into_view_with_bool(false);
        if let Ok(h) = target.dyn_into::<web_sys::HtmlElement>() {
            let _ = h.focus();
            return true;
        }
    }
    false
}

/// Focuses the first of `selectors` that matches once the page has redrawn (after the
/// current event): for a control that replaced the one just used, or moved with it.
pub fn focus_soon(selectors: Vec<String>) {
    gloo::timers::callback::Timeout::new(0, move || {
        focus_field(&selectors);
    })
    .forget();
}
