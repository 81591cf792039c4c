//! What the shell knows of a calculator: how to mount it. Each calculator's folder has one
//! [`Mount`], `MOUNT`, the only thing the shell's root takes from a calculator.

use yew::Html;

/// How the shell mounts a calculator.
pub struct Mount {
    /// The page's title while it is shown.
    pub title: &'static str,
    /// The fragment (with its `#`) that opens it with the scenario it last showed (kept in local
    /// storage), else its first scenario: the switch's link to it.
    pub last_fragment: fn() -> String,
    /// Its page.
    pub view: fn() -> Html,
}
