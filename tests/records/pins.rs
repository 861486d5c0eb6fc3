// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 95, 0xabd9197036fb0465),
    ("death", Outcome::Lost, 128, 0x7b9155abf5123a90),
    ("long", Outcome::Won, 1261, 0xf23a3c4e63d45b76),
    ("survivor", Outcome::Playing, 10000, 0x18284097bf4b4f89),
]
