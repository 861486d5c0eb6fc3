//! Picks drawn ahead: the cells a placing loop will try, known before it tries the first, so
//! what the tries need of the level can be worked out once for all of them.

use crate::rng::GameRng;
use rand::Rng;

/// One pick of a shuffle: the number of the thing picked (its place in the list shuffled),
/// what else was drawn for it, and the generator as the pick's draws leave it.
pub(super) struct Pick<T> {
    pub index: usize,
    pub extra: T,
    pub after: GameRng,
}

/// The first `most` picks (fewer when there are fewer things) of a partial Fisher-Yates
/// shuffle of `len` things, drawn on a copy of `rng`: pick `k` draws its place from
/// `rng.random_range(k..len)`, takes what stands there and puts the thing at place `k` in its
/// stead, then `extra` draws what else the pick needs. A loop that stops after any pick
/// leaves `rng` as drawing in turn would have by setting it to that pick's `after`. The
/// shuffled list is never built: a place holds its own number until a pick moves another
/// there, and the few moved are kept aside.
pub(super) fn shuffled<T>(
    rng: &GameRng,
    len: usize,
    most: usize,
    mut extra: impl FnMut(&mut GameRng) -> T,
) -> Vec<Pick<T>> {
    let mut rng = rng.clone();
    let mut moved: Vec<(usize, usize)> = Vec::new();
    let at = |moved: &[(usize, usize)], place: usize| {
        moved
            .iter()
            .rev()
            .find(|&&(p, _)| p == place)
            .map_or(place, |&(_, index)| index)
    };
    let mut picks = Vec::new();
    for k in 0..len.min(most) {
        let j = rng.random_range(k as u32..len as u32) as usize;
        let index = at(&moved, j);
        moved.push((j, at(&moved, k)));
        let extra = extra(&mut rng);
        picks.push(Pick {
            index,
            extra,
            after: rng.clone(),
        });
    }
    picks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    /// The picks against the shuffle written out on the list itself, drawing in turn.
    #[test]
    fn picks_are_those_of_a_shuffle_of_the_list_itself() {
        for seed in 0..50 {
            for (len, most) in [(0, 5), (1, 5), (3, 5), (40, 24), (1000, 32)] {
                let rng = seeded(seed);
                let picks = shuffled(&rng, len, most, |r| r.random_range(0..4u32));
                let mut plain = rng.clone();
                let mut list: Vec<usize> = (0..len).collect();
                assert_eq!(picks.len(), len.min(most));
                for (k, pick) in picks.iter().enumerate() {
                    let j = plain.random_range(k as u32..len as u32) as usize;
                    list.swap(k, j);
                    let extra = plain.random_range(0..4u32);
                    assert_eq!((pick.index, pick.extra), (list[k], extra), "seed {seed}");
                    assert_eq!(
                        pick.after, plain,
                        "seed {seed}: the generator after pick {k}"
                    );
                }
            }
        }
    }
}
