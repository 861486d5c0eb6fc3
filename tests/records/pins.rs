// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 620, 0x0f778c0e640a2996),
    ("expert", Outcome::Won, 1746, 0x0f6f107bd3b15b33),
    ("explorer", Outcome::Won, 1812, 0x589f537eedf17541),
    ("death", Outcome::Lost, 226, 0xfbcb698a51896c09),
    ("survivor", Outcome::Playing, 10000, 0x789fffae2b3f976c),
]
