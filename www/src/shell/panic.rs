//! A panic shown in the page rather than a frozen page: what went wrong and a bug report with the
//! page's address, which holds the scenario.

/// Shows panics in the page (and in the console) instead of leaving a frozen page, with the
/// address (which holds the whole battle as `#s=`) for a bug report.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic(&info.to_string());
    }));
}

/// The text of a bug report: what went wrong and the address of the battle it happened in.
pub fn panic_report(message: &str, href: &str) -> String {
    format!("Bosworth stopped with an error: {message}\nThe battle (open this address to see it): {href}")
}

/// Fills the page's `#panic` banner: what went wrong, the report with the page's address, and a
/// Copy button (handled in boot.js, so it works without the stopped WebAssembly).
pub fn show_panic(message: &str) {
    let Some(window) = web_sys::window() else { return };
    let Some(doc) = window.document() else { return };
    let Some(el) = doc.get_element_by_id("panic") else { return };
    let href = window.location().href().unwrap_or_default();
    let report = panic_report(message, &href);
    el.set_text_content(None);
    let add = |tag: &str, attrs: &[(&str, &str)], text: &str| {
        doc.create_element(tag).ok().map(|c| {
            for (k, v) in attrs {
                let _ = c.set_attribute(k, v);
            }
            c.set_text_content(Some(text));
            let _ = el.append_child(&c);
            c
        })
    };
    add("p", &[], "Something went wrong inside the calculator; reload the page. To report it, copy the text below (it holds the battle) and send it with a word on what you did.");
    add("textarea", &[("id", "panic-report"), ("readonly", ""), ("rows", "3"), ("aria-label", "Bug report"), ("data-testid", "panic-report")], &report);
    add("button", &[("id", "panic-copy"), ("type", "button"), ("data-testid", "panic-copy")], "Copy report");
    let _ = el.set_attribute("class", "panic shown");
    let _ = el.set_attribute("role", "alert");
}
