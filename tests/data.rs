//! The printed facts: block counts, ratings, versions and the map.

use bosworth::data::{self, BLOCKS, BorderKind, Colour, Kind};

#[test]
fn sixty_three_blocks_31_york_31_lancaster_1_rebel() {
    assert_eq!(BLOCKS.len(), 63);
    assert_eq!(
        BLOCKS.iter().filter(|b| b.colour == Colour::York).count(),
        31
    );
    assert_eq!(
        BLOCKS
            .iter()
            .filter(|b| b.colour == Colour::Lancaster)
            .count(),
        31
    );
    assert_eq!(
        BLOCKS.iter().filter(|b| b.colour == Colour::Rebel).count(),
        1
    );
}

#[test]
fn ids_are_unique() {
    for (i, a) in BLOCKS.iter().enumerate() {
        for b in &BLOCKS[i + 1..] {
            assert_ne!(a.id, b.id);
        }
    }
}

#[test]
fn five_heirs_a_house_ranked_one_to_five() {
    for colour in [Colour::York, Colour::Lancaster] {
        let mut ranks: Vec<u8> = BLOCKS
            .iter()
            .filter(|b| b.colour == colour)
            .filter_map(|b| b.heir_rank)
            .collect();
        ranks.sort();
        assert_eq!(ranks, vec![1, 2, 3, 4, 5], "{colour:?}");
    }
    // 9.1: the defected versions of Clarence and Exeter are nobles, not heirs.
    assert_eq!(data::block("Clarence/L").unwrap().kind, Kind::Noble);
    assert_eq!(data::block("Exeter/Y").unwrap().heir_rank, None);
}

#[test]
fn both_versions_of_a_noble_share_their_rating_and_strength() {
    for b in &BLOCKS {
        if let Some(o) = b.other_version() {
            assert_eq!(o.rating, b.rating, "{}", b.id);
            assert_eq!(o.max_strength, b.max_strength, "{}", b.id);
            assert_eq!(o.other_version().unwrap().id, b.id);
        }
    }
    assert_eq!(
        BLOCKS
            .iter()
            .filter(|b| b.other_version().is_some())
            .count(),
        26
    );
}

#[test]
fn loyalties_differ_between_versions_as_printed() {
    // 3.13: Rivers has loyalty 1 as a Lancastrian, 2 as a Yorkist.
    assert_eq!(data::block("Rivers/L").unwrap().loyalty.dice(), Some(1));
    assert_eq!(data::block("Rivers/Y").unwrap().loyalty.dice(), Some(2));
    assert_eq!(data::block("Warwick/Y").unwrap().loyalty.dice(), Some(3));
    assert_eq!(data::block("Norfolk").unwrap().loyalty.dice(), None);
}

#[test]
fn thirty_three_areas_with_their_features() {
    assert_eq!(data::AREAS.len(), 33);
    assert_eq!(data::AREAS.iter().filter(|a| a.exile.is_some()).count(), 4);
    assert_eq!(data::AREAS.iter().filter(|a| a.wales).count(), 4);
    assert_eq!(data::AREAS.iter().filter(|a| a.crown).count(), 11);
    assert_eq!(
        data::AREAS.iter().filter(|a| a.city.is_some()).count(),
        7,
        "2.4: seven cities"
    );
    let cornwall = data::area("cornwall").unwrap();
    assert!(cornwall.crown && cornwall.has_shield("Exeter") && cornwall.has_shield("Devon"));
    let south_yorks = data::area("South Yorks").unwrap();
    assert_eq!(south_yorks.city, Some("York"));
    assert_eq!(south_yorks.cathedral, Some("York"));
    assert!(south_yorks.has_shield("York"));
}

#[test]
fn borders_match_the_map() {
    assert_eq!(data::BORDERS.len(), 90);
    let limits: Vec<(&str, u8)> = data::borders_of("East Anglia")
        .map(|(n, k)| (n, k.limit()))
        .collect();
    assert_eq!(limits, vec![("Essex", 4), ("North Sea", 0), ("Rutland", 3)]);
    assert_eq!(BorderKind::Minor.limit(), 2);
    // Every land border joins two areas of the map.
    for b in data::BORDERS.iter().filter(|b| b.kind != BorderKind::Sea) {
        assert!(
            data::area(b.a).is_some() && data::area(b.b).is_some(),
            "{b:?}"
        );
    }
}

