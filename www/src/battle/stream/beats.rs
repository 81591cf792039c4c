//! The streamer view's replay, fire by fire: the replay's events cut at its checkpoints (a
//! *beat* is one turn and what it leads to: the dice, the hits, a block eliminated or turned, a
//! new round), and the field as it stands after any number of events. Plain data, no `Html`.

use bosworth::Side;
use bosworth::data::Colour;
use bosworth::play::replay::Replay;
use bosworth::rules::log::Event;
use bosworth::{Battle, Scenario};

/// One turn of the replay and what follows from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Beat {
    /// Its events are the replay's `start..end`.
    pub start: usize,
    /// One past its last event.
    pub end: usize,
    /// The battle as it stands after it, for the odds from there; `None` once the battle is over.
    pub after: Option<Scenario>,
}

/// The replay cut into beats: each ends where the next turn begins (at a checkpoint) or where
/// the battle ends. The events before the first turn (the Treason card's roll, D11) are a beat
/// of their own.
pub fn beats(replay: &Replay) -> Vec<Beat> {
    let n = replay.events.len();
    let mut out = Vec::new();
    let mut start = 0;
    for (at, scenario) in &replay.checkpoints {
        if *at > start {
            out.push(Beat {
                start,
                end: *at,
                after: Some(scenario.clone()),
            });
            start = *at;
        }
    }
    if n > start {
        out.push(Beat {
            start,
            end: n,
            after: None,
        });
    }
    out
}

/// How many beats are shown in full once `step` events are: the beat under way counts.
pub fn shown(beats: &[Beat], step: usize) -> usize {
    beats.iter().take_while(|b| b.start < step).count()
}

/// The step after the next beat (Space, the right arrow), at most the last event.
pub fn next_step(beats: &[Beat], step: usize) -> usize {
    beats
        .iter()
        .map(|b| b.end)
        .find(|e| *e > step)
        .unwrap_or(step)
}

/// The step before the current beat (the left arrow): the end of the beat before, or the start.
pub fn back_step(beats: &[Beat], step: usize) -> usize {
    beats
        .iter()
        .rev()
        .map(|b| b.end)
        .find(|e| *e < step)
        .unwrap_or(0)
}

/// Where a block stands on the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Active: acts and takes hits.
    Fighting,
    /// In reserve: neither acts nor takes hits until it arrives (6.3, D4).
    Reserve,
    /// Eliminated (6.8).
    Eliminated,
    /// Retreated out of the area (6.6).
    Retreated,
}

/// A block on the field at some point of the replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Its name as it fights now (its other version once turned).
    pub name: String,
    /// The side it fights for now.
    pub side: Side,
    /// Its house's colour, `None` for a what-if block.
    pub colour: Option<Colour>,
    /// The printed rating of the version it is now.
    pub rating: String,
    /// What its top left shows (loyalty, rose, heir's rank) and what that means.
    pub mark: (String, String),
    /// Strength now, and at most.
    pub strength: u8,
    /// Its maximum strength.
    pub max: u8,
    /// Where it stands.
    pub standing: Standing,
    /// It changed sides in this battle (6.9).
    pub turned: bool,
}

/// Every block as it stands once `step` events have happened, in the battle's order.
pub fn field(battle: &Battle, events: &[Event], step: usize) -> Vec<Piece> {
    let s = battle.initial_state();
    let mut pieces: Vec<Piece> = (0..battle.slots().len())
        .map(|i| {
            let v = s.version(battle, i);
            let standing = if s.strength(i) == 0 {
                Standing::Eliminated
            } else if s.has_retreated(i) {
                Standing::Retreated
            } else if s.is_reserve(i) {
                Standing::Reserve
            } else {
                Standing::Fighting
            };
            Piece {
                name: v.id.clone(),
                side: s.side_of(i),
                colour: v.data.map(|d| d.colour),
                rating: v.rating.to_string(),
                mark: v.data.map(crate::battle::roster::badge).unwrap_or_default(),
                strength: s.strength(i),
                max: v.max_strength,
                standing,
                turned: s.has_defected(i),
            }
        })
        .collect();
    let find = |pieces: &mut Vec<Piece>, name: &str| pieces.iter().position(|p| p.name == name);
    for e in events.iter().take(step) {
        match e {
            Event::Hit {
                block, strength, ..
            } => {
                if let Some(i) = find(&mut pieces, block) {
                    pieces[i].strength = *strength;
                }
            }
            Event::Eliminated { block, .. } | Event::CannotRetreat { block } => {
                if let Some(i) = find(&mut pieces, block) {
                    pieces[i].strength = 0;
                    pieces[i].standing = Standing::Eliminated;
                }
            }
            Event::Retreats { block, .. } => {
                if let Some(i) = find(&mut pieces, block) {
                    pieces[i].standing = Standing::Retreated;
                }
            }
            Event::Defects { block, becomes, to } => {
                if let Some(i) = find(&mut pieces, block) {
                    let data = bosworth::data::block(becomes);
                    let p = &mut pieces[i];
                    p.name = becomes.clone();
                    p.side = *to;
                    p.turned = true;
                    // A block that defects joins the other side as a reserve (6.9, D10, D11).
                    p.standing = Standing::Reserve;
                    if let Some(d) = data {
                        p.colour = Some(d.colour);
                        p.rating = d.rating.to_string();
                        p.mark = crate::battle::roster::badge(d);
                    }
                }
            }
            Event::RoundStarts { arrive, .. } => {
                for name in arrive {
                    if let Some(i) = find(&mut pieces, name) {
                        pieces[i].standing = Standing::Fighting;
                    }
                }
            }
            Event::Deploys { blocks, .. } => {
                for name in blocks {
                    if let Some(i) = find(&mut pieces, name) {
                        pieces[i].standing = Standing::Fighting;
                    }
                }
            }
            _ => {}
        }
    }
    pieces
}

