// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 414, 0xc1719916164f5a5d),
    ("expert", Outcome::Won, 1636, 0xed7c5a1dc03ba878),
    ("explorer", Outcome::Won, 2006, 0xe847af585fb02535),
    ("death", Outcome::Lost, 332, 0x4db73f70d3c92d80),
    ("survivor", Outcome::Playing, 10000, 0xc2f08214d35e8a7c),
]
