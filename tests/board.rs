//! The board (`docs/board.md`): a position as the moving player sees it, validated by
//! `Position::new`, every refusal naming its field.

use bosworth::board::{Board, Position};

fn board(json: &str) -> Board {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test JSON: {e}\n{json}"))
}

/// The Kent board of the planner's issue with `areas` in place of its own.
fn kent(extra: &str, areas: &str) -> String {
    format!(r#"{{"kind":"board","version":1,"house":"York","card":3,{extra}"areas":[{areas}]}}"#)
}

const KENT: &str = r#"{"area":"Middlesex","blocks":[{"id":"March","strength":3},
    {"id":"Hastings","strength":3},{"id":"Herbert","strength":3}]},
    {"area":"Essex","blocks":[{"id":"Norfolk","strength":4}]},
    {"area":"Kent","enemy":3}"#;

#[track_caller]
fn says(json: &str, expected: &str) {
    match Position::new(&board(json)) {
        Ok(_) => panic!("expected an error for {json}"),
        Err(e) => assert_eq!(e.to_string(), expected),
    }
}

#[test]
fn the_example_board_is_valid() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/board-kent.json"
    ))
    .unwrap();
    let p = Position::new(&board(&text)).unwrap();
    assert_eq!(p.ap, 3);
    assert_eq!(p.own.len(), 4);
    // Lancaster's 31 blocks less the five that begin off the map (4.3: Canterbury/L,
    // Clarence/L, Warwick/L, Salisbury/L, Kent/L) and the two minor heirs (4.5: Prince Edward,
    // Richmond); the Rebel serves York, the Pretender (3.26).
    assert_eq!(p.candidates.len(), 24);
    assert!(
        p.candidates
            .iter()
            .all(|b| b.id != "Richmond" && b.id != "Warwick/L")
    );
}

