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
        // An HTML control, or a shape of a drawing (the map's areas).
        let target = match target.dyn_into::<web_sys::HtmlElement>() {
            Ok(h) => {
                let _ = h.focus();
                return true;
            }
            Err(t) => t,
        };
        if let Ok(s) = target.dyn_into::<web_sys::SvgElement>() {
            let _ = s.focus();
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

/// Focuses the first of `selectors` that matches once the page has redrawn, without scrolling
/// the page (after a click: nothing moves under the pointer).
pub fn focus_still_soon(selectors: Vec<String>) {
    gloo::timers::callback::Timeout::new(0, move || {
        use wasm_bindgen::JsCast;
        let doc = gloo::utils::document();
        for sel in &selectors {
            let Ok(Some(el)) = doc.query_selector(sel) else { continue };
            if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
                let o = web_sys::FocusOptions::new();
                o.set_prevent_scroll(true);
                let _ = h.focus_with_options(&o);
                return;
            }
        }
    })
    .forget();
}
