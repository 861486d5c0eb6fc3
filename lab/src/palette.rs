//! The colours the lab gives regions: one per region id, and one for a region about to be
//! removed.

use caves_view::colour::{hex, Rgb, WARN};

/// Region colours, picked by id.
const PALETTE: [Rgb; 8] = [
    hex("#66D9EF"),
    hex("#A6E22E"),
    hex("#FD971F"),
    hex("#AE81FF"),
    hex("#E6DB74"),
    hex("#5FD7AF"),
    hex("#F78FB3"),
    hex("#9FB6FF"),
];

/// The colour of cells in a region about to be removed.
pub const REMOVED: Rgb = WARN;

/// The colour of region `id`.
pub fn region_colour(id: usize) -> Rgb {
    PALETTE[id % PALETTE.len()]
}
