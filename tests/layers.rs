//! The crate's layers, checked from its source: every module may import only from its own
//! layer and the layers below it, and no two modules import each other, directly or around a
//! longer circle.
//!
//! Layers, bottom up: `rules` (the world, kinds, generator, creatures, sight, turns),
//! `record`, `save`, `view` (frames, glyphs, pixels, layout), `app` (screens and input),
//! and the edges that may use all of them: `web` (the browser) and `lab` (the cave lab, which
//! draws with the view but never sees the app).
//!
//! An import is any `crate::` path or `super::` path in a file. A module's own submodules and
//! ancestors are not counted for circles: a `mod.rs` declares and re-exports its children.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What each layer may import besides itself.
const ALLOWED: &[(&str, &[&str])] = &[
    ("rules", &[]),
    ("record", &["rules"]),
    ("save", &["rules", "record"]),
    ("view", &["rules"]),
    ("app", &["rules", "record", "save", "view"]),
    ("lab", &["rules", "view"]),
    ("web", &["rules", "record", "save", "view", "app", "lab"]),
];

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
            let text = std::fs::read_to_string(&path).expect("source is readable");
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

/// The module file a path lands in: its longest prefix that is a module.
fn target(path: &[String], known: &BTreeMap<Module, String>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| known.contains_key(p))
}

/// Every module and the modules it imports (itself left out).
fn imports() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut known = BTreeMap::new();
    modules(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
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

#[test]
fn every_module_imports_only_its_own_layer_and_those_below() {
    let mut wrong = Vec::new();
    let graph = imports();
    for (m, to) in &graph {
        let Some(layer) = m.first() else { continue };
        let Some((_, allowed)) = ALLOWED.iter().find(|(l, _)| l == layer) else {
            wrong.push(format!("{} is in no layer (add it to ALLOWED)", name(m)));
            continue;
        };
        for t in to {
            let Some(other) = t.first() else { continue };
            if other != layer && !allowed.contains(&other.as_str()) {
                wrong.push(format!("{} imports {}", name(m), name(t)));
            }
        }
    }
    assert!(
        graph.len() > 50,
        "the source tree was not found: {} modules",
        graph.len()
    );
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_modules_import_each_other() {
    let graph = imports();
    // Parents and children are one unit here: a `mod.rs` declares its children.
    let related = |a: &Module, b: &Module| a.starts_with(b) || b.starts_with(a);
    let edges: BTreeMap<&Module, Vec<&Module>> = graph
        .iter()
        .map(|(m, to)| (m, to.iter().filter(|t| !related(m, t)).collect()))
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
    assert!(
        circles.is_empty(),
        "modules that import each other:\n{}",
        circles.join("\n")
    );
}
