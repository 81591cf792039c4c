//! The map (2.0): areas with their shields, crowns, cities and cathedrals, and the borders (5.21).

use super::{Area, Border, BorderKind, House};

const fn mk(
    name: &'static str,
    shields: &'static [&'static str],
    crown: bool,
    city: Option<&'static str>,
    cathedral: Option<&'static str>,
    major_port: bool,
) -> Area {
    let wales = matches!(
        name.as_bytes(),
        b"Caernarvon" | b"Pembroke" | b"Powys" | b"Glamorgan"
    );
    let exile = match name.as_bytes() {
        b"France" | b"Scotland" => Some(House::Lancaster),
        b"Calais" | b"Ireland" => Some(House::York),
        _ => None,
    };
    Area {
        name,
        shields,
        crown,
        city,
        cathedral,
        wales,
        exile,
        major_port,
    }
}

const NO: &[&str] = &[];

/// The 33 areas of the map, north to south as the reference lists them.
pub static AREAS: [Area; 33] = [
    mk("Ireland", NO, false, None, None, true),
    mk("Isle of Man", &["Stanley"], false, None, None, false),
    mk("Scotland", NO, false, None, None, true),
    mk(
        "Northumbria",
        &["Northumberland", "Westmoreland"],
        false,
        Some("Newcastle"),
        None,
        true,
    ),
    mk(
        "Cumbria",
        &["Northumberland", "Clifford"],
        true,
        None,
        None,
        false,
    ),
    mk(
        "North Yorks",
        &["Salisbury", "Clifford"],
        false,
        None,
        None,
        false,
    ),
    mk(
        "East Yorks",
        &["Kent", "Salisbury", "Northumberland"],
        false,
        None,
        None,
        true,
    ),
    mk(
        "South Yorks",
        &["York", "Shrewsbury"],
        true,
        Some("York"),
        Some("York"),
        false,
    ),
    mk(
        "Lancaster",
        &["Lancaster", "Stanley"],
        false,
        None,
        None,
        false,
    ),
    mk("Caernarvon", &["Norfolk"], true, None, None, false),
    mk("Chester", NO, true, None, None, true),
    mk("Derby", NO, true, None, None, false),
    mk(
        "Lincoln",
        &["Lancaster", "Beaumont"],
        false,
        None,
        None,
        false,
    ),
    mk(
        "Pembroke",
        &["Richmond", "Pembroke"],
        true,
        None,
        None,
        false,
    ),
    mk("Powys", NO, false, None, None, false),
    mk("Hereford", &["York"], false, None, None, false),
    mk(
        "Warwick",
        &["Buckingham", "Warwick"],
        true,
        Some("Coventry"),
        None,
        false,
    ),
    mk(
        "Leicester",
        &["Hastings", "Rivers"],
        false,
        None,
        None,
        false,
    ),
    mk("Rutland", &["York", "Worcester"], false, None, None, false),
    mk(
        "East Anglia",
        &["Norfolk", "Suffolk"],
        false,
        Some("Norwich"),
        None,
        true,
    ),
    mk(
        "Glamorgan",
        &["Buckingham", "Norfolk", "Herbert", "Warwick"],
        false,
        None,
        None,
        true,
    ),
    mk("Gloucester", NO, true, None, None, false),
    mk("Oxford", &["Suffolk"], false, None, None, false),
    mk("Middlesex", NO, true, Some("London"), None, true),
    mk("Essex", &["Oxford", "Essex"], false, None, None, false),
    mk("Somerset", NO, false, Some("Bristol"), None, true),
    mk(
        "Wilts",
        &["Wiltshire"],
        false,
        Some("Salisbury"),
        None,
        false,
    ),
    mk("Sussex", &["Arundel"], true, None, None, true),
    mk(
        "Kent",
        &["Buckingham"],
        false,
        None,
        Some("Canterbury"),
        true,
    ),
    mk("Cornwall", &["Devon", "Exeter"], true, None, None, true),
    mk("Dorset", &["Somerset"], false, None, None, false),
    mk("France", NO, false, None, None, true),
    mk("Calais", &["Warwick"], false, None, None, true),
];

const fn border(a: &'static str, b: &'static str, kind: BorderKind) -> Border {
    Border { a, b, kind }
}

use BorderKind::{Major, Minor, River, Sea};

