//! Serving the built page (`--dist DIR`) without serving anything that must stay private.
//!
//! The rules: the folder must hold the page ([`check_dist`]: an `index.html`, no `.git`, no
//! database); a request is answered only for GET and HEAD, never for a dotfile or a dot
//! folder, never for a database file, and never for a path that leads out of the folder
//! through a symlink or an encoded `..` ([`serve_dist`]). Everything else is served by
//! tower-http's [`ServeDir`], so content types, ranges, `index.html` for folders and
//! precompressed (`.br`, `.gz`) files keep working.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::error::ErrorBody;

/// The endings of precompressed siblings ServeDir may answer with instead of a file.
const PRECOMPRESSED: [&str; 2] = ["br", "gz"];

/// Checks the folder given to `--dist` and returns its canonical path, or a one-line reason
/// why the board refuses to serve it (without the folder's name, which the caller prefixes):
/// - it cannot be opened or is not a folder;
/// - it holds no `index.html` (inside the folder);
/// - it holds a `.git` entry (a source checkout, not the built page);
/// - it holds, at its top level, a file named like a database ([`is_database_name`]);
/// - the board's own database file lies inside it (`database_file`, canonicalised when it
///   exists, else its parent canonicalised when that exists).
pub fn check_dist(dir: &Path, database_file: Option<&Path>) -> Result<PathBuf, DistError> {
    let root = dir.canonicalize().map_err(DistError::Open)?;
    if !root.is_dir() {
        return Err(DistError::NotAFolder);
    }
    let index_inside = root
        .join("index.html")
        .canonicalize()
        .is_ok_and(|index| index.is_file() && index.starts_with(&root));
    if !index_inside {
        return Err(DistError::NoIndex);
    }
    if std::fs::symlink_metadata(root.join(".git")).is_ok() {
        return Err(DistError::Checkout);
    }
    let entries = std::fs::read_dir(&root).map_err(DistError::List)?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_database_name(&name) {
            return Err(DistError::DatabaseFile(name));
        }
    }
    if let Some(database) = database_file.and_then(canonical_database) {
        if database.starts_with(&root) {
            return Err(DistError::DatabaseInside(database));
        }
    }
    Ok(root)
}

/// Why a folder is not served as the built page.
#[derive(Debug, thiserror::Error)]
pub enum DistError {
    #[error("cannot open the folder: {0}")]
    Open(std::io::Error),
    #[error("not a folder")]
    NotAFolder,
    #[error("the folder holds no index.html (build the page first)")]
    NoIndex,
    #[error("the folder holds a .git entry; serve the built page's folder, not a checkout")]
    Checkout,
    #[error("cannot list the folder: {0}")]
    List(std::io::Error),
    #[error("the folder holds a database file ({0})")]
    DatabaseFile(String),
    #[error("the board's database ({}) lies inside the folder", .0.display())]
    DatabaseInside(PathBuf),
}

/// Where a database file is (or would be created): its canonical path when it exists, else
/// its canonical parent joined with its name; `None` when neither exists.
fn canonical_database(database: &Path) -> Option<PathBuf> {
    if let Ok(path) = database.canonicalize() {
        return Some(path);
    }
    let name = database.file_name()?;
    let parent = match database.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Some(parent.canonicalize().ok()?.join(name))
}

