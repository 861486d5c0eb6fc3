//! Space: points and directions, grids of values by point, the world's tiles, and what the
//! player sees of them (field of view, light and memory).

pub mod fov;
pub mod geom;
pub mod grid;
pub mod sight;
pub mod world;
