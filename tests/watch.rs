//! The hook that watches a long solve (`bosworth::solve::watch`): it is told every state (or
//! battle) once, in all, changes no figure, and stops the solve when it says so.

mod common;
use common::*;

use bosworth::solve::advice::{Objective, Players, advise, advise_watched};
use bosworth::solve::report::Method;
use bosworth::solve::watch::EVERY;
use bosworth::{DEFAULT_STATE_BUDGET, Fog, SolveError, solve, solve_watched};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A hook that adds up what it is told, is called `calls` times, and says stop on call `stop_at`.
struct Counter {
    told: AtomicUsize,
    calls: AtomicUsize,
    stop_at: usize,
}

impl Counter {
    fn new(stop_at: usize) -> Self {
        Counter {
            told: AtomicUsize::new(0),
            calls: AtomicUsize::new(0),
            stop_at,
        }
    }
    fn hook(&self, more: usize) -> bool {
        self.told.fetch_add(more, Ordering::SeqCst);
        self.calls.fetch_add(1, Ordering::SeqCst) + 1 < self.stop_at
    }
    fn told(&self) -> usize {
        self.told.load(Ordering::SeqCst)
    }
}

/// The policy benchmark: about 115,000 states, many times [`EVERY`].
fn big() -> bosworth::Battle {
    battle_file("bench/policy.json")
}

#[test]
fn the_exact_solver_tells_every_state_once_and_changes_no_figure() {
    let b = big();
    let c = Counter::new(usize::MAX);
    let watched = solve_watched(&b, DEFAULT_STATE_BUDGET, &|n| c.hook(n)).unwrap();
    assert_eq!(watched, solve(&b, DEFAULT_STATE_BUDGET).unwrap());
    let Method::Exact { states, .. } = watched.method else {
        panic!("exact")
    };
    assert!(states > 10 * EVERY, "{states}");
    assert_eq!(c.told(), states);
    // Every EVERY states expanded, and once at the end: not on every state.
    assert!(c.calls.load(Ordering::SeqCst) <= states / EVERY + 1);
}

#[test]
fn the_exact_solver_stops_when_told() {
    let b = big();
    let c = Counter::new(3);
    assert_eq!(
        solve_watched(&b, DEFAULT_STATE_BUDGET, &|n| c.hook(n)),
        Err(SolveError::Cancelled)
    );
    assert_eq!(c.calls.load(Ordering::SeqCst), 3);
    assert!(SolveError::Cancelled.to_string().starts_with("interrupted"));
}

#[test]
fn best_play_tells_its_states_and_stops_when_told() {
    // About 48,000 states of best play for the steps objective, which no state settles
    // early (the area's objective settles many, `solve/advice/certain.rs`; the policy benchmark
    // has too many choices).
    let b = battle_file("bench/medium.json");
    let c = Counter::new(usize::MAX);
    let watched = advise_watched(&b, Objective::Steps, Players::Both, 5_000_000, &|n| {
        c.hook(n)
    })
    .unwrap();
    assert_eq!(
        watched,
        advise(&b, Objective::Steps, Players::Both, 5_000_000).unwrap()
    );
    assert!(watched.states > 4 * EVERY, "{}", watched.states);
    assert_eq!(c.told(), watched.states);
    let stop = Counter::new(2);
    assert_eq!(
        advise_watched(&b, Objective::Steps, Players::Both, 5_000_000, &|n| stop
            .hook(n)),
        Err(SolveError::Cancelled)
    );
}

fn hidden() -> Fog {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/hidden-east-anglia.json"
    ))
    .unwrap();
    Fog::new(&scenario(&text)).unwrap()
}

#[test]
fn the_hidden_block_solver_adds_up_its_threads_and_stops_when_told() {
    let fog = hidden();
    let c = Counter::new(usize::MAX);
    let watched = fog
        .solve_watched(DEFAULT_STATE_BUDGET, 2, &|n| c.hook(n))
        .unwrap();
    let Method::Exact { states, .. } = watched.report.method else {
        panic!("exact")
    };
    assert_eq!(c.told(), states);
    assert_eq!(
        serde_json::to_string(&watched).unwrap(),
        serde_json::to_string(&fog.solve_threads(DEFAULT_STATE_BUDGET, 2).unwrap()).unwrap()
    );
    let stop = Counter::new(5);
    assert_eq!(
        fog.solve_watched(DEFAULT_STATE_BUDGET, 2, &|n| stop.hook(n))
            .unwrap_err(),
        SolveError::Cancelled
    );
}

#[test]
fn hidden_block_monte_carlo_stopped_gives_the_battles_fought_so_far() {
    let fog = hidden();
    let runs = 10 * EVERY as u64;
    // Called before battles 0, EVERY, 2 EVERY: the third call stops it after 2 EVERY battles.
    let c = Counter::new(3);
    let stopped = fog.simulate_watched(runs, 5, &|n| c.hook(n)).unwrap();
    assert_eq!(
        stopped.report.method,
        Method::MonteCarlo {
            runs: 2 * EVERY as u64,
            seed: 5
        }
    );
    assert_eq!(c.told(), 2 * EVERY);
    assert_eq!(
        serde_json::to_string(&stopped).unwrap(),
        serde_json::to_string(&fog.simulate(2 * EVERY as u64, 5)).unwrap()
    );
    // Told every battle of a whole run, and stopped before the first: no figures at all.
    let all = Counter::new(usize::MAX);
    let whole = fog.simulate_watched(runs + 7, 5, &|n| all.hook(n)).unwrap();
    assert_eq!(all.told() as u64, runs + 7);
    assert_eq!(
        serde_json::to_string(&whole).unwrap(),
        serde_json::to_string(&fog.simulate(runs + 7, 5)).unwrap()
    );
    let at_once = Counter::new(1);
    assert_eq!(
        fog.simulate_watched(runs, 5, &|n| at_once.hook(n))
            .unwrap_err(),
        SolveError::Cancelled
    );
}
