-- Run files as their bytes (BLOB) rather than base64url text, in the board's runs and in
-- par. SQLite has no base64 decoder, so the text kept so far is decoded here by a table:
-- each pair of base64url characters is 12 bits, three hex digits. A record's pairs (an odd
-- last character padded with 'A', zero bits), in order, make the hex of its bytes and a few
-- bits more: its first floor(length * 3 / 4) bytes are the record. A par game that did not
-- end keeps an empty record, now empty bytes. SQLite cannot change a column's type: the
-- bytes go to a new column, which takes the old one's place.

CREATE TEMP TABLE base64url_pairs (pair TEXT PRIMARY KEY, hex TEXT NOT NULL);
INSERT INTO base64url_pairs (pair, hex)
    WITH RECURSIVE
        digit(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM digit WHERE n < 63),
        sextet(n, c) AS (SELECT n, substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', n + 1, 1) FROM digit)
    SELECT a.c || b.c, printf('%03X', a.n * 64 + b.n) FROM sextet a, sextet b;

-- Where each pair starts (1, 3, 5, ...), up to the longest record.
CREATE TEMP TABLE base64url_at (i INTEGER PRIMARY KEY);
INSERT INTO base64url_at (i)
    WITH RECURSIVE at(i) AS (
        SELECT 1 UNION ALL SELECT i + 2 FROM at
        WHERE i + 2 <= (SELECT MAX(n) FROM (SELECT MAX(length(record)) AS n FROM runs
                                            UNION ALL SELECT MAX(length(record)) FROM par))
    )
    SELECT i FROM at;

-- Every record decoded once, by its table and row.
CREATE TEMP TABLE decoded (kind TEXT NOT NULL, at INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (kind, at));
INSERT INTO decoded (kind, at, bytes)
    SELECT kind, at, COALESCE((
        SELECT unhex(substr(group_concat(p.hex, '' ORDER BY i.i), 1, length(text) * 3 / 4 * 2))
        FROM base64url_at i JOIN base64url_pairs p ON p.pair = substr(text || 'A', i.i, 2)
        WHERE i.i <= length(text)
    ), x'')
    FROM (SELECT 'runs' AS kind, rowid AS at, record AS text FROM runs
          UNION ALL SELECT 'par', rowid, record FROM par);

ALTER TABLE runs ADD COLUMN bytes BLOB NOT NULL DEFAULT x'';
UPDATE runs SET bytes = (SELECT bytes FROM decoded WHERE kind = 'runs' AND at = runs.rowid);
ALTER TABLE runs DROP COLUMN record;
ALTER TABLE runs RENAME COLUMN bytes TO record;

ALTER TABLE par ADD COLUMN bytes BLOB NOT NULL DEFAULT x'';
UPDATE par SET bytes = (SELECT bytes FROM decoded WHERE kind = 'par' AND at = par.rowid);
ALTER TABLE par DROP COLUMN record;
ALTER TABLE par RENAME COLUMN bytes TO record;

DROP TABLE decoded;
DROP TABLE base64url_pairs;
DROP TABLE base64url_at;
