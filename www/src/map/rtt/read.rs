//! What a paste or a file from Rally the Troops becomes on the map (no `Html` here): a play
//! page's `{player, view}` is that player's board with the notes of what it leaves out
//! (`bosworth::rtt::import_view`, what `bosworth import VIEW` prints); an Observer's view waits
//! for a side; a finished game's export is kept ([`Game`]: its points and, chosen one, the board
//! at it, `bosworth import EXPORT --at N`). Errors are the CLI's words, `field: reason`.

use crate::shell::storage;
use bosworth::board::Board;
use bosworth::data::House;
use bosworth::rtt::{self, Export, Imported, Point};
use bosworth_link::Rtt;
use std::rc::Rc;

/// Where the last finished game is kept between visits (a large text: never in the address).
pub const GAME_KEY: &str = "bosworth.rtt-game";

/// A board brought from Rally the Troops, with what it could not know.
#[derive(Debug, Clone, PartialEq)]
pub struct Brought {
    /// The board, as the player may see it.
    pub board: Board,
    /// What was left out or is not known, one sentence each.
    pub notes: Vec<String>,
    /// Where it came from, in a few words ("York's view", "point 12: campaign 1, turn 6...").
    pub from: String,
}

impl Brought {
    fn of(imported: Imported, from: String) -> Brought {
        Brought {
            board: imported.board,
            notes: imported.notes,
            from,
        }
    }
}

/// A finished game's export, read once, with its points.
#[derive(Debug, Clone)]
pub struct Game {
    /// The export's text, as pasted or kept.
    pub text: Rc<str>,
    /// The export.
    pub export: Rc<Export>,
    /// Its action phases, the points a player could plan from.
    pub points: Vec<Point>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        Rc::ptr_eq(&self.text, &other.text) || self.text == other.text
    }
}

impl Game {
    /// The scenario and the players, in a line: "Wars of the Roses: Alice (York), Bob
    /// (Lancaster)".
    pub fn title(&self) -> String {
        let scenario = self
            .export
            .setup
            .as_ref()
            .and_then(|s| s.scenario.clone())
            .unwrap_or_else(|| "Richard III".into());
        let players: Vec<String> = self
            .export
            .players
            .iter()
            .map(|p| match (&p.name, &p.role) {
                (Some(n), Some(r)) => format!("{n} ({r})"),
                (None, Some(r)) => r.clone(),
                (Some(n), None) => n.clone(),
                (None, None) => "?".into(),
            })
            .collect();
        if players.is_empty() {
            scenario
        } else {
            format!("{scenario}: {}", players.join(", "))
        }
    }

    /// The board at point `n` (from 1) as the house whose phase it is sees it.
    ///
    /// # Errors
    /// The CLI's words (`field: reason`).
    pub fn board_at(&self, n: usize) -> Result<Brought, String> {
        let point = self
            .points
            .get(n.wrapping_sub(1))
            .ok_or_else(|| format!("at: {n}: no such point"))?;
        rtt::board_at(&self.export, n, None)
            .map(|i| Brought::of(i, point_words(point)))
            .map_err(|e| e.to_string())
    }
}

/// A point in words: "Point 12: campaign 1, turn 6, York (3 AP, Player 1)".
pub fn point_words(p: &Point) -> String {
    format!(
        "Point {}: campaign {}, turn {}, {} ({}, Player {})",
        p.index,
        p.campaign,
        p.turn,
        p.house,
        p.card.map_or("card unknown".into(), |c| c.words()),
        if p.p1 == p.house { 1 } else { 2 }
    )
}

/// What a paste or file is.
#[derive(Debug, Clone, PartialEq)]
pub enum Read {
    /// A view, made a board.
    Board(Brought),
    /// An Observer's view, readable: whose board to make?
    Observer,
    /// A finished game.
    Game(Rc<Game>),
    /// Why not, in the CLI's words (`field: reason`).
    Failed(String),
}

/// Reads a paste or a file: a view as `side`'s board (`None`: the view's own player), or an
/// export.
pub fn read(text: &str, side: Option<House>) -> Read {
    let text = text.trim();
    if text.is_empty() {
        return Read::Failed(
            "nothing to import: paste the text the bookmarklet copied, or choose a .json file"
                .into(),
        );
    }
    match bosworth_link::read_rtt(text) {
        Err(e) => Read::Failed(e.to_string()),
        Ok(Rtt::View(paste)) => {
            let observer = side.is_none() && paste.player.as_deref() == Some("Observer");
            // An Observer's view is read as York's first, so that a view that cannot be read
            // says so before the side is asked.
            let as_side = if observer { Some(House::York) } else { side };
            match rtt::import_view(&paste, as_side) {
                Err(e) => Read::Failed(e.to_string()),
                Ok(_) if observer => Read::Observer,
                Ok(i) => {
                    let house = i.board.house;
                    let campaign = paste
                        .view
                        .as_ref()
                        .and_then(|v| v.campaign.clone())
                        .map(|c| format!(", campaign {c}"))
                        .unwrap_or_default();
                    Read::Board(Brought::of(i, format!("{house}'s view{campaign}")))
                }
            }
        }
        Ok(Rtt::Export(export)) => match game(text.into(), export) {
            Ok(g) => Read::Game(Rc::new(g)),
            Err(e) => Read::Failed(e),
        },
    }
}

fn game(text: Rc<str>, export: Box<Export>) -> Result<Game, String> {
    let points = rtt::points(&export).map_err(|e| e.to_string())?;
    if points.is_empty() {
        return Err("state.log: no action phase in the game's log: nothing to plan from".into());
    }
    Ok(Game {
        text,
        export: Rc::from(export),
        points,
    })
}

/// The finished game kept from an earlier visit, if it can still be read.
pub fn kept() -> Option<Rc<Game>> {
    let text = storage::load(GAME_KEY)?;
    match read(&text, None) {
        Read::Game(g) => Some(g),
        _ => None,
    }
}

/// Keeps a finished game for the next visit (`None`: forgets it); false if the browser refused
/// (its storage full or off).
pub fn keep(game: Option<&Game>) -> bool {
    let Some(s) = storage::storage() else {
        return false;
    };
    match game {
        Some(g) => s.set_item(GAME_KEY, &g.text).is_ok(),
        None => s.remove_item(GAME_KEY).is_ok(),
    }
}
