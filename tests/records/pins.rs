// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1207, 0xf080deba9445cda5),
    ("expert", Outcome::Won, 1508, 0x4c46225a997b97c5),
    ("explorer", Outcome::Won, 1526, 0x9e785a6d667a2da9),
    ("death", Outcome::Lost, 220, 0x4fc28e5257b843b2),
    ("survivor", Outcome::Playing, 10000, 0xf155f6c67e3f512c),
]
