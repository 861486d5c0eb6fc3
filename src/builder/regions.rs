//! Regions: connected open areas of one level (8-neighbour flood fill), and their clean-up.

/// Region labels of one level: `labels[i]` is 0 for closed cells, else a region id from 1.
#[derive(Clone, Debug)]
pub struct Regions {
    pub labels: Vec<u32>,
    /// `sizes[id]` is the cell count of region `id` (`sizes[0]` is unused).
    pub sizes: Vec<u32>,
}

impl Regions {
    /// Labels the open cells of a `width` x `height` level (`open(i)` for row-major index i).
    pub fn label(width: usize, height: usize, open: impl Fn(usize) -> bool) -> Regions {
        let mut labels = vec![0u32; width * height];
        let mut sizes = vec![0u32];
        let mut stack: Vec<usize> = Vec::new();
        for start in 0..labels.len() {
            if labels[start] != 0 || !open(start) {
                continue;
            }
            let id = sizes.len() as u32;
            let mut size = 0u32;
            labels[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                size += 1;
                let (x, y) = (i % width, i / width);
                for ny in y.saturating_sub(1)..(y + 2).min(height) {
                    for nx in x.saturating_sub(1)..(x + 2).min(width) {
                        let n = ny * width + nx;
                        if labels[n] == 0 && open(n) {
                            labels[n] = id;
                            stack.push(n);
                        }
                    }
                }
            }
            sizes.push(size);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::bitgrid::BitGrid;

    fn label_text(text: &str) -> Regions {
        let g = BitGrid::from_text(text);
        let w = g.width();
        Regions::label(w, g.height(), |i| g.get((i % w) as isize, (i / w) as isize))
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
