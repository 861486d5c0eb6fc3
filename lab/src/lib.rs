//! The cave lab: watch the cave recipe step by step, tune its parameters and share or play
//! the result. Pure and clock-free: the page feeds it key names, slices of work and the time
//! the work took; it answers with a frame of glyphs and a picture of pixels.
//!
//! Generation runs in steps (`work_step`), one recipe step at a time, so a large world can be
//! spread over many animation frames. Every step's world is kept, so stepping back and forth
//! shows exactly what the recipe produced; a parameter change keeps the steps before the
//! first one it affects.

mod draw;
mod keys;
mod knobs;
mod overview;
mod palette;
mod parts;
mod steps;

pub use keys::{action, Action, BUTTONS, KEYS};
pub use knobs::MAX_CELLS;
pub use parts::Shape;
use parts::{Cache, Canvas, Showing};
pub use steps::{explain, steps, title, Step};

use caves_rules::builder::{
    level_figures, region_map, smooth_once, Figures, Recipe, RegionMap, Stage, WorldParams,
};
use caves_rules::rng::parse_seed;
use caves_rules::space::world::World;
use caves_view::frame::Frame;
use caves_view::raster::Raster;

/// The lab's state.
pub struct Lab {
    params: WorldParams,
    seed: u64,
    steps: Vec<Step>,
    /// The world after each step (by index into `steps`), once generated. The region view
    /// has none of its own: it shows the step before it.
    shots: Vec<Option<World>>,
    job: Option<Recipe>,
    /// What is shown: which step, level and part of it, and how.
    show: Showing,
    /// True when the page shows the lab's buttons (on touch screens), which stand in for the
    /// list of keys.
    buttons: bool,
    gen_ms: Option<f64>,
    note: Option<String>,
    play: bool,
    /// Figures and region maps of what is shown, kept until the shots change.
    cache: Cache,
    /// The picture of the level, as pixels for the page.
    canvas: Canvas,
}

impl Lab {
    /// A lab for the page query `query` (`seed` and the world parameters of
    /// `WorldParams::from_query`; other keys are ignored). Without a seed it uses `seed`.
    /// Bad parameters are replaced by the defaults and named on screen.
    pub fn new(query: &str, seed: u64) -> Lab {
        let seed = query
            .trim_start_matches('?')
            .split('&')
            .find_map(|kv| kv.strip_prefix("seed="))
            .filter(|s| !s.trim().is_empty())
            .map_or(seed, parse_seed);
        let (mut params, mut note) = match WorldParams::from_query(query) {
            Ok(p) => (p.clamped(), None),
            Err(e) => (WorldParams::default(), Some(format!("Link not used: {e}."))),
        };
        if !knobs::fits(&params) {
            note = Some(format!(
                "Too big for the lab (over {MAX_CELLS} cells): the usual size instead."
            ));
            params = WorldParams {
                width: WorldParams::default().width,
                height: WorldParams::default().height,
                depth: WorldParams::default().depth,
                ..params
            };
        }
        let mut lab = Lab {
            params,
            seed,
            steps: Vec::new(),
            shots: Vec::new(),
            job: None,
            show: Showing {
                shown: 0,
                z: 0,
                whole: params.width > 128 || params.height > 128,
                regions: false,
                pan: (0, 0),
                pick: 0,
                shape: Shape::Wide,
            },
            buttons: false,
            gen_ms: None,
            note,
            play: false,
            cache: Cache::default(),
            canvas: Canvas {
                raster: Raster::new(80, 50),
                pixels: Vec::new(),
            },
        };
        lab.regenerate(0);
        lab.show.shown = lab.steps.len() - 1;
        lab.centre();
        lab
    }

