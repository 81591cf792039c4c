//! The page's local storage, if the browser allows it: each calculator keeps its last scenario
//! under a key of its own (`bosworth.scenario`, `bosworth.reset`, `bosworth.kingmaker`), and the
//! theme is kept under [`crate::shell::theme::THEME_KEY`].

/// The page's local storage, if the browser allows it.
pub fn storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

/// The text kept at `key`, if any.
pub fn load(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Keeps `text` at `key` (nothing if the browser refuses).
pub fn save(key: &str, text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, text);
    }
}
