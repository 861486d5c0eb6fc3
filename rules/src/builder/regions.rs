//! Regions: connected open areas of one level (8 neighbours), labelled by union-find over
//! horizontal runs of open cells, and their clean-up.

use super::bitgrid::BitGrid;

/// A horizontal run of open cells: row `y`, cells `x0..x1`, in region `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub y: u32,
    pub x0: u32,
    pub x1: u32,
    pub id: u32,
}

/// Regions of one level, kept as labelled runs (run-length labelling): a cell's region is
/// the id of the run holding it, 0 for closed cells. Ids from 1 follow scan order of each
/// region's first cell.
#[derive(Clone, Debug)]
pub struct Regions {
    width: usize,
    /// Row `y`'s runs are `runs[row_start[y]..row_start[y + 1]]`.
    row_start: Vec<u32>,
    /// `sizes[id]` is the cell count of region `id` (`sizes[0]` is unused). A region filled
    /// in by `fill_small` keeps its id with size 0.
    pub sizes: Vec<u32>,
    /// Every run of open cells in scan order.
    pub runs: Vec<Run>,
}

impl Regions {
    /// Labels the open cells of a `width` x `height` level (`open[i]` for row-major index i).
    /// Works on horizontal runs of open cells: each run is joined (union-find) with the runs
    /// of the row above that touch it, including diagonally; ids follow scan order.
    pub fn label(width: usize, height: usize, open: &[bool]) -> Regions {
        let mut joiner = Joiner::default();
        for y in 0..height {
            let row = &open[y * width..(y + 1) * width];
            let mut x = 0;
            while x < width {
                if !row[x] {
                    x += 1;
                    continue;
                }
                let s = x;
                while x < width && row[x] {
                    x += 1;
                }
                joiner.push(y, s, x);
            }
            joiner.end_row();
        }
        joiner.finish(width, height)
    }

    /// The same labelling read straight from a bit grid, whole runs at a time.
    pub fn of_grid(grid: &BitGrid) -> Regions {
        let (w, h) = (grid.width(), grid.height());
        let mut joiner = Joiner::default();
        for y in 0..h {
            let row = grid.row(y);
            let mut x = next_bit(row, 0, false);
            while x < w {
                let e = next_bit(row, x, true).min(w);
                joiner.push(y, x, e);
                x = next_bit(row, e, false);
            }
            joiner.end_row();
        }
        joiner.finish(w, h)
    }

    /// Fills in (in `grid` and in the labels) every region of fewer than `min_cells` cells.
    pub fn fill_small(&mut self, grid: &mut BitGrid, min_cells: u32) {
        if !self.sizes.iter().skip(1).any(|&n| n < min_cells) {
            return;
        }
        for run in &self.runs {
            if self.sizes[run.id as usize] < min_cells {
                grid.clear_range(run.y as usize, run.x0 as usize, run.x1 as usize);
            }
        }
        let sizes = &self.sizes;
        self.runs.retain(|r| sizes[r.id as usize] >= min_cells);
        for size in &mut self.sizes {
            if *size < min_cells {
                *size = 0;
            }
        }
        self.index_rows();
    }

    /// The region id of cell (x, y): 0 for a closed cell or one outside the level. Found by
    /// binary search among the runs of row `y`.
    pub fn id_at(&self, x: usize, y: usize) -> u32 {
        if y + 1 >= self.row_start.len() {
            return 0;
        }
        let row = &self.runs[self.row_start[y] as usize..self.row_start[y + 1] as usize];
        let k = row.partition_point(|r| r.x1 as usize <= x);
        match row.get(k) {
            Some(r) if r.x0 as usize <= x => r.id,
            _ => 0,
        }
    }

    /// The runs of row `y` (none outside the level).
    pub fn row_runs(&self, y: usize) -> &[Run] {
        if y + 1 >= self.row_start.len() {
            return &[];
        }
        &self.runs[self.row_start[y] as usize..self.row_start[y + 1] as usize]
    }

    /// Every cell's region id, row-major: 0 for closed cells.
    pub fn labels(&self) -> Vec<u32> {
        let h = self.row_start.len().saturating_sub(1);
        let mut labels = vec![0u32; self.width * h];
        for r in &self.runs {
            let at = r.y as usize * self.width;
            labels[at + r.x0 as usize..at + r.x1 as usize].fill(r.id);
        }
        labels
    }

    /// Number of cells of the level.
    pub fn cells(&self) -> usize {
        self.width * self.row_start.len().saturating_sub(1)
    }

    /// Rebuilds `row_start` from the runs (which are in scan order).
    fn index_rows(&mut self) {
        let h = self.row_start.len().saturating_sub(1);
        self.row_start.clear();
        self.row_start.resize(h + 1, 0);
        for r in &self.runs {
            self.row_start[r.y as usize + 1] += 1;
        }
        for y in 0..h {
            self.row_start[y + 1] += self.row_start[y];
        }
    }

    /// Number of regions.
    pub fn count(&self) -> usize {
        self.sizes.len() - 1
    }

    /// The id of the largest region (the lowest id among equals), if any.
    pub fn largest(&self) -> Option<u32> {
        (1..self.sizes.len())
            .filter(|&id| self.sizes[id] > 0)
            .max_by_key(|&id| (self.sizes[id], std::cmp::Reverse(id)))
            .map(|id| id as u32)
    }

    /// The runs of each region as chains, in scan order: `(first, next)` where region `id`'s
    /// first run is `first[id]` and the run after run `r` in its region is `next[r]`
    /// (`u32::MAX` ends a chain). Built in one backward pass over the runs.
    pub fn run_chains(&self) -> (Vec<u32>, Vec<u32>) {
        let mut first = vec![u32::MAX; self.sizes.len()];
        let mut next = vec![u32::MAX; self.runs.len()];
        for (r, run) in self.runs.iter().enumerate().rev() {
            next[r] = first[run.id as usize];
            first[run.id as usize] = r as u32;
        }
        (first, next)
    }
}

