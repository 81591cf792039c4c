//! Moving on the map (5.2, 5.21, 6.3, 6.6): which areas share a land border, how many blocks
//! may cross it, the estuaries no land move crosses, how many borders an attack or a
//! reinforcement may use, and a side's retreat capacity worked out from the map (D12).
//!
//! Plain functions over the printed map ([`crate::data`]): the battle's validation
//! (`validate.rs`) checks a battle's borders with them, and the attack planner
//! ([`crate::board`]) works out every move with them.

use crate::data::{AREAS, Area, BORDERS, Border, BorderKind, House};

/// An attack crosses at most three different borders into its area, one of them the Main
/// Attack (6.3).
pub const ATTACK_BORDERS: usize = 3;

/// Player 2's blocks reinforcing a battle Player 1 started cross at most two different borders
/// (6.3).
pub const REINFORCEMENT_BORDERS: usize = 2;

/// The three estuaries of the map (5.2, Estuaries): neighbours on the map with no land border
/// between them, crossed only by a sea move.
pub const ESTUARIES: [(&str, &str); 3] = [
    ("Glamorgan", "Somerset"),
    ("East Yorks", "Lincoln"),
    ("Kent", "Essex"),
];

/// The index of an area in [`AREAS`] (case-insensitive), for tables indexed by area.
pub fn area_index(name: &str) -> Option<usize> {
    let name = name.trim();
    AREAS.iter().position(|a| a.name.eq_ignore_ascii_case(name))
}

/// The index of the land border between two areas in [`BORDERS`], if they share one (sea links
/// are not land borders: no land move, attack or retreat crosses them, 5.2, 5.3, D12).
pub fn land_border_index(a: &str, b: &str) -> Option<usize> {
    BORDERS.iter().position(|x| {
        x.kind != BorderKind::Sea && ((x.a == a && x.b == b) || (x.a == b && x.b == a))
    })
}

/// The land border between two areas, if they share one.
pub fn land_border(a: &str, b: &str) -> Option<&'static Border> {
    land_border_index(a, b).map(|i| &BORDERS[i])
}

/// An area's land neighbours, each with the index of the border between them in [`BORDERS`].
pub fn land_neighbours(area: &str) -> impl Iterator<Item = (&'static Area, usize)> + '_ {
    BORDERS.iter().enumerate().filter_map(move |(i, b)| {
        if b.kind == BorderKind::Sea {
            return None;
        }
        let other = if b.a == area {
            b.b
        } else if b.b == area {
            b.a
        } else {
            return None;
        };
        AREAS.iter().find(|a| a.name == other).map(|a| (a, i))
    })
}

/// True if the two areas lie across one of the three estuaries (5.2).
pub fn estuary(a: &str, b: &str) -> bool {
    ESTUARIES
        .iter()
        .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
}

/// Why a land move from `from` to `to` is impossible when they share no land border: the words
/// of the error messages ("Essex and Kent share no land border (5.2, estuary: only a sea move
/// crosses it)").
pub fn no_land_border(from: &str, to: &str) -> String {
    if estuary(from, to) {
        format!("{from} and {to} share no land border (5.2, estuary: only a sea move crosses it)")
    } else {
        format!("{from} and {to} share no land border (5.2)")
    }
}

/// A border's type in players' words: "major (yellow)", "river (blue)", "minor (red)" (5.21).
pub fn kind_words(kind: BorderKind) -> &'static str {
    match kind {
        BorderKind::Major => "major (yellow)",
        BorderKind::River => "river (blue)",
        BorderKind::Minor => "minor (red)",
        BorderKind::Sea => "sea",
    }
}

/// The message for too many blocks of one player across one border in one turn (5.21):
/// "Middlesex-Kent is a river (blue) border: at most 3 blocks, 4 cross it (5.21)".
pub fn over_limit(from: &str, to: &str, kind: BorderKind, crossing: usize) -> String {
    format!(
        "{from}-{to} is a {} border: at most {} blocks, {crossing} cross it (5.21)",
        kind_words(kind),
        kind.limit()
    )
}

/// True if blocks of `house` may ever stand in `area`: never in the other house's exile areas
/// (2.7), which they can neither enter nor attack.
pub fn may_enter(area: &Area, house: House) -> bool {
    area.exile.is_none_or(|owner| owner == house)
}

