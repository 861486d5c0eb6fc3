//! The fallen of a day: where its counted runs that were lost ended, kept as graves in a
//! table of their own as each run is kept, so a read is one small indexed query whatever the
//! size of the day, and answered from memory for a few seconds.
//!
//! Which graves are kept: on each level, the first `GRAVES_PER_LEVEL` lost runs that ended
//! there, in the order they came. Most runs end on the first levels, so a cap on the day would
//! fill with them; a cap per level keeps the deep graves, the ones a player has the hardest
//! time finding and that cost the most to make (a script can end runs at the entrance as fast
//! as it may post, but must play its way down to die deeper). A grave once kept stays, so the
//! count a page shows does not move back as the day goes on.

use sqlx::{Any, Transaction};

use crate::limits::{FALLEN_SIZE, GRAVES_PER_LEVEL};
use crate::verify::End;

/// A lost counted run to lay a grave for.
pub struct Grave<'a> {
    pub day: &'a str,
    pub id: &'a str,
    pub name: &'a str,
    pub end: &'a End,
    pub turns: i64,
    pub submitted: i64,
}

/// Lays `grave` on its level (its end's depth; 0 for an end not known yet) if the level has
/// fewer than `GRAVES_PER_LEVEL` graves that day. Each grave takes the next slot of its
/// level, so two copies laying one at once cannot both take the last.
pub(crate) async fn lay(
    tx: &mut Transaction<'static, Any>,
    grave: &Grave<'_>,
) -> Result<(), sqlx::Error> {
    let room = if grave.end.depth == 0 {
        FALLEN_SIZE
    } else {
        GRAVES_PER_LEVEL
    };
    sqlx::query(
        "INSERT INTO graves (day, depth, slot, id, name, x, y, cause, turns, submitted) \
         SELECT $1, $2, COUNT(*), $3, $4, $5, $6, $7, $8, $9 FROM graves \
         WHERE day = $1 AND depth = $2 HAVING COUNT(*) < $10 \
         ON CONFLICT DO NOTHING",
    )
    .bind(grave.day)
    .bind(i64::from(grave.end.depth))
    .bind(grave.id)
    .bind(grave.name)
    .bind(i64::from(grave.end.x))
    .bind(i64::from(grave.end.y))
    .bind(grave.end.cause.as_str())
    .bind(grave.turns)
    .bind(grave.submitted)
    .bind(room)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}
