//! A replay's events in words.

use bosworth::Side;
use bosworth::rules::log::Event;

fn holder(h: &Option<Side>) -> String {
    match h {
        Some(s) => format!("the {} holds the area", s.name()),
        None => "the area is left vacant".to_string(),
    }
}

/// One event as a sentence, with the rule applied.
pub fn describe(event: &Event) -> String {
    match event {
        Event::RoundStarts { round, arrive } if arrive.is_empty() => format!("Round {round} begins."),
        Event::RoundStarts { round, arrive } => {
            format!("Round {round} begins; from reserve: {} (6.3, D4).", arrive.join(", "))
        }
        Event::Acts { block, action, target, rating, dice, hits, rule, .. } => {
            let dice = dice.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ");
            // The rating in brackets after the block: "Herbert (A2) fires", never "fires at A2",
            // which reads as a target.
            let block = match rating {
                Some(r) => format!("{block} ({r})"),
                None => block.clone(),
            };
            let target = target.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
            match action.as_str() {
                "fire" | "counter-fire" => {
                    format!("{block} {action}s{target}: rolls [{dice}], {hits} hit{} ({rule}).", if *hits == 1 { "" } else { "s" })
                }
                "charge" => format!("{block} charges{target}: rolls [{dice}], {hits} hit{} ({rule}).", if *hits == 1 { "" } else { "s" }),
                "treachery" | "treason" => format!(
                    "{block}: {action} against{target}, rolls [{dice}]: {} ({rule}).",
                    if *hits > 0 { "it works" } else { "it fails" }
                ),
                "pass" => format!("{block} passes ({rule})."),
                "retreat" => format!("{block} retreats ({rule})."),
                other => format!("{block}: {other}{target} [{dice}] ({rule})."),
            }
        }
        Event::Hit { block, hits, strength, rule } => {
            format!("{block} takes {hits} hit{}, strength now {strength} ({rule}).", if *hits == 1 { "" } else { "s" })
        }
        Event::Eliminated { block, fate } => format!("{block} is eliminated: {fate}."),
        Event::HitsLost { hits, rule } => format!("{hits} hit{} lost ({rule}).", if *hits == 1 { "" } else { "s" }),
        Event::Defects { block, becomes, to } => format!("{block} defects and becomes {becomes}, now with the {} (6.9).", to.name()),
        Event::Deploys { side, blocks } => format!("The {}'s reserves deploy at once: {} (6.3, D4).", side.name(), blocks.join(", ")),
        Event::ControlChanges { defender } => format!("Control changes: the {} now defends (6.3, D5).", defender.name()),
        Event::Retreats { block, strength } => format!("{block} retreats with strength {strength} (6.6)."),
        Event::CannotRetreat { block } => format!("{block} cannot retreat and is eliminated (6.6, D12)."),
        Event::Ends { round, holder: h } => format!("The battle ends in round {round}: {}.", holder(h)),
    }
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
            Event::Acts { round: r, block, .. } => {
                round = *r;
                actor = Some(block.clone());
            }
            _ => {}
        }
    }
    actor.map(|a| (round, a))
}
