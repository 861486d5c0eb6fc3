// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1204, 0xd26a72b320964c11),
    ("expert", Outcome::Won, 1349, 0x6b497713a1cc0eb9),
    ("explorer", Outcome::Won, 2054, 0x97f9624b81175084),
    ("death", Outcome::Lost, 165, 0x8aea9f33f2597e17),
    ("survivor", Outcome::Playing, 10000, 0x397ce5f9e585fed8),
]
