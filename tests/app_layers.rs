//! The browser app's layout (ARCHITECTURE.md, "The app's layout"): `www/src` is a shell and one
//! folder per calculator. Every path a file names from the crate root (`crate::`, or
//! `bosworth_www::` in the binaries), from its parent (`super::`), from itself (`self::`) or from
//! a child module it declares is read as an import of the file it lands in, and
//! - no file imports another in a loop (a folder's `mod.rs` using its own files counts, so the
//!   files of a folder never reach back into its `mod.rs` for what it takes from them);
//! - every file is in the shell (`shell/`) or in a calculator's folder (any other folder but
//!   `bin/`), apart from the crate root (`lib.rs`) and the binaries (`main.rs`, `bin/`);
//! - a calculator uses only its own files and the shell: never another calculator, nor the crate
//!   root;
//! - the shell uses no calculator, but for its root (`shell/root.rs`), which takes from each
//!   calculator's folder its `MOUNT` (what the shell needs to mount it) and nothing else;
//! - the crate root uses only the shell, and the shell's root mounts every calculator the crate
//!   root declares (a folder not declared yet, such as the map's drawing, is held to the rules).
//!
//! The rules are a function of the files ([`violations`]), so the planted violations below stay
//! tested against the real tree.
//!
//! This test lives with the engine's (`tests/layers.rs`), whose reader it shares, rather than in
//! `www/`: it reads files, which the app's own tests cannot do from the browser they run in, and
//! `cargo test --workspace` runs it natively with every change.

#[path = "layers/imports.rs"]
mod imports;

use imports::{Files, find_loop, imports};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The shell's folder.
const SHELL: &str = "shell";
/// The one item of a calculator the shell's root may take.
const MOUNT: &str = "MOUNT";

/// Every file under `www/src`.
fn app() -> Files {
    imports::read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("www/src"))
}

/// What a file is.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Part<'a> {
    /// `lib.rs`.
    Root,
    /// `main.rs` and `bin/`: programs of their own over the library.
    Binary,
    /// `shell/`.
    Shell,
    /// A calculator's folder, by name.
    Calculator(&'a str),
    /// A file at the top of `www/src` that is none of these.
    Stray,
}

fn part<'a>(files: &Files, module: &'a str) -> Part<'a> {
    let top = module.split('/').next().unwrap();
    let folder = |name: &str| files.keys().any(|m| m.starts_with(&format!("{name}/")));
    match top {
        "" => Part::Root,
        "main" | "bin" => Part::Binary,
        SHELL => Part::Shell,
        _ if folder(top) => Part::Calculator(top),
        _ => Part::Stray,
    }
}

/// A file's name in messages: its module path, `lib.rs` for the crate root.
fn shown(module: &str) -> &str {
    if module.is_empty() { "lib.rs" } else { module }
}

/// The imports of a file, as the layout reads them.
fn uses(files: &Files, module: &str) -> Vec<(String, Vec<String>)> {
    imports(files, module, &["crate::", "bosworth_www::"], true)
}

/// Everything in `files` that breaks the layout, one line each (empty when it holds).
fn violations(files: &Files) -> Vec<String> {
    let mut wrong = Vec::new();
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .keys()
        .map(|m| {
            let to = uses(files, m).into_iter().map(|(t, _)| t).collect();
            (m.clone(), to)
        })
        .collect();
    if let Some(cycle) = find_loop(&graph) {
        let cycle: Vec<&str> = cycle.iter().map(|m| shown(m)).collect();
        wrong.push(format!("import loop: {}", cycle.join(" -> ")));
    }
    for module in files.keys() {
        let from = part(files, module);
        let name = shown(module);
        if from == Part::Stray {
            wrong.push(format!(
                "{name}: a file at the top of www/src, in neither the shell nor a calculator's folder"
            ));
        }
        for (target, path) in uses(files, module) {
            let to = part(files, &target);
            let path = path.join("::");
            match (from, to) {
                // A stray file is said once, above.
                (Part::Binary | Part::Stray, _) | (_, Part::Stray | Part::Shell) => {}
                (Part::Calculator(a), Part::Calculator(b)) if a == b => {}
                (Part::Calculator(_), Part::Calculator(_)) => wrong.push(format!(
                    "{name} uses {path}: a calculator uses only its own files and the shell"
                )),
                (Part::Shell, Part::Calculator(c)) => {
                    let mount = *module == format!("{SHELL}/root")
                        && target == c
                        && path == format!("{c}::{MOUNT}");
                    if !mount {
                        wrong.push(format!(
                            "{name} uses {path}: the shell uses no calculator (its root takes each calculator's {MOUNT}, nothing else)"
                        ));
                    }
                }
                (Part::Root, _) => wrong.push(format!(
                    "{name} uses {path}: the crate root uses only the shell"
                )),
                (_, _) => wrong.push(format!(
                    "{name} uses the crate root ({path}): import from the file that defines it"
                )),
            }
        }
    }
    wrong
}

#[test]
fn the_app_is_a_shell_and_its_calculators() {
    let files = app();
    let wrong = violations(&files);
    assert!(
        wrong.is_empty(),
        "the app's layout is broken:\n{}",
        wrong.join("\n")
    );
    // The reader really reads the app: its files, the calculators, and the root mounting each.
    assert!(files.len() > 50, "only {} files read", files.len());
    let calculators: BTreeSet<&str> = files
        .keys()
        .filter_map(|m| match part(&files, m) {
            Part::Calculator(c) => Some(c),
            _ => None,
        })
        .collect();
    // The calculators the crate declares (lib.rs) are the ones the root mounts; a folder not
    // declared yet would be held to the same rules all the same.
    let declared: BTreeSet<String> = imports::children(&files[""])
        .into_iter()
        .filter(|c| calculators.contains(c.as_str()))
        .collect();
    for c in ["battle", "kingmaker", "map", "reset"] {
        assert!(
            declared.contains(c),
            "{c} is not declared in lib.rs: {declared:?}"
        );
    }
    let mounted: BTreeSet<String> = uses(&files, "shell/root")
        .into_iter()
        .filter(|(_, p)| p.last().map(String::as_str) == Some(MOUNT))
        .map(|(t, _)| t)
        .collect();
    assert_eq!(mounted, declared);
}

