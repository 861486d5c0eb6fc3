-- Players by a token's digest rather than a device id, copies found by the game a run
-- played, limits shared by every copy of the server, a kept count of each day's scores for
-- ranking, and the secret the days' seeds come from.

ALTER TABLE runs ADD COLUMN token TEXT NOT NULL DEFAULT '';
-- A digest of the run's moves ('' for runs too short to be taken for copies).
ALTER TABLE runs ADD COLUMN game TEXT NOT NULL DEFAULT '';

DROP INDEX IF EXISTS one_counted_run_per_device;
-- One counted run per player token and day; later ones are practice.
CREATE UNIQUE INDEX IF NOT EXISTS one_counted_run_per_token ON runs (day, token) WHERE practice = 0 AND token <> '';
-- One run per game and day: a second is a copy.
CREATE UNIQUE INDEX IF NOT EXISTS one_run_per_game ON runs (day, game) WHERE game <> '';
CREATE INDEX IF NOT EXISTS runs_by_token ON runs (day, token, practice);
CREATE INDEX IF NOT EXISTS runs_by_submission ON runs (submitted, id);

-- Digests of each kept run's first moves at its marks (see verify::is_mark).
CREATE TABLE IF NOT EXISTS marks (
    day TEXT NOT NULL,
    moves BIGINT NOT NULL,
    mark TEXT NOT NULL,
    run TEXT NOT NULL,
    PRIMARY KEY (day, moves, mark, run)
);

-- A name belongs to the token that first posted a kept run under it (by its NFKC, lowercase
-- key).
CREATE TABLE IF NOT EXISTS names (
    name_key TEXT PRIMARY KEY,
    token TEXT NOT NULL,
    claimed BIGINT NOT NULL
);

-- Submissions per client (an address, or an IPv6 /64) per minute.
CREATE TABLE IF NOT EXISTS limits (
    client TEXT NOT NULL,
    minute BIGINT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (client, minute)
);

-- How many counted runs of a day have each score: a rank is a sum over the scores above.
CREATE TABLE IF NOT EXISTS day_scores (
    day TEXT NOT NULL,
    score BIGINT NOT NULL,
    runs BIGINT NOT NULL,
    PRIMARY KEY (day, score)
);
INSERT INTO day_scores (day, score, runs)
    SELECT day, score, COUNT(*) FROM runs WHERE practice = 0 GROUP BY day, score;

-- The board's secret (made on first start) and days whose seed came with imported runs.
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS day_seeds (
    day TEXT PRIMARY KEY,
    seed TEXT NOT NULL
);

-- One row written by every health check: a board that cannot write it is not healthy.
CREATE TABLE IF NOT EXISTS health (
    id BIGINT PRIMARY KEY,
    checked BIGINT NOT NULL
);
