// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1209, 0x9dde098799e64cd3),
    ("expert", Outcome::Won, 1559, 0xf3541a256e585cf9),
    ("explorer", Outcome::Won, 2540, 0x6bf2cc45580a8ae5),
    ("death", Outcome::Lost, 170, 0xfb7fd2bac3f2e833),
    ("survivor", Outcome::Playing, 10000, 0xdd5b7f3e84ba5729),
]
