//! `bosworth import`: a Rally the Troops game brought in. A play page's `{player, view}` becomes
//! that player's board (`docs/board.md`); a finished game's export lists the points a player
//! could plan from (`--list`) and gives the board at one (`--at N`). The board goes to standard
//! output, for `bosworth plan -`; what it could not know goes to standard error as notes (and
//! into the board's `note`).

use crate::progress::Stop;
use bosworth::board::Played;
use bosworth::data::House;
use bosworth::rtt::{self, Imported};
use bosworth_link::Rtt;
use std::fmt::Write;

/// What `bosworth import` was asked.
pub struct Ask {
    /// The view or export's text.
    pub text: String,
    /// Whose board (an Observer's view needs it).
    pub side: Option<House>,
    /// List an export's points.
    pub list: bool,
    /// The board at an export's point N.
    pub at: Option<usize>,
}

fn stop(e: bosworth::ScenarioError) -> Stop {
    Stop::Error(e.to_string())
}

/// Runs `bosworth import`.
///
/// # Errors
/// The field that cannot be read, or an option that does not fit the file.
pub fn run(ask: &Ask) -> Result<String, Stop> {
    match bosworth_link::read_rtt(&ask.text).map_err(stop)? {
        Rtt::View(paste) => {
            if ask.list || ask.at.is_some() {
                return Err(Stop::Error(
                    "--list and --at read a finished game's export; this is a view of a game in \
                     progress: import it as it is"
                        .into(),
                ));
            }
            let imported = rtt::import_view(&paste, ask.side).map_err(stop)?;
            Ok(board(&imported))
        }
        Rtt::Export(export) => {
            if ask.list {
                let points = rtt::points(&export).map_err(stop)?;
                return Ok(list(&points));
            }
            let Some(n) = ask.at else {
                return Err(Stop::Error(
                    "--at: missing: this is a finished game's export; bosworth import EXPORT \
                     --list lists its points, --at N gives the board at one (bosworth game \
                     EXPORT lists its battles)"
                        .into(),
                ));
            };
            let imported = rtt::board_at(&export, n, ask.side).map_err(|e| {
                if e.field == "at" {
                    Stop::Error(format!("--at: {}", e.reason))
                } else {
                    stop(e)
                }
            })?;
            Ok(board(&imported))
        }
    }
}

/// The board as JSON on standard output, the notes on standard error.
fn board(imported: &Imported) -> String {
    for n in &imported.notes {
        eprintln!("note: {n}");
    }
    bosworth_link::board_to_pretty_json(&imported.board)
}

/// The points of a game, one a line.
fn list(points: &[rtt::Point]) -> String {
    let mut out = String::from("point  campaign  turn  house      card\n");
    for p in points {
        let card = p.card.map_or("?".to_string(), Played::words);
        let _ = writeln!(
            out,
            "{:>5}  {:>8}  {:>4}  {:<9}  {card}{}",
            p.index,
            p.campaign,
            p.turn,
            p.house.to_string(),
            if p.p1 == p.house {
                " (Player 1)"
            } else {
                " (Player 2)"
            }
        );
    }
    let _ = write!(
        out,
        "{} points; bosworth import EXPORT --at N [--side York|Lancaster] prints the board at one",
        points.len()
    );
    out
}
