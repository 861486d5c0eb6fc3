-- Names whose claims lapse and are capped per address, the bytes of runs each address
-- stored each day, and a kept count of the runs.

-- A name's claim: `used`, its last counted run (or its claim), lapses after 30 days; `client`
-- the address that claimed it (claims per address and day are capped); `alias` 1 for a
-- name's second key (see names::name_keys), 0 for its first; `keyed` 0 for a key of the
-- old kind (NFKC and lowercase), which the board rekeys when it opens.
ALTER TABLE names ADD COLUMN used BIGINT NOT NULL DEFAULT 0;
ALTER TABLE names ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE names ADD COLUMN alias BIGINT NOT NULL DEFAULT 0;
ALTER TABLE names ADD COLUMN keyed BIGINT NOT NULL DEFAULT 0;
UPDATE names SET used = claimed;
UPDATE names SET used = last.submitted
    FROM (SELECT token, MAX(submitted) AS submitted FROM runs WHERE practice = 0 GROUP BY token) AS last
    WHERE last.token = names.token AND last.submitted > names.used;
CREATE INDEX IF NOT EXISTS names_by_client ON names (client, claimed);
CREATE INDEX IF NOT EXISTS names_to_rekey ON names (keyed) WHERE keyed = 0;

-- Bytes of run files kept from each address (an IPv6 /64) for each day.
CREATE TABLE IF NOT EXISTS run_bytes (
    client TEXT NOT NULL,
    day TEXT NOT NULL,
    bytes BIGINT NOT NULL,
    PRIMARY KEY (client, day)
);

-- How many runs are kept, in 256 shards (by the first two hex digits of a run's id) so that
-- copies keeping runs at once seldom wait on one row: health and metrics read the sum.
CREATE TABLE IF NOT EXISTS run_counts (
    shard BIGINT PRIMARY KEY,
    runs BIGINT NOT NULL
);
INSERT INTO run_counts (shard, runs) SELECT 0, COUNT(*) FROM runs;
