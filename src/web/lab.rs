//! The exported `Lab` handle: the cave lab on a canvas. It passes key names and slices of
//! work to the pure lab, times the work with the page clock, and paints the lab's picture
//! with one `putImageData`.

use crate::lab;
use crate::view::layout::css_size;
use wasm_bindgen::{prelude::*, Clamped};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// Budget of the work done right after a key, so small worlds regenerate within the key.
const KEY_BUDGET_MS: f64 = 12.0;

/// The cave lab bound to a canvas.
#[wasm_bindgen]
pub struct Lab {
    lab: lab::Lab,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    /// Milliseconds spent on the generation under way.
    spent: f64,
    css: (f64, f64, f64),
}

fn now() -> f64 {
    js_sys::Date::now()
}

#[wasm_bindgen]
impl Lab {
    /// Opens the lab on the canvas with id `canvas_id` for the page query `query` (`seed` and
    /// the world parameters `w h d fill passes rule min`). Without a seed, a random one.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas_id: &str, query: &str) -> Result<Lab, JsError> {
        console_error_panic_hook::set_once();
        let (canvas, ctx) = super::painter::canvas_2d(canvas_id)?;
        let seed = u64::from(super::random::random_u32());
        let mut lab = Lab {
            lab: lab::Lab::new(query, seed),
            canvas,
            ctx,
            spent: 0.0,
            css: (0.0, 0.0, 1.0),
        };
        lab.run(KEY_BUDGET_MS);
        lab.paint();
        Ok(lab)
    }

    /// Handles a `KeyboardEvent.key`; true when the lab used it (call `preventDefault`).
    /// A change of parameters regenerates at once for small worlds; for large ones the page
    /// keeps calling `work` while `pending` is true.
    pub fn key(&mut self, key: &str) -> bool {
        let was = self.lab.pending();
        let used = self.lab.key(key);
        if used {
            if self.lab.pending() && !was {
                self.spent = 0.0;
            }
            self.run(KEY_BUDGET_MS);
            self.paint();
        }
        used
    }

    /// True while generation is unfinished: call `work` every animation frame.
    pub fn pending(&self) -> bool {
        self.lab.pending()
    }

    /// Generates for about `budget_ms` milliseconds (at least one recipe step), then
    /// repaints. Returns `pending()`.
    pub fn work(&mut self, budget_ms: f64) -> bool {
        self.run(budget_ms);
        self.paint();
        self.lab.pending()
    }

    /// How much of the generation under way is done, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.lab.progress()
    }

    /// "play" once after the play key (open the game with `play_query`), else "".
    pub fn take_request(&mut self) -> String {
        self.lab.take_request().into()
    }

    /// The query (without '?') that reopens the lab as it stands: `lab&seed=..&w=..`.
    pub fn query(&self) -> String {
        self.lab.query()
    }

    /// The query (without '?') that starts a game in these caves.
    pub fn play_query(&self) -> String {
        self.lab.play_query()
    }

    /// Sizes the canvas for `avail_w` x `avail_h` CSS pixels at `dpr` device pixels per CSS
    /// pixel (whole device pixels per canvas pixel); a tall space gets the tall layout.
    pub fn fit(&mut self, avail_w: f64, avail_h: f64, dpr: f64) {
        self.css = (avail_w, avail_h, dpr);
        self.lab.set_space(avail_w, avail_h);
        self.paint();
    }

    /// The buttons the page shows on a touch screen, one per line: the label, the key to pass
    /// to `key` when it is pressed, and what a screen reader says, separated by tabs.
    pub fn buttons(&self) -> String {
        let lines: Vec<String> = crate::lab::BUTTONS
            .iter()
            .map(|(label, key, spoken)| format!("{label}\t{key}\t{spoken}"))
            .collect();
        lines.join("\n")
    }

    /// Says whether the page shows those buttons (the screen then leaves out its list of
    /// keys); repaints.
    pub fn set_buttons(&mut self, on: bool) {
        self.lab.set_buttons(on);
        self.paint();
    }

    /// The screen as text: one line per row of the glyph grid, joined by newlines.
    pub fn text(&mut self) -> String {
        self.lab
            .frame()
            .to_string()
            .trim_end_matches('\n')
            .to_string()
    }

    fn run(&mut self, budget_ms: f64) {
        if !self.lab.pending() {
            return;
        }
        let start = now();
        while self.lab.work_step() && now() - start < budget_ms {}
        self.spent += now() - start;
        if !self.lab.pending() {
            self.lab.set_gen_ms(self.spent);
            self.spent = 0.0;
        }
    }

    fn paint(&mut self) {
        let (w, h, pixels) = self.lab.picture();
        if self.canvas.width() != w as u32 || self.canvas.height() != h as u32 {
            self.canvas.set_width(w as u32);
            self.canvas.set_height(h as u32);
        }
        let (aw, ah, dpr) = self.css;
        if aw > 0.0 {
            let (cw, ch) = css_size(aw, ah, dpr, w as f64, h as f64);
            let style = self.canvas.style();
            // Setting these style properties cannot fail; ignore the Result.
            let _ = style.set_property("width", &format!("{cw}px"));
            let _ = style.set_property("height", &format!("{ch}px"));
        }
        if let Ok(image) =
            ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), w as u32, h as u32)
        {
            // putImageData fails only for a detached canvas; the next paint tries again.
            let _ = self.ctx.put_image_data(&image, 0.0, 0.0);
        }
    }
}
