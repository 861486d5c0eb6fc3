// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1971, 0xb9a8d76a5cfb3a6e),
    ("expert", Outcome::Won, 1560, 0xda5915fcb286e8d4),
    ("explorer", Outcome::Won, 2562, 0xd49782434a67510e),
    ("death", Outcome::Lost, 170, 0xfafc886649c79b93),
    ("survivor", Outcome::Playing, 10000, 0x2a5c4c6e45d3fcf7),
]
