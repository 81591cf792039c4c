//! A finished game's export (`/api/export/GAME_ID`): the points a player could have planned
//! from (each action phase of the game), and the board at each, from the snapshots and the log.

use super::format::{Export, Log, State};
use super::import::{Imported, Moment, import};
use super::log;
use crate::board::{Event, Played};
use crate::data::House;
use crate::scenario::ScenarioError;

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// The three scenarios of *Richard III* on RTT.
pub const SCENARIOS: [&str; 3] = ["Wars of the Roses", "Kingmaker", "Richard III"];

/// One action phase of the game: a point a player could plan from.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    /// Its number in the game, from 1.
    pub index: usize,
    /// The campaign, from 1.
    pub campaign: u8,
    /// The turn of the campaign, 1 to 7.
    pub turn: u8,
    /// Whose action phase.
    pub house: House,
    /// The card he played (read from the log's `York plays a 3.`).
    pub card: Option<Played>,
    /// Player 1 this turn.
    pub p1: House,
    /// The log entry `Start York turn.` that begins it.
    pub entry: usize,
}

/// An export checked: the game is *Richard III*, and the final log and the snapshots are there.
///
/// # Errors
/// The field that is wrong.
pub fn check(export: &Export) -> Result<&[String]> {
    let Some(setup) = &export.setup else {
        return err(
            "setup",
            "missing: an export of a finished game has {setup, players, state, replay, snaps}",
        );
    };
    match setup.title_id.as_deref() {
        Some("richard-iii") => {}
        Some(t) => {
            return err(
                "setup.title_id",
                format!("'{t}' is another game of Rally the Troops: Bosworth reads Richard III's"),
            );
        }
        None => return err("setup.title_id", "missing: which game this is"),
    }
    match setup.scenario.as_deref() {
        Some(s) if SCENARIOS.contains(&s) => {}
        Some(s) => {
            return err(
                "setup.scenario",
                format!(
                    "'{s}' is no scenario of Richard III ({})",
                    SCENARIOS.join(", ")
                ),
            );
        }
        None => return err("setup.scenario", "missing: which scenario was played"),
    }
    if export.snaps.is_empty() {
        return err(
            "snaps",
            "empty: the export has no snapshots of the game to read the blocks from (download it \
             again from /api/export/GAME_ID)",
        );
    }
    match export.state.as_ref().map(|s| &s.log) {
        Some(Log::Lines(lines)) if !lines.is_empty() => Ok(lines),
        _ => err("state.log", "missing: the game's log"),
    }
}

/// The card a log line says a house played this turn: `York plays a 3.`, `York plays Piracy.`
pub fn played(log: &[String], house: House) -> Option<Played> {
    let head = format!("{house} plays ");
    let e = log[log::turn_start(log)..]
        .iter()
        .rev()
        .find_map(|e| e.strip_prefix(&head))?;
    let what = e.trim_end_matches('.');
    match what.strip_prefix("a ").or(what.strip_prefix("an ")) {
        Some(n) => n
            .parse()
            .ok()
            .filter(|p| (2..=4).contains(p))
            .map(Played::Points),
        None => Event::named(what).map(Played::Event),
    }
}

/// Every action phase of the game, in order.
///
/// # Errors
/// The export is not a *Richard III* game with its log and snapshots ([`check`]).
pub fn points(export: &Export) -> Result<Vec<Point>> {
    let lines = check(export)?;
    let mut out = Vec::new();
    for (k, e) in lines.iter().enumerate() {
        let Some(house) = e
            .strip_prefix("Start ")
            .and_then(|r| r.strip_suffix(" turn."))
            .and_then(log::house_named)
        else {
            continue;
        };
        let upto = &lines[..=k];
        let Some((turn, campaign)) = log::turn(upto) else {
            continue;
        };
        let p1 = log::phases(upto).first().copied().unwrap_or(house);
        out.push(Point {
            index: out.len() + 1,
            campaign,
            turn,
            house,
            card: played(upto, house),
            p1,
            entry: k,
        });
    }
    Ok(out)
}

/// The snapshot that shows the blocks as they stood when the point's action phase began: the
/// last one taken with no more of the log than up to its `Start ... turn.` entry (moves are
/// logged at the end of a phase, so none of this phase's moves is in it).
fn snapshot(export: &Export, entry: usize) -> Option<(usize, &State)> {
    export
        .snaps
        .iter()
        .enumerate()
        .rfind(|(_, (_, s))| matches!(s.log, Log::Length(n) if n <= entry + 1))
        .map(|(i, (_, s))| (i, s))
}

/// The board at point `n` (from 1) as `side` may see it (default: the house whose phase it is).
///
/// # Errors
/// `n` past the game's points, or the export unreadable.
pub fn board_at(export: &Export, n: usize, side: Option<House>) -> Result<Imported> {
    let all = points(export)?;
    let Some(point) = n.checked_sub(1).and_then(|i| all.get(i)) else {
        return err(
            "at",
            format!(
                "{n}: the game has {} points to plan from, 1 to {} (bosworth import EXPORT --list)",
                all.len(),
                all.len()
            ),
        );
    };
    let lines = check(export)?;
    let Some((i, state)) = snapshot(export, point.entry) else {
        return err(
            "snaps",
            format!(
                "no snapshot before point {n} (campaign {}, turn {}): the blocks cannot be read",
                point.campaign, point.turn
            ),
        );
    };
    let upto = &lines[..=point.entry];
    let mut m = Moment::of_state(format!("snaps[{i}][1]"), state, upto);
    let house = side.unwrap_or(point.house);
    let yours = |h: House| {
        (h == house || h == point.house)
            .then(|| played(upto, h))
            .flatten()
    };
    m.y_card = yours(House::York).or_else(|| played(upto, House::York));
    m.l_card = yours(House::Lancaster).or_else(|| played(upto, House::Lancaster));
    m.active = Some(match point.house {
        House::York => "York",
        House::Lancaster => "Lancaster",
    });
    m.phase = Some("action_phase");
    m.p1 = Some(point.p1);
    m.battle = None;
    m.ap_left = point.card.map(Played::points);
    import(&m, house)
}
