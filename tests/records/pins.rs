// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1486, 0x2ef60896f38a5d09),
    ("expert", Outcome::Won, 3516, 0xa6af0804a6dcb846),
    ("explorer", Outcome::Won, 1934, 0xecf6bea84349b11f),
    ("death", Outcome::Lost, 164, 0x5539ada9ef89da2b),
    ("survivor", Outcome::Playing, 10000, 0x55b71b484f99a1bb),
]
