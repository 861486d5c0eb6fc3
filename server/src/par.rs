//! Par: the bots (the `caves-bots` crate) play each day's caves once, on the board's own seed
//! for that day, and their games are kept beside the day's board (never on it) as verified
//! runs a player who has finished may fetch and watch.
//!
//! A day's par is made by the copy that claims it first (a row of `par_days`, taken with an
//! insert that does nothing when the row is there), at start-up, each minute after (a new
//! day), or at the first ask for it, and always in the verifier pool: one bot's game is one
//! job, so a submission waits at most for one game. A bot that does not end its game within
//! `MAX_ACTIONS` counts as lost, with no run. A claim that is not made within
//! `PAR_CLAIM_LAPSE` (its copy stopped, its pool stayed busy) lapses, and a copy takes the day
//! again.
//!
//! Beside each bot's game its notes are kept: why it took some of its actions ("The expert
//! bot douses its torch: a shade hunts by light."), by the action's index, for the replay
//! viewer to show in the log as the run reaches them. They come from the bots alone, never
//! from a player, and are bounded (`MAX_PAR_NOTES`, `MAX_NOTE_CHARS`).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use caves_bots::{Bot, MAX_ACTIONS};
use caves_rules::builder::WorldParams;
use caves_rules::record::{replay, Header};

use crate::board::{now_micros, run_id, Board};
use crate::clients::PlayerKey;
use crate::dates::{show, DayPath};
use crate::error::ApiError;
use crate::gate::ended_for;
use crate::service::Service;
use crate::verify::{end_of, verify, Day};

/// The bots that play par, in the order the list shows them: the strongest first.
pub const PAR_BOTS: [Bot; 4] = [Bot::Expert, Bot::Careful, Bot::Reckless, Bot::Autopilot];

/// How long a copy's claim of a day's par holds before another copy may make it.
pub const PAR_CLAIM_LAPSE: Duration = Duration::from_secs(600);

/// The most notes a bot's game keeps (the first ones).
pub const MAX_PAR_NOTES: usize = 200;

/// The most characters of a note (a longer one is cut).
pub const MAX_NOTE_CHARS: usize = 120;

/// How often a copy looks whether today's par is made.
const PAR_EVERY: Duration = Duration::from_secs(60);

/// One bot's game of a day, as `GET /api/daily/DATE/par` lists it: `run` is the id of its
/// run file (`GET /api/runs/ID`), `None` for a game that did not end within `MAX_ACTIONS`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Par {
    pub bot: String,
    pub outcome: String,
    pub depth: i64,
    pub turns: i64,
    pub score: i64,
    /// What ended it: the creature that killed the bot, else the rules' words of the end.
    pub cause: String,
    pub run: Option<String>,
    /// Why the bot took some of its actions: `[index, "text"]`, the index of the action in
    /// its run, in order. Absent for a game without a run, or kept before notes were.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<(i64, String)>,
}

/// `notes` bounded: at most `MAX_PAR_NOTES`, each within the run's `actions`, after the
/// one before, and cut to `MAX_NOTE_CHARS`.
pub fn bounded(
    notes: impl IntoIterator<Item = (i64, String)>,
    actions: usize,
) -> Vec<(i64, String)> {
    let mut kept: Vec<(i64, String)> = Vec::new();
    for (at, text) in notes {
        let fits = usize::try_from(at).is_ok_and(|a| a < actions);
        if !fits || kept.last().is_some_and(|(last, _)| *last >= at) {
            continue;
        }
        kept.push((at, text.chars().take(MAX_NOTE_CHARS).collect()));
        if kept.len() == MAX_PAR_NOTES {
            break;
        }
    }
    kept
}

/// A bot's game and its run file (empty when it did not end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParGame {
    pub par: Par,
    pub record: Vec<u8>,
}

/// Why a bot's game of par could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("the daily caves cannot be set up: {0}")]
    Setup(caves_rules::SetupError),
    #[error("the {0} bot's run does not verify: {1}")]
    Unverified(&'static str, crate::verify::Refusal),
    #[error("the bot's run does not replay: {0}")]
    Replay(caves_rules::record::ReplayError),
}

