-- The fallen read from a kept table of graves, filled as runs are kept.

-- At most GRAVES_PER_LEVEL graves a day on each level, the first lost counted runs that
-- ended there (slot 0, 1, ...: the primary key keeps the count, even between copies).
-- depth 0: a run kept before the board noted where runs end, replayed on the first read of
-- its day's fallen and moved to its level.
CREATE TABLE IF NOT EXISTS graves (
    day TEXT NOT NULL,
    depth BIGINT NOT NULL,
    slot BIGINT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    x BIGINT NOT NULL,
    y BIGINT NOT NULL,
    cause TEXT NOT NULL,
    turns BIGINT NOT NULL,
    submitted BIGINT NOT NULL,
    PRIMARY KEY (day, depth, slot)
);
INSERT INTO graves (day, depth, slot, id, name, x, y, cause, turns, submitted)
    SELECT day, end_depth, slot - 1, id, name, end_x, end_y, cause, turns, submitted FROM
        (SELECT day, end_depth, id, name, end_x, end_y, cause, turns, submitted,
                ROW_NUMBER() OVER (PARTITION BY day, end_depth ORDER BY submitted, id) AS slot
         FROM runs WHERE practice = 0 AND outcome = 'lost') AS lost
    WHERE slot <= CASE WHEN end_depth = 0 THEN 300 ELSE 50 END;
