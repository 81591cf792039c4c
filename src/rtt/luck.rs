//! The dice of a battle as RTT's log shows them, and each side's luck over them (6.4, 6.5, D9).
//!
//! A fire line is `Y: Suffolk B2+1 fires ❶❸⑥.`: the side (`Y:` or `L:`), the block's name, its
//! rating with any defensive bonus (`B2+1` fires at 3), and one circled digit per die, filled
//! (❶-❻) for a hit and outlined (①-⑥) for a miss, the digit the die's face. A charge is
//! `Y: Rutland B1 charges Beaumont ②④.` and the target's bonus fire back (D9)
//! `L: Beaumont B2+1 counter-attacks ❸④.`. Treachery and Treason card rolls (`... converts
//! Kent!`, `... fails to convert Salisbury.`) are no fire and count for no side's luck (R32).

use crate::data::House;
use serde::Serialize;

/// What a roll was (6.4, 6.5, D9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    /// A block's fire on its battle turn (6.4).
    Fire,
    /// The senior heir's charge at a named block (6.5, D9).
    Charge,
    /// A charge target's bonus fire back at the heir (6.5, D9, R9).
    CounterAttack,
}

/// One roll of the dice in a battle, as the log shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Roll {
    /// The house whose block rolled.
    pub side: House,
    /// The rolling block's project id (`Suffolk`, `Warwick/Y`).
    pub block: String,
    /// Its firepower with any bonus (`B2+1`: 3): a die hits on this or less (6.4).
    pub fire: u8,
    /// The faces rolled, one per die.
    pub dice: Vec<u8>,
    /// Hits scored: the filled digits.
    pub hits: u8,
    /// Fire, charge or counter-attack.
    pub kind: RollKind,
}

/// A side's luck over a set of rolls: hits scored against hits expected.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Luck {
    /// Hits scored.
    pub hits: u32,
    /// Hits expected: each roll's dice times f/6, f its firepower (6.4).
    pub expected: f64,
    /// The variance of the hits: the sum over the dice of f/6 (1 - f/6).
    pub variance: f64,
    /// (hits - expected) / sqrt(variance); 0 when the variance is 0.
    pub z: f64,
}

impl Luck {
    /// `side`'s luck over `rolls` (the other side's rolls are skipped).
    pub fn of<'a>(rolls: impl IntoIterator<Item = &'a Roll>, side: House) -> Luck {
        let mut luck = Luck::default();
        for r in rolls.into_iter().filter(|r| r.side == side) {
            let p = f64::from(r.fire.min(6)) / 6.0;
            let n = r.dice.len() as f64;
            luck.hits += u32::from(r.hits);
            luck.expected += n * p;
            luck.variance += n * p * (1.0 - p);
        }
        luck.with_z()
    }

    /// The sum of several lucks, z worked out again over the whole.
    pub fn sum<'a>(lucks: impl IntoIterator<Item = &'a Luck>) -> Luck {
        let mut total = Luck::default();
        for l in lucks {
            total.hits += l.hits;
            total.expected += l.expected;
            total.variance += l.variance;
        }
        total.with_z()
    }

    fn with_z(mut self) -> Luck {
        self.z = if self.variance > 0.0 {
            (f64::from(self.hits) - self.expected) / self.variance.sqrt()
        } else {
            0.0
        };
        self
    }
}

/// A battle line read: a roll of the dice by a block named as the log names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The side whose block rolled (`Y:` or `L:`).
    pub side: House,
    /// The block's name as the log writes it, without `/Y` or `/L`.
    pub name: String,
    /// The firepower with its bonus.
    pub fire: u8,
    /// Each die: (face, hit).
    pub dice: Vec<(u8, bool)>,
    /// Fire, charge or counter-attack.
    pub kind: RollKind,
    /// A charge's target, as the log names it.
    pub target: Option<String>,
}

/// The side a battle line's prefix names, and the rest: `Y: ...` or `L: ...`.
pub fn side_of(line: &str) -> Option<(House, &str)> {
    if let Some(rest) = line.strip_prefix("Y: ") {
        Some((House::York, rest))
    } else {
        line.strip_prefix("L: ")
            .map(|rest| (House::Lancaster, rest))
    }
}

/// One die's circled digit: (face, hit). Filled ❶-❻ are hits, outlined ①-⑥ misses.
pub fn die(c: char) -> Option<(u8, bool)> {
    let u = c as u32;
    match u {
        0x2776..=0x277B => Some(((u - 0x2776 + 1) as u8, true)),
        0x2460..=0x2465 => Some(((u - 0x2460 + 1) as u8, false)),
        _ => None,
    }
}

/// A rating as the log writes it, `B2` or `A1+1`: the firepower with the bonus added (6.4).
pub fn fire_of(rating: &str) -> Option<u8> {
    let mut chars = rating.chars();
    if !matches!(chars.next(), Some('A'..='D')) {
        return None;
    }
    let rest = chars.as_str();
    let (base, bonus) = match rest.split_once('+') {
        Some((b, p)) => (b, p.parse::<u8>().ok()?),
        None => (rest, 0),
    };
    let base: u8 = base.parse().ok()?;
    Some(base + bonus)
}

