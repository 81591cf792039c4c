//! Any text as a board (`docs/board.md`, the map's `#b=` links are user input too): validation
//! must answer, never panic, and a valid board's targets and every way to reach each are found.
#![no_main]

use bosworth::board::{Board, Position, targets, ways};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(board) = serde_json::from_slice::<Board>(data) else {
        return;
    };
    let Ok(position) = Position::new(&board) else {
        return;
    };
    for t in targets(&position) {
        let _ = ways(&position, t.area);
    }
});