/// Whether a file name is a database's, or a dump or copy of one (compared without case, a
/// `.gz` or `.br` ending set aside): ending `.db` (optionally followed by SQLite's `-wal`,
/// `-shm` or `-journal`), `.sql` or `.bak`; or holding `.db.` (`board.db.1`) or `.sqlite`
/// anywhere (`x.sqlite3`, `backup.sqlite.bak`).
pub fn is_database_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let name = [".gz", ".br"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(&name);
    let base = ["-wal", "-shm", "-journal"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    [".db", ".sql", ".bak"]
        .iter()
        .any(|ending| base.ends_with(ending))
        || name.contains(".db.")
        || name.contains(".sqlite")
}

/// What the page server needs per request: the canonical root and the file service over it.
#[derive(Clone)]
struct Dist {
    root: Arc<PathBuf>,
    files: ServeDir,
}

/// The page server for a folder checked by [`check_dist`] (`root` must be canonical): a
/// `Router` whose fallback answers every path, for use as `api.fallback_service(serve_dist(root))`
/// or `api.merge(serve_dist(root))` (when `api` has no fallback of its own).
///
/// GET and HEAD only (other methods: 405 with `Allow: GET, HEAD`). 404 `{"error":"Nothing
/// here."}` for a path that is refused ([`request_segments`]), missing, or leads out of the
/// folder ([`resolves_inside`]); otherwise [`ServeDir`] answers, `/` with `index.html`.
pub fn serve_dist(root: PathBuf) -> Router {
    let files = ServeDir::new(&root).precompressed_br().precompressed_gzip();
    Router::new().fallback(serve).with_state(Dist {
        root: Arc::new(root),
        files,
    })
}

/// Answers one request for the page (see [`serve_dist`]).
async fn serve(State(dist): State<Dist>, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return method_not_allowed();
    }
    let Some(segments) = request_segments(request.uri().path()) else {
        return nothing_here();
    };
    let root = Arc::clone(&dist.root);
    let checked = tokio::task::spawn_blocking(move || {
        let file = requested_file(&root, &segments);
        resolves_inside(&root, &file).then(|| has_precompressed(&file))
    });
    let Ok(Some(precompressed)) = checked.await else {
        return nothing_here();
    };
    let response = match dist.files.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if response.status() == StatusCode::NOT_FOUND {
        return nothing_here();
    }
    let mut response = response.map(Body::new);
    // The answer depends on the request's Accept-Encoding wherever a compressed copy exists:
    // caches must keep one answer per encoding.
    if precompressed {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// The 404 every refused or missing path gets: `{"error":"Nothing here."}`.
fn nothing_here() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(ErrorBody::words("Nothing here.")),
    )
        .into_response()
}