/// The reference table of blocks, areas and borders (`docs/reference/`, a copy of
/// `shared/reference/richard-iii-blocks-and-map.md`), as text.
fn reference() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/reference/richard-iii-blocks-and-map.md"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of the table under the heading `## {heading}`, each as its trimmed cells; the header
/// row must be `header`.
fn table(text: &str, heading: &str, header: &[&str]) -> Vec<Vec<String>> {
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .unwrap_or_else(|| panic!("no section {heading}"));
    let mut rows = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect::<Vec<_>>()
        });
    assert_eq!(rows.next().unwrap(), header, "{heading}: header");
    rows.next(); // |---|---|
    let rows: Vec<Vec<String>> = rows.collect();
    for r in &rows {
        assert_eq!(r.len(), header.len(), "{heading}: {r:?}");
    }
    rows
}

/// Asserts no name comes twice, so that as many rows as the engine has entries, each found in
/// the engine, are all of them.
fn distinct<'t>(names: impl Iterator<Item = &'t str>, what: &str) {
    let mut seen = std::collections::BTreeSet::new();
    for name in names {
        assert!(seen.insert(name), "{what}: {name} twice in the table");
    }
}

/// The names listed after `label` in a sentence of the section's prose, up to `end`.
fn listed<'t>(text: &'t str, label: &str, end: &str) -> Vec<&'t str> {
    let from = text.find(label).unwrap_or_else(|| panic!("no {label}")) + label.len();
    let rest = &text[from..];
    rest[..rest.find(end).unwrap()]
        .split(',')
        .map(str::trim)
        .collect()
}

/// Every one of the 63 blocks as the reference table prints it: house, type, maximum strength,
/// combat rating (letter and firepower), loyalty, heir rank, and where it defends at +1 (3.1,
/// 3.2, 2.2-2.6); and the engine has no block the table lacks.
#[test]
fn every_block_matches_the_reference_table() {
    use data::Loyalty;
    let text = reference();
    let rows = table(
        &text,
        "Blocks (63)",
        &[
            "id",
            "house",
            "type",
            "max strength",
            "combat",
            "loyalty",
            "heir rank",
            "defends at +1 firepower in",
        ],
    );
    assert_eq!(rows.len(), 63);
    assert_eq!(rows.len(), BLOCKS.len());
    distinct(rows.iter().map(|r| r[0].as_str()), "block ids");
    for row in &rows {
        let id = row[0].as_str();
        let b = data::block(id).unwrap_or_else(|| panic!("{id}: not in the engine's blocks"));
        assert_eq!(b.id, id, "{id}: found as {}", b.id);
        let colour = match row[1].as_str() {
            "York" => Colour::York,
            "Lancaster" => Colour::Lancaster,
            "Rebel" => Colour::Rebel,
            other => panic!("{id}: house {other}"),
        };
        assert_eq!(b.colour, colour, "{id}: house");
        let kind: Kind = serde_json::from_value(serde_json::json!(row[2]))
            .unwrap_or_else(|e| panic!("{id}: type {}: {e}", row[2]));
        assert_eq!(b.kind, kind, "{id}: type");
        assert_eq!(b.max_strength.to_string(), row[3], "{id}: max strength");
        assert_eq!(b.rating.to_string(), row[4], "{id}: combat rating");
        assert_eq!(
            Some(b.rating),
            data::Rating::parse(&row[4]),
            "{id}: letter and firepower"
        );
        let loyalty = match row[5].as_str() {
            "-" => Loyalty::None,
            "rose" => Loyalty::Rose,
            n => Loyalty::Dice(n.parse().unwrap_or_else(|_| panic!("{id}: loyalty {n}"))),
        };
        assert_eq!(b.loyalty, loyalty, "{id}: loyalty");
        let rank = (row[6] != "-").then(|| row[6].parse::<u8>().unwrap());
        assert_eq!(b.heir_rank, rank, "{id}: heir rank");
        // `/Y` and `/L` name the two versions of one noble (4.6); the Bombards are two blocks.
        let other = id
            .strip_suffix("/Y")
            .map(|base| format!("{base}/L"))
            .or_else(|| id.strip_suffix("/L").map(|base| format!("{base}/Y")));
        match other {
            Some(other) if b.kind != Kind::Bombard => assert_eq!(
                b.other_version().map(|o| o.id),
                Some(other.as_str()),
                "{id}: its other version"
            ),
            _ => assert_eq!(b.other_version(), None, "{id}: one version"),
        }
        // Where it defends at +1, as the table words it.
        assert_eq!(
            defends(&b.home),
            read_defends(
                &row[7],
                &b.house().map(|h| h.to_string()).unwrap_or_default()
            ),
            "{id}: defends at +1 in {}",
            row[7]
        );
    }
}

