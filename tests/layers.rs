//! The engine's layers (ARCHITECTURE.md): every `crate::` and `super::` path in `src/` is read
//! as an import from one file to another, and
//! - no file imports another in a loop;
//! - each folder uses only the layers before it: data <- scenario <- rules <- solve, play;
//!   data <- scenario <- rules <- solve <- board (the attack planner); and
//!   data <- scenario <- reset (the political-events variant's Campaign Reset);
//! - the rules meet the scenario only in `Battle::new` (`rules/validate.rs`) and the battle that
//!   keeps it (`rules/battle.rs`); every other rule file sees only its `Side`;
//! - Kingmaker (`kingmaker/`) is a separate system: of the Richard III layers it uses only the
//!   error naming a field (`scenario::ScenarioError`), and no layer uses it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path of each file under `src/` ("" for lib.rs, "rules" for rules/mod.rs), and its text
/// with comments removed.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            if path.is_dir() {
                walk(&path, &format!("{prefix}{name}/"), out);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let module = match stem {
                    "lib" | "mod" => prefix.trim_end_matches('/').to_string(),
                    _ => format!("{prefix}{stem}"),
                };
                let text = std::fs::read_to_string(&path).unwrap();
                let code: Vec<&str> = text
                    .lines()
                    .map(|l| l.split("//").next().unwrap())
                    .collect();
                out.insert(module, code.join("\n"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut out,
    );
    out
}

/// Every path a piece of code names from `start` (`crate::a::{b, c::d}` gives `a::b`, `a::c::d`).
fn paths(code: &str, start: &str) -> Vec<Vec<String>> {
    fn tree(
        chars: &[char],
        mut i: usize,
        prefix: Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) -> usize {
        let mut path = prefix;
        loop {
            if chars.get(i) == Some(&'{') {
                i += 1;
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    if chars.get(i).is_none_or(|c| *c == '}') {
                        return i + 1;
                    }
                    i = tree(chars, i, path.clone(), out);
                }
            }
            let begin = i;
            while chars
                .get(i)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            path.push(chars[begin..i].iter().collect());
            if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
                i += 2;
            } else {
                out.push(path);
                // `name as other`: the rename is not a path.
                let mut j = i;
                while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                    j += 1;
                }
                if chars.get(j) == Some(&'a')
                    && chars.get(j + 1) == Some(&'s')
                    && chars.get(j + 2).is_some_and(|c| c.is_whitespace())
                {
                    j += 3;
                    while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                        j += 1;
                    }
                    while chars
                        .get(j)
                        .is_some_and(|c| c.is_alphanumeric() || *c == '_')
                    {
                        j += 1;
                    }
                    return j;
                }
                return i;
            }
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(start) {
        let byte = from + at + start.len();
        let i = code[..byte].chars().count();
        tree(&chars, i, Vec::new(), &mut out);
        from = byte;
    }
    out
}

/// The file each import of `module` comes from (the longest prefix that is a module), and the
/// path it names.
fn imports(all: &BTreeMap<String, String>, module: &str) -> Vec<(String, Vec<String>)> {
    let code = &all[module];
    let parent: Vec<String> = module
        .split('/')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let parent = parent[..parent.len().saturating_sub(1)].to_vec();
    let mut found = Vec::new();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent)] {
        for path in paths(code, start) {
            let full: Vec<String> = base.iter().cloned().chain(path.iter().cloned()).collect();
            let target = (0..=full.len())
                .rev()
                .map(|k| full[..k].join("/"))
                .find(|m| all.contains_key(m))
                .unwrap();
            if target != module {
                found.push((target, full));
            }
        }
    }
    found
}

fn layer(module: &str) -> &str {
    module.split('/').next().unwrap()
}

#[test]
fn the_reader_finds_imports() {
    let code = "use crate::rules::{battle::Battle, state::{State as S, bits}};\nlet x = crate::data::block(\"York\");";
    assert_eq!(
        paths(code, "crate::"),
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

#[test]
fn no_file_imports_another_in_a_loop() {
    let all = modules();
    let graph: BTreeMap<&str, BTreeSet<String>> = all
        .keys()
        .filter(|m| !m.is_empty())
        .map(|m| {
            (
                m.as_str(),
                imports(&all, m)
                    .into_iter()
                    .map(|(t, _)| t)
                    .filter(|t| !t.is_empty())
                    .collect(),
            )
        })
        .collect();
    // Depth-first search; a grey module met again closes a loop.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<&'a str, BTreeSet<String>>,
        colour: &mut BTreeMap<&'a str, u8>,
        stack: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        colour.insert(m, 1);
        stack.push(m);
        for next in &graph[m] {
            match colour.get(next.as_str()) {
                Some(1) => {
                    let at = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle: Vec<String> =
                        stack[at..].iter().map(|s| s.to_string()).collect();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(
                        graph.get_key_value(next.as_str()).unwrap().0,
                        graph,
                        colour,
                        stack,
                    ) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        colour.insert(m, 2);
        None
    }
    let mut colour = BTreeMap::new();
    for m in graph.keys() {
        if !colour.contains_key(m)
            && let Some(cycle) = visit(m, &graph, &mut colour, &mut Vec::new())
        {
            panic!("import loop: {}", cycle.join(" -> "));
        }
    }
    assert!(graph.len() > 20, "only {} files read", graph.len());
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
