//! What the game asks of the page, as typed values: a `PageRequest` is a kind and the one
//! argument that kind needs. `Game::output` hands them to the page as plain objects.

use crate::app::Request;
use wasm_bindgen::prelude::*;

/// The kinds of `PageRequest` (strings in JavaScript).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// Hold the Web Lock of run `run` while this page plays it.
    Lock = "lock",
    /// Take the lock of run `run` from the page that holds it.
    TakeOver = "takeover",
    /// Show the shown run's share link.
    Share = "share",
    /// Offer the shown run's record as a file.
    Export = "export",
    /// Ask for a record file to watch.
    Import = "import",
    /// Offer kept (unreadable) saved text number `kept` as a file.
    Kept = "kept",
    /// Remember the display choices (`Game::prefs`) and fit the screen again.
    Prefs = "prefs",
    /// Open the cave lab on seed `seed`.
    Lab = "lab",
    /// Show today's board of daily runs.
    Board = "board",
    /// Post the shown run (a daily run that has ended) to its day's board.
    Post = "post",
    /// Fetch the fallen of the board's day and hand them to `Game::set_fallen`.
    Fallen = "fallen",
    /// Watch the board's run of grave number `run` (`Game::set_fallen`).
    Watch = "watch",
}

/// One thing the game asks the page to do.
#[wasm_bindgen(getter_with_clone)]
pub struct PageRequest {
    #[wasm_bindgen(readonly)]
    pub kind: RequestKind,
    /// The run, for `lock` and `takeover`; the grave, for `watch`.
    #[wasm_bindgen(readonly)]
    pub run: Option<u32>,
    /// The kept save's number, for `kept`.
    #[wasm_bindgen(readonly)]
    pub kept: Option<u32>,
    /// The seed, for `lab`: decimal text, as a u64 does not fit a JavaScript number.
    #[wasm_bindgen(readonly)]
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

/// `r` as a plain object: `kind`, and `run`, `kept` or `seed` when it has one.
pub fn to_js(r: &PageRequest) -> JsValue {
    let o = js_sys::Object::new();
    set(&o, "kind", r.kind.into());
    if let Some(run) = r.run {
        set(&o, "run", run.into());
    }
    if let Some(kept) = r.kept {
        set(&o, "kept", kept.into());
    }
    if let Some(seed) = &r.seed {
        set(&o, "seed", JsValue::from_str(seed));
    }
    o.into()
}

/// Sets field `name` of a plain object the page reads.
pub fn set(o: &js_sys::Object, name: &str, value: JsValue) {
    // Setting a field of a plain object cannot fail.
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(name), &value);
}
