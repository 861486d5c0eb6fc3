//! Live figures of a floor/wall world for the cave lab: the open share, the regions, and which
//! regions the minimum-size rule will fill in.

use super::regions::Regions;
use crate::space::world::World;

/// Regions of one level with what the minimum-size rule will do to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionMap {
    /// Per cell (row-major): 0 for closed cells, else the region id from 1 (in scan order).
    pub labels: Vec<u32>,
    /// `sizes[id]` is the cell count of region `id`; `sizes[0]` is 0.
    pub sizes: Vec<u32>,
    /// `removed[id]` is true when region `id` is smaller than the minimum and will be filled
    /// in; `removed[0]` is false.
    pub removed: Vec<bool>,
}

/// The regions (8-connected open areas) of level `z` and which of them have fewer than
/// `min_region` cells. Meant for a world at the `smooth` stage; an empty map outside the world.
pub fn region_map(world: &World, z: i32, min_region: u32) -> RegionMap {
    let r = level_regions(world, z);
    let labels = r.labels();
    let mut sizes = r.sizes;
    sizes[0] = 0;
    let removed = sizes
        .iter()
        .enumerate()
        .map(|(id, &n)| id > 0 && n < min_region)
        .collect();
    RegionMap {
        labels,
        sizes,
        removed,
    }
}

/// Numbers that describe a level or a whole world at a glance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// Open (walkable) cells as a share of all cells, 0 to 1.
    pub open_share: f64,
    /// Number of regions (8-connected open areas; over a world, summed over its levels).
    pub regions: u32,
    /// Cells in the largest region (over a world, the largest on any level).
    pub largest: u32,
}

/// The figures of level `z` (all zero outside the world).
pub fn level_figures(world: &World, z: i32) -> Figures {
    let r = level_regions(world, z);
    let open: u32 = r.sizes[1..].iter().sum();
    let cells = r.cells().max(1) as f64;
    Figures {
        open_share: f64::from(open) / cells,
        regions: r.count() as u32,
        largest: r.sizes[1..].iter().copied().max().unwrap_or(0),
    }
}

/// The figures of the whole world: open share over every cell, regions summed over levels,
/// the largest region of any level.
pub fn world_figures(world: &World) -> Figures {
    let levels: Vec<Figures> = (0..world.depth())
        .map(|z| level_figures(world, z))
        .collect();
    let n = levels.len().max(1) as f64;
    Figures {
        open_share: levels.iter().map(|f| f.open_share).sum::<f64>() / n,
        regions: levels.iter().map(|f| f.regions).sum(),
        largest: levels.iter().map(|f| f.largest).max().unwrap_or(0),
    }
}

fn level_regions(world: &World, z: i32) -> Regions {
    let open = world.open_cells(z);
    let (w, h) = if open.is_empty() {
        (0, 0)
    } else {
        (world.width() as usize, world.height() as usize)
    };
    Regions::label(w, h, &open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_small_regions_and_counts_open_cells() {
        let world = World::from_text(&["
            ....#.
            ....#.
            ######
        "])
        .expect("fixture");
        let m = region_map(&world, 0, 3);
        assert_eq!(m.sizes, [0, 8, 2]);
        assert_eq!(m.removed, [false, false, true]);
        assert_eq!(m.labels[5], 2);
        let f = level_figures(&world, 0);
        assert_eq!((f.regions, f.largest), (2, 8));
        assert!((f.open_share - 10.0 / 18.0).abs() < 1e-12);
        assert_eq!(world_figures(&world), f);
        assert_eq!(level_figures(&world, 4).regions, 0);
    }
}
