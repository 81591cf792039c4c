//! The `--json` output of every example is what the command printed when the goldens in
//! `tests/golden/cli-json/` were saved, byte for byte, and a successful run prints nothing on
//! stderr when stderr is not a terminal (no progress bar in a pipe). Examples named `reset-*`
//! are Campaign Resets (`docs/reset.md`), compared for `bosworth reset --json`; Kingmaker
//! examples (`examples/kingmaker-*.json`) have one golden each, of `bosworth kingmaker --json`.

use std::path::Path;
use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The command line of a golden, from its name: `<example>.<what>.json`.
fn args(what: &str) -> Option<Vec<&'static str>> {
    Some(match what {
        "exact" => vec!["exact", "--json"],
        "simulate" => vec!["simulate", "--json", "--runs", "20000", "--seed", "7"],
        "simulate-threads-2" => vec![
            "simulate",
            "--json",
            "--runs",
            "20000",
            "--seed",
            "7",
            "--threads",
            "2",
        ],
        "advise" => vec!["advise", "--json"],
        "reset" => vec!["reset", "--json"],
        "kingmaker" => vec!["kingmaker", "--json"],
        _ => return None,
    })
}

#[test]
fn json_output_equals_the_goldens_and_stderr_stays_empty() {
    let goldens = Path::new(ROOT).join("tests/golden/cli-json");
    let mut examples: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("examples"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .map(|n| n.trim_end_matches(".json").to_string())
        .collect();
    examples.sort();
    assert!(examples.len() >= 3, "{examples:?}");
    let (mut compared, mut required, mut kingmaker) = (0, 0, 0);
    for example in &examples {
        // Every battle has its exact and Monte Carlo goldens, advice where it applies; every
        // reset its odds; every Kingmaker combat its `kingmaker` golden.
        let (all, must): (&[&str], &[&str]) = if example.starts_with("reset-") {
            (&["reset"], &["reset"])
        } else if example.starts_with("kingmaker-") {
            kingmaker += 1;
            (&["kingmaker"], &["kingmaker"])
        } else {
            (
                &["exact", "simulate", "simulate-threads-2", "advise"],
                &["exact", "simulate"],
            )
        };
        required += must.len();
        for &what in all {
            let golden = goldens.join(format!("{example}.{what}.json"));
            let Ok(expected) = std::fs::read(&golden) else {
                assert!(!must.contains(&what), "{} is missing", golden.display());
                continue;
            };
            let file = Path::new(ROOT).join(format!("examples/{example}.json"));
            let out = Command::new(env!("CARGO_BIN_EXE_bosworth"))
                .args(args(what).unwrap())
                .arg(&file)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{example} {what}");
            assert!(
                out.stderr.is_empty(),
                "{example} {what}: stderr {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                out.stdout == expected,
                "{example} {what}: the JSON differs from {}",
                golden.display()
            );
            compared += 1;
        }
    }
    assert!(kingmaker >= 3, "{examples:?}");
    assert!(compared >= required);
}