/// Where a block defends at +1 (2.2-2.6, 3.21-3.24), in words the table and the engine share.
#[derive(Debug, PartialEq)]
enum Defends {
    Nowhere,
    Wales,
    City(String),
    Cathedral(String),
    /// An heir: his house's royal shields and crowns, and the specific shield named.
    Heir(Option<String>),
    Shields(Vec<String>),
}

fn defends(home: &data::Home) -> Defends {
    use data::Home;
    match *home {
        Home::Nowhere => Defends::Nowhere,
        Home::Wales => Defends::Wales,
        Home::City(c) => Defends::City(c.to_string()),
        Home::Cathedral(c) => Defends::Cathedral(c.to_string()),
        Home::Heir { specific } => Defends::Heir(specific.map(str::to_string)),
        Home::Shields(keys) => Defends::Shields(keys.iter().map(|k| k.to_string()).collect()),
    }
}

/// The table's words for where a block of `house` defends at +1.
fn read_defends(text: &str, house: &str) -> Defends {
    let royal = format!("a {house} royal shield");
    if text == "-" {
        return Defends::Nowhere;
    }
    if text == "any area of Wales" {
        return Defends::Wales;
    }
    if let Some(city) = text.strip_prefix("its city: ") {
        return Defends::City(city.to_string());
    }
    if let Some(cathedral) = text.strip_prefix("its cathedral: ") {
        return Defends::Cathedral(cathedral.to_string());
    }
    if let Some(shields) = text.strip_suffix("; crowns while a royal heir") {
        if shields == format!("areas with {royal}") {
            return Defends::Heir(None);
        }
        let specific = shields
            .strip_prefix("areas with the ")
            .and_then(|s| s.strip_suffix(&format!(" shield, or {royal}")))
            .unwrap_or_else(|| panic!("cannot read {text}"));
        return Defends::Heir(Some(specific.to_string()));
    }
    if let Some(key) = text
        .strip_prefix("areas with the ")
        .and_then(|s| s.strip_suffix(" shield"))
    {
        return Defends::Shields(vec![key.to_string()]);
    }
    // "Cornwall (the Exeter shield)": the defected Exeter's one shield (D6).
    if let Some((area, key)) = text
        .strip_suffix(" shield)")
        .and_then(|s| s.split_once(" (the "))
    {
        let holding: Vec<&str> = data::AREAS
            .iter()
            .filter(|a| a.has_shield(key))
            .map(|a| a.name)
            .collect();
        assert_eq!(holding, [area], "{text}: the areas with the {key} shield");
        return Defends::Shields(vec![key.to_string()]);
    }
    // "areas with a York royal shield (South Yorks, Hereford, Rutland)": the defected Clarence (D6).
    if let Some(areas) = text
        .strip_suffix(')')
        .and_then(|s| s.split_once(" royal shield ("))
        .and_then(|(head, areas)| Some((head.strip_prefix("areas with a ")?, areas)))
    {
        let (key, areas) = areas;
        let mut holding: Vec<&str> = data::AREAS
            .iter()
            .filter(|a| a.has_shield(key))
            .map(|a| a.name)
            .collect();
        let mut listed: Vec<&str> = areas.split(", ").collect();
        holding.sort();
        listed.sort();
        assert_eq!(
            holding, listed,
            "{text}: the areas with a {key} royal shield"
        );
        return Defends::Shields(vec![key.to_string()]);
    }
    panic!("cannot read where a block defends: {text}")
}

