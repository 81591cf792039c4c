//! The page: mounts the app.

fn main() {
    bosworth_www::start();
}
