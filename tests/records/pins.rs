// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 884, 0x1be330d5ff5d4583),
    ("expert", Outcome::Won, 3576, 0x43763c62772a2ed2),
    ("explorer", Outcome::Won, 2029, 0x91fe1db831de7b13),
    ("death", Outcome::Lost, 200, 0xbb96adef9bf4bff2),
    ("survivor", Outcome::Playing, 10000, 0x4c5f92f5d57b849c),
]