/// Plays `bot` on the daily caves of `date` and `seed` (the header a player's page starts
/// with), and verifies its run as a posted run is verified. Blocking: for the verifier pool.
pub fn play(bot: Bot, date: &str, seed: u64) -> Result<ParGame, PlayError> {
    let header = Header::new(seed, WorldParams::default(), Some(date.to_string()));
    let run = bot.play(header).map_err(PlayError::Setup)?;
    let days = [Day {
        date: date.to_string(),
        seed,
    }];
    if run.record.ended {
        let bytes = run.record.encode();
        let verified =
            verify(&bytes, &days).map_err(|why| PlayError::Unverified(bot.name(), why))?;
        return Ok(ParGame {
            par: Par {
                bot: bot.name().to_string(),
                outcome: verified.outcome.to_string(),
                depth: i64::from(verified.depth),
                turns: i64::from(verified.turns),
                score: i64::from(verified.score),
                cause: verified.end.cause,
                run: Some(run_id(&bytes)),
                notes: bounded(
                    (run.notes.into_iter())
                        .map(|(at, text)| (i64::try_from(at).unwrap_or(i64::MAX), text)),
                    run.record.actions.len(),
                ),
            },
            record: bytes,
        });
    }
    // Not ended within the bound: lost, where it stood.
    let state = replay(&run.record).map_err(PlayError::Replay)?;
    Ok(ParGame {
        par: Par {
            bot: bot.name().to_string(),
            outcome: "lost".to_string(),
            depth: i64::from(end_of(&state).depth),
            turns: i64::from(run.turns),
            score: 0,
            cause: format!("no end within {MAX_ACTIONS} actions"),
            run: None,
            notes: Vec::new(),
        },
        record: Vec::new(),
    })
}

type ParRow = (String, String, i64, i64, i64, String, String, String);

/// A par row's notes as kept (JSON, bounded by its run's actions when kept), bounded again:
/// none when they do not read (a damaged row loses its notes, never its game).
fn notes_of(text: &str) -> Vec<(i64, String)> {
    serde_json::from_str::<Vec<(i64, String)>>(text)
        .map_or(Vec::new(), |notes| bounded(notes, usize::MAX))
}

