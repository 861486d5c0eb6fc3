//! The spoiler gate: what of today answers only a player whose own run of today has ended.

use crate::clients::PlayerKey;
use crate::dates::show;
use crate::error::ApiError;
use crate::service::Service;

/// The spoiler gate: today's live runs, their streams, the fallen and runs answer only a
/// player whose own run of today has ended (a run of it kept, or its live run ended by its
/// replay), so that no one learns today's caves from others before playing them. Other days
/// are open to all.
pub async fn gate(service: &Service, key: &PlayerKey, date: &str) -> Result<(), ApiError> {
    if date != show(service.today()) {
        return Ok(());
    }
    let why = "Today's runs of others open once your own run of today's caves has ended \
               (played to its end on a board's page, or posted), so that they spoil nothing";
    ended_for(service, key, date, why, "today").await
}

/// Ok when the player of `key` has a run of `date` that ended; else 403 with `why` and
/// what is missing (the key, or the end of the player's run of `day`).
pub async fn ended_for(
    service: &Service,
    key: &PlayerKey,
    date: &str,
    why: &str,
    day: &str,
) -> Result<(), ApiError> {
    let Some(token) = &key.0 else {
        return Err(ApiError::Gated(format!(
            "{why}: send your player key (X-Caves-Token)."
        )));
    };
    if service.board.day_done(date, token).await? {
        Ok(())
    } else {
        Err(ApiError::Gated(format!(
            "{why}: your run of {day} has not ended yet."
        )))
    }
}