/// Who holds a neighbouring area, for retreats (6.6): blocks retreat only to an adjacent
/// friendly or vacant area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// No block stands there.
    Vacant,
    /// Only this house's blocks stand there.
    House(House),
    /// Blocks of both houses, awaiting their own battle (2.1): friendly to neither.
    Contested,
}

/// One land border of a battle's area and who may retreat across it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exit {
    /// The neighbouring area.
    pub area: &'static Area,
    /// The border's type (its limit counts retreating blocks each round, 6.6, D12).
    pub kind: BorderKind,
    /// Who holds the neighbour.
    pub holder: Holder,
    /// The attacker's blocks entered the battle across it (5.22, 6.6).
    pub attacker_entered: bool,
    /// The defender's reinforcements entered across it (6.3, 6.6).
    pub defender_entered: bool,
}

/// Why a side may not retreat across one of its area's land borders (2.7, 6.6, R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The neighbour is an exile area of the enemy, where the side's blocks never stand (2.7).
    Exile,
    /// The enemy holds the neighbour: retreats go only to friendly or vacant areas (6.6).
    Enemy,
    /// Blocks of both houses stand in the neighbour, friendly to neither (2.1, 6.6).
    Contested,
    /// The enemy's blocks entered the battle across it (6.6); a border both sides entered by is
    /// Player 2's, the defender's (6.3, 6.6, R20).
    Crossed,
}

impl Closed {
    /// In players' words, with the rule: "Lancaster holds it (6.6)".
    pub fn words(self, enemy: House) -> String {
        match self {
            Closed::Exile => format!("an exile area of {enemy} (2.7)"),
            Closed::Enemy => format!("{enemy} holds it (6.6)"),
            Closed::Contested => "contested, friendly to neither side (6.6)".to_string(),
            Closed::Crossed => format!("{enemy} entered the battle across it (6.6)"),
        }
    }
}

/// Whether a side may retreat across one land border of the battle's area, and if not why
/// (6.6, D12, R20): a border is closed to a side when the neighbour beyond is an exile area of
/// the enemy (2.7), is held by the enemy or contested (6.6: friendly or vacant only), or when the
/// enemy entered the battle across it; when both sides entered across the same border, only
/// Player 2 may retreat through it (6.6): the defender's reinforcements are always Player 2's
/// (6.3), so the border is the defender's.
pub fn closed(exit: &Exit, houses: [House; 2], attacker: bool) -> Option<Closed> {
    let own = houses[!attacker as usize];
    if !may_enter(exit.area, own) {
        return Some(Closed::Exile);
    }
    match exit.holder {
        Holder::Vacant => {}
        Holder::House(h) if h == own => {}
        Holder::House(_) => return Some(Closed::Enemy),
        Holder::Contested => return Some(Closed::Contested),
    }
    let crossed = if attacker {
        exit.defender_entered
    } else {
        exit.attacker_entered && !exit.defender_entered
    };
    crossed.then_some(Closed::Crossed)
}

/// A side's retreat capacity from the map (6.6, D12): the sum of the limits of the land
/// borders of the battle's area it may use, those not [`closed`] to it.
pub fn retreat_capacity(exits: &[Exit], houses: [House; 2], attacker: bool) -> u8 {
    exits
        .iter()
        .filter(|e| closed(e, houses, attacker).is_none())
        .map(|e| e.kind.limit())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estuaries_have_no_land_border() {
        for (a, b) in ESTUARIES {
            assert!(land_border(a, b).is_none(), "{a}-{b}");
            assert!(no_land_border(a, b).contains("estuary"));
        }
        assert_eq!(
            land_border("Kent", "Middlesex").map(|b| b.kind),
            Some(BorderKind::River)
        );
        // A sea link is no land border.
        assert!(land_border("Kent", "North Sea").is_none());
        assert_eq!(
            no_land_border("Essex", "Sussex"),
            "Essex and Sussex share no land border (5.2)"
        );
    }

    #[test]
    fn kent_has_two_land_neighbours() {
        let mut n: Vec<&str> = land_neighbours("Kent").map(|(a, _)| a.name).collect();
        n.sort();
        assert_eq!(n, ["Middlesex", "Sussex"]);
    }
}
