//! Names claimed in the database: a name belongs to the token that first kept a run under it
//! (a posted run, or a live run), by every key of the name (`names::name_keys`), so a
//! lookalike or the same name in another case is that token's too.
//!
//! - A claim lapses after `NAME_LAPSE` (30 days) without a counted run under the name: then
//!   another token may claim it.
//! - One address (an IPv6 /64) claims at most so many names in 24 hours (`NAMES_PER_DAY`), so a
//!   script cannot squat the common names in a second.
//! - A board made before names had these keys has its names rekeyed when it opens.

use sqlx::{AnyConnection, AnyPool, AssertSqlSafe};

use crate::limits::NAME_LAPSE_MICROS;
use crate::names::name_keys;

/// Microseconds in a day: names claimed per address are counted over the last one.
const DAY_MICROS: i64 = 86_400_000_000;

/// A claim of a name for a token.
pub struct Claim<'a> {
    /// The name, as `names::clean_name` gave it.
    pub name: &'a str,
    /// The digest of the player's token.
    pub token: &'a str,
    /// When, in microseconds since 1970 (now, or an imported run's time).
    pub at: i64,
    /// A counted run under the name (it keeps the claim from lapsing).
    pub counted: bool,
    /// Who claims it, and how many names it may claim in 24 hours; `None` for an import.
    pub client: Option<(&'a str, i64)>,
}

/// Why a name cannot be claimed.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    #[error("the name is another player's")]
    Taken,
    #[error("this address has claimed enough names today")]
    TooMany,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The earliest last use (a counted run, or the claim) of a claim that still holds at `at`.
pub fn lapse_cutoff(at: i64) -> i64 {
    at.saturating_sub(NAME_LAPSE_MICROS)
}

/// Claims `claim.name` for `claim.token`, or keeps its claim alive with a counted run, on
/// `conn` (inside the caller's transaction: a refusal leaves it to be rolled back). Refused
/// when a key of the name is another token's claim that has not lapsed, or when the name is
/// new to the token and its address has claimed `client.1` names in the last 24 hours. A
/// practice run under a name the token holds needs no call.
pub async fn claim_name(conn: &mut AnyConnection, claim: &Claim<'_>) -> Result<(), ClaimError> {
    let keys = name_keys(claim.name);
    let cutoff = lapse_cutoff(claim.at);
    let holders: Vec<(String,)> = sqlx::query_as(
        "SELECT token FROM names WHERE name_key IN ($1, $2) AND (used >= $3 OR token = $4)",
    )
    .bind(&keys[0])
    .bind(keys.last().unwrap_or(&keys[0]))
    .bind(cutoff)
    .bind(claim.token)
    .fetch_all(&mut *conn)
    .await?;
    if holders.iter().any(|(t,)| t != claim.token) {
        return Err(ClaimError::Taken);
    }
    let held = holders.len() == keys.len();
    if held && !claim.counted {
        return Ok(());
    }
    if let (false, Some((client, per_day))) = (held, claim.client) {
        let (claimed,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM names WHERE client = $1 AND claimed > $2 AND alias = 0",
        )
        .bind(client)
        .bind(claim.at - DAY_MICROS)
        .fetch_one(&mut *conn)
        .await?;
        if claimed >= per_day {
            return Err(ClaimError::TooMany);
        }
    }
    // One row per key; a key of a lapsed claim is taken over, the token's own is kept alive.
    // A key another token claimed meanwhile returns no row.
    let rows: Vec<String> = (0..keys.len())
        .map(|i| format!("(${}, $1, $2, $2, $3, {i}, 1)", 5 + i))
        .collect();
    let sql = format!(
        "INSERT INTO names (name_key, token, claimed, used, client, alias, keyed) VALUES {} \
         ON CONFLICT (name_key) DO UPDATE SET \
         claimed = CASE WHEN names.token = excluded.token THEN names.claimed ELSE excluded.claimed END, \
         client = CASE WHEN names.token = excluded.token THEN names.client ELSE excluded.client END, \
         used = CASE WHEN names.used > excluded.used THEN names.used ELSE excluded.used END, \
         token = excluded.token \
         WHERE names.token = excluded.token OR names.used < $4 \
         RETURNING token",
        rows.join(", ")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql))
        .bind(claim.token)
        .bind(claim.at)
        .bind(claim.client.map_or("", |c| c.0))
        .bind(cutoff);
    for key in &keys {
        query = query.bind(key.as_str());
    }
    let owners: Vec<(String,)> = query.fetch_all(&mut *conn).await?;
    if owners.len() != keys.len() || owners.iter().any(|(t,)| t != claim.token) {
        return Err(ClaimError::Taken);
    }
    Ok(())
}

/// The token that holds the name of key `name_key` at `at` (a claim that has not lapsed).
pub async fn holder(
    pool: &AnyPool,
    name_key: &str,
    at: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT token FROM names WHERE name_key = $1 AND used >= $2")
            .bind(name_key)
            .bind(lapse_cutoff(at))
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(t,)| t))
}

/// Gives the names of a board made before names had these keys (`keyed` 0: the NFKC,
/// lowercase key) their keys, in the order they were claimed: an old name whose key is now
/// an earlier name's key loses its claim (its runs stay). The old key is all that is kept of
/// the name, so its keys are made from it (lowercase: a capital I in an old name is not seen).
pub async fn rekey_names(pool: &AnyPool) -> Result<(), sqlx::Error> {
    let old: Vec<(String, String, i64, i64, String)> = sqlx::query_as(
        "SELECT name_key, token, claimed, used, client FROM names WHERE keyed = 0 \
         ORDER BY claimed, name_key",
    )
    .fetch_all(pool)
    .await?;
    if old.is_empty() {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM names WHERE keyed = 0")
        .execute(&mut *tx)
        .await?;
    for (key, token, claimed, used, client) in &old {
        for (alias, new_key) in name_keys(key).iter().enumerate() {
            sqlx::query(
                "INSERT INTO names (name_key, token, claimed, used, client, alias, keyed) \
                 VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (name_key) DO NOTHING",
            )
            .bind(new_key)
            .bind(token)
            .bind(claimed)
            .bind(used)
            .bind(client)
            .bind(i64::try_from(alias).unwrap_or(1))
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}