/// The app with `line` added to the end of `module` (a new file if there is none).
fn planted(module: &str, line: &str) -> Files {
    let mut files = app();
    let code = files.entry(module.to_string()).or_default();
    code.push('\n');
    code.push_str(&imports::uncommented(line));
    files
}

fn assert_caught(files: &Files, expected: &str) {
    let wrong = violations(files);
    assert!(
        wrong.iter().any(|w| w.contains(expected)),
        "expected a line with {expected:?}, got {wrong:#?}"
    );
}

#[test]
fn a_loop_between_files_is_caught() {
    // The shell's document reaching for the page that uses it.
    let files = planted("shell/doc", "use crate::shell::page::CalcPage;");
    assert_caught(&files, "import loop: ");
    assert_caught(&files, "shell/doc -> shell/page -> shell/doc");
}

#[test]
fn a_file_reaching_back_into_its_folders_mod_rs_closes_a_loop() {
    // reset/mod.rs uses throne::...; throne taking something from reset/mod.rs closes a loop.
    let files = planted("reset/throne", "use super::ResetApp;");
    assert_caught(&files, "import loop: reset -> ");
    assert_caught(&files, "reset/throne -> reset");
}

#[test]
fn a_calculator_using_another_is_caught() {
    let files = planted(
        "reset/results",
        "let c = crate::battle::charts::rounds(&r);",
    );
    assert_caught(
        &files,
        "reset/results uses battle::charts::rounds: a calculator uses only its own files and the shell",
    );
    let files = planted(
        "kingmaker/state",
        "use crate::reset::{state::ResetState, examples::RESETS};",
    );
    assert_caught(&files, "kingmaker/state uses reset::state::ResetState");
    assert_caught(&files, "kingmaker/state uses reset::examples::RESETS");
}

#[test]
fn the_map_opening_a_battle_through_its_code_is_caught() {
    // The map opens a plan's battle through the address (`#s=`), never the battle's state.
    let files = planted(
        "map/results",
        "let s = crate::battle::state::State::new(plan.battle.clone());",
    );
    assert_caught(
        &files,
        "map/results uses battle::state::State::new: a calculator uses only its own files and the shell",
    );
    // Nor the battle's workers: the map has its own task in the worker program.
    let files = planted("map/workers", "use crate::battle::engine::Request;");
    assert_caught(&files, "map/workers uses battle::engine::Request");
}

#[test]
fn the_shell_using_a_calculator_is_caught() {
    let files = planted("shell/theme", "use crate::battle::state::State;");
    assert_caught(
        &files,
        "shell/theme uses battle::state::State: the shell uses no calculator",
    );
    // Even the calculator's MOUNT, outside the root.
    let files = planted("shell/switch", "let m = crate::kingmaker::MOUNT;");
    assert_caught(
        &files,
        "shell/switch uses kingmaker::MOUNT: the shell uses no calculator",
    );
    // The root takes each calculator's MOUNT and nothing else.
    let files = planted("shell/root", "use crate::battle::app::App;");
    assert_caught(
        &files,
        "shell/root uses battle::app::App: the shell uses no calculator",
    );
}

#[test]
fn a_stray_file_and_the_crate_root_are_caught() {
    let files = planted("helpers", "pub fn pct(p: f64) -> String { String::new() }");
    assert_caught(&files, "helpers: a file at the top of www/src");
    let files = planted("battle/words", "use crate::start;");
    assert_caught(&files, "battle/words uses the crate root (start)");
    let files = planted("", "use crate::battle::app::App;");
    assert_caught(
        &files,
        "uses battle::app::App: the crate root uses only the shell",
    );
}

#[test]
fn the_reader_follows_every_kind_of_path() {
    let files = Files::from([
        ("".to_string(), "pub mod a;\npub mod b;".to_string()),
        (
            "a".to_string(),
            "mod x;\nmod y;\nuse x::One; let t = <y::Two />; self::x::three(); reset::x::no();"
                .to_string(),
        ),
        (
            "a/x".to_string(),
            "use super::y::{Four, five::Six};".to_string(),
        ),
        ("a/y".to_string(), "".to_string()),
        ("b".to_string(), "".to_string()),
        (
            "bin/worker".to_string(),
            "use bosworth_www::b::Seven;".to_string(),
        ),
    ]);
    let paths = |m: &str| -> Vec<(String, String)> {
        uses(&files, m)
            .into_iter()
            .map(|(t, p)| (t, p.join("::")))
            .collect()
    };
    let pair = |t: &str, p: &str| (t.to_string(), p.to_string());
    assert_eq!(
        paths("a"),
        [
            pair("a/x", "a::x::three"),
            pair("a/x", "a::x::One"),
            pair("a/y", "a::y::Two"),
        ]
    );
    assert_eq!(
        paths("a/x"),
        [pair("a/y", "a::y::Four"), pair("a/y", "a::y::five::Six")]
    );
    assert_eq!(paths("bin/worker"), [pair("b", "b::Seven")]);
}
