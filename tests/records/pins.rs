// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 3524, 0x000beb17d8a3418f),
    ("expert", Outcome::Won, 2564, 0x08cbd1d1b569e4b2),
    ("explorer", Outcome::Won, 1316, 0x6e48d559ea9f2433),
    ("death", Outcome::Lost, 376, 0xddc1ccda739228c4),
    ("survivor", Outcome::Playing, 10000, 0x88e69ff679384c7e),
]
