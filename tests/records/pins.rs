// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 2779, 0x94b7ef08cd6adbb6),
    ("expert", Outcome::Won, 2177, 0x207004db27318c80),
    ("explorer", Outcome::Won, 3447, 0x47c46621441e8319),
    ("death", Outcome::Lost, 193, 0xaf07f6b67094b5cc),
    ("survivor", Outcome::Playing, 10000, 0x1f635dc6f11f3763),
]
