//! `bosworth import`: a Rally the Troops game brought in, as a user runs it: a view made a board
//! that `bosworth plan` reads from standard input, an export's points and boards, and every kind
//! of bad input refused by field (exit code 2, nothing on standard output).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sample(name: &str) -> String {
    format!("{}/../tests/rtt-samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bosworth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[track_caller]
fn refused(out: &Output, expected: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.starts_with(&format!("error: {expected}")), "{err}");
}

/// A sample view, changed by `edit` on its JSON text.
fn view_with(edit: impl Fn(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(sample("game-2.view-006.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn a_view_becomes_a_board_that_plan_reads_from_standard_input() {
    let out = run(&["import", &sample("game-2.view-006.json")], None);
    let board = ok(&out);
    let notes = String::from_utf8_lossy(&out.stderr);
    assert!(
        notes.contains("note: 14 Lancaster blocks on the map (1 in Scotland, "),
        "{notes}"
    );
    let plans = ok(&run(
        &["plan", "-", "--target", "Rutland", "--top", "3", "--quiet"],
        Some(&board),
    ));
    assert!(
        plans.starts_with(
            "York attacks Rutland (1 unseen Lancaster block), Player 1, 3 action points left"
        ),
        "{plans}"
    );
    // The same from standard input.
    let text = std::fs::read_to_string(sample("game-2.view-006.json")).unwrap();
    assert_eq!(ok(&run(&["import", "-"], Some(&text))), board);
}

#[test]
fn an_export_lists_its_points_and_gives_the_board_at_one() {
    let list = ok(&run(
        &["import", &sample("game-1.export.json"), "--list"],
        None,
    ));
    assert!(
        list.contains("    5         1     3  Lancaster  Piracy (Player 1)"),
        "{list}"
    );
    assert!(list.trim_end().ends_with("42 points; bosworth import EXPORT --at N [--side York|Lancaster] prints the board at one"), "{list}");
    let board = ok(&run(
        &["import", &sample("game-1.export.json"), "--at", "5"],
        None,
    ));
    assert!(board.contains("\"card\": \"Piracy\""), "{board}");
    let york = ok(&run(
        &[
            "import",
            &sample("game-1.export.json"),
            "--at",
            "5",
            "--side",
            "York",
        ],
        None,
    ));
    assert!(york.contains("\"house\": \"York\""), "{york}");
    assert!(york.contains("\"player\": 2"), "{york}");
}

#[test]
fn bad_input_is_refused_by_field() {
    let bad =
        |args: &[&str], stdin: Option<&str>, expected: &str| refused(&run(args, stdin), expected);
    // Another game of RTT's: its blocks are no blocks of Richard III.
    let hammer = view_with(|v| {
        v["view"]["location"] = serde_json::json!({"Bruce": "Carrick", "Wallace": "Selkirk"});
    });
    bad(
        &["import", "-"],
        Some(&hammer),
        "view.location[\"Bruce\"]: 'Bruce' is no block of Richard III",
    );
    let text = std::fs::read_to_string(sample("game-1.export.json")).unwrap();
    let mut e: serde_json::Value = serde_json::from_str(&text).unwrap();
    e["setup"]["title_id"] = "hammer-of-the-scots".into();
    bad(
        &["import", "-", "--list"],
        Some(&e.to_string()),
        "setup.title_id: 'hammer-of-the-scots' is another game",
    );
    e["setup"]["title_id"] = "richard-iii".into();
    e["setup"]["scenario"] = "Towton".into();
    bad(
        &["import", "-", "--list"],
        Some(&e.to_string()),
        "setup.scenario: 'Towton' is no scenario of Richard III",
    );
    e["setup"]["scenario"] = "Wars of the Roses".into();
    e["snaps"] = serde_json::json!([]);
    bad(
        &["import", "-", "--at", "1"],
        Some(&e.to_string()),
        "snaps: empty",
    );
    // Truncated JSON.
    let view = std::fs::read_to_string(sample("game-2.view-006.json")).unwrap();
    let mut half = view.len() / 2;
    while !view.is_char_boundary(half) {
        half -= 1;
    }
    bad(
        &["import", "-"],
        Some(&view[..half]),
        "the JSON is cut short",
    );
    // A block at sea mid-move.
    let at_sea = view_with(|v| v["view"]["location"]["Norfolk"] = "North Sea".into());
    bad(
        &["import", "-"],
        Some(&at_sea),
        "view.location[\"Norfolk\"]: Norfolk is at sea in the North Sea",
    );
    // An Observer without --side, and with it.
    let observer = view_with(|v| v["player"] = "Observer".into());
    bad(
        &["import", "-"],
        Some(&observer),
        "player: Observer: an observer plays neither house",
    );
    ok(&run(
        &["import", "-", "--side", "Lancaster"],
        Some(&observer),
    ));
    // --at past the end.
    bad(
        &["import", &sample("game-2.export.json"), "--at", "43"],
        None,
        "--at: 43: the game has 42 points",
    );
    // A strength no block has.
    let strong = view_with(|v| v["view"]["steps"]["Norfolk"] = 9.into());
    bad(
        &["import", "-"],
        Some(&strong),
        "view.steps[\"Norfolk\"]: 9: Norfolk's strength is 1 to 4 (3.11)",
    );
    // A Bosworth board is not RTT's.
    bad(
        &[
            "import",
            &format!("{}/../examples/board-kent.json", env!("CARGO_MANIFEST_DIR")),
        ],
        None,
        "kind: this is a Bosworth file",
    );
}
