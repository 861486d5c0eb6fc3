//! What Cargo cannot see of the layers, checked from the sources. The layers are crates
//! (`rules`, `view`, `save`, `lab`, `bots`, the game and the board's server), so Cargo refuses an
//! import from a layer above; what it cannot see is a circle of imports between the modules
//! of one crate.
//!
//! In every crate of the workspace, no two modules import each other, directly or around a
//! longer circle. An import is a `crate::` or `super::` path (each `super` one level up) or a
//! path through a child module, in a `use` or in code, landing in the deepest module it names;
//! a file's inline test module is left out. A parent and its child count as any two modules:
//! a child that imports its parent while the parent holds the child is a circle too.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// Every source file as its module path (`src/rules/builder/mod.rs` is `rules::builder`).
fn modules(dir: &Path, prefix: &[String], out: &mut BTreeMap<Module, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            let mut p = prefix.to_vec();
            p.push(name.to_string());
            modules(&path, &p, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut p = prefix.to_vec();
            if name != "mod" && name != "lib" {
                p.push(name.to_string());
            }
            let mut text = std::fs::read_to_string(&path).expect("source is readable");
            // A file's inline test module (`#[cfg(test)] mod tests { use super::*; }`) is a
            // module of its own whose `super` is the file: its imports are the tests', not
            // the file's.
            if let Some(at) = text.find("#[cfg(test)]\nmod ") {
                text.truncate(at);
            }
            out.insert(p, text);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a source text names after `crate::` or `super::`, as segment lists (a brace
/// group gives one path per first name inside it). Comments are skipped.
fn paths(text: &str, module: &[String], is_dir_module: bool) -> Vec<Module> {
    let code: String = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for (root, base) in [
        ("crate::", Vec::new()),
        ("super::", {
            // `super` of a file module is its parent; of a `mod.rs`, the grandparent.
            let mut b = module.to_vec();
            b.pop();
            if is_dir_module {
                b.pop();
            }
            b
        }),
    ] {
        let mut at = 0;
        while let Some(i) = code[at..].find(root) {
            let start = at + i;
            at = start + root.len();
            if start > 0 && code[..start].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let mut segs = base.clone();
            let mut rest = &code[at..];
            // `super::super::x`: every further `super` is one level up.
            if root == "super::" {
                while let Some(r) = rest.strip_prefix("super::") {
                    segs.pop();
                    rest = r;
                }
            }
            loop {
                let n = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
                if n == 0 {
                    if let Some(inner) = rest.strip_prefix('{') {
                        let end = inner.find('}').unwrap_or(inner.len());
                        for part in inner[..end].split(',') {
                            let first: String =
                                part.trim().chars().take_while(|&c| is_ident(c)).collect();
                            if !first.is_empty() && first != "self" {
                                let mut p = segs.clone();
                                p.push(first);
                                found.push(p);
                            }
                        }
                        segs.clear();
                    }
                    break;
                }
                segs.push(rest[..n].to_string());
                rest = &rest[n..];
                match rest.strip_prefix("::") {
                    Some(r) => rest = r,
                    None => break,
                }
            }
            if !segs.is_empty() {
                found.push(segs);
            }
        }
    }
    found
}

/// Names at the root of the game crate that are another crate (`pub use caves_rules as
/// rules`): a path through one lands in that crate, seen here as one module.
const EXTERN: [&str; 5] = ["rules", "record", "view", "save", "lab"];

/// The module file a path lands in: its longest prefix that is a module, or the crate root
/// for an item of the root itself.
fn target(path: &[String], known: &BTreeMap<Module, String>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| known.contains_key(p))
        .or_else(|| {
            let first = path.first()?;
            if EXTERN.contains(&first.as_str()) {
                // The layer of another crate: a module of its own, importing nothing here.
                Some(vec![first.clone()])
            } else {
                known.contains_key(&Vec::new()).then(Vec::new)
            }
        })
}

/// The modules under `module` that its text names by a relative path: in a `use` line
/// (`use items::Thing;`, `pub use action::{Action, Dir};`, `use screens::play::mode::Play;`)
/// or in code (`screens::overview::Overview`), each landing in the longest prefix of the
/// path that is a module.
fn child_imports(text: &str, module: &[String], known: &BTreeMap<Module, String>) -> Vec<Module> {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let n = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if n == 0 {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let after_path = code[..at].ends_with(|c: char| is_ident(c) || c == ':');
        let mut segs = module.to_vec();
        let mut tail = rest;
        loop {
            let n = tail.find(|c: char| !is_ident(c)).unwrap_or(tail.len());
            segs.push(tail[..n].to_string());
            tail = &tail[n..];
            match tail.strip_prefix("::") {
                Some(r) if r.starts_with(is_ident) => tail = r,
                _ => break,
            }
        }
        let is_path = segs.len() > module.len() + 1 || rest[n..].starts_with("::{");
        if !after_path && is_path {
            if let Some(t) = (module.len() + 1..=segs.len())
                .rev()
                .map(|k| segs[..k].to_vec())
                .find(|p| known.contains_key(p))
            {
                found.push(t);
            }
        }
        at += n;
    }
    found
}

/// Every module of the crate whose sources are in `src` (a folder of the repository) and the
/// modules of that crate it imports (itself left out).
fn imports_in(src: &str) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut known = BTreeMap::new();
    modules(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(src),
        &[],
        &mut known,
    );
    let dir_modules: BTreeSet<Module> = known
        .keys()
        .filter(|m| known.keys().any(|o| o.len() > m.len() && o.starts_with(m)))
        .cloned()
        .collect();
    known
        .iter()
        .map(|(m, text)| {
            let to = paths(text, m, dir_modules.contains(m))
                .iter()
                .filter_map(|p| target(p, &known))
                .chain(child_imports(text, m, &known))
                .filter(|t| t != m)
                .collect();
            (m.clone(), to)
        })
        .collect()
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// The circles of imports in `graph`, each as "a -> b -> a". A parent and its child count
/// like any two modules: a parent that re-exports its child's items while the child imports
/// the parent's is a circle too.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let edges: BTreeMap<&Module, Vec<&Module>> = graph
        .iter()
        .map(|(m, to)| (m, to.iter().collect()))
        .collect();
    // Depth-first search; a grey node met again closes a circle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        White,
        Grey,
        Black,
    }
    let mut mark: BTreeMap<&Module, Mark> = edges.keys().map(|&m| (m, Mark::White)).collect();
    let mut circles = Vec::new();
    for &start in edges.keys() {
        if mark[start] != Mark::White {
            continue;
        }
        let mut stack: Vec<(&Module, usize)> = vec![(start, 0)];
        mark.insert(start, Mark::Grey);
        while let Some(&mut (m, ref mut next)) = stack.last_mut() {
            let out = &edges[m];
            if *next < out.len() {
                let t = out[*next];
                *next += 1;
                match mark.get(t).copied().unwrap_or(Mark::Black) {
                    Mark::White => {
                        mark.insert(t, Mark::Grey);
                        stack.push((t, 0));
                    }
                    Mark::Grey => {
                        let from = stack.iter().position(|(s, _)| *s == t).unwrap_or(0);
                        let mut ring: Vec<String> =
                            stack[from..].iter().map(|(s, _)| name(s)).collect();
                        ring.push(name(t));
                        circles.push(ring.join(" -> "));
                    }
                    Mark::Black => {}
                }
            } else {
                mark.insert(m, Mark::Black);
                stack.pop();
            }
        }
    }
    circles
}

#[test]
fn no_modules_import_each_other() {
    for src in [
        "server/src",
        "rules/src",
        "view/src",
        "save/src",
        "lab/src",
        "bots/src",
        "src",
    ] {
        let graph = imports_in(src);
        assert!(graph.len() > 3, "{src} was not found");
        let found = circles(&graph);
        assert!(
            found.is_empty(),
            "{src}: modules that import each other:\n{}",
            found.join("\n")
        );
    }
}
