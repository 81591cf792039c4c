//! The battle calculator's page (issue 35): the app with the battle calculator alone, booted first
//! on its page (`www/boot.js`), so that the page's wasm does not carry the map, the Campaign
//! Reset and Kingmaker; the full app (`main.rs`) takes the page over when one of them is opened.

fn main() {
    bosworth_www::start_battle();
}
