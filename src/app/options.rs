//! How a page starts the app: the next run's seed and world, today's date, the layout.

use crate::rules::builder::WorldParams;
use crate::view::layout::Layout;

/// How a page starts the app.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed of the next new run.
    pub seed: u64,
    /// Set for a daily run: the UTC date, YYYY-MM-DD.
    pub daily: Option<String>,
    /// Today's date (YYYY-MM-DD), for the history.
    pub today: String,
    pub params: WorldParams,
    /// A number that makes this page's new run ids unlikely to meet another page's.
    pub nonce: u32,
    pub layout: Layout,
    /// The variant new runs are played in: Normal, or Explorer for learning (daily runs are
    /// Normal).
    pub variant: &'static crate::rules::Variant,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 0,
            daily: None,
            today: String::new(),
            params: WorldParams::default(),
            nonce: 1,
            layout: Layout::DESKTOP,
            variant: &crate::rules::variants::NORMAL,
        }
    }
}