/// Every area as the reference table prints it: its shields, crown, city, cathedral and major
/// port, and the prose's exile areas (with their house) and the four areas of Wales (2.2-2.8);
/// the royal shields the prose counts (2.2).
#[test]
fn every_area_matches_the_reference_table() {
    let text = reference();
    let rows = table(
        &text,
        "Areas",
        &[
            "area",
            "shields",
            "crown",
            "city (levy)",
            "cathedral",
            "major port",
        ],
    );
    assert_eq!(rows.len(), 33);
    assert_eq!(rows.len(), data::AREAS.len());
    distinct(rows.iter().map(|r| r[0].as_str()), "areas");
    let yes = |cell: &str, what: &str| match cell {
        "yes" => true,
        "-" => false,
        other => panic!("{what}: {other}"),
    };
    let named = |cell: &str| (cell != "-").then(|| cell.to_string());
    let wales = listed(&text, "Wales: ", ".");
    let lancaster_exile = listed(&text, "Exile areas: ", " (Lancaster)");
    let york_exile = listed(&text, "(Lancaster); ", " (York)");
    for row in &rows {
        let name = row[0].as_str();
        let a = data::area(name).unwrap_or_else(|| panic!("{name}: not in the engine's map"));
        assert_eq!(a.name, name);
        let mut shields: Vec<&str> = if row[1] == "-" {
            Vec::new()
        } else {
            row[1].split(", ").collect()
        };
        let mut engine: Vec<&str> = a.shields.to_vec();
        shields.sort();
        engine.sort();
        assert_eq!(engine, shields, "{name}: shields");
        assert_eq!(a.crown, yes(&row[2], name), "{name}: crown");
        assert_eq!(a.city.map(str::to_string), named(&row[3]), "{name}: city");
        assert_eq!(
            a.cathedral.map(str::to_string),
            named(&row[4]),
            "{name}: cathedral"
        );
        assert_eq!(a.major_port, yes(&row[5], name), "{name}: major port");
        assert_eq!(a.wales, wales.contains(&name), "{name}: Wales");
        let exile = if lancaster_exile.contains(&name) {
            Some(data::House::Lancaster)
        } else if york_exile.contains(&name) {
            Some(data::House::York)
        } else {
            None
        };
        assert_eq!(a.exile, exile, "{name}: exile");
    }
    assert_eq!(wales.len(), 4);
    assert_eq!(lancaster_exile, ["France", "Scotland"]);
    assert_eq!(york_exile, ["Calais", "Ireland"]);
    // "York has three royal shields ... Lancaster has five: the two `Lancaster` entries ...;
    // Cornwall (Exeter), Dorset (Somerset) and Pembroke (Richmond) belong to one heir each."
    let holding = |key: &str| -> Vec<&str> {
        data::AREAS
            .iter()
            .filter(|a| a.has_shield(key))
            .map(|a| a.name)
            .collect()
    };
    assert!(text.contains("York has three royal shields"));
    assert_eq!(holding("York").len(), 3);
    assert!(text.contains("the two `Lancaster` entries serve any Lancaster heir"));
    assert_eq!(holding("Lancaster").len(), 2);
    for (area, heir) in [
        ("Cornwall", "Exeter"),
        ("Dorset", "Somerset"),
        ("Pembroke", "Richmond"),
    ] {
        assert!(
            text.contains(&format!("{area} ({heir})")),
            "{area} ({heir})"
        );
        assert_eq!(holding(heir), [area], "the {heir} shield");
    }
}

/// Every border as the reference table prints it, and its type and limit (5.21), read from
/// both of its areas; and the engine has no border the table lacks.
#[test]
fn every_border_matches_the_reference_table() {
    let rows = table(&reference(), "Borders", &["area", "neighbour", "type"]);
    assert_eq!(rows.len(), 90);
    assert_eq!(rows.len(), data::BORDERS.len());
    let pairs: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut pair = [r[0].as_str(), r[1].as_str()];
            pair.sort();
            pair.join(" - ")
        })
        .collect();
    distinct(pairs.iter().map(String::as_str), "borders");
    for row in &rows {
        let (a, b) = (row[0].as_str(), row[1].as_str());
        let (kind, limit) = match row[2].as_str() {
            "major (yellow, 4)" => (BorderKind::Major, 4),
            "river (blue, 3)" => (BorderKind::River, 3),
            "minor (red, 2)" => (BorderKind::Minor, 2),
            "sea" => (BorderKind::Sea, 0),
            other => panic!("{a}-{b}: type {other}"),
        };
        assert_eq!(kind.limit(), limit, "{a}-{b}: limit");
        for (from, to) in [(a, b), (b, a)] {
            let found: Vec<BorderKind> = data::borders_of(from)
                .filter(|&(n, _)| n == to)
                .map(|(_, k)| k)
                .collect();
            assert_eq!(found, [kind], "{from} to {to}");
        }
    }
}
