//! What a screen asks of the page: things only the page can do (locks, links, files, the
//! board, the lab), collected by the app and taken by the page after each input.

/// Something only the page can do, asked for by a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Hold the lock of run `id` while this page plays it.
    Lock(u32),
    /// Take run `id` over from the other page that holds it.
    TakeOver(u32),
    /// Make and show the link of the shown run.
    Share,
    /// Offer the shown run's record as a file.
    Export,
    /// Ask for a record file to watch.
    Import,
    /// Offer kept (unreadable) saved text number `n` as a file.
    DownloadKept(usize),
    /// Remember the display choices (`App::prefs`), and fit the screen again.
    Prefs,
    /// Open the cave lab on this seed.
    Lab(u64),
    /// Show today's shared board of daily runs.
    Board,
    /// Post the shown run, a daily run that has ended, to its day's board.
    Post,
    /// Fetch the fallen of the board's day (`App::set_fallen`): a daily run has just ended.
    Fallen,
    /// Watch the run of grave number n (`App::set_fallen`).
    Watch(u32),
}
