// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1655, 0x205dd3d6cf9459a5),
    ("expert", Outcome::Won, 2177, 0x207004db27318c80),
    ("explorer", Outcome::Won, 3447, 0x47c46621441e8319),
    ("death", Outcome::Lost, 189, 0xb1c72d8376f68099),
    ("survivor", Outcome::Playing, 10000, 0x1f635dc6f11f3763),
]
