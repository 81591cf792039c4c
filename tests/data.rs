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