/// The 405 for methods other than GET and HEAD, naming the two in `Allow`.
fn method_not_allowed() -> Response {
    let mut response = (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(ErrorBody::words("Only GET and HEAD are answered here.")),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// The decoded segments of a request path, or `None` when the path is refused: a segment
/// that does not decode to UTF-8 (a malformed escape stays as it is written), or that decodes to something refused by
/// [`segment_allowed`] (a leading dot, so `.`, `..`, `.env`, `.git`; a slash, a backslash
/// or NUL; a database file name). Empty segments (`//`) are skipped, as ServeDir skips them.
fn request_segments(path: &str) -> Option<Vec<String>> {
    let mut segments = Vec::new();
    for raw in path.split('/').filter(|raw| !raw.is_empty()) {
        let segment = percent_encoding::percent_decode_str(raw)
            .decode_utf8()
            .ok()?
            .into_owned();
        if !segment_allowed(&segment) {
            return None;
        }
        segments.push(segment);
    }
    Some(segments)
}

/// Whether one path segment (a file or folder name) may be served: it does not start with
/// a dot, holds no slash, backslash or NUL, and is not a database file name.
fn segment_allowed(segment: &str) -> bool {
    !segment.starts_with('.') && !segment.contains(['/', '\\', '\0']) && !is_database_name(segment)
}

/// The file ServeDir would answer for these segments: the path under `root`, or for a folder
/// its `index.html`.
fn requested_file(root: &Path, segments: &[String]) -> PathBuf {
    let requested = segments
        .iter()
        .fold(root.to_path_buf(), |path, segment| path.join(segment));
    if requested.is_dir() {
        requested.join("index.html")
    } else {
        requested
    }
}

/// The precompressed sibling of `file` with this ending (`br`, `gz`).
fn sibling(file: &Path, ending: &str) -> PathBuf {
    let mut sibling = file.as_os_str().to_owned();
    sibling.push(".");
    sibling.push(ending);
    PathBuf::from(sibling)
}

/// Whether `file` stays inside `root` once every symlink is resolved: its canonical form lies
/// under the canonical root through allowed names only ([`canonical_inside`]), and so does
/// every precompressed sibling (`.br`, `.gz`) that exists. A missing file is not inside.
fn resolves_inside(root: &Path, file: &Path) -> bool {
    canonical_inside(root, file)
        && PRECOMPRESSED.iter().all(|ending| {
            let sibling = sibling(file, ending);
            std::fs::symlink_metadata(&sibling).is_err() || canonical_inside(root, &sibling)
        })
}

/// Whether a precompressed sibling (`.br`, `.gz`) of `file` exists, so that ServeDir's answer
/// depends on the encodings the request accepts.
fn has_precompressed(file: &Path) -> bool {
    PRECOMPRESSED
        .iter()
        .any(|ending| sibling(file, ending).is_file())
}

/// Whether `path` exists and its canonical form (symlinks resolved) lies under `root` with
/// every name after the root allowed by [`segment_allowed`] (so a symlink with a plain name
/// cannot lead to a dotfile or a database inside the folder either).
fn canonical_inside(root: &Path, path: &Path) -> bool {
    let Ok(canonical) = path.canonicalize() else {
        return false;
    };
    let Ok(relative) = canonical.strip_prefix(root) else {
        return false;
    };
    relative.components().all(|component| match component {
        Component::Normal(name) => name.to_str().is_some_and(segment_allowed),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderName, Request};
    use std::fs;

    /// A fresh folder under the system's temp dir, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> Self {
            let path =
                std::env::temp_dir().join(format!("caves-dist-test-{}-{name}", std::process::id()));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).expect("temp dir");
            TempDir(path.canonicalize().expect("canonical temp dir"))
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// A built page: index.html, app.js (and app.js.gz), a sub folder with its index, and the
    /// things that must never be served.
    fn page(temp: &TempDir) -> PathBuf {
        let root = temp.0.join("dist");
        let outside = temp.0.join("outside");
        fs::create_dir_all(root.join("sub")).expect("sub");
        fs::create_dir_all(root.join(".git")).expect(".git");
        fs::create_dir_all(&outside).expect("outside");
        fs::write(root.join("index.html"), "<h1>caves</h1>").expect("index");
        fs::write(root.join("app.js"), "console.log(1);").expect("app.js");
        fs::write(root.join("app.js.gz"), b"\x1f\x8bgzipped").expect("app.js.gz");
        fs::write(root.join("sub/index.html"), "sub page").expect("sub index");
        fs::write(root.join(".env"), "SECRET=1").expect(".env");
        fs::write(root.join(".git/config"), "[core]").expect(".git/config");
        fs::write(root.join("caves-board.db"), "SQLite").expect("db");
        for dump in [
            "board.sql",
            "board.sql.gz",
            "backup.sqlite.bak",
            "caves-board.db.1",
            "index.html.bak",
        ] {
            fs::write(root.join(dump), "INSERT INTO runs").expect("a dump");
        }
        fs::write(outside.join("secret.txt"), "secret").expect("secret");
        let link = |target: &Path, name: &str| {
            std::os::unix::fs::symlink(target, root.join(name)).expect("symlink");
        };
        link(Path::new("/etc/passwd"), "passwd");
        link(Path::new("app.js"), "inside-link.js");
        link(Path::new("caves-board.db"), "innocent.txt");
        link(Path::new(".env"), "env.txt");
        link(&outside, "outside-dir");
        link(Path::new("../outside/secret.txt"), "up-link.txt");
        root
    }

    /// Sends one request to the page server, taking no compressed copy; the status, body
    /// and answer.
    async fn get(root: &Path, method: Method, uri: &str) -> (StatusCode, String, Response) {
        ask(root, method, uri, &[(header::ACCEPT_ENCODING, "identity")]).await
    }

    /// Sends one request with `headers` to the page server; the status, body and answer.
    async fn ask(
        root: &Path,
        method: Method,
        uri: &str,
        headers: &[(HeaderName, &str)],
    ) -> (StatusCode, String, Response) {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(name, *value);
        }
        send(root, request.body(Body::empty()).expect("request")).await
    }

    /// Header `name` of an answer, as text.
    fn header_of(response: &Response, name: HeaderName) -> Option<String> {
        let value = response.headers().get(name)?;
        Some(value.to_str().expect("ascii").to_owned())
    }

    async fn send(root: &Path, request: Request<Body>) -> (StatusCode, String, Response) {
        let response = serve_dist(root.to_path_buf())
            .oneshot(request)
            .await
            .expect("infallible");
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20).await.expect("body");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let status = parts.status;
        (status, text, Response::from_parts(parts, Body::empty()))
    }

    #[tokio::test]
    async fn serves_the_page() {
        let temp = TempDir::new("serves");
        let root = page(&temp);
        let (status, body, _) = get(&root, Method::GET, "/").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "<h1>caves</h1>"));
        let (status, body, _) = get(&root, Method::GET, "/index.html").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "<h1>caves</h1>"));
        let (status, body, response) = get(&root, Method::GET, "/app.js?v=2").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "console.log(1);"));
        let content_type = response.headers().get(header::CONTENT_TYPE);
        assert!(content_type.is_some_and(|value| value.as_bytes().ends_with(b"javascript")));
        let (status, body, _) = get(&root, Method::GET, "/sub/").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "sub page"));
        let (status, _, _) = get(&root, Method::HEAD, "/").await;
        assert_eq!(status, StatusCode::OK);
    }

    #[tokio::test]
    async fn serves_a_symlink_that_stays_inside() {
        let temp = TempDir::new("inside-link");
        let root = page(&temp);
        let (status, body, _) = get(&root, Method::GET, "/inside-link.js").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "console.log(1);"));
    }

    #[tokio::test]
    async fn keeps_ranges_and_precompressed_files() {
        let temp = TempDir::new("ranges");
        let root = page(&temp);
        let range = [
            (header::RANGE, "bytes=0-6"),
            (header::ACCEPT_ENCODING, "identity"),
        ];
        let (status, body, _) = ask(&root, Method::GET, "/app.js", &range).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::PARTIAL_CONTENT, "console")
        );
        let gzip = [(header::ACCEPT_ENCODING, "gzip")];
        let (status, _, response) = ask(&root, Method::GET, "/app.js", &gzip).await;
        assert_eq!(status, StatusCode::OK);
        let encoding = header_of(&response, header::CONTENT_ENCODING);
        assert_eq!(encoding.as_deref(), Some("gzip"));
    }

    /// The build's brotli and gzip copies go to the browsers that accept them, as the file's
    /// own type, and every answer for a file with copies says that it varies by encoding.
    #[tokio::test]
    async fn serves_the_compressed_copy_a_browser_accepts_and_says_it_varies() {
        let temp = TempDir::new("encodings");
        let root = page(&temp);
        fs::write(root.join("app.js.br"), b"brotli bytes").expect("app.js.br");
        let accepting = |accept: &'static str, uri: &'static str| {
            let root = root.clone();
            async move {
                let headers = [(header::ACCEPT_ENCODING, accept)];
                let (status, body, response) = ask(&root, Method::GET, uri, &headers).await;
                (
                    status,
                    body,
                    header_of(&response, header::CONTENT_ENCODING),
                    header_of(&response, header::VARY),
                    header_of(&response, header::CONTENT_TYPE).unwrap_or_default(),
                )
            }
        };
        let vary = Some("accept-encoding".to_owned());
        let (status, body, encoding, varies, kind) =
            accepting("gzip, deflate, br", "/app.js").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "brotli bytes"));
        assert_eq!((encoding.as_deref(), &varies), (Some("br"), &vary));
        assert!(kind.ends_with("javascript"), "{kind}");
        let (_, body, encoding, varies, _) = accepting("gzip", "/app.js").await;
        assert!(body.ends_with("gzipped"), "{body}");
        assert_eq!((encoding.as_deref(), &varies), (Some("gzip"), &vary));
        let (_, body, encoding, varies, _) = accepting("identity", "/app.js").await;
        assert_eq!(body, "console.log(1);");
        assert_eq!((encoding, &varies), (None, &vary));
        // A file without copies does not vary.
        let (status, _, encoding, varies, _) = accepting("gzip, br", "/index.html").await;
        assert_eq!((status, encoding, varies), (StatusCode::OK, None, None));
    }

    #[tokio::test]
    async fn never_serves_dotfiles_databases_or_paths_out_of_the_folder() {
        let temp = TempDir::new("refuses");
        let root = page(&temp);
        for uri in [
            "/.env",
            "/.git/config",
            "/.git/",
            "/%2eenv",
            "/%2Egit/config",
            "/sub/..%2f.env",
            "/%2e%2e/outside/secret.txt",
            "/sub/%2e%2e/%2e%2e/outside/secret.txt",
            "/..%5c..%5cetc%5cpasswd",
            "/app.js%00.html",
            "/app.js%zz",
            "/%ff",
            "/passwd",
            "/outside-dir/secret.txt",
            "/up-link.txt",
            "/caves-board.db",
            "/CAVES-BOARD.DB",
            "/caves-board.db-wal",
            "/board.sqlite3",
            "/board.sql",
            "/board.sql.gz",
            "/backup.sqlite.bak",
            "/caves-board.db.1",
            "/index.html.bak",
            "/innocent.txt",
            "/env.txt",
            "/missing.js",
        ] {
            let (status, body, _) = get(&root, Method::GET, uri).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
            assert_eq!(body, r#"{"error":"Nothing here."}"#, "{uri}");
        }
    }

    #[tokio::test]
    async fn answers_get_and_head_only() {
        let temp = TempDir::new("methods");
        let root = page(&temp);
        for method in [Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS] {
            let (status, _, response) = get(&root, method.clone(), "/").await;
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
            let allow = header_of(&response, header::ALLOW);
            assert_eq!(allow.as_deref(), Some("GET, HEAD"), "{method}");
        }
    }

    #[tokio::test]
    async fn composes_as_the_fallback_of_another_router() {
        let temp = TempDir::new("compose");
        let root = page(&temp);
        let api: Router = Router::new()
            .route("/api/health", axum::routing::get(|| async { "ok" }))
            .fallback_service(serve_dist(root));
        for (uri, expected) in [("/api/health", "ok"), ("/", "<h1>caves</h1>")] {
            let request = Request::builder().uri(uri).body(Body::empty());
            let response = api
                .clone()
                .oneshot(request.expect("request"))
                .await
                .expect("infallible");
            let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
                .await
                .expect("body");
            assert_eq!(&bytes[..], expected.as_bytes());
        }
    }

    #[test]
    fn names_databases() {
        for name in [
            "caves-board.db",
            "caves-board.db-wal",
            "caves-board.db-shm",
            "caves-board.db-journal",
            "x.sqlite",
            "x.SQLITE3",
            "x.sqlite-wal",
            "board.sql",
            "BOARD.SQL.GZ",
            "backup.sqlite.bak",
            "x.bak",
            "x.db.txt",
            "caves-board.db.1",
            "x.sqlite.old",
        ] {
            assert!(is_database_name(name), "{name}");
        }
        for name in [
            "index.html",
            "db",
            "app.js",
            "dbx.txt",
            "sqlite.js",
            "app.js.gz",
            "a.sq",
        ] {
            assert!(!is_database_name(name), "{name}");
        }
    }

    #[test]
    fn checks_the_dist_folder() {
        let temp = TempDir::new("check");
        let dist = temp.0.join("dist");
        fs::create_dir_all(&dist).expect("dist");
        let missing = temp.0.join("missing");
        assert!(check_dist(&missing, None).is_err());
        let refused = check_dist(&dist, None).expect_err("no index.html");
        assert!(refused.to_string().contains("index.html"), "{refused}");

        fs::write(dist.join("index.html"), "page").expect("index");
        let outside_db = temp.0.join("caves-board.db");
        assert_eq!(
            check_dist(&dist, Some(&outside_db)).expect("served"),
            dist.clone()
        );
        assert_eq!(
            check_dist(&dist.join("../dist"), None).expect("served"),
            dist.clone(),
            "canonical"
        );

        // The database inside, named however, existing or not yet.
        let inside_db = dist.join("sub").join("board.data");
        fs::create_dir_all(dist.join("sub")).expect("sub");
        assert!(check_dist(&dist, Some(&inside_db)).is_err());
        fs::write(&inside_db, "SQLite").expect("db");
        assert!(check_dist(&dist, Some(&inside_db)).is_err());
        let through_dots = dist.join("sub").join("..").join("sub").join("board.data");
        assert!(check_dist(&dist, Some(&through_dots)).is_err());
        fs::remove_file(&inside_db).expect("remove db");

        for name in [
            "caves-board.db",
            "x.db-wal",
            "x.db-shm",
            "x.sqlite",
            "x.sqlite3",
            "board.sql",
            "backup.sqlite.bak",
        ] {
            fs::write(dist.join(name), "SQLite").expect("db file");
            let refused = check_dist(&dist, None).expect_err(name).to_string();
            assert!(refused.contains(name), "{refused}");
            fs::remove_file(dist.join(name)).expect("remove");
        }

        fs::create_dir_all(dist.join(".git")).expect(".git");
        let refused = check_dist(&dist, None).expect_err(".git");
        assert!(refused.to_string().contains(".git"), "{refused}");
    }
}
