// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 1338, 0x0f0805ff25da8ba0),
    ("expert", Outcome::Won, 2022, 0xd8ce923a6fcf2fba),
    ("explorer", Outcome::Won, 2494, 0x9047a687dcaa8c03),
    ("death", Outcome::Lost, 170, 0x08dc075ed5bfab01),
    ("survivor", Outcome::Playing, 10000, 0xc384ee934b84a961),
]
