-- The runs the board keeps. One table for SQLite and PostgreSQL alike: text, and 64-bit
-- integers for numbers and flags. `record` is the posted run file in base64url.
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    name TEXT NOT NULL,
    device TEXT NOT NULL,
    score BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    depth BIGINT NOT NULL,
    turns BIGINT NOT NULL,
    practice BIGINT NOT NULL,
    submitted BIGINT NOT NULL,
    ruleset BIGINT NOT NULL,
    record TEXT NOT NULL
);

-- A day's board, best first.
CREATE INDEX IF NOT EXISTS runs_by_day ON runs (day, practice, score, submitted);

-- One counted run per device and day; later ones are kept as practice.
CREATE UNIQUE INDEX IF NOT EXISTS one_counted_run_per_device ON runs (day, device) WHERE practice = 0;
