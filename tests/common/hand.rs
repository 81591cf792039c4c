//! What the hand-worked tests share (`hand_worked.rs`, `hand_worked_more.rs`): the engine's exact
//! answer for a scenario written in the test, the fire order as names and ratings, and
//! comparisons with the hand fractions to 1e-12 that say what differs.

use bosworth::{Battle, Scenario};

/// How close the engine's float must be to the hand fraction.
pub const EPS: f64 = 1e-12;

/// The exact report of a scenario that must be valid; its probability mass must be 1.
pub fn solve(json: &str) -> bosworth::Report {
    let scenario: Scenario = serde_json::from_str(json).expect("scenario JSON parses");
    let battle = Battle::new(&scenario).unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    let r = bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET).expect("solves");
    close(r.mass, 1.0, "probability mass");
    r
}

/// `fire_order` flattened to (round, [(block, rating)] in turn order).
pub type Order = Vec<(usize, Vec<(String, String)>)>;

/// The fire order of a scenario that must be valid.
pub fn order(json: &str) -> Order {
    let scenario: Scenario = serde_json::from_str(json).expect("scenario JSON parses");
    let battle = Battle::new(&scenario).unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    bosworth::fire_order(&battle)
        .iter()
        .map(|o| {
            (
                o.round as usize,
                o.turns
                    .iter()
                    .map(|t| (t.block.to_string(), t.rating.to_string()))
                    .collect(),
            )
        })
        .collect()
}

/// Asserts the engine's `got` is the hand's `want`, naming `what` if not.
#[track_caller]
pub fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() < EPS,
        "{what}: engine {got} (={got:.15}), hand {want} (={want:.15})"
    );
}

/// Probability that block `i` (scenario order) ends at strength `k`.
pub fn fs(r: &bosworth::Report, i: usize, k: usize) -> f64 {
    r.blocks[i].final_strength.get(k).copied().unwrap_or(0.0)
}

/// Asserts block `i`'s final strength distribution is `want` (0 beyond it).
#[track_caller]
pub fn close_fs(r: &bosworth::Report, i: usize, want: &[f64]) {
    let name = r.blocks[i].name.clone();
    for (k, w) in want.iter().enumerate() {
        close(fs(r, i, k), *w, &format!("{name} ends at strength {k}"));
    }
    for k in want.len()..r.blocks[i].final_strength.len() {
        close(fs(r, i, k), 0.0, &format!("{name} ends at strength {k}"));
    }
}

/// Asserts the chance the battle ends in each round.
#[track_caller]
pub fn close_ends(r: &bosworth::Report, want: [f64; 4]) {
    for (k, w) in want.iter().enumerate() {
        close(
            r.ends_in_round[k],
            *w,
            &format!("battle ends in round {}", k + 1),
        );
    }
}

/// Rating shown by `fire_order` for `block` in round `round` (1-based).
pub fn rating_in(order: &Order, round: usize, block: &str) -> String {
    let (_, turns) = order.iter().find(|o| o.0 == round).expect("round listed");
    let t = turns
        .iter()
        .find(|t| t.0 == block)
        .unwrap_or_else(|| panic!("{block} has no turn in round {round}: {turns:?}"));
    t.1.clone()
}

/// The blocks with a turn in `round` (1-based), in order.
pub fn turn_names(order: &Order, round: usize) -> Vec<String> {
    let (_, turns) = order.iter().find(|o| o.0 == round).expect("round listed");
    turns.iter().map(|t| t.0.clone()).collect()
}
