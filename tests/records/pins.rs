// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 680, 0xb691b851f880a4e2),
    ("expert", Outcome::Won, 1822, 0xd6494aecdc218557),
    ("explorer", Outcome::Won, 1942, 0xb8e249e8daabaf34),
    ("death", Outcome::Lost, 328, 0xa4319cc757211703),
    ("survivor", Outcome::Playing, 10000, 0x60fec3b68180116a),
]
