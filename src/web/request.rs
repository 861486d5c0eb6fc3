//! What the game asks of the page, as typed values: a `PageRequest` is a kind and the one
//! argument that kind needs. `Game::output` hands them to the page as lines of text.

use crate::app::Request;

/// The kinds of `PageRequest` (their names in `Game::output`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// Hold the Web Lock of run `run` while this page plays it.
    Lock,
    /// Take the lock of run `run` from the page that holds it.
    TakeOver,
    /// Show the shown run's share link.
    Share,
    /// Offer the shown run's record as a file.
    Export,
    /// Ask for a record file to watch.
    Import,
    /// Offer kept (unreadable) saved text number `kept` as a file.
    Kept,
    /// Remember the display choices (`Game::prefs`) and fit the screen again.
    Prefs,
    /// Open the cave lab on seed `seed`.
    Lab,
    /// Show today's board of daily runs.
    Board,
    /// Post the shown run (a daily run that has ended) to its day's board.
    Post,
    /// Fetch the fallen of the board's day and hand them to `Game::set_fallen`.
    Fallen,
    /// Watch the board's run of grave number `run` (`Game::set_fallen`).
    Watch,
}

impl RequestKind {
    /// The kind's name, as the page reads it.
    pub fn name(self) -> &'static str {
        match self {
            RequestKind::Lock => "lock",
            RequestKind::TakeOver => "takeover",
            RequestKind::Share => "share",
            RequestKind::Export => "export",
            RequestKind::Import => "import",
            RequestKind::Kept => "kept",
            RequestKind::Prefs => "prefs",
            RequestKind::Lab => "lab",
            RequestKind::Board => "board",
            RequestKind::Post => "post",
            RequestKind::Fallen => "fallen",
            RequestKind::Watch => "watch",
        }
    }
}

/// One thing the game asks the page to do.
pub struct PageRequest {
    pub kind: RequestKind,
    /// The run, for `lock` and `takeover`; the grave, for `watch`.
    pub run: Option<u32>,
    /// The kept save's number, for `kept`.
    pub kept: Option<u32>,
    /// The seed, for `lab`: decimal text, as a u64 does not fit a JavaScript number.
    pub seed: Option<String>,
}

impl From<&Request> for PageRequest {
    fn from(r: &Request) -> PageRequest {
        let ask = |kind| PageRequest {
            kind,
            run: None,
            kept: None,
            seed: None,
        };
        match *r {
            Request::Lock(id) => PageRequest {
                run: Some(id),
                ..ask(RequestKind::Lock)
            },
            Request::TakeOver(id) => PageRequest {
                run: Some(id),
                ..ask(RequestKind::TakeOver)
            },
            Request::Share => ask(RequestKind::Share),
            Request::Export => ask(RequestKind::Export),
            Request::Import => ask(RequestKind::Import),
            Request::DownloadKept(n) => PageRequest {
                kept: u32::try_from(n).ok(),
                ..ask(RequestKind::Kept)
            },
            Request::Prefs => ask(RequestKind::Prefs),
            Request::Lab(seed) => PageRequest {
                seed: Some(format!("{seed}")),
                ..ask(RequestKind::Lab)
            },
            Request::Board => ask(RequestKind::Board),
            Request::Post => ask(RequestKind::Post),
            Request::Fallen => ask(RequestKind::Fallen),
            Request::Watch(i) => PageRequest {
                run: Some(i),
                ..ask(RequestKind::Watch)
            },
        }
    }
}

/// Writes `r` as a line of `Game::output`: `r`, its kind and its argument (the run, the kept
/// save's number or the seed; empty for none), separated by tabs.
pub fn write(r: &PageRequest, out: &mut String) {
    let arg = match (r.run, r.kept, &r.seed) {
        (Some(n), _, _) | (_, Some(n), _) => format!("{n}"),
        (_, _, Some(seed)) => seed.clone(),
        _ => String::new(),
    };
    for part in ["r\t", r.kind.name(), "\t", &arg, "\n"] {
        out.push_str(part);
    }
}
