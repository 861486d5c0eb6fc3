// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1390, 0x282cc56e07a695a9),
    ("expert", Outcome::Won, 2307, 0xe6fd3fe504192d9e),
    ("explorer", Outcome::Won, 2750, 0xba8cd2bef6ace0af),
    ("death", Outcome::Lost, 170, 0x715ffa857b0422f0),
    ("survivor", Outcome::Playing, 10000, 0x13e0387a751c7c6f),
]
