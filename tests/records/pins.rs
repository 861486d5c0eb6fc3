// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 689, 0x7af5a938eaa131c1),
    ("expert", Outcome::Won, 1309, 0xac292d8b3aa50719),
    ("explorer", Outcome::Won, 1999, 0x64980c1dfbf0a86a),
    ("death", Outcome::Lost, 164, 0x0899052011ced942),
    ("survivor", Outcome::Playing, 10000, 0xd2a983e8f1e9adce),
]