impl Board {
    /// Claims the making of `date`'s par at `now`: true for the one copy that gets it (a day
    /// not claimed yet, or a claim not made within `PAR_CLAIM_LAPSE`).
    pub async fn claim_par(&self, date: &str, now: i64) -> Result<bool, sqlx::Error> {
        let lapse = i64::try_from(PAR_CLAIM_LAPSE.as_micros()).unwrap_or(i64::MAX);
        let row: Option<(String,)> = sqlx::query_as(
            "INSERT INTO par_days (day, claimed, made) VALUES ($1, $2, 0) \
             ON CONFLICT (day) DO UPDATE SET claimed = excluded.claimed \
             WHERE par_days.made = 0 AND par_days.claimed < $3 RETURNING day",
        )
        .bind(date)
        .bind(now)
        .bind(now.saturating_sub(lapse))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Gives back a claim of `date` that could not be made, so the next try takes it at once.
    pub async fn release_par(&self, date: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM par_days WHERE day = $1 AND made = 0")
            .bind(date)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// Keeps bot game `game` of `date`, the `pos`th of the list (once: a game kept already
    /// stays).
    pub async fn keep_par(
        &self,
        date: &str,
        pos: usize,
        game: &ParGame,
    ) -> Result<(), sqlx::Error> {
        let par = &game.par;
        sqlx::query(
            "INSERT INTO par (day, bot, pos, outcome, depth, turns, score, cause, id, record, \
             notes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING",
        )
        .bind(date)
        .bind(&par.bot)
        .bind(i64::try_from(pos).unwrap_or(i64::MAX))
        .bind(&par.outcome)
        .bind(par.depth)
        .bind(par.turns)
        .bind(par.score)
        .bind(&par.cause)
        .bind(par.run.as_deref().unwrap_or(""))
        .bind(&game.record)
        .bind(serde_json::to_string(&par.notes).unwrap_or_default())
        .execute(&self.pool)
        .await
        .map(|_| ())
    }

    /// Notes that every bot's game of `date` is kept.
    pub async fn par_made(&self, date: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE par_days SET made = 1 WHERE day = $1")
            .bind(date)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The par of `date`, once it is made.
    pub async fn par(&self, date: &str) -> Result<Option<Vec<Par>>, sqlx::Error> {
        let made: Option<(i64,)> = sqlx::query_as("SELECT made FROM par_days WHERE day = $1")
            .bind(date)
            .fetch_optional(&self.reads)
            .await?;
        if made.is_none_or(|(m,)| m == 0) {
            return Ok(None);
        }
        let rows: Vec<ParRow> = sqlx::query_as(
            "SELECT bot, outcome, depth, turns, score, cause, id, notes FROM par \
             WHERE day = $1 ORDER BY pos",
        )
        .bind(date)
        .fetch_all(&self.reads)
        .await?;
        Ok(Some(
            rows.into_iter()
                .map(
                    |(bot, outcome, depth, turns, score, cause, id, notes)| Par {
                        bot,
                        outcome,
                        depth,
                        turns,
                        score,
                        cause,
                        run: (!id.is_empty()).then_some(id),
                        notes: notes_of(&notes),
                    },
                )
                .collect(),
        ))
    }

    /// The day and run file of a par game, by its run's id.
    pub async fn par_file(&self, id: &str) -> Result<Option<(String, Vec<u8>)>, sqlx::Error> {
        // A game that did not end has no id (and an empty record).
        sqlx::query_as("SELECT day, record FROM par WHERE id = $1 AND id <> '' LIMIT 1")
            .bind(id)
            .fetch_optional(&self.reads)
            .await
    }
}

/// Why a day's par was not made.
#[derive(Debug, thiserror::Error)]
pub enum MakeError {
    #[error("the verifiers are busy")]
    Busy,
    #[error(transparent)]
    Play(PlayError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Makes `date`'s par if this copy claims it: every bot of `PAR_BOTS` plays, one game a job
/// of the verifier pool, and its game is kept. True when this copy made it; false when
/// another copy has (or is making) it. A failure gives the claim back.
pub async fn make(service: &Service, date: &str) -> Result<bool, MakeError> {
    let seed = service.board.seed(date).await?;
    if !service.board.claim_par(date, now_micros()).await? {
        return Ok(false);
    }
    let made = play_all(service, date, seed).await;
    if made.is_err() {
        service.board.release_par(date).await?;
    }
    made.map(|()| true)
}

async fn play_all(service: &Service, date: &str, seed: u64) -> Result<(), MakeError> {
    for (pos, bot) in PAR_BOTS.into_iter().enumerate() {
        let day = date.to_string();
        let game = service
            .pool
            .run(&service.metrics, move || play(bot, &day, seed))
            .await
            .map_err(|_| MakeError::Busy)?
            .map_err(MakeError::Play)?;
        service.board.keep_par(date, pos, &game).await?;
        service.metrics.par_games.inc();
    }
    service.board.par_made(date).await?;
    Ok(())
}

/// Makes `date`'s par in a task of its own (nothing waits for it), unless this copy is making
/// it already.
pub fn start(service: &Arc<Service>, date: &str) {
    let Ok(mut making) = service.par_making.lock() else {
        return;
    };
    if !making.insert(date.to_string()) {
        return;
    }
    let service = Arc::clone(service);
    let date = date.to_string();
    tokio::spawn(async move {
        match make(&service, &date).await {
            Ok(true) => tracing::info!(%date, "par made"),
            Ok(false) => {}
            Err(e) => tracing::warn!(%date, error = %e, "cannot make par now"),
        }
        if let Ok(mut making) = service.par_making.lock() {
            making.remove(&date);
        }
    });
}

/// At start-up and each minute after: today's par made, if no copy has made it yet.
pub async fn keep_up(service: Arc<Service>) {
    loop {
        let today = show(service.today());
        if matches!(service.board.par(&today).await, Ok(None)) {
            start(&service, &today);
        }
        tokio::time::sleep(PAR_EVERY).await;
    }
}

/// Par of a day the board still takes runs of (today, and yesterday for a run begun before
/// midnight) opens only to a player whose own run of that day has ended: a bot's run would
/// otherwise show the caves, and could be posted as a player's own.
async fn gate(service: &Service, key: &PlayerKey, date: &str) -> Result<(), ApiError> {
    let why = "Par opens once your own run of that day's caves has ended (played to its end \
               on a board's page, or posted), so that it spoils nothing";
    ended_for(service, key, date, why, date).await
}

/// Whether the board still takes runs of `date`, so that its par is gated.
pub async fn open_day(service: &Service, date: &str) -> Result<bool, ApiError> {
    Ok(service.days().await?.iter().any(|d| d.date == date))
}

/// Checks that the player of `key` may see par (or a par run) of `date`.
pub async fn check(service: &Service, key: &PlayerKey, date: &str) -> Result<(), ApiError> {
    if open_day(service, date).await? {
        gate(service, key, date).await?;
    }
    Ok(())
}

/// The answer of `GET /api/daily/YYYY-MM-DD/par`.
#[derive(serde::Serialize)]
struct ParAnswer {
    date: String,
    bots: Vec<Par>,
}

/// `GET /api/daily/YYYY-MM-DD/par`: `{"date","bots":[{"bot","outcome","depth","turns",
/// "score","cause","run","notes"}]}`; 503 with `Retry-After` while a day the board takes runs of has
/// no par yet (its making starts then, if no copy has begun it), 404 for another day without
/// par.
pub async fn answer(
    State(service): State<Arc<Service>>,
    DayPath(date): DayPath,
    key: PlayerKey,
) -> Result<Response, ApiError> {
    let open = open_day(&service, &date).await?;
    if open {
        gate(&service, &key, &date).await?;
    }
    match service.board.par(&date).await? {
        Some(bots) => Ok(Json(ParAnswer { date, bots }).into_response()),
        None if open => {
            start(&service, &date);
            Err(ApiError::ParPending)
        }
        None => Err(ApiError::NotFound),
    }
}