/// Every border of the map, including links to the three sea zones.
pub static BORDERS: [Border; 90] = [
    border("Caernarvon", "Chester", River),
    border("Caernarvon", "Irish Sea", Sea),
    border("Caernarvon", "Pembroke", Minor),
    border("Caernarvon", "Powys", Minor),
    border("Calais", "English Channel", Sea),
    border("Calais", "North Sea", Sea),
    border("Chester", "Derby", Major),
    border("Chester", "Hereford", River),
    border("Chester", "Irish Sea", Sea),
    border("Chester", "Lancaster", River),
    border("Chester", "Powys", Major),
    border("Chester", "Warwick", Major),
    border("Cornwall", "Dorset", Major),
    border("Cornwall", "English Channel", Sea),
    border("Cornwall", "Irish Sea", Sea),
    border("Cornwall", "Somerset", Major),
    border("Cumbria", "Irish Sea", Sea),
    border("Cumbria", "Lancaster", Minor),
    border("Cumbria", "North Yorks", Minor),
    border("Cumbria", "Northumbria", Minor),
    border("Cumbria", "Scotland", Minor),
    border("Derby", "Lancaster", Minor),
    border("Derby", "Leicester", River),
    border("Derby", "Lincoln", River),
    border("Derby", "South Yorks", Major),
    border("Derby", "Warwick", River),
    border("Dorset", "English Channel", Sea),
    border("Dorset", "Somerset", Major),
    border("Dorset", "Sussex", River),
    border("Dorset", "Wilts", Major),
    border("East Anglia", "Essex", Major),
    border("East Anglia", "North Sea", Sea),
    border("East Anglia", "Rutland", River),
    border("East Yorks", "North Sea", Sea),
    border("East Yorks", "North Yorks", Major),
    border("East Yorks", "Northumbria", River),
    border("East Yorks", "South Yorks", River),
    border("English Channel", "France", Sea),
    border("English Channel", "Kent", Sea),
    border("English Channel", "Sussex", Sea),
    border("Essex", "Leicester", River),
    border("Essex", "Middlesex", Major),
    border("Essex", "North Sea", Sea),
    border("Essex", "Rutland", River),
    border("France", "Irish Sea", Sea),
    border("Glamorgan", "Hereford", River),
    border("Glamorgan", "Irish Sea", Sea),
    border("Glamorgan", "Pembroke", Major),
    border("Glamorgan", "Powys", River),
    border("Gloucester", "Hereford", River),
    border("Gloucester", "Oxford", Major),
    border("Gloucester", "Somerset", Major),
    border("Gloucester", "Warwick", River),
    border("Gloucester", "Wilts", River),
    border("Hereford", "Powys", Minor),
    border("Hereford", "Warwick", River),
    border("Ireland", "Irish Sea", Sea),
    border("Irish Sea", "Isle of Man", Sea),
    border("Irish Sea", "Lancaster", Sea),
    border("Irish Sea", "Pembroke", Sea),
    border("Irish Sea", "Scotland", Sea),
    border("Irish Sea", "Somerset", Sea),
    border("Kent", "Middlesex", River),
    border("Kent", "North Sea", Sea),
    border("Kent", "Sussex", Major),
    border("Lancaster", "North Yorks", Minor),
    border("Lancaster", "South Yorks", Minor),
    border("Leicester", "Lincoln", Major),
    border("Leicester", "Middlesex", Major),
    border("Leicester", "Oxford", Major),
    border("Leicester", "Rutland", Major),
    border("Leicester", "Warwick", Major),
    border("Lincoln", "North Sea", Sea),
    border("Lincoln", "Rutland", River),
    border("Lincoln", "South Yorks", River),
    border("Middlesex", "North Sea", Sea),
    border("Middlesex", "Oxford", Major),
    border("Middlesex", "Sussex", River),
    border("North Sea", "Northumbria", Sea),
    border("North Sea", "Rutland", Sea),
    border("North Sea", "Scotland", Sea),
    border("North Yorks", "Northumbria", River),
    border("North Yorks", "South Yorks", Major),
    border("Northumbria", "Scotland", Minor),
    border("Oxford", "Sussex", River),
    border("Oxford", "Warwick", River),
    border("Oxford", "Wilts", River),
    border("Pembroke", "Powys", Minor),
    border("Somerset", "Wilts", Major),
    border("Sussex", "Wilts", Major),
];

/// The area with this name (case-insensitive).
pub fn area(name: &str) -> Option<&'static Area> {
    let name = name.trim();
    AREAS.iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// The borders of an area, each as (neighbour, kind).
pub fn borders_of(name: &str) -> impl Iterator<Item = (&'static str, BorderKind)> + '_ {
    BORDERS.iter().filter_map(move |b| {
        if b.a == name {
            Some((b.b, b.kind))
        } else if b.b == name {
            Some((b.a, b.kind))
        } else {
            None
        }
    })
}
