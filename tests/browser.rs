//! Tests that run in headless Chrome: the world generator gives the same world as natively,
//! committed run records replay to their pinned hashes, a painted frame puts a known glyph in
//! the right place in the right colours, and runs are saved in the page's storage.
#![cfg(target_arch = "wasm32")]

use caves::record::{replay, Record};
use caves::rules::builder::{WorldBuilder, WorldParams};
use caves::rules::{Outcome, State};
use caves::view::colour::BLACK;
use caves::view::frame::{Cell, Frame};
use caves::view::kinds::Shown;
use caves::view::raster::Raster;
use caves::web::{Game, RequestKind};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

const SEED_42_CHECKSUM: u64 = include!("seed42.checksum");

#[wasm_bindgen_test]
fn seed_42_world_is_identical_to_the_native_one() {
    let world = WorldBuilder::new(100, 60, 5, 42).make_caves().build();
    assert_eq!(world.checksum(), SEED_42_CHECKSUM);
}

#[wasm_bindgen_test]
fn committed_records_replay_to_their_pinned_hashes_in_the_browser() {
    const COMMITTED: [(&str, Outcome, usize, u64); 5] = include!("records/pins.rs");
    for (name, outcome, len, pin) in COMMITTED {
        let text = match name {
            "win" => include_str!("records/win.txt"),
            "expert" => include_str!("records/expert.txt"),
            "explorer" => include_str!("records/explorer.txt"),
            "death" => include_str!("records/death.txt"),
            _ => include_str!("records/survivor.txt"),
        };
        let record = Record::from_text(text).expect("decodes");
        assert_eq!(record.actions.len(), len, "{name}");
        let state = replay(&record).expect("replays");
        assert_eq!(state.hash(), pin, "{name}");
        assert_eq!(state.outcome(), outcome, "{name}");
    }
}

#[wasm_bindgen_test]
fn potion_and_scroll_looks_are_the_native_ones() {
    assert_eq!(
        caves::rules::items::looks::fingerprint(0..200),
        include!("looks.fingerprint")
    );
}

/// Empties the page's storage, so each test starts with no saved runs.
fn fresh_storage() {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        s.clear().expect("storage clears");
    }
}

fn new_game(id: &str, seed: Option<&str>) -> Result<Game, wasm_bindgen::JsError> {
    Game::new(id, seed.map(String::from), None, None, None)
}

fn canvas(id: &str) -> HtmlCanvasElement {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .expect("canvas")
        .dyn_into()
        .expect("is a canvas");
    canvas.set_id(id);
    document
        .body()
        .expect("body")
        .append_child(&canvas)
        .expect("appended");
    canvas
}

/// The screen cell (column, row) of the player's '@' in a text snapshot.
fn player_cell(text: &str) -> (usize, usize) {
    let (row, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains('@'))
        .expect("player shown");
    (line.chars().position(|ch| ch == '@').expect("column"), row)
}

fn pixel(ctx: &CanvasRenderingContext2d, x: f64, y: f64) -> Vec<u8> {
    ctx.get_image_data(x, y, 1.0, 1.0)
        .expect("readable")
        .data()
        .0
}

#[wasm_bindgen_test]
fn the_game_paints_the_player_glyph_in_its_cell() {
    fresh_storage();
    let c = canvas("paint-test");
    let mut game = new_game("paint-test", Some("42")).expect("starts");
    game.key("Enter");
    let ctx: CanvasRenderingContext2d = c
        .get_context("2d")
        .expect("2d")
        .expect("ctx")
        .dyn_into()
        .expect("ctx");
    assert_eq!((c.width(), c.height()), (640, 400));
    // Find the player in the text snapshot and compare that cell's pixels with the atlas.
    let (col, row) = player_cell(&game.text());
    let core = State::new(42, &WorldParams::default()).expect("same game natively");
    let under = core.world().tile(core.player()).look();
    for y in 0..8 {
        for x in 0..8 {
            let px = pixel(&ctx, (col * 8 + x) as f64, (row * 8 + y) as f64);
            let expected = if caves::view::font::lit(b'@', x, y) {
                [255, 255, 255]
            } else {
                under.bg
            };
            assert_eq!(px[..3], expected, "pixel {x},{y} of the '@' cell");
        }
    }
}

#[wasm_bindgen_test]
fn a_missing_canvas_is_a_readable_error() {
    let err = new_game("no-such-canvas", None).err().expect("fails");
    let message = js_sys::Error::from(wasm_bindgen::JsValue::from(err)).message();
    assert!(String::from(message).contains("no element with id \"no-such-canvas\""));
}

