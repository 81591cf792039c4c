//! Reading RTT's game log (`../shared/rtt/README.md`, the log): the turn's start, who moved
//! first, each player's moves group by group, and the eliminations of the campaign. One log
//! entry may hold several lines joined by `\n` (a player's moves come as one entry).

use crate::data::House;

/// A house as the log names it.
pub fn house_named(name: &str) -> Option<House> {
    match name {
        "York" => Some(House::York),
        "Lancaster" => Some(House::Lancaster),
        _ => None,
    }
}

/// One group of a player's moves: `2 Glamorgan → Pembroke*`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// How many blocks moved together.
    pub blocks: u8,
    /// The areas (and sea zones) they passed through, from where they started to where they
    /// stopped.
    pub path: Vec<String>,
    /// `*`: they entered an enemy-held area across the Main Attack's border (6.3).
    pub main: bool,
}

impl Group {
    /// Where the group stopped.
    pub fn end(&self) -> &str {
        self.path.last().map_or("", String::as_str)
    }

    /// Where it came from into its last area: the area (or sea zone) before it.
    pub fn from(&self) -> Option<&str> {
        self.path
            .len()
            .checked_sub(2)
            .map(|i| self.path[i].as_str())
    }
}

/// A group line, `N A → B → C` with `*` after the last area for the Main Attack.
pub fn group(line: &str) -> Option<Group> {
    let (n, rest) = line.trim().split_once(' ')?;
    let blocks: u8 = n.parse().ok()?;
    let mut path: Vec<String> = rest.split('→').map(|a| a.trim().to_string()).collect();
    if path.len() < 2 || path.iter().any(String::is_empty) {
        return None;
    }
    let last = path.last_mut()?;
    let main = last.ends_with('*');
    if main {
        last.pop();
    }
    Some(Group { blocks, path, main })
}

/// Where the current turn's entries begin: the index of the last `Start Turn N of campaign M.`
/// entry (0 when there is none).
pub fn turn_start(log: &[String]) -> usize {
    log.iter()
        .rposition(|e| e.starts_with("Start Turn "))
        .unwrap_or(0)
}

/// The turn and campaign of the last `Start Turn N of campaign M.` entry.
pub fn turn(log: &[String]) -> Option<(u8, u8)> {
    let e = log.iter().rev().find(|e| e.starts_with("Start Turn "))?;
    let rest = e.strip_prefix("Start Turn ")?.trim_end_matches('.');
    let (t, c) = rest.split_once(" of campaign ")?;
    Some((t.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// The houses whose action phases have begun this turn, in order: `Start York turn.`
pub fn phases(log: &[String]) -> Vec<House> {
    log[turn_start(log)..]
        .iter()
        .filter_map(|e| {
            e.strip_prefix("Start ")
                .and_then(|r| r.strip_suffix(" turn."))
                .and_then(house_named)
        })
        .collect()
}

/// Every group `house` moved this turn (its moves entry, `York moves:`), in the log's order.
pub fn moves(log: &[String], house: House) -> Vec<Group> {
    let head = format!("{house} moves:");
    log[turn_start(log)..]
        .iter()
        .filter(|e| e.starts_with(&head))
        .flat_map(|e| e.lines().skip(1).filter_map(group))
        .collect()
}

/// The person names the log says were eliminated since the campaign began (`X is eliminated.`).
pub fn eliminated_this_campaign(log: &[String]) -> Vec<String> {
    let start = log
        .iter()
        .rposition(|e| e.starts_with("Start Campaign "))
        .unwrap_or(0);
    log[start..]
        .iter()
        .flat_map(|e| e.lines())
        .filter_map(|l| l.strip_suffix(" is eliminated."))
        .map(str::to_string)
        .collect()
}

/// The action points left, as the prompt says them: `"... 2AP left."`.
pub fn ap_left(prompt: &str) -> Option<u8> {
    let at = prompt.find("AP left")?;
    let digits: String = prompt[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.chars().rev().collect::<String>().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(entries: &[&str]) -> Vec<String> {
        entries.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_players_moves_group_by_group_with_the_main_attack_marked() {
        let l = log(&[
            "Start Turn 4 of campaign 1.",
            "Lancaster plays a 3.",
            "Start York turn.",
            "York moves:\n1 Cornwall → Irish Sea → Caernarvon\n2 Glamorgan → Pembroke*\n1 Powys → Pembroke",
            "Start Lancaster turn.",
        ]);
        let m = moves(&l, House::York);
        assert_eq!(m.len(), 3);
        assert_eq!(
            (m[1].blocks, m[1].end(), m[1].from(), m[1].main),
            (2, "Pembroke", Some("Glamorgan"), true)
        );
        assert_eq!((m[0].from(), m[2].main), (Some("Irish Sea"), false));
        assert!(moves(&l, House::Lancaster).is_empty());
        assert_eq!(phases(&l), vec![House::York, House::Lancaster]);
        assert_eq!(turn(&l), Some((4, 1)));
    }

    #[test]
    fn only_this_turns_moves_count() {
        let l = log(&[
            "Start Turn 1 of campaign 2.",
            "Start York turn.",
            "York moves:\n1 Kent → Sussex",
            "Start Turn 2 of campaign 2.",
            "Start Lancaster turn.",
        ]);
        assert!(moves(&l, House::York).is_empty());
        assert_eq!(phases(&l), vec![House::Lancaster]);
    }

    #[test]
    fn the_prompt_says_the_action_points_left() {
        assert_eq!(
            ap_left("Action Phase: Choose an army to move or recruit. 2AP left."),
            Some(2)
        );
        assert_eq!(
            ap_left("Piracy: Choose an army to sea move. Attacking is allowed. 12AP left."),
            Some(12)
        );
        assert_eq!(ap_left("Battle in Kent."), None);
    }

    #[test]
    fn eliminations_since_the_campaign_began() {
        let l = log(&[
            "Start Campaign 1.",
            "Exeter is eliminated.",
            "Start Campaign 2.",
            "Battle in Oxford.\nFrench Mercenary is eliminated.",
        ]);
        assert_eq!(
            eliminated_this_campaign(&l),
            vec!["French Mercenary".to_string()]
        );
    }
}
