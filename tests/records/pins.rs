// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 3532, 0x3c94cb79e9fae9f1),
    ("expert", Outcome::Won, 2568, 0x23cc248f3d08946d),
    ("explorer", Outcome::Won, 1316, 0x63bd6fff776a5f0b),
    ("death", Outcome::Lost, 376, 0x30cb01018c30ae30),
    ("survivor", Outcome::Playing, 10000, 0x6d50ab7facd88891),
]
