//! Any text as a Rally the Troops view or export (`bosworth import`): reading it and making it a
//! board must answer, never panic; a board it makes is one the planner accepts.
#![no_main]

use bosworth::data::House;
use bosworth::rtt::{self, Export, Paste};
use libfuzzer_sys::fuzz_target;

fn planner_accepts(board: &bosworth::board::Board) {
    if board.card.is_some()
        && let Ok(p) = bosworth::board::Position::new(board)
    {
        let _ = bosworth::board::targets(&p);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(paste) = serde_json::from_slice::<Paste>(data) {
        for side in [None, Some(House::York), Some(House::Lancaster)] {
            if let Ok(imported) = rtt::import_view(&paste, side) {
                planner_accepts(&imported.board);
            }
        }
    }
    if let Ok(export) = serde_json::from_slice::<Export>(data)
        && let Ok(points) = rtt::points(&export)
    {
        for p in points.iter().take(4) {
            if let Ok(imported) = rtt::board_at(&export, p.index, None) {
                planner_accepts(&imported.board);
            }
        }
        let _ = rtt::board_at(&export, points.len() + 1, None);
    }
});