    /// The parameters in use.
    pub fn params(&self) -> WorldParams {
        self.params
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every step the lab shows.
    pub fn step_list(&self) -> &[Step] {
        &self.steps
    }

    /// The index of the step shown.
    pub fn shown(&self) -> usize {
        self.show.shown
    }

    /// The level shown, from 0.
    pub fn level(&self) -> i32 {
        self.show.z
    }

    /// The screen's shape.
    pub fn shape(&self) -> Shape {
        self.show.shape
    }

    /// True while the whole level is shown scaled down rather than as glyphs.
    pub fn whole(&self) -> bool {
        self.show.whole
    }

    /// True while generation is unfinished: call `work_step` until it returns false.
    pub fn pending(&self) -> bool {
        self.job.is_some()
    }

    /// How much of the current generation is done, 0 to 1.
    pub fn progress(&self) -> f64 {
        let done = self.shots.iter().filter(|s| s.is_some()).count();
        let total = self.shots.len() - usize::from(self.steps.contains(&Step::RegionView));
        if self.job.is_none() || total == 0 {
            1.0
        } else {
            done as f64 / total as f64
        }
    }

    /// The time the last finished generation took, in milliseconds, as measured by the page.
    pub fn set_gen_ms(&mut self, ms: f64) {
        self.gen_ms = Some(ms);
    }

    /// Runs one step of the recipe. Returns true while more steps remain.
    pub fn work_step(&mut self) -> bool {
        let Some(job) = &mut self.job else {
            return false;
        };
        if let Some(stage) = job.advance() {
            if let Some(i) = self.steps.iter().position(|&s| s == Step::Stage(stage)) {
                if self.shots[i].is_none() {
                    self.shots[i] = Some(job.world());
                    self.cache.version += 1;
                }
            }
        }
        if job.next_stage().is_none() {
            self.job = None;
        }
        self.job.is_some()
    }

    /// Runs the recipe to its end.
    pub fn finish(&mut self) {
        while self.work_step() {}
    }

    /// Handles a `KeyboardEvent.key`; true when the lab used it.
    pub fn key(&mut self, key: &str) -> bool {
        let Some(action) = action(key) else {
            return false;
        };
        let last = self.steps.len() - 1;
        match action {
            Action::Step(by) => {
                self.show.shown =
                    (self.show.shown as i64 + i64::from(by)).clamp(0, last as i64) as usize
            }
            Action::First => self.show.shown = 0,
            Action::Last => self.show.shown = last,
            Action::SmoothOnce => self.smooth_once(),
            Action::ToggleRegions => self.show.regions = !self.show.regions,
            Action::ToggleWhole => self.show.whole = !self.show.whole,
            Action::Pan(dx, dy) => {
                let (vw, vh) = self.view_cells();
                self.show.pan.0 += dx * vw / 2;
                self.show.pan.1 += dy * vh / 2;
                self.clamp_pan();
            }
            Action::Level(by) => self.show.z = (self.show.z + by).clamp(0, self.params.depth - 1),
            Action::Pick(by) => {
                self.show.pick =
                    (self.show.pick as i32 + by).rem_euclid(knobs::NAMES.len() as i32) as usize
            }
            Action::Change(by) => self.change(self.show.pick, by),
            Action::NextSeed => self.change(0, 1),
            Action::Play => self.play = true,
        }
        true
    }

    /// What the page is asked to do, once: "play" (open the game with `play_query`) or "".
    pub fn take_request(&mut self) -> &'static str {
        if std::mem::take(&mut self.play) {
            "play"
        } else {
            ""
        }
    }

    /// The query that reopens the lab as it stands (without '?').
    pub fn query(&self) -> String {
        format!("lab&{}", self.play_query())
    }

    /// The query that starts a game in these caves (without '?').
    pub fn play_query(&self) -> String {
        format!("seed={}&{}", self.seed, self.params.to_query())
    }

    /// Chooses the screen's shape for `avail_w` x `avail_h` of space: tall when it is
    /// taller than wide.
    pub fn set_space(&mut self, avail_w: f64, avail_h: f64) {
        let shape = if avail_h > avail_w {
            Shape::Tall
        } else {
            Shape::Wide
        };
        if shape != self.show.shape {
            self.show.shape = shape;
            self.resize();
        }
    }

    /// Says whether the page shows the lab's buttons (`BUTTONS`). They stand in for the
    /// list of keys, so the panel leaves it out and the tall screen is shorter: a phone keeps
    /// whole-pixel glyphs in the space above the buttons.
    pub fn set_buttons(&mut self, on: bool) {
        if on != self.buttons {
            self.buttons = on;
            self.resize();
        }
    }

    /// (columns, rows) of the frame.
    pub fn size(&self) -> (usize, usize) {
        match (self.show.shape, self.buttons) {
            (Shape::Wide, _) => (80, 50),
            (Shape::Tall, false) => (48, 100),
            (Shape::Tall, true) => (48, 80),
        }
    }

    fn resize(&mut self) {
        let (c, r) = self.size();
        self.canvas.raster = Raster::new(c, r);
        self.clamp_pan();
    }

    /// The world after the shown step, or the latest one generated while it is pending.
    pub fn shown_world(&self) -> Option<&World> {
        (0..=self.shot_index(self.show.shown))
            .rev()
            .find_map(|i| self.shots[i].as_ref())
    }

    /// The figures of the shown level.
    pub fn figures(&mut self) -> Option<Figures> {
        let key = (
            self.cache.version,
            self.shot_index(self.show.shown),
            self.show.z,
        );
        if let Some((k, f)) = self.cache.figures {
            if k == key {
                return Some(f);
            }
        }
        let f = level_figures(self.shown_world()?, self.show.z);
        self.cache.figures = Some((key, f));
        Some(f)
    }

    /// The screen as a frame of glyphs.
    pub fn frame(&mut self) -> Frame {
        let regions = self.region_colours();
        let figures = self.figures();
        draw::frame(&draw::View {
            params: self.params,
            seed: self.seed,
            steps: &self.steps,
            show: self.show,
            world: self.shown_world(),
            regions: regions.as_ref(),
            regions_on: self.regions_on(),
            figures,
            pending: self.pending(),
            progress: self.progress(),
            gen_ms: self.gen_ms,
            note: self.note.as_deref(),
            buttons: self.buttons,
            size: self.size(),
            map_area: self.map_area(),
        })
    }

