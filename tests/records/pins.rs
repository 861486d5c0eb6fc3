// The committed records: file name, how the run ended, its actions, and its pinned final
// state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.
[
    ("win", Outcome::Won, 414, 0x63aebc0817864e5d),
    ("expert", Outcome::Won, 2681, 0x7d579502201d368e),
    ("explorer", Outcome::Won, 2006, 0xc03ccaad9abea474),
    ("death", Outcome::Lost, 332, 0x4db73f70d3c92d80),
    ("survivor", Outcome::Playing, 10000, 0xf30e15c8270b4986),
]
