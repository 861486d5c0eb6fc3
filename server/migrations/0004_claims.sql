-- Games compared by what they do: the play fingerprint of a run's state (the rules' own
-- fingerprint, without the log) at marks, keyed by the turn the run had reached, replaces the
-- digests of the first moves' action codes (`marks`). `runs.game` now holds the play
-- fingerprint of the state a run ended in; a digest of moves kept before never equals one.
DROP TABLE IF EXISTS marks;
CREATE TABLE IF NOT EXISTS state_marks (
    day TEXT NOT NULL,
    turn BIGINT NOT NULL,
    mark TEXT NOT NULL,
    run TEXT NOT NULL,
    PRIMARY KEY (day, turn, mark, run)
);

-- A live run is its player's claim: the play fingerprints of its states at marks, noted as
-- its batches are replayed. A post of another token with the same state at a mark, after the
-- live run began, is a copy of it.
CREATE TABLE IF NOT EXISTS live_marks (
    day TEXT NOT NULL,
    turn BIGINT NOT NULL,
    mark TEXT NOT NULL,
    run TEXT NOT NULL,
    token TEXT NOT NULL,
    started BIGINT NOT NULL,
    PRIMARY KEY (day, turn, mark, run)
);
CREATE INDEX IF NOT EXISTS live_marks_by_run ON live_marks (run);

-- `shown`: the actions watchers may see (the last turns are held back until the run is
-- kept). `settled` 1 once a run its replay ended was kept as its player's run (`kept`, its
-- id) or refused. `client`: the address that opened it. `ticket`: what a stream of it
-- carries (given with today's list to players whose own run has ended). `minute` and
-- `batches`: the batches stored in the run's current minute.
ALTER TABLE live_runs ADD COLUMN shown BIGINT NOT NULL DEFAULT 0;
ALTER TABLE live_runs ADD COLUMN settled BIGINT NOT NULL DEFAULT 0;
ALTER TABLE live_runs ADD COLUMN kept TEXT NOT NULL DEFAULT '';
ALTER TABLE live_runs ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE live_runs ADD COLUMN ticket TEXT NOT NULL DEFAULT '';
ALTER TABLE live_runs ADD COLUMN minute BIGINT NOT NULL DEFAULT 0;
ALTER TABLE live_runs ADD COLUMN batches BIGINT NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS live_runs_by_client ON live_runs (client, started);

-- What each address stored in a day, by kind (`live`: live actions' bytes; `runs`: posted
-- run files' bytes), counted in the database so every copy of the server shares the caps.
CREATE TABLE IF NOT EXISTS quotas (
    client TEXT NOT NULL,
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (client, day, kind)
);

-- How many addresses watch each live run on each copy: only one watcher per address counts
-- towards the order of the list.
ALTER TABLE live_watchers ADD COLUMN addresses BIGINT NOT NULL DEFAULT 0;
