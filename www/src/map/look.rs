//! What the map shows of a board: who holds each area, the blocks standing there (the moving
//! player's by strength, the enemy's known ones by strength, the unseen ones as "?"), and each
//! area in words (the map's tooltips and the screen reader's names). No `Html` here.

use super::svg::{Army, Hold, Tile, describe};
use bosworth::board::{AreaEntry, Board};
use bosworth::data::House;

/// Who holds an area with these blocks in it (2.1): a house, both (a battle to come), or nobody.
pub fn hold(board: &Board, a: &AreaEntry) -> Hold {
    let own = !a.blocks.is_empty();
    let enemy = a.enemy > 0 || !a.enemy_known.is_empty();
    match (own, enemy) {
        (true, true) => Hold::Contested,
        (true, false) => Hold::House(board.house),
        (false, true) => Hold::House(board.house.other()),
        (false, false) => Hold::Vacant,
    }
}

/// Every area with blocks in it and who holds it.
pub fn holds(board: &Board) -> Vec<(&str, Hold)> {
    board
        .areas
        .iter()
        .map(|a| (a.area.as_str(), hold(board, a)))
        .filter(|(_, h)| *h != Hold::Vacant)
        .collect()
}

/// The blocks of an area as tiles: the moving player's, then the enemy's known, then unseen.
pub fn tiles(board: &Board, a: &AreaEntry) -> Vec<Tile> {
    let enemy = board.house.other();
    let mut out: Vec<Tile> = a
        .blocks
        .iter()
        .map(|b| Tile {
            house: board.house,
            text: b.strength.to_string(),
            hidden: false,
        })
        .collect();
    out.extend(a.enemy_known.iter().map(|k| Tile {
        house: enemy,
        text: k.strength.to_string(),
        hidden: false,
    }));
    out.extend((0..a.enemy).map(|_| Tile {
        house: enemy,
        text: "?".to_string(),
        hidden: true,
    }));
    out
}

/// Every area's blocks on the map.
pub fn armies(board: &Board) -> Vec<Army<'_>> {
    board
        .areas
        .iter()
        .map(|a| {
            let tiles = tiles(board, a);
            Army {
                area: &a.area,
                count: tiles.len(),
                tiles,
            }
        })
        .filter(|a| a.count > 0)
        .collect()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What stands in an area, in words: `March 3, Hastings 3 (York); 3 unseen Lancaster blocks`,
/// or `vacant`.
pub fn contents(board: &Board, area: &str) -> String {
    let Some(a) = board.areas.iter().find(|a| a.area == area) else {
        return "vacant".to_string();
    };
    let mut parts = Vec::new();
    if !a.blocks.is_empty() {
        let own: Vec<String> = a
            .blocks
            .iter()
            .map(|b| format!("{} {}", b.id, b.strength))
            .collect();
        parts.push(format!("{} ({})", own.join(", "), board.house));
    }
    let enemy: House = board.house.other();
    if !a.enemy_known.is_empty() {
        let known: Vec<String> = a
            .enemy_known
            .iter()
            .map(|k| format!("{} {}", k.id, k.strength))
            .collect();
        parts.push(format!("{} ({enemy}, known)", known.join(", ")));
    }
    if a.enemy > 0 {
        parts.push(plural(
            a.enemy as usize,
            &format!("unseen {enemy} block"),
            &format!("unseen {enemy} blocks"),
        ));
    }
    if parts.is_empty() {
        "vacant".to_string()
    } else {
        parts.join("; ")
    }
}

/// An area's name for the screen reader and its tooltip: its features, what stands there, and
/// its best plan's chance to hold when planned (`chance`).
pub fn area_label(board: &Board, area: &str, chance: Option<f64>) -> String {
    let mut out = format!("{}. {}", describe(area), contents(board, area));
    if let Some(p) = chance {
        out.push_str(&format!(
            ". Best plan holds {}",
            crate::shell::format::pct(p)
        ));
    }
    out
}
