//! The engine's layers (ARCHITECTURE.md): every `crate::` and `super::` path in `src/` is read
//! as an import from one file to another, and
//! - no file imports another in a loop (nor in the command line's `cli/src` and the map tool's
//!   `tools/mapgen/src`);
//! - each folder uses only the layers before it: data <- scenario <- rules <- solve, play;
//!   data <- scenario <- rules <- solve <- board (the attack planner); and
//!   data <- scenario <- reset (the political-events variant's Campaign Reset);
//! - the rules meet the scenario only in `Battle::new` (`rules/validate.rs`) and the battle that
//!   keeps it (`rules/battle.rs`); every other rule file sees only its `Side`;
//! - Kingmaker (`kingmaker/`) is a separate system: of the Richard III layers it uses only the
//!   error naming a field (`scenario::ScenarioError`), and no layer uses it.

#[path = "layers/imports.rs"]
mod imports;

use imports::{Files, find_loop, paths};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every file under `src/`, by module path.
fn modules() -> Files {
    imports::read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The file each import of `module` comes from, and the path it names.
fn imports(all: &Files, module: &str) -> Vec<(String, Vec<String>)> {
    imports::imports(all, module, &["crate::"], false)
}

fn layer(module: &str) -> &str {
    module.split('/').next().unwrap()
}

#[test]
fn the_reader_finds_imports() {
    let code = "use crate::rules::{battle::Battle, state::{State as S, bits}};\nlet x = crate::data::block(\"York\");";
    assert_eq!(
        paths(code, "crate::", false),
        [
            vec!["rules", "battle", "Battle"],
            vec!["rules", "state", "State"],
            vec!["rules", "state", "bits"],
            vec!["data", "block"],
        ]
    );
    let all = modules();
    let battle = imports(&all, "rules/battle");
    assert!(battle.iter().any(|(m, _)| m == "rules/state"), "{battle:?}");
    assert!(all.contains_key("") && all.contains_key("rules") && all.contains_key("data/blocks"));
}

/// Which file imports which (`crate::` and `super::` paths), the crate's root left out: it
/// declares every module, and every file may use what it holds.
fn import_graph(all: &Files) -> BTreeMap<String, BTreeSet<String>> {
    all.keys()
        .filter(|m| !m.is_empty())
        .map(|m| {
            (
                m.clone(),
                imports(all, m)
                    .into_iter()
                    .map(|(t, _)| t)
                    .filter(|t| !t.is_empty())
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn no_file_imports_another_in_a_loop() {
    let graph = import_graph(&modules());
    if let Some(cycle) = find_loop(&graph) {
        panic!("import loop: {}", cycle.join(" -> "));
    }
    assert!(graph.len() > 20, "only {} files read", graph.len());
}

/// The command line (`cli/src`) and the map's drawing tool (`tools/mapgen/src`) keep the same
/// rule as the engine: no file imports one that imports it back, however far round.
#[test]
fn no_file_of_the_cli_or_mapgen_imports_another_in_a_loop() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, least) in [("cli/src", 10), ("tools/mapgen/src", 6)] {
        let graph = import_graph(&imports::read_tree(&root.join(dir)));
        if let Some(cycle) = find_loop(&graph) {
            panic!("import loop in {dir}: {}", cycle.join(" -> "));
        }
        assert!(
            graph.len() >= least,
            "only {} files of {dir} read",
            graph.len()
        );
        // The reader sees these files' imports: a loop among them would be found.
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        assert!(edges >= least / 2, "only {edges} imports read in {dir}");
    }
}

#[test]
fn the_loop_finder_finds_a_loop_three_files_round() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("geo", vec!["sketch"]),
        ("sketch", vec!["place"]),
        ("place", vec!["geo"]),
        ("emit", vec!["place"]),
    ]
    .into_iter()
    .map(|(m, ts)| (m.to_string(), ts.into_iter().map(String::from).collect()))
    .collect();
    let cycle = find_loop(&graph).expect("a loop");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}

#[test]
fn each_folder_uses_only_the_layers_before_it() {
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("data", &[][..]),
        ("scenario", &["data"][..]),
        ("rules", &["data", "scenario"][..]),
        ("solve", &["data", "scenario", "rules"][..]),
        ("play", &["data", "scenario", "rules"][..]),
        ("board", &["data", "scenario", "rules", "solve"][..]),
        ("reset", &["data", "scenario"][..]),
        ("kingmaker", &["scenario"][..]),
        (
            "rtt",
            &["data", "scenario", "rules", "solve", "play", "board"][..],
        ),
    ]);
    let all = modules();
    let mut wrong = Vec::new();
    for module in all.keys().filter(|m| !m.is_empty()) {
        let Some(may) = allowed.get(layer(module)) else {
            panic!("{module}: a folder or file at the top of src/ that no layer names");
        };
        for (target, path) in imports(&all, module) {
            let to = layer(&target);
            if to.is_empty() {
                wrong.push(format!(
                    "{module} uses the crate root (crate::{}): import from the defining module",
                    path.join("::")
                ));
            } else if to != layer(module) && !may.contains(&to) {
                wrong.push(format!("{module} uses {}", path.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "layers broken:\n{}", wrong.join("\n"));
}

#[test]
fn the_rules_meet_the_scenario_only_in_battle_new() {
    let all = modules();
    let mut wrong = Vec::new();
    for module in all.keys().filter(|m| layer(m) == "rules") {
        if module == "rules/validate" || module == "rules/battle" {
            continue;
        }
        for (target, path) in imports(&all, module) {
            if layer(&target) == "scenario" && path.last().map(String::as_str) != Some("Side") {
                wrong.push(format!("{module} uses {}", path.join("::")));
            }
        }
        if all[module].contains(".scenario") {
            wrong.push(format!("{module} reads the battle's scenario"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn kingmaker_uses_only_the_error_type() {
    let all = modules();
    let mut wrong = Vec::new();
    let mut files = 0;
    for module in all.keys().filter(|m| layer(m) == "kingmaker") {
        files += 1;
        for (target, path) in imports(&all, module) {
            let name = path.last().map(String::as_str);
            if layer(&target) != "kingmaker" && name != Some("ScenarioError") {
                wrong.push(format!("{module} uses {}", path.join("::")));
            }
        }
    }
    for module in all
        .keys()
        .filter(|m| layer(m) != "kingmaker" && !m.is_empty())
    {
        for (target, path) in imports(&all, module) {
            if layer(&target) == "kingmaker" {
                wrong.push(format!("{module} uses {}", path.join("::")));
            }
        }
    }
    assert!(files >= 10, "only {files} Kingmaker files read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
