//! The browser edge: the exported `Game` handle. It turns key strings into calls on the core
//! game and paints the composed frame; nothing here decides game rules.

mod bench;
mod painter;

use crate::game::Game as Core;
use crate::rng::parse_seed;
use crate::view::{cell_at, compose, css_size, world_at};
pub use bench::bench_generate;
use painter::Painter;
use wasm_bindgen::prelude::*;

/// One running game bound to a canvas.
#[wasm_bindgen]
pub struct Game {
    core: Core,
    painter: Painter,
}

fn random_seed() -> u64 {
    let mut bytes = [0u8; 4];
    // A failed read only makes the seed less random; the game still starts.
    let _ = getrandom::fill(&mut bytes);
    u64::from(u32::from_le_bytes(bytes))
}

#[wasm_bindgen]
impl Game {
    /// Starts a game on the canvas with id `canvas_id`. `seed` is any text (a number is used
    /// as it is, other text is hashed); empty or missing picks a random seed. Errors are
    /// sentences a person can read.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas_id: &str, seed: Option<String>) -> Result<Game, JsError> {
        console_error_panic_hook::set_once();
        let painter = Painter::new(canvas_id)?;
        let seed = match seed.as_deref().map(str::trim) {
            Some(s) if !s.is_empty() => parse_seed(s),
            _ => random_seed(),
        };
        let core = Core::new(seed).map_err(|e| {
            JsError::new(&format!("Could not build the caves for seed {seed}: {e}."))
        })?;
        let mut game = Game { core, painter };
        game.paint();
        Ok(game)
    }

    /// Handles a `KeyboardEvent.key`; returns true when the game used it (call
    /// `preventDefault` then), false when the page may act on it.
    pub fn key(&mut self, key: &str) -> bool {
        let used = self.core.key(key);
        if used {
            self.paint();
        }
        used
    }

    /// Tells the game whether it has the keyboard.
    pub fn set_focused(&mut self, focused: bool) {
        if self.core.focused() != focused {
            self.core.set_focused(focused);
            self.paint();
        }
    }

    /// Sizes the canvas for `avail_w` x `avail_h` CSS pixels at `dpr` device pixels per CSS
    /// pixel, scaling by whole device pixels.
    pub fn fit(&self, avail_w: f64, avail_h: f64, dpr: f64) {
        let (w, h) = self.painter.size();
        let (cw, ch) = css_size(avail_w, avail_h, dpr, w as f64, h as f64);
        self.painter.set_css_size(cw, ch);
    }

    /// The mouse is at (`x`, `y`) CSS pixels over the canvas, which is shown at `w` x `h` CSS
    /// pixels: name what is under it in the sidebar.
    pub fn hover(&mut self, x: f64, y: f64, w: f64, h: f64) {
        let at = cell_at(x, y, w, h).and_then(|(col, row)| world_at(&self.core, col, row));
        if self.core.hover() != at {
            self.core.set_hover(at);
            self.paint();
        }
    }

    /// The mouse left the canvas.
    pub fn hover_end(&mut self) {
        self.core.set_hover(None);
        self.paint();
    }

    /// The sidebar's "Looking at" name, or an empty string (for tests).
    pub fn look_text(&self) -> String {
        self.core
            .looking_at()
            .and_then(|p| self.core.describe(p))
            .map_or(String::new(), |e| e.name.to_string())
    }

    /// Repaints every cell (used by the benchmark and after a lost canvas).
    pub fn repaint_all(&mut self) {
        self.painter.invalidate();
        self.paint();
    }

    /// The screen as text: 50 lines of 80 characters joined by newlines.
    pub fn text(&self) -> String {
        compose(&self.core)
            .to_string()
            .trim_end_matches('\n')
            .to_string()
    }

    /// The player's position as [x, y, z] (world cells; z is the level from 0).
    pub fn player(&self) -> js_sys::Array {
        let p = self.core.player();
        [p.x, p.y, p.z].iter().map(|&v| JsValue::from(v)).collect()
    }

    /// The seed of the current game, as text.
    pub fn seed(&self) -> String {
        self.core.seed().to_string()
    }

    fn paint(&mut self) {
        self.painter.paint(&compose(&self.core));
    }
}
