-- Par: the bots' games of each day's caves, played once by whichever copy of the server
-- claims the day first.

-- A day's claim: `claimed` when a copy took it (microseconds), `made` 1 once every bot's
-- game is kept. A claim not made within a few minutes lapses (its copy stopped), and another
-- copy takes the day.
CREATE TABLE IF NOT EXISTS par_days (
    day TEXT PRIMARY KEY,
    claimed BIGINT NOT NULL,
    made BIGINT NOT NULL
);

-- One bot's game of a day: its end as a run's (`id` and `record` are empty for a game that
-- did not end within the bots' action bound, counted as lost), `pos` its place in the list.
CREATE TABLE IF NOT EXISTS par (
    day TEXT NOT NULL,
    bot TEXT NOT NULL,
    pos BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    depth BIGINT NOT NULL,
    turns BIGINT NOT NULL,
    score BIGINT NOT NULL,
    cause TEXT NOT NULL,
    id TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (day, bot)
);
CREATE INDEX IF NOT EXISTS par_by_id ON par (id);
