// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 95, 0xaa588effb98cd2fd),
    ("death", Outcome::Lost, 128, 0x1b3aac86f54e8186),
    ("long", Outcome::Won, 1261, 0x0b5549bb60f0af30),
    ("survivor", Outcome::Playing, 10000, 0x83b85dea6d3f70a4),
]