/// The first cell at or after `from` whose bit is clear (`clear`) or set (otherwise); the row's
/// length in bits when there is none.
fn next_bit(row: &[u64], from: usize, clear: bool) -> usize {
    let mut i = from / 64;
    if i >= row.len() {
        return row.len() * 64;
    }
    let flip = if clear { u64::MAX } else { 0 };
    let mut word = (row[i] ^ flip) & (u64::MAX << (from % 64));
    loop {
        if word != 0 {
            return i * 64 + word.trailing_zeros() as usize;
        }
        i += 1;
        if i == row.len() {
            return i * 64;
        }
        word = row[i] ^ flip;
    }
}

/// Union-find over runs, row by row: each run joins the runs of the row above that touch it,
/// diagonally included.
#[derive(Default)]
struct Joiner {
    runs: Vec<Run>,
    parent: Vec<u32>,
    above: std::ops::Range<usize>,
    row_start: usize,
    p: usize,
}

impl Joiner {
    fn push(&mut self, y: usize, s: usize, e: usize) {
        let id = self.runs.len();
        self.runs.push(Run {
            y: y as u32,
            x0: s as u32,
            x1: e as u32,
            id: 0,
        });
        self.parent.push(id as u32);
        if self.p < self.above.start {
            self.p = self.above.start;
        }
        while self.p < self.above.end && (self.runs[self.p].x1 as usize) < s {
            self.p += 1;
        }
        let mut q = self.p;
        while q < self.above.end && self.runs[q].x0 as usize <= e {
            union(&mut self.parent, id, q);
            q += 1;
        }
    }

    fn end_row(&mut self) {
        self.above = self.row_start..self.runs.len();
        self.row_start = self.runs.len();
        self.p = self.above.start;
    }

    fn finish(mut self, width: usize, height: usize) -> Regions {
        let mut sizes = vec![0u32];
        let mut id_of_root = vec![0u32; self.runs.len()];
        for i in 0..self.runs.len() {
            let root = find(&mut self.parent, i);
            if id_of_root[root] == 0 {
                id_of_root[root] = sizes.len() as u32;
                sizes.push(0);
            }
            let id = id_of_root[root];
            let r = &mut self.runs[i];
            r.id = id;
            sizes[id as usize] += r.x1 - r.x0;
        }
        let mut regions = Regions {
            width,
            row_start: vec![0; height + 1],
            sizes,
            runs: self.runs,
        };
        regions.index_rows();
        regions
    }
}

fn find(parent: &mut [u32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        parent[i] = parent[parent[i] as usize];
        i = parent[i] as usize;
    }
    i
}

fn union(parent: &mut [u32], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        parent[hi] = lo as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::bitgrid::BitGrid;

    fn label_text(text: &str) -> Regions {
        let g = BitGrid::from_text(text);
        let w = g.width();
        Regions::label(w, g.height(), &g.to_bools())
    }

    #[test]
    fn diagonal_steps_join_regions() {
        let r = label_text(
            "
            ..#.
            ##.#
            ...#
        ",
        );
        assert_eq!(r.count(), 1);
        assert_eq!(r.sizes[1], 7);
    }

    /// The obvious flood fill, to check the run-based labelling against.
    fn flood(width: usize, height: usize, open: &[bool]) -> Vec<u32> {
        let mut labels = vec![0u32; width * height];
        let mut next = 0;
        for start in 0..labels.len() {
            if labels[start] != 0 || !open[start] {
                continue;
            }
            next += 1;
            let mut stack = vec![start];
            labels[start] = next;
            while let Some(i) = stack.pop() {
                let (x, y) = (i % width, i / width);
                for ny in y.saturating_sub(1)..(y + 2).min(height) {
                    for nx in x.saturating_sub(1)..(x + 2).min(width) {
                        let n = ny * width + nx;
                        if labels[n] == 0 && open[n] {
                            labels[n] = next;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        labels
    }

    #[test]
    fn runs_agree_with_a_plain_flood_fill() {
        use rand::Rng;
        let mut rng = crate::rng::seeded(5);
        for (w, h) in [
            (1, 1),
            (1, 30),
            (30, 1),
            (17, 13),
            (64, 40),
            (128, 5),
            (129, 9),
        ] {
            for chance in [0.3, 0.5, 0.7] {
                let open: Vec<bool> = (0..w * h).map(|_| rng.random_bool(chance)).collect();
                let r = Regions::label(w, h, &open);
                assert_eq!(r.labels(), flood(w, h, &open), "{w}x{h} at {chance}");
                let mut g = BitGrid::new(w, h);
                for (i, &o) in open.iter().enumerate() {
                    g.set(i % w, i / w, o);
                }
                let b = Regions::of_grid(&g);
                assert_eq!(
                    (&b.labels(), &b.sizes, &b.runs),
                    (&r.labels(), &r.sizes, &r.runs)
                );
                for (i, &id) in r.labels().iter().enumerate() {
                    assert_eq!(b.id_at(i % w, i / w), id);
                }
                let total: u32 = r.sizes[1..].iter().sum();
                assert_eq!(total as usize, open.iter().filter(|&&o| o).count());
            }
        }
    }

    #[test]
    fn separate_areas_get_separate_ids() {
        let r = label_text(
            "
            ..##.
            ..##.
            ####.
        ",
        );
        assert_eq!(r.count(), 2);
        assert_eq!(r.largest(), Some(1));
        assert_eq!(r.sizes[1..], [4, 3]);
    }
}
