// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 3471, 0x5aa1c3ea025ae196),
    ("expert", Outcome::Won, 1573, 0x726c245921c52319),
    ("explorer", Outcome::Won, 1873, 0x4a5bb228c4796135),
    ("death", Outcome::Lost, 194, 0x24dd44865bf14eb8),
    ("survivor", Outcome::Playing, 10000, 0x804ab8ed3a036243),
]
