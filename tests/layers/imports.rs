//! Reads which file of a crate uses which, for the layers tests (`tests/layers.rs` for the engine,
//! `tests/app_layers.rs` for the browser app): a file's module path and its code, every path it
//! names from the crate root, its parent or its child modules, and the file each one lands in.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path of each file under a crate's source folder ("" for lib.rs, "rules" for
/// rules/mod.rs, "rules/battle" for rules/battle.rs, "bin/worker" for bin/worker.rs), and its
/// text with comments removed.
pub type Files = BTreeMap<String, String>;

/// Every `.rs` file under `dir`, read into [`Files`].
pub fn read_tree(dir: &Path) -> Files {
    fn walk(dir: &Path, prefix: &str, out: &mut Files) {
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
                out.insert(
                    module,
                    uncommented(&std::fs::read_to_string(&path).unwrap()),
                );
            }
        }
    }
    let mut out = Files::new();
    walk(dir, "", &mut out);
    out
}

/// The code of a file without its comments (doc comments too: they name paths in prose).
pub fn uncommented(text: &str) -> String {
    let code: Vec<&str> = text
        .lines()
        .map(|l| l.split("//").next().unwrap())
        .collect();
    code.join("\n")
}

/// Every path a piece of code names from `start` (`crate::a::{b, c::d}` gives `a::b`, `a::c::d`).
/// With `boundary`, `start` counts only where no name or `::` runs into it (`throne::` but not
/// `reset::throne::`).
pub fn paths(code: &str, start: &str, boundary: bool) -> Vec<Vec<String>> {
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
        let begin = from + at;
        let byte = begin + start.len();
        from = byte;
        let before = code[..begin].chars().next_back();
        if boundary && before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let i = code[..byte].chars().count();
        tree(&chars, i, Vec::new(), &mut out);
    }
    out
}

/// The child modules a file declares (`mod throne;`, `pub mod state;`).
pub fn children(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l
                .strip_prefix("pub(crate) ")
                .or_else(|| l.strip_prefix("pub "))
                .unwrap_or(l);
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?.trim();
            Some(name.to_string())
        })
        .collect()
}

/// The file each import of `module` comes from (the longest prefix that is a module), and the
/// path it names. An import names a file through one of `roots` (`crate::`, or the library's
/// name in its binaries), `super::`, or, with `relative`, `self::` or a child module's name (a
/// parent that uses its own children uses them as much as any other file would).
pub fn imports(
    all: &Files,
    module: &str,
    roots: &[&str],
    relative: bool,
) -> Vec<(String, Vec<String>)> {
    let code = &all[module];
    let own: Vec<String> = module
        .split('/')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let parent = own[..own.len().saturating_sub(1)].to_vec();
    let mut starts: Vec<(String, Vec<String>, bool)> = roots
        .iter()
        .map(|r| (r.to_string(), Vec::new(), false))
        .collect();
    starts.push(("super::".into(), parent, false));
    if relative {
        starts.push(("self::".into(), own.clone(), true));
        for child in children(code) {
            let mut base = own.clone();
            base.push(child.clone());
            starts.push((format!("{child}::"), base, true));
        }
    }
    let mut found = Vec::new();
    for (start, base, boundary) in starts {
        for path in paths(code, &start, boundary) {
            let full: Vec<String> = base.iter().cloned().chain(path.iter().cloned()).collect();
            let target = (0..=full.len())
                .rev()
                .map(|k| full[..k].join("/"))
                .find(|m| all.contains_key(m))
                .unwrap_or_default();
            if target != module {
                found.push((target, full));
            }
        }
    }
    found
}

/// A loop of files each importing the next, the first file repeated at the end; `None` if there
/// is none. `graph` maps each file to the files it imports.
pub fn find_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search; a grey module met again closes a loop.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        colour: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        colour.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            match colour.get(next) {
                Some(1) => {
                    let at = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(next, graph, colour, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        colour.insert(m.to_string(), 2);
        None
    }
    let mut colour = BTreeMap::new();
    for m in graph.keys() {
        if !colour.contains_key(m)
            && let Some(cycle) = visit(m, graph, &mut colour, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}
