-- Where each kept run ended and what ended it (the fallen), and runs watched while they are
-- played (live runs: never trusted, never on the board).

-- The level (from 1, as the page shows it) and cell where the run ended, and what ended it:
-- a creature's name, else the rules' words of its end. end_depth 0: not known yet (a run
-- kept before this migration; filled in by replaying it when its day's fallen are read).
ALTER TABLE runs ADD COLUMN end_depth BIGINT NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN end_x BIGINT NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN end_y BIGINT NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN cause TEXT NOT NULL DEFAULT '';

-- A run being played, as its page sends it. `actions` counts the actions stored; `turns` and
-- `depth` (the level the player stands on) are the server's replay of them. `ended` 1 once
-- the run ended (`outcome`: won, lost, abandoned or idle).
CREATE TABLE IF NOT EXISTS live_runs (
    id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    started BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    actions BIGINT NOT NULL,
    turns BIGINT NOT NULL,
    depth BIGINT NOT NULL,
    ended BIGINT NOT NULL,
    outcome TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS live_runs_by_day ON live_runs (day, ended, updated);
CREATE INDEX IF NOT EXISTS live_runs_by_token ON live_runs (token, ended);

-- A live run's actions in the pieces they came in: actions start..upto (upto excluded), in
-- the record's action bytes, base64url. The pieces of a run follow each other with no gap
-- and no overlap.
CREATE TABLE IF NOT EXISTS live_chunks (
    run TEXT NOT NULL,
    start BIGINT NOT NULL,
    upto BIGINT NOT NULL,
    actions TEXT NOT NULL,
    PRIMARY KEY (run, start)
);

-- Streams open on each live run, by server copy, written by each copy every few seconds.
CREATE TABLE IF NOT EXISTS live_watchers (
    run TEXT NOT NULL,
    instance TEXT NOT NULL,
    watchers BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    PRIMARY KEY (run, instance)
);