    /// The screen as RGBA pixels (width, height, bytes): the frame's glyphs, with the whole
    /// level drawn over the map area in the whole-level view.
    pub fn picture(&mut self) -> (usize, usize, &[u8]) {
        let frame = self.frame();
        self.canvas.raster.paint(&frame);
        self.canvas.pixels.clear();
        self.canvas
            .pixels
            .extend_from_slice(self.canvas.raster.pixels());
        let (w, h) = (self.canvas.raster.width(), self.canvas.raster.height());
        if self.show.whole {
            let area = self.map_area();
            let regions = self.region_colours();
            let mut pixels = std::mem::take(&mut self.canvas.pixels);
            if let Some(world) = self.shown_world() {
                overview::draw(&mut pixels, w, area, world, self.show.z, regions.as_ref());
            }
            self.canvas.pixels = pixels;
        }
        (w, h, &self.canvas.pixels)
    }

    /// The map area in cells: (x, y, columns, rows).
    pub fn map_area(&self) -> (i32, i32, i32, i32) {
        match self.show.shape {
            Shape::Wide => (30, 0, 50, 50),
            Shape::Tall => (0, 0, 48, 48),
        }
    }

    fn view_cells(&self) -> (i32, i32) {
        let (_, _, w, h) = self.map_area();
        (w, h)
    }

    fn clamp_pan(&mut self) {
        let (vw, vh) = self.view_cells();
        self.show.pan.0 = self.show.pan.0.min(self.params.width - vw).max(0);
        self.show.pan.1 = self.show.pan.1.min(self.params.height - vh).max(0);
    }

    fn centre(&mut self) {
        let (vw, vh) = self.view_cells();
        self.show.pan = ((self.params.width - vw) / 2, (self.params.height - vh) / 2);
        self.clamp_pan();
    }

    /// Index of the world a step shows: the region view shows the step before it.
    fn shot_index(&self, i: usize) -> usize {
        match self.steps[i] {
            Step::RegionView => i - 1,
            Step::Stage(_) => i,
        }
    }

    /// True when the shown step colours the regions.
    fn regions_on(&self) -> bool {
        self.show.regions || self.steps[self.show.shown] == Step::RegionView
    }

    /// The region map of the shown level when regions are coloured.
    fn region_colours(&mut self) -> Option<RegionMap> {
        if !self.regions_on() {
            return None;
        }
        let key = (
            self.cache.version,
            self.shot_index(self.show.shown),
            self.show.z,
            self.params.min_region,
        );
        if let Some((k, m)) = &self.cache.region_cache {
            if *k == key {
                return Some(m.clone());
            }
        }
        let m = region_map(self.shown_world()?, self.show.z, self.params.min_region);
        self.cache.region_cache = Some((key, m.clone()));
        Some(m)
    }

    /// Starts generating afresh, keeping the first `keep` steps' worlds.
    fn regenerate(&mut self, keep: usize) {
        let steps = steps(self.params.passes);
        let mut shots: Vec<Option<World>> = vec![None; steps.len()];
        for (i, old) in self
            .shots
            .iter_mut()
            .enumerate()
            .take(keep.min(steps.len()))
        {
            shots[i] = old.take();
        }
        self.steps = steps;
        self.shots = shots;
        self.job = Some(Recipe::new(&self.params, self.seed));
        self.gen_ms = None;
        self.cache.version += 1;
        self.show.shown = self.show.shown.min(self.steps.len() - 1);
        self.show.z = self.show.z.min(self.params.depth - 1);
        self.clamp_pan();
    }

    /// Moves parameter `k` by one notch and regenerates from the first step it affects.
    fn change(&mut self, k: usize, by: i32) {
        let Some((params, seed)) = knobs::change(k, &self.params, self.seed, by) else {
            return;
        };
        let keep = knobs::kept_steps(k, &self.params, &params);
        let size_changed = (params.width, params.height) != (self.params.width, self.params.height);
        self.params = params;
        self.seed = seed;
        self.note = None;
        self.regenerate(keep);
        if size_changed {
            self.centre();
        }
    }

    /// One more smoothing pass of what is shown. On the fill or a pass before the last it
    /// shows the next pass; otherwise it adds a pass to the recipe and shows it at once, made
    /// by `smooth_once` from the last pass while the later steps are generated again.
    fn smooth_once(&mut self) {
        let last_smooth = self
            .steps
            .iter()
            .rposition(|s| matches!(s, Step::Stage(Stage::Smooth(_))))
            .unwrap_or(0);
        if self.show.shown < last_smooth && self.params.passes > 0 {
            self.show.shown += 1;
            return;
        }
        let Some(base) = self.shots[last_smooth].as_ref() else {
            return;
        };
        let Some((params, _)) = knobs::change(5, &self.params, self.seed, 1) else {
            return;
        };
        let next = smooth_once(base, self.params.rule);
        let keep = knobs::kept_steps(5, &self.params, &params);
        self.params = params;
        self.regenerate(keep);
        let at = keep;
        self.shots[at] = Some(next);
        self.show.shown = at;
    }
}