#[wasm_bindgen_test]
fn the_raster_matches_the_frame_it_painted() {
    let mut raster = Raster::new(2, 1);
    let mut frame = Frame::new(2, 1);
    frame.put(
        0,
        0,
        Cell {
            glyph: 177,
            fg: [117, 113, 94],
            bg: [62, 61, 50],
        },
    );
    frame.put(
        1,
        0,
        Cell {
            glyph: b' ',
            fg: BLACK,
            bg: [30, 35, 32],
        },
    );
    raster.paint(&frame);
    assert_eq!(
        raster.changed().len(),
        1,
        "the two cells side by side, one rectangle"
    );
    let lit = raster
        .pixels()
        .chunks(4)
        .filter(|p| p[..3] == [117, 113, 94])
        .count();
    assert!(lit > 16 && lit < 48, "the shade glyph is partly lit: {lit}");
}

#[wasm_bindgen_test]
fn hovering_the_player_names_it_in_the_sidebar() {
    fresh_storage();
    canvas("hover-test");
    let mut game = new_game("hover-test", Some("7")).expect("starts");
    game.key("Enter");
    let (col, row) = player_cell(&game.text());
    // The canvas is shown at twice its size: CSS pixels map back to cells at any scale.
    let (x, y) = ((col * 16 + 5) as f64, (row * 16 + 9) as f64);
    game.hover(x, y, 1280.0, 800.0);
    assert_eq!(game.look_text(), "you");
    assert!(game.text().contains("Looking at"));
    game.hover(3.0, 3.0, 1280.0, 800.0);
    assert_eq!(game.look_text(), "", "the sidebar is not part of the map");
    game.hover(x, y, 1280.0, 800.0);
    game.hover(-1.0, -1.0, 1280.0, 800.0);
    assert!(
        !game.text().contains("Looking at"),
        "the mouse left the canvas"
    );
}

#[wasm_bindgen_test]
fn a_run_is_saved_every_turn_and_a_new_page_continues_it() {
    fresh_storage();
    canvas("save-test");
    let mut game = new_game("save-test", Some("9")).expect("starts");
    for k in ["Enter", "l", "j", ".", "h"] {
        // As the page does: the key paints its frame, then the turn is written.
        game.key(k);
        game.flush();
    }
    // The last action's flashes (a stone in flight) are the moment's, not the game's: let
    // them run out, as a resumed page starts without them.
    game.tick(60_000.0);
    let before = game.text();
    drop(game);
    let mut again = new_game("save-test", Some("123")).expect("starts");
    assert!(again.text().contains("Press Enter to continue"));
    again.key("Enter");
    assert_eq!(again.text(), before);
    assert_eq!(again.seed(), "9");
}

#[wasm_bindgen_test]
fn share_links_are_written_and_read_by_the_game() {
    fresh_storage();
    canvas("link-test");
    let mut game = new_game("link-test", Some("11")).expect("starts");
    assert!(game.read_link("").is_none() && game.read_link("#").is_none());
    for k in ["Enter", "l", "j", "."] {
        game.key(k);
    }
    // Not deflated yet: the record itself.
    let record = game.to_deflate().expect("a record to deflate");
    assert_eq!(record, game.record_bytes());
    let raw = game.share_text("https://caves.test/", 0, "");
    let fragment = raw
        .strip_prefix("https://caves.test/")
        .expect("the page's address");
    let link = game.read_link(fragment).expect("a run link");
    assert!(fragment.starts_with("#raw=") && !link.deflated);
    assert_eq!(link.bytes, record);
    // Once the page hands back the deflated record, links carry it.
    game.set_deflated(record, vec![1, 2, 3]);
    assert!(game.to_deflate().is_none());
    assert_eq!(game.share_text("p", 0, ""), "p#run=AQID");
    let link = game.read_link("#run=AQID").expect("a run link");
    assert!(link.deflated);
    assert_eq!(link.bytes, vec![1, 2, 3]);
    // Anything else is said on the start screen.
    for (fragment, why) in [
        ("#seed=4", "not a Caves run link"),
        ("#raw=Q2F+", "not a Caves run link"),
        ("#raw=a", "damaged or cut short"),
    ] {
        assert!(game.read_link(fragment).is_none(), "{fragment}");
        assert!(game.text().replace('\n', " ").contains(why), "{fragment}");
    }
}

#[wasm_bindgen_test]
fn requests_reach_the_page_as_typed_values() {
    fresh_storage();
    canvas("request-test");
    let mut game = new_game("request-test", Some("12")).expect("starts");
    game.key("Enter");
    let asked = game.take_requests();
    assert!(
        asked
            .iter()
            .any(|r| r.kind == RequestKind::Lock && r.run.is_some()),
        "a new run asks for its lock"
    );
    game.key("s");
    let asked = game.take_requests();
    assert_eq!(asked.len(), 1);
    assert!(asked[0].kind == RequestKind::Share && asked[0].run.is_none());
    assert!(game.take_requests().is_empty());
}
