//! Regions: connected open areas of one level (8-neighbour flood fill), and their clean-up.

/// Region labels of one level: `labels[i]` is 0 for closed cells, else a region id from 1.
#[derive(Clone, Debug)]
pub struct Regions {
    pub labels: Vec<u32>,
    /// `sizes[id]` is the cell count of region `id` (`sizes[0]` is unused).
    pub sizes: Vec<u32>,
}

impl Regions {
    /// Labels the open cells of a `width` x `height` level (`open[i]` for row-major index i).
    /// Works on horizontal runs of open cells: each run is joined (union-find) with the runs
    /// of the row above that touch it, including diagonally; ids follow scan order.
    pub fn label(width: usize, height: usize, open: &[bool]) -> Regions {
        let mut runs: Vec<(usize, usize, usize)> = Vec::new(); // (row, start, end exclusive)
        let mut parent: Vec<u32> = Vec::new();
        let mut above = 0..0;
        for y in 0..height {
            let row = &open[y * width..(y + 1) * width];
            let first = runs.len();
            let mut p = above.start;
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
                let id = runs.len();
                runs.push((y, s, x));
                parent.push(id as u32);
                while p < above.end && runs[p].2 < s {
                    p += 1;
                }
                let mut q = p;
                while q < above.end && runs[q].1 <= x {
                    union(&mut parent, id, q);
                    q += 1;
                }
            }
            above = first..runs.len();
        }
        let mut labels = vec![0u32; width * height];
        let mut sizes = vec![0u32];
        let mut id_of_root = vec![0u32; runs.len()];
        for (i, &(y, s, e)) in runs.iter().enumerate() {
            let root = find(&mut parent, i);
            if id_of_root[root] == 0 {
                id_of_root[root] = sizes.len() as u32;
                sizes.push(0);
            }
            let id = id_of_root[root];
            sizes[id as usize] += (e - s) as u32;
            labels[y * width + s..y * width + e].fill(id);
        }
        Regions { labels, sizes }
    }

    /// Number of regions.
    pub fn count(&self) -> usize {
        self.sizes.len() - 1
    }

    /// The id of the largest region (the lowest id among equals), if any.
    pub fn largest(&self) -> Option<u32> {
        (1..self.sizes.len())
            .max_by_key(|&id| (self.sizes[id], std::cmp::Reverse(id)))
            .map(|id| id as u32)
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
        for (w, h) in [(1, 1), (1, 30), (30, 1), (17, 13), (64, 40)] {
            for chance in [0.3, 0.5, 0.7] {
                let open: Vec<bool> = (0..w * h).map(|_| rng.random_bool(chance)).collect();
                let r = Regions::label(w, h, &open);
                assert_eq!(r.labels, flood(w, h, &open), "{w}x{h} at {chance}");
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