/// The blocks a beat touches: who acted (and fired back) and who took hits, by name.
pub fn touched(events: &[Event]) -> (Vec<String>, Vec<String>) {
    let (mut acted, mut hit) = (Vec::new(), Vec::new());
    for e in events {
        match e {
            Event::Acts { block, .. } if block != "Treason card" => acted.push(block.clone()),
            Event::Hit { block, .. } | Event::Eliminated { block, .. } => hit.push(block.clone()),
            Event::Defects { becomes, .. } => hit.push(becomes.clone()),
            _ => {}
        }
    }
    (acted, hit)
}

/// The round a beat is fought in: its first turn's, else the last round begun before it.
pub fn round_of(events: &[Event], beat: &Beat) -> u8 {
    events[beat.start..beat.end]
        .iter()
        .find_map(|e| match e {
            Event::Acts { round, .. } => Some(*round),
            _ => None,
        })
        .unwrap_or_else(|| {
            events[..beat.start]
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::RoundStarts { round, .. } => Some(*round),
                    Event::Acts { round, .. } => Some(*round),
                    _ => None,
                })
                .unwrap_or(1)
        })
}

/// A beat in a few words, for the list of earlier fires: who did what and what it did
/// ("Kent/Y fires: 2 hits · Somerset −2 · Somerset eliminated").
pub fn summary(events: &[Event]) -> String {
    let mut parts: Vec<String> = Vec::new();
    // A block that retreats on its turn says so once.
    let mut withdrew: Vec<&str> = Vec::new();
    for e in events {
        match e {
            Event::Acts {
                block,
                action,
                target,
                dice,
                hits,
                ..
            } => {
                let target = target.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
                parts.push(match action.as_str() {
                    "fire" => format!(
                        "{block} fires: {}",
                        crate::battle::narrate::hits_word(*hits)
                    ),
                    "counter-fire" => format!(
                        "{block} fires back: {}",
                        crate::battle::narrate::hits_word(*hits)
                    ),
                    "charge" => format!(
                        "{block} charges{target}: {}",
                        crate::battle::narrate::hits_word(*hits)
                    ),
                    "treachery" | "treason" if dice.is_empty() => {
                        format!("{block}: {action} against{target}")
                    }
                    "treachery" => format!(
                        "{block}'s Treachery against{target} {}",
                        if *hits > 0 { "works" } else { "fails" }
                    ),
                    "treason" => format!(
                        "the Treason card against{target} {}",
                        if *hits > 0 { "works" } else { "fails" }
                    ),
                    "pass" => format!("{block} passes"),
                    "retreat" => {
                        withdrew.push(block);
                        format!("{block} retreats")
                    }
                    other => format!("{block}: {other}"),
                });
            }
            Event::Hit { block, hits, .. } => parts.push(format!("{block} −{hits}")),
            Event::Eliminated { block, .. } | Event::CannotRetreat { block } => {
                parts.push(format!("{block} eliminated"))
            }
            Event::Defects { block, becomes, .. } => {
                parts.push(format!("{block} turns: {becomes}"))
            }
            Event::ControlChanges { .. } => parts.push("control changes".to_string()),
            Event::Retreats { block, .. } if !withdrew.contains(&block.as_str()) => {
                parts.push(format!("{block} leaves the field"))
            }
            _ => {}
        }
    }
    parts.join(" · ")
}
