//! Collecting an iterator into a `Vec` by a plain loop.
//!
//! The standard `collect` into a `Vec` is specialised for every iterator type it meets: it
//! takes the first item apart, sizes the buffer from the iterator's hint, then extends. Over
//! the game's seventy or so collecting call sites that came to about 2.2 KB of the page's
//! gzipped wasm. `into_vec` is one short loop per iterator type instead. The buffer grows by
//! doubling; every collection here is small or made once.

/// `into_vec()`: the items of an iterator, in order, in a new `Vec`.
pub trait IntoVec: Iterator + Sized {
    fn into_vec(self) -> Vec<Self::Item> {
        let mut out = Vec::new();
        for item in self {
            out.push(item);
        }
        out
    }
}

impl<I: Iterator> IntoVec for I {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_every_item_in_order() {
        let odd = (1..=9).filter(|n| n % 2 == 1).into_vec();
        assert_eq!(odd, vec![1, 3, 5, 7, 9]);
        assert!(std::iter::empty::<u8>().into_vec().is_empty());
        let long = (0..1000u32).map(|n| n * 3).into_vec();
        assert_eq!((long.len(), long[999]), (1000, 2997));
    }
}
