// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 205, 0xfdada9fd4935060d),
    ("death", Outcome::Lost, 40, 0x43df72dfd75ac67b),
    ("long", Outcome::Won, 1301, 0x0ba098ad98459b63),
    ("survivor", Outcome::Playing, 10000, 0x4aec83c7d0814e02),
]
