//! A replay's events in words: each with the rule applied, the sides named by the role they
//! have at that moment (after a control change in round 1 the attacker as entered is "now
//! defending", 6.3, D5), and a fire above its printed rating with the reason (2.2-2.6, D7).

use bosworth::Side;
use bosworth::play::order::role;
use bosworth::rules::log::Event;

/// "1 hit", "2 hits".
pub fn hits_word(n: u8) -> String {
    format!("{n} hit{}", if n == 1 { "" } else { "s" })
}

/// Whether the roles have changed (D5) once `events` have happened, from a battle whose roles
/// had changed (`at_start`) or not when they began.
pub fn swapped_after(events: &[Event], at_start: bool) -> bool {
    let changes = events
        .iter()
        .filter(|e| matches!(e, Event::ControlChanges { .. }))
        .count();
    (changes % 2 == 1) != at_start
}

/// A side in words as the battle stands: "the defender", or after a control change "the
/// attacker (now defending)".
fn side_words(side: Side, swapped: bool) -> String {
    if swapped {
        format!("the {} ({})", side.name(), role(side, true))
    } else {
        format!("the {}", side.name())
    }
}

/// One event as a sentence, with the rule applied; `swapped` says whether the sides have
/// changed roles (D5) before it.
pub fn describe_in(event: &Event, swapped: bool) -> String {
    match event {
        Event::RoundStarts { round, arrive } if arrive.is_empty() => {
            format!("Round {round} begins.")
        }
        Event::RoundStarts { round, arrive } => {
            format!(
                "Round {round} begins; from reserve: {} (6.3, D4).",
                arrive.join(", ")
            )
        }
        Event::Acts {
            block,
            side,
            action,
            target,
            rating,
            dice,
            hits,
            rule,
            bonus,
            ..
        } => {
            let dice = dice
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            // The rating in brackets after the block: "Herbert (A2) fires", never "fires at A2",
            // which reads as a target; after a control change its role too.
            let block = match (rating, swapped) {
                (Some(r), false) => format!("{block} ({r})"),
                (Some(r), true) => format!("{block} ({}, {r})", role(*side, true)),
                (None, true) if block != "Treason card" => {
                    format!("{block} ({})", role(*side, true))
                }
                (None, _) => block.clone(),
            };
            let target = target.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
            // Why the rating is above the printed one (a shield, the crown, control changed).
            let why = if bonus.is_empty() {
                String::new()
            } else {
                format!(" {}.", bonus.join("; "))
            };
            let line = match action.as_str() {
                "fire" | "counter-fire" => format!(
                    "{block} {action}s{target}: rolls [{dice}], {} ({rule}).",
                    hits_word(*hits)
                ),
                "charge" => format!(
                    "{block} charges{target}: rolls [{dice}], {} ({rule}).",
                    hits_word(*hits)
                ),
                "treachery" | "treason" => format!(
                    "{block}: {action} against{target}, rolls [{dice}]: {} ({rule}).",
                    if *hits > 0 { "it works" } else { "it fails" }
                ),
                "pass" => format!("{block} passes ({rule})."),
                "retreat" => format!("{block} retreats ({rule})."),
                other => format!("{block}: {other}{target} [{dice}] ({rule})."),
            };
            line + &why
        }
        Event::Hit {
            block,
            hits,
            strength,
            rule,
        } => {
            format!(
                "{block} takes {}, strength now {strength} ({rule}).",
                hits_word(*hits)
            )
        }
        Event::Eliminated { block, fate } => format!("{block} is eliminated: {fate}."),
        Event::HitsLost { hits, rule } => format!("{} lost ({rule}).", hits_word(*hits)),
        Event::Defects { block, becomes, to } => {
            format!(
                "{block} defects and becomes {becomes}, now with {} (6.9).",
                side_words(*to, swapped)
            )
        }
        Event::Deploys { side, blocks } => {
            format!(
                "The reserves of {} deploy at once: {} (6.3, D4).",
                side_words(*side, swapped),
                blocks.join(", ")
            )
        }
        Event::ControlChanges { defender } => format!(
            "Control changes: the {} now defends and the {} now attacks, for the rest of the battle (6.3, D5).",
            defender.name(),
            defender.other().name()
        ),
        Event::Retreats { block, strength } => {
            format!("{block} retreats with strength {strength} (6.6).")
        }
        Event::CannotRetreat { block } => {
            format!("{block} cannot retreat and is eliminated (6.6, D12).")
        }
        Event::Ends {
            round,
            holder: Some(s),
        } => {
            format!(
                "The battle ends in round {round}: {} holds the area.",
                side_words(*s, swapped)
            )
        }
        Event::Ends {
            round,
            holder: None,
        } => format!("The battle ends in round {round}: the area is left vacant."),
    }
}

/// Every event in words, each with the roles as they stand before it (the battle began with
/// them changed, `at_start`, or not).
pub fn describe_all(events: &[Event], at_start: bool) -> Vec<String> {
    let mut swapped = at_start;
    events
        .iter()
        .map(|e| {
            let line = describe_in(e, swapped);
            if matches!(e, Event::ControlChanges { .. }) {
                swapped = !swapped;
            }
            line
        })
        .collect()
}

/// The round and acting block of the event at `step` (for highlighting the fire order).
pub fn position(events: &[Event], step: usize) -> Option<(u8, String)> {
    let mut round = 0;
    let mut actor = None;
    for e in events.iter().take(step) {
        match e {
            Event::RoundStarts { round: r, .. } => {
                round = *r;
                actor = None;
            }
            Event::Acts {
                round: r, block, ..
            } => {
                round = *r;
                actor = Some(block.clone());
            }
            _ => {}
        }
    }
    actor.map(|a| (round, a))
}
