//! `docs/cyclopedia.md` is made from the kinds' listing (`dump --kinds`) and the words the
//! game shows in look mode, so the page names every kind as the game has it. After a kind
//! changes, `CYCLOPEDIA_WRITE=1 cargo test --test cyclopedia` writes the page again.
#![cfg(not(target_arch = "wasm32"))]

use caves::rules::builder::WorldParams;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::listing;
use caves::rules::kinds::tile::Tile;
use caves::view::kinds::Shown;

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cyclopedia.md");

/// The words look mode shows for the kind called `name` of `family`.
fn words(family: &str, name: &str) -> &'static str {
    let find = |d: Option<&'static str>| d.unwrap_or_else(|| panic!("no {family} {name}"));
    match family {
        // Look mode shows a hidden plate as the floor it looks like.
        "terrain" if name.starts_with("hidden ") => {
            "Looks like the cave floor until a step on it, or a search by torchlight (waiting or resting near by), finds it."
        }
        "terrain" => find(
            Tile::ALL
                .into_iter()
                .find(|k| k.name() == name)
                .map(Shown::description),
        ),
        "creature" => find(
            Creature::ALL
                .into_iter()
                .find(|k| k.name() == name)
                .map(Shown::description),
        ),
        _ => find(
            Item::ALL
                .into_iter()
                .find(|k| k.name() == name)
                .map(Shown::description),
        ),
    }
}

fn page() -> String {
    let mut out = String::from(
        "# Cyclopedia\n\n\
         Every kind of terrain, creature and item in the caves: the character it has in text\n\
         dumps and fixtures, the first level of the default caves it is found on, and what look\n\
         mode says of it. Made from `cargo run --release --example dump -- --kinds` and the\n\
         game's own descriptions; `tests/cyclopedia.rs` keeps it true\n\
         (`CYCLOPEDIA_WRITE=1 cargo test --test cyclopedia` writes it again).\n",
    );
    let mut family = "";
    for k in listing(&WorldParams::default()) {
        if k.family != family {
            family = k.family;
            let title = match family {
                "terrain" => "Terrain",
                "creature" => "Creatures",
                _ => "Items",
            };
            out.push_str(&format!(
                "\n## {title}\n\n| name | character | first level | in look mode |\n|---|---|---|---|\n"
            ));
        }
        let c = if k.dump == ' ' {
            "(space)".to_string()
        } else {
            format!("`{}`", k.dump)
        };
        let first = k.first.map_or("none".to_string(), |f| f.to_string());
        let said = words(k.family, k.name).replace('|', "\\|");
        out.push_str(&format!("| {} | {c} | {first} | {said} |\n", k.name));
    }
    out
}

#[test]
fn the_cyclopedia_page_lists_every_kind_as_the_game_has_it() {
    let want = page();
    if std::env::var_os("CYCLOPEDIA_WRITE").is_some() {
        std::fs::write(PAGE, &want).expect("docs/cyclopedia.md is writable");
    }
    let have = std::fs::read_to_string(PAGE).unwrap_or_default();
    assert!(
        have == want,
        "docs/cyclopedia.md is not the listing of the kinds: run \
         CYCLOPEDIA_WRITE=1 cargo test --test cyclopedia"
    );
}
