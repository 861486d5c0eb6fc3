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
