// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 3532, 0x42d1b2f0b5fb4165),
    ("expert", Outcome::Won, 2568, 0x2a6c67daf6679439),
    ("explorer", Outcome::Won, 1316, 0x6e48d559ea9f2433),
    ("death", Outcome::Lost, 376, 0xddc1ccda739228c4),
    ("survivor", Outcome::Playing, 10000, 0x841af957fedb5051),
]