/// Reads a roll line: a fire, a charge or a counter-attack; `None` for any other line
/// (Treachery, retreats, eliminations, the round's header...).
pub fn line(text: &str) -> Option<Line> {
    let (side, rest) = side_of(text.trim())?;
    let rest = rest.strip_suffix('.').unwrap_or(rest);
    let (who, verb, after) = [
        (" fires ", RollKind::Fire),
        (" charges ", RollKind::Charge),
        (" counter-attacks ", RollKind::CounterAttack),
    ]
    .into_iter()
    .find_map(|(word, kind)| rest.split_once(word).map(|(w, a)| (w, kind, a)))?;
    let (name, rating) = who.rsplit_once(' ')?;
    let fire = fire_of(rating)?;
    let dice_at = after.find(|c| die(c).is_some())?;
    let dice: Vec<(u8, bool)> = after[dice_at..].chars().filter_map(die).collect();
    if after[dice_at..]
        .chars()
        .any(|c| die(c).is_none() && !c.is_whitespace())
    {
        return None;
    }
    let target = after[..dice_at].trim();
    let target = (verb == RollKind::Charge && !target.is_empty()).then(|| target.to_string());
    Some(Line {
        side,
        name: name.to_string(),
        fire,
        dice,
        kind: verb,
        target,
    })
}

/// A Treachery or Treason card roll (6.9, D10, D11): `L: Treason event ❻ ⑤ fails to convert
/// Salisbury.`, `L: Warwick B3 ... converts Kent!`. Returns the roller's side, what rolled (the
/// block's name, or `Treason event`), the target's name and whether it turned.
pub fn treachery(text: &str) -> Option<(House, String, String, bool)> {
    let (side, rest) = side_of(text.trim())?;
    let (before, target, converted) = if let Some((b, t)) = rest.split_once(" fails to convert ") {
        (b, t.trim_end_matches('.'), false)
    } else {
        let (b, t) = rest.split_once(" converts ")?;
        (b, t.trim_end_matches('!'), true)
    };
    let roller: String = before
        .chars()
        .take_while(|&c| die(c).is_none())
        .collect::<String>()
        .trim()
        .to_string();
    Some((side, roller, target.trim().to_string(), converted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fire_line_with_a_bonus() {
        let l = line("Y: Suffolk B2+1 fires ❶❸⑥.").unwrap();
        assert_eq!(l.side, House::York);
        assert_eq!(l.name, "Suffolk");
        assert_eq!(l.fire, 3);
        assert_eq!(l.dice, vec![(1, true), (3, true), (6, false)]);
        assert_eq!(l.kind, RollKind::Fire);
    }

    #[test]
    fn charges_and_counter_attacks_name_their_target() {
        let c = line("L: Exeter A1 charges Calais Mercenary ④③❶.").unwrap();
        assert_eq!(
            (c.kind, c.target.as_deref(), c.fire, c.dice.len()),
            (RollKind::Charge, Some("Calais Mercenary"), 1, 3)
        );
        let k = line("Y: Calais Mercenary B4 counter-attacks ❶❷.").unwrap();
        assert_eq!(
            (k.kind, k.name.as_str(), k.fire),
            (RollKind::CounterAttack, "Calais Mercenary", 4)
        );
        let levy = line("L: Newcastle (levy) C3+1 fires ❶⑤❶.").unwrap();
        assert_eq!((levy.name.as_str(), levy.fire), ("Newcastle (levy)", 4));
    }

    #[test]
    fn other_battle_lines_are_no_roll() {
        for l in [
            "L: Treason event ❻ ⑤ fails to convert Salisbury.",
            "Y: Kent retreats.",
            "L: Buckingham passes.",
            "French Mercenary is eliminated.",
            "~ Battle Round 2 ~",
        ] {
            assert_eq!(line(l), None, "{l}");
        }
        assert_eq!(
            treachery("L: Treason event ❻ ❻ converts Kent!"),
            Some((
                House::Lancaster,
                "Treason event".into(),
                "Kent".into(),
                true
            ))
        );
        assert_eq!(
            treachery("L: Warwick B3 ②④ fails to convert Salisbury."),
            Some((
                House::Lancaster,
                "Warwick B3".into(),
                "Salisbury".into(),
                false
            ))
        );
    }

    #[test]
    fn luck_by_hand() {
        // York: 3 dice at 3 (2 hits) and 2 dice at 2 (0 hits): expected 3 x 1/2 + 2 x 1/3 =
        // 13/6, variance 3 x 1/4 + 2 x 2/9 = 43/36, z = (2 - 13/6) / sqrt(43/36).
        let r = |side, fire, dice: Vec<u8>, hits| Roll {
            side,
            block: "x".into(),
            fire,
            dice,
            hits,
            kind: RollKind::Fire,
        };
        let rolls = [
            r(House::York, 3, vec![1, 3, 6], 2),
            r(House::York, 2, vec![5, 4], 0),
            r(House::Lancaster, 4, vec![1], 1),
        ];
        let y = Luck::of(&rolls, House::York);
        assert_eq!(y.hits, 2);
        assert!((y.expected - 13.0 / 6.0).abs() < 1e-12);
        assert!((y.variance - 43.0 / 36.0).abs() < 1e-12);
        assert!((y.z - (2.0 - 13.0 / 6.0) / (43.0f64 / 36.0).sqrt()).abs() < 1e-12);
        let none = Luck::of(&rolls[..0], House::York);
        assert_eq!((none.hits, none.z), (0, 0.0));
    }
}
