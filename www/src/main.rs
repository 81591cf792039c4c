//! The full app (every calculator): booted on the map's, the Campaign Reset's and Kingmaker's
//! pages, and fetched by the battle's page when one of them is first opened (`bin/battle.rs`).

fn main() {
    bosworth_www::start();
}
