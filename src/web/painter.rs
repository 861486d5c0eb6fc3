//! Paints frames on a canvas: the raster keeps an RGBA buffer, and each paint hands each
//! changed rectangle to the canvas in a `putImageData` call.

use crate::view::frame::Frame;
use crate::view::layout::{Layout, CELL_PX};
use crate::view::raster::Raster;
use wasm_bindgen::{Clamped, JsCast, JsError};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// The canvas with id `canvas_id` and its 2D context, or an error a person can read.
pub fn canvas_2d(
    canvas_id: &str,
) -> Result<(HtmlCanvasElement, CanvasRenderingContext2d), JsError> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsError::new("The game needs a web page to run in."))?;
    let element = document.get_element_by_id(canvas_id).ok_or_else(|| {
        JsError::new(&format!(
            "The page has no element with id \"{canvas_id}\" to draw on."
        ))
    })?;
    let canvas: HtmlCanvasElement = element
        .dyn_into()
        .map_err(|_| JsError::new(&format!("The element \"{canvas_id}\" is not a <canvas>.")))?;
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or_else(|| JsError::new("This browser cannot draw on a 2D canvas."))?;
    Ok((canvas, ctx))
}

pub struct Painter {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    raster: Raster,
    scratch: Vec<u8>,
}

impl Painter {
    pub fn new(canvas_id: &str) -> Result<Painter, JsError> {
        let (canvas, ctx) = canvas_2d(canvas_id)?;
        let l = Layout::DESKTOP;
        let raster = Raster::new(l.cols as usize, l.rows as usize);
        canvas.set_width(raster.width() as u32);
        canvas.set_height(raster.height() as u32);
        Ok(Painter {
            canvas,
            ctx,
            raster,
            scratch: Vec::new(),
        })
    }

    /// Makes the canvas `cols` x `rows` cells (a new layout); everything is painted again.
    pub fn resize(&mut self, cols: usize, rows: usize) {
        if (cols * CELL_PX as usize, rows * CELL_PX as usize) == self.size() {
            return;
        }
        self.raster = Raster::new(cols, rows);
        self.canvas.set_width(self.raster.width() as u32);
        self.canvas.set_height(self.raster.height() as u32);
    }

    /// Canvas size in pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.raster.width(), self.raster.height())
    }

    pub fn set_css_size(&self, w: f64, h: f64) {
        let style = self.canvas.style();
        // Setting a style property cannot fail for these names; ignore the Result.
        let _ = style.set_property("width", &css_px(w));
        let _ = style.set_property("height", &css_px(h));
    }

    pub fn invalidate(&mut self) {
        self.raster.invalidate();
    }

    pub fn paint(&mut self, frame: &Frame) {
        self.raster.paint(frame);
        for &rect in self.raster.changed() {
            self.raster.copy_rect(rect, &mut self.scratch);
            let image = ImageData::new_with_u8_clamped_array_and_sh(
                Clamped(&self.scratch),
                rect.w as u32,
                rect.h as u32,
            );
            // putImageData fails only for a detached canvas; the next paint tries again.
            let put = image.and_then(|image| {
                self.ctx
                    .put_image_data(&image, rect.x as f64, rect.y as f64)
            });
            if put.is_err() {
                self.raster.invalidate();
                return;
            }
        }
    }
}

/// `v` CSS pixels as text with three decimals ("853.333px"), written with integer formatting
/// so the page does not carry a general float formatter.
fn css_px(v: f64) -> String {
    let milli = (v.max(0.0) * 1000.0).round() as u64;
    format!("{}.{:03}px", milli / 1000, milli % 1000)
}