#[test]
fn card_player_and_version() {
    says(
        &kent(r#""player":3,"#, KENT),
        "player: 3: the moving player is Player 1 or Player 2 (1.1)",
    );
    says(
        &kent("", KENT).replace(r#""card":3"#, r#""card":5"#),
        "card: 5 is not a card of the game: action cards give 2, 3 or 4 action points, or name an event card (Force March, Muster, Piracy, Plague, Surprise, Treason) (5.1)",
    );
    says(
        &kent(r#""enemy_card":1,"#, KENT),
        "enemy_card: 1 is not a card of the game: action cards give 2, 3 or 4 action points, or name an event card (Force March, Muster, Piracy, Plague, Surprise, Treason) (5.1)",
    );
    says(
        &kent("", KENT).replace(r#""version":1"#, r#""version":2"#),
        "version: 2 is not supported; this engine reads version 1",
    );
    says(
        &kent(r#""spent":4,"#, KENT),
        "spent: 4 exceeds the card's 3 action points (5.1)",
    );
}

#[test]
fn areas_are_areas_of_the_map_listed_once() {
    says(
        &kent("", r#"{"area":"Kentt","enemy":1}"#),
        "areas[0].area: 'Kentt' is not an area of the map",
    );
    says(
        &kent("", &format!(r#"{KENT},{{"area":"kent","enemy":1}}"#)),
        "areas[3].area: Kent is already listed (areas[2]); list each area once",
    );
}

#[test]
fn a_block_stands_in_one_place_as_one_version() {
    says(
        &kent(
            "",
            &format!(r#"{KENT},{{"area":"Sussex","blocks":[{{"id":"Norfolk","strength":2}}]}}"#),
        ),
        "areas[3].blocks[0].id: Norfolk is already on the board (areas[1].blocks[0]); a block \
         stands in one place",
    );
    says(
        &kent(
            "",
            &format!(
                r#"{KENT},{{"area":"Sussex","blocks":[{{"id":"Stanley/Y","strength":2}}]}},
                {{"area":"Dorset","enemy_known":[{{"id":"Stanley/L","strength":4}}]}}"#
            ),
        ),
        "areas[4].enemy_known[0].id: Stanley/Y and Stanley/L (areas[3].blocks[0]) are two \
         versions of one noble; only one can be in play (3.22, 4.6)",
    );
    says(
        &kent(
            r#""defected":["Stanley/Y"],"#,
            &format!(
                r#"{KENT},{{"area":"Dorset","enemy_known":[{{"id":"Stanley","strength":4}}]}}"#
            ),
        ),
        "areas[3].enemy_known[0].id: Stanley/L is on the board, but defected[0] says Stanley \
         plays as Stanley/Y",
    );
    says(
        &kent(r#""defected":["Stanley/L"],"#, KENT),
        "defected[0]: Stanley/L is the version Stanley begins the game as (4.3, 4.4); name the \
         version he changed to",
    );
    says(
        &kent(r#""defected":["Oxford"],"#, KENT),
        "defected[0]: Oxford has one version only and cannot change sides (3.22)",
    );
}

#[test]
fn blocks_belong_to_their_side_and_are_alive() {
    says(
        &kent(
            "",
            r#"{"area":"Kent","blocks":[{"id":"Oxford","strength":3}]}"#,
        ),
        "areas[0].blocks[0].id: Oxford is a Lancaster block; blocks lists York's blocks, \
         enemy_known Lancaster's",
    );
    says(
        &kent(
            "",
            r#"{"area":"Kent","enemy_known":[{"id":"March","strength":3}]}"#,
        ),
        "areas[0].enemy_known[0].id: March is a York block; enemy_known lists Lancaster's \
         blocks, blocks York's",
    );
    says(
        &kent(r#""dead":["March"],"#, KENT),
        "areas[0].blocks[0].id: March is listed in dead",
    );
    says(
        &kent(
            "",
            r#"{"area":"Kent","blocks":[{"id":"Nobody","strength":3}]}"#,
        ),
        "areas[0].blocks[0].id: unknown block 'Nobody' (ids look like Buckingham/L, Coventry \
         (levy), Bombard/Y, Rebel)",
    );
    // The Rebel serves the Pretender (3.26): York, while Lancaster holds the throne.
    says(
        &kent(
            r#""king":"York","#,
            r#"{"area":"Kent","blocks":[{"id":"Rebel","strength":4}]}"#,
        ),
        "areas[0].blocks[0].id: the Rebel fights for the Pretender's house, Lancaster (3.26, D14)",
    );
}

#[test]
fn strength_is_one_to_the_maximum() {
    says(
        &kent(
            "",
            r#"{"area":"Kent","blocks":[{"id":"March","strength":4}]}"#,
        ),
        "areas[0].blocks[0].strength: 4 exceeds March's maximum 3 (3.11)",
    );
    says(
        &kent(
            "",
            r#"{"area":"Kent","enemy_known":[{"id":"Oxford","strength":0}]}"#,
        ),
        "areas[0].enemy_known[0].strength: must be at least 1 (a block at 0 is eliminated)",
    );
}

#[test]
fn minor_heirs_come_into_play_as_heirs_die() {
    let gloucester = r#"{"area":"Kent","blocks":[{"id":"Gloucester","strength":3}]}"#;
    says(
        &kent("", gloucester),
        "areas[0].blocks[0].id: Gloucester is a minor heir, in play only once 2 York heirs have \
         died (4.5, 6.82); list the dead in dead",
    );
    says(
        &kent(r#""dead":["Rutland"],"#, gloucester),
        "areas[0].blocks[0].id: Gloucester is a minor heir, in play only once 2 York heirs have \
         died (4.5, 6.82); list the dead in dead",
    );
    assert!(Position::new(&board(&kent(r#""dead":["Rutland","York"],"#, gloucester))).is_ok());
    // Prince Edward comes in for Lancaster once one Lancaster heir has died.
    let p = Position::new(&board(&kent(r#""dead":["Somerset"],"#, KENT))).unwrap();
    assert!(p.candidates.iter().any(|b| b.id == "Prince Edward"));
    assert!(
        !p.candidates
            .iter()
            .any(|b| b.id == "Richmond" || b.id == "Somerset")
    );
}

#[test]
fn exiles_are_never_entered_by_the_enemy() {
    says(
        &kent(
            "",
            r#"{"area":"Scotland","blocks":[{"id":"March","strength":3}]}"#,
        ),
        "areas[0].blocks: York blocks never stand in Scotland, an exile area of Lancaster (2.7)",
    );
    says(
        &kent("", r#"{"area":"Calais","enemy":1}"#),
        "areas[0].enemy: Lancaster blocks never stand in Calais, an exile area of York (2.7)",
    );
}

#[test]
fn no_more_unseen_enemy_blocks_than_the_enemy_has() {
    // 24 Lancaster blocks may be unseen (R21); a 25th cannot be anybody.
    let areas = r#"{"area":"Kent","enemy":10},{"area":"Sussex","enemy":10},
        {"area":"Dorset","enemy":5}"#;
    says(
        &kent("", areas),
        "areas[2].enemy: 25 unseen Lancaster blocks on the board, but only 24 Lancaster blocks \
         may be them (alive, in play, not named on the board, not in enemy_pool; 4.3-4.6, R21)",
    );
    let pool = r#""enemy_pool":["Bombard/L"],"#;
    let areas = r#"{"area":"Kent","enemy":12},{"area":"Sussex","enemy":12}"#;
    says(
        &kent(pool, areas),
        "areas[1].enemy: 24 unseen Lancaster blocks on the board, but only 23 Lancaster blocks \
         may be them (alive, in play, not named on the board, not in enemy_pool; 4.3-4.6, R21)",
    );
    says(
        &kent(
            r#""enemy_pool":["Oxford"],"#,
            r#"{"area":"Kent","enemy_known":[{"id":"Oxford","strength":3}]}"#,
        ),
        "enemy_pool[0]: Oxford stands on the board (areas[0].enemy_known[0])",
    );
}

#[test]
fn moves_this_turn_follow_the_map() {
    let moved = |route: &str| {
        kent(
            "",
            &format!(
                r#"{{"area":"Kent","enemy":1,"blocks":[{{"id":"Norfolk","strength":4,
                "route":{route}}}]}}"#
            ),
        )
    };
    says(
        &moved(r#"["Essex"]"#),
        "areas[0].blocks[0].route[0]: Essex and Kent share no land border (5.2, estuary: only \
         a sea move crosses it)",
    );
    says(
        &moved(r#"["Oxford","Leicester","Middlesex"]"#),
        "areas[0].blocks[0].route: a block moves one or two areas (5.2), not 3",
    );
    // Caernarvon-Powys is red: a block crossing it stops in Powys (5.21).
    let red = kent(
        "",
        r#"{"area":"Hereford","blocks":[{"id":"Norfolk","strength":4,
        "route":["Caernarvon","Powys"]}]}"#,
    );
    says(
        &red,
        "areas[0].blocks[0].route: Norfolk crossed the red border Caernarvon-Powys and had to \
         stop there (5.21)",
    );
    // Four blocks over the river border Middlesex-Kent.
    let four = kent(
        "",
        r#"{"area":"Kent","enemy":1,"blocks":[
        {"id":"March","strength":3,"route":["Middlesex"]},
        {"id":"Hastings","strength":3,"route":["Middlesex"]},
        {"id":"Herbert","strength":3,"route":["Middlesex"]},
        {"id":"Norfolk","strength":4,"route":["Essex","Middlesex"]}]}"#,
    );
    says(
        &four,
        "areas[0].blocks[3].route: Middlesex-Kent is a river (blue) border: at most 3 blocks, 4 \
         cross it (5.21)",
    );
    // Moves cost one action point per area they started from.
    let two_areas = kent(
        r#""spent":1,"#,
        r#"{"area":"Kent","enemy":1,"blocks":[
        {"id":"March","strength":3,"route":["Middlesex"]},
        {"id":"Norfolk","strength":4,"route":["Essex","Middlesex"]}]}"#,
    );
    says(
        &two_areas,
        "spent: 1, but the blocks that moved by land started from 2 areas, one action point each \
         (5.2)",
    );
    let p = Position::new(&board(&two_areas.replace(r#""spent":1,"#, ""))).unwrap();
    assert_eq!(p.ap, 1);
}

#[test]
fn contested_areas_say_who_attacked() {
    says(
        &kent(
            "",
            r#"{"area":"Kent","enemy":1,"blocks":[{"id":"March","strength":3}]}"#,
        ),
        "areas[0]: York's and Lancaster's blocks stand in Kent together: say who attacked it \
         this turn (a block's route or moved, or attacked_from)",
    );
    let chester = |player: u8, attack: &str| {
        kent(
            &format!(r#""player":{player},"#),
            &format!(
                r#"{{"area":"Chester","enemy":4,"blocks":[{{"id":"March","strength":3}},
                {{"id":"Hastings","strength":3}},{{"id":"Herbert","strength":3}},
                {{"id":"Norfolk","strength":4}},{{"id":"Suffolk","strength":3}}],
                "attacked_from":[{attack}]}}"#
            ),
        )
    };
    let pinning = r#"{"from":"Derby","blocks":3},{"from":"Warwick","blocks":1,"reserve":true}"#;
    says(
        &chester(1, pinning),
        "areas[0].attacked_from: Player 1 moves first: no enemy block has attacked yet this turn \
         (1.2); set \"player\": 2",
    );
    let p = Position::new(&board(&chester(2, pinning))).unwrap();
    assert_eq!(p.spots[p.own[0].area].attacked.len(), 2);
    says(
        &chester(
            2,
            r#"{"from":"Derby","blocks":3},{"from":"Warwick","blocks":1}"#,
        ),
        "areas[0].attacked_from[1].reserve: a second Main Attack: the groups by other borders \
         are reserves (6.3)",
    );
    says(
        &chester(2, r#"{"from":"Derby","blocks":3}"#),
        "areas[0].attacked_from: 3 attacking blocks, but 4 enemy blocks stand here: every enemy \
         block here attacked this turn",
    );
    says(
        &chester(
            2,
            r#"{"from":"Derby","blocks":5},{"from":"Warwick","blocks":1,"reserve":true}"#,
        ),
        "areas[0].attacked_from[0].blocks: Derby-Chester is a major (yellow) border: at most 4 \
         blocks, 5 cross it (5.21)",
    );
    says(
        &chester(2, r#"{"from":"Lincoln","blocks":4}"#),
        "areas[0].attacked_from[0].from: Lincoln and Chester share no land border (5.2)",
    );
    // An attack of the moving player's own by two borders names its Main Attack.
    let own = |main: &str| {
        kent(
            "",
            &format!(
                r#"{{"area":"Kent","enemy":2,{main}"blocks":[
                {{"id":"March","strength":3,"route":["Middlesex"]}},
                {{"id":"Norfolk","strength":4,"route":["Sussex"]}}]}}"#
            ),
        )
    };
    says(
        &own(""),
        "areas[0].main: missing: the blocks attacking Kent came by 2 borders; say which is the \
         Main Attack (6.3)",
    );
    says(
        &own(r#""main":"Essex","#),
        "areas[0].main: none of the blocks that attacked Kent came from Essex",
    );
    let p = Position::new(&board(&own(r#""main":"Sussex","#))).unwrap();
    let kent = bosworth::rules::movement::area_index("Kent").unwrap();
    assert_eq!(
        p.spots[kent].main,
        bosworth::rules::movement::area_index("Sussex")
    );
}

#[test]
fn unknown_fields_are_refused_by_name() {
    let text = kent("", KENT).replace(r#""card":3"#, r#""card":3,"colour":"white""#);
    let e = serde_json::from_str::<Board>(&text).unwrap_err();
    assert!(e.to_string().contains("unknown field `colour`"), "{e}");
    let text = kent("", KENT).replace(r#""kind":"board""#, r#""kind":"battle""#);
    assert!(serde_json::from_str::<Board>(&text).is_err());
}
