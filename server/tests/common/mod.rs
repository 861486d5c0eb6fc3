//! What the server's tests share: the day they play, a scratch folder for their SQLite
//! files, players' tokens, and the real server on a loopback port with HTTP/1.1 requests to
//! it.
// Each test file uses its part of this module.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use hyper_util::rt::TokioIo;
use serde_json::Value;

use caves_rules::record::Record;
use caves_server::api::router;
use caves_server::board::Board;
use caves_server::service::{Service, Settings};

/// The board's today in these tests.
pub const DATE: &str = "2026-11-24";

/// A folder of a test's own for its databases, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("caves-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    /// The address of the SQLite database `file` in it.
    pub fn db_named(&self, file: &str) -> String {
        format!("sqlite://{}", self.0.join(file).display())
    }

    /// The address of the test's SQLite database.
    pub fn db(&self) -> String {
        self.db_named("board.db")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A player's token of 35 characters, told apart by `label`.
pub fn token(label: &str) -> String {
    format!("test-token-{label:0>24}")
}

/// The server's settings for a board whose today is `DATE`.
pub fn settings() -> Settings {
    Settings::new(caves_server::dates::parse_date(DATE), false)
}

/// The server's service over the board at `db`.
pub async fn service(db: &str, settings: Settings) -> Arc<Service> {
    let board = Board::open(db).await.expect("opens");
    Arc::new(Service::new(board, settings))
}

/// A server on a loopback port; `stop` stops it as SIGTERM does (its live streams end at
/// once) and says how long it took.
pub struct Server {
    pub addr: SocketAddr,
    pub service: Arc<Service>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<()>>,
}

impl Server {
    pub async fn start(service: Arc<Service>) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("an address");
        let app = router(Arc::clone(&service), None);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let stopping = Arc::clone(&service);
        let stop = async move {
            let _ = rx.await;
            stopping.live.stop();
        };
        let refused = service.metrics.connections_refused.clone();
        let done = tokio::spawn(caves_server::net::serve(
            listener, app, refused, false, stop,
        ));
        Server {
            addr,
            service,
            stop: Some(tx),
            done: Some(done),
        }
    }

    pub async fn stop(&mut self) -> Duration {
        let t = Instant::now();
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(done) = self.done.take() {
            let _ = done.await;
        }
        t.elapsed()
    }
}

/// A new HTTP/1.1 connection to `addr`.
pub async fn connect(addr: SocketAddr) -> hyper::client::conn::http1::SendRequest<Body> {
    let stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(conn);
    sender
}

/// One request on a connection of its own: the status, the `Retry-After` header and the
/// body's bytes. A body given as a stream is sent in chunks, with no length declared.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Body>,
) -> (u16, Option<String>, Vec<u8>) {
    let mut sender = connect(addr).await;
    let mut req = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", "localhost");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = sender
        .send_request(req.body(body.into()).expect("a request"))
        .await
        .expect("an answer");
    let status = resp.status().as_u16();
    let retry = resp
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bytes = axum::body::to_bytes(Body::new(resp.into_body()), 1 << 24)
        .await
        .expect("a body");
    (status, retry, bytes.to_vec())
}

/// One request: the status and the body as JSON (Null when it is not).
pub async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Body>,
) -> (u16, Value) {
    let (status, _, bytes) = request(addr, method, path, headers, body).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// POSTs `record` to the day's board as `who` under `name`: the status and the answer.
pub async fn post_as(addr: SocketAddr, record: &Record, name: &str, who: &str) -> (u16, Value) {
    let t = token(who);
    send(
        addr,
        "POST",
        &format!("/api/daily/runs?name={name}"),
        &[
            ("content-type", "application/octet-stream"),
            ("x-caves-token", &t),
        ],
        record.encode(),
    )
    .await
}

/// GETs `path`, with `token` if any: the status and the answer as JSON.
pub async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, Value) {
    let headers: Vec<(&str, &str)> = token.map(|t| ("x-caves-token", t)).into_iter().collect();
    send(addr, "GET", path, &headers, vec![]).await
}
