//! The `--json` output of every example is what the command printed when the goldens in
//! `tests/golden/cli-json/` were saved, byte for byte for Monte Carlo, resets and Kingmaker;
//! for exact odds and best play every string and count is the same and every probability the
//! same to 1e-12 (the order the exact solvers add probabilities in follows their tables, so the
//! last bit of a sum may change when a table does; `peak_states`, the most states held at once,
//! depends on that order too and is not compared). And a successful run prints nothing on
//! stderr when stderr is not a terminal (no progress bar in a pipe). Examples named `reset-*`
//! are Campaign Resets (`docs/reset.md`), compared for `bosworth reset --json`; Kingmaker
//! examples (`examples/kingmaker-*.json`) have one golden each, of `bosworth kingmaker --json`.
//! Boards (`examples/board-*.json`, `docs/board.md`) have one, of `bosworth plan --json`: every
//! target with its best plan, at the default seed (its Monte Carlo figures byte for byte, its
//! exact ones to 1e-12).

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
        "plan" => vec!["plan", "--json"],
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
    let (mut compared, mut required, mut kingmaker, mut boards) = (0, 0, 0, 0);
    for example in &examples {
        // Every battle has its exact and Monte Carlo goldens, advice where it applies; every
        // reset its odds; every Kingmaker combat its `kingmaker` golden.
        let (all, must): (&[&str], &[&str]) = if example.starts_with("reset-") {
            (&["reset"], &["reset"])
        } else if example.starts_with("kingmaker-") {
            kingmaker += 1;
            (&["kingmaker"], &["kingmaker"])
        } else if example.starts_with("board-") {
            boards += 1;
            (&["plan"], &["plan"])
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
            if what == "exact" || what == "advise" || what == "plan" {
                let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                let want: serde_json::Value = serde_json::from_slice(&expected).unwrap();
                if let Err(at) = same(&got, &want, "") {
                    panic!("{example} {what}: {at} differs from {}", golden.display());
                }
            } else {
                assert!(
                    out.stdout == expected,
                    "{example} {what}: the JSON differs from {}",
                    golden.display()
                );
            }
            compared += 1;
        }
    }
    assert!(kingmaker >= 3 && boards >= 1, "{examples:?}");
    assert!(compared >= required);
}

/// Equal JSON, numbers with a fraction to 1e-12, `peak_states` not compared; the path of the
/// first difference otherwise.
fn same(got: &serde_json::Value, want: &serde_json::Value, at: &str) -> Result<(), String> {
    use serde_json::Value;
    match (got, want) {
        (Value::Object(a), Value::Object(b)) => {
            if a.len() != b.len() {
                return Err(format!("{at} (fields)"));
            }
            for (k, w) in b {
                if k == "peak_states" {
                    continue;
                }
                let g = a.get(k).ok_or_else(|| format!("{at}.{k} (missing)"))?;
                same(g, w, &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Err(format!("{at} (length)"));
            }
            if at.ends_with(".points") {
                // The spread of hidden blocks: points sorted by a figure, so points equal to
                // 1e-12 may come in either order; compared in an order of their own.
                let key = |v: &Value| {
                    let f = |i: usize| v[i].as_f64().unwrap_or(0.0);
                    ((f(0) * 1e10).round() as i64, (f(1) * 1e10).round() as i64)
                };
                let (mut a, mut b) = (a.clone(), b.clone());
                a.sort_by_key(key);
                b.sort_by_key(key);
                return same(&Value::Array(a), &Value::Array(b), &format!("{at}(sorted)"));
            }
            for (i, (g, w)) in a.iter().zip(b).enumerate() {
                same(g, w, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(a), Value::Number(b)) if a.is_f64() || b.is_f64() => {
            let (x, y) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            if (x - y).abs() <= 1e-12 {
                Ok(())
            } else {
                Err(format!("{at} ({x} against {y})"))
            }
        }
        _ if got == want => Ok(()),
        _ => Err(at.to_string()),
    }
}
