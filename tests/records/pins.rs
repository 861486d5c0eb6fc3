// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 497, 0x1d97bd6942f1ee11),
    ("expert", Outcome::Won, 3452, 0xf421118a8c2ed7db),
    ("explorer", Outcome::Won, 1937, 0x03e3bbdabcdb1a23),
    ("death", Outcome::Lost, 344, 0x95aafca6d9a92878),
    ("survivor", Outcome::Playing, 10000, 0x09d3c68d6e2f3755),
]
