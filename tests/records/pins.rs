// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 886, 0x2d5bd71af9bc8d79),
    ("expert", Outcome::Won, 2007, 0x47eb048d26db3866),
    ("explorer", Outcome::Won, 1858, 0x5a32de93fe863aa4),
    ("death", Outcome::Lost, 168, 0x51117f5b58913216),
    ("survivor", Outcome::Playing, 10000, 0xc82acca20608dd1a),
]
