//! `caves-server`: the daily caves' shared board. See `cli` for the command line and `api`
//! for the HTTP interface. A bad flag, a database that cannot be opened or written, a port
//! in use or an unsafe `--dist` ends it with one line and exit code 2.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use hyper_util::rt::TokioIo;
use tracing_subscriber::EnvFilter;

use caves_server::api::router;
use caves_server::board::{now_micros, redact, sqlite_file, Board};
use caves_server::cli::{parse, Cli, LogFormat, Sub};
use caves_server::dates::{show, utc_today};
use caves_server::live::tasks;
use caves_server::service::{Service, Settings};
use caves_server::{dist, net, transfer};

fn fail(why: &str) -> ExitCode {
    eprintln!("caves-server: {why}");
    ExitCode::from(2)
}

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn main() -> ExitCode {
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err((0, text)) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Err((code, text)) => {
            eprintln!("caves-server: {text}");
            return ExitCode::from(code);
        }
    };
    // The server logs to stdout; the other commands keep stdout for what they print.
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal());
    let serving = cli.command.is_none();
    match (cli.serve.log_format, serving) {
        (LogFormat::Json, true) => logs.json().init(),
        (LogFormat::Text, true) => logs.init(),
        (LogFormat::Json, false) => logs.json().with_writer(std::io::stderr).init(),
        (LogFormat::Text, false) => logs.with_writer(std::io::stderr).init(),
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("cannot start: {e}")),
    };
    runtime.block_on(run(cli))
}

async fn run(cli: Cli) -> ExitCode {
    let today = cli.today.unwrap_or_else(utc_today);
    match &cli.command {
        None => serve(&cli).await,
        Some(Sub::Health { url }) => {
            if healthy(url).await {
                println!("healthy");
                ExitCode::SUCCESS
            } else {
                println!("not healthy");
                ExitCode::from(1)
            }
        }
        Some(Sub::Seed { date }) => {
            let board = match Board::open(&cli.db).await {
                Ok(b) => b,
                Err(e) => return fail(&e.to_string()),
            };
            let date = show(date.unwrap_or(today));
            match board.seed(&date).await {
                Ok(seed) => {
                    println!("{seed}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&format!("the database failed: {e}")),
            }
        }
        Some(Sub::Export { date }) => {
            let board = match Board::open(&cli.db).await {
                Ok(b) => b,
                Err(e) => return fail(&e.to_string()),
            };
            let date = date.map(show);
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            match transfer::export(&board, date.as_deref(), &mut out).await {
                Ok(n) => {
                    eprintln!("caves-server: exported {n} runs");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e.to_string()),
            }
        }
        Some(Sub::Import { file }) => {
            let board = match Board::open(&cli.db).await {
                Ok(b) => b,
                Err(e) => return fail(&e.to_string()),
            };
            match transfer::import(&board, file, today).await {
                Ok(done) => {
                    for (line, why) in &done.refused {
                        eprintln!("caves-server: line {line} refused: {why}");
                    }
                    println!(
                        "imported {}, refused {}, kept already {}",
                        done.kept,
                        done.refused.len(),
                        done.already
                    );
                    if done.refused.is_empty() {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(1)
                    }
                }
                Err(e) => fail(&e.to_string()),
            }
        }
    }
}

async fn serve(cli: &Cli) -> ExitCode {
    let args = &cli.serve;
    let dist = match &args.dist {
        Some(dir) => match dist::check_dist(dir, sqlite_file(&cli.db).as_deref()) {
            Ok(d) => Some(d),
            Err(e) => return fail(&format!("--dist {}: {e}", dir.display())),
        },
        None => None,
    };
    let board = match Board::open(&cli.db).await {
        Ok(b) => b,
        Err(e) => return fail(&e.to_string()),
    };
    let listener = match tokio::net::TcpListener::bind(args.listen).await {
        Ok(l) => l,
        Err(e) => return fail(&format!("cannot listen on {}: {e}", args.listen)),
    };
    let addr = listener.local_addr().unwrap_or(args.listen);
    let kind = board.kind;
    let service = Arc::new(Service::new(
        board,
        Settings {
            today: cli.today,
            trust_proxy: args.trust_proxy,
            caps: args.caps.clone(),
        },
    ));
    tracing::info!(
        version = VERSION,
        database = kind,
        db = %redact(&cli.db),
        today = %show(service.today()),
        trust_proxy = args.trust_proxy,
        "caves-server {VERSION} listening on http://{addr}/"
    );
    let pruner = {
        let service = Arc::clone(&service);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let minute = now_micros() / 60_000_000;
                if let Err(e) = service.board.forget_limits(minute - 1).await {
                    tracing::warn!(error = %e, "cannot forget old limit counts");
                }
            }
        })
    };

    let listening = tokio::spawn(tasks::listen(Arc::clone(&service)));
    let keeping = tokio::spawn(tasks::keep_up(Arc::clone(&service)));
    let par = tokio::spawn(caves_server::par::keep_up(Arc::clone(&service)));
    let app = router(Arc::clone(&service), dist);
    let refused = service.metrics.connections_refused.clone();
    // At a stop, the streams of live runs end first: they would hold the stop open.
    let stop = {
        let service = Arc::clone(&service);
        async move {
            net::stop_signal().await;
            service.live.stop();
        }
    };
    net::serve(listener, app, refused, args.trust_proxy, stop).await;
    pruner.abort();
    listening.abort();
    keeping.abort();
    par.abort();
    service.board.close().await;
    tracing::info!(version = VERSION, "caves-server stopped");
    ExitCode::SUCCESS
}

/// True when the server at `url` answers `GET /api/health` with 200 within 5 s.
async fn healthy(url: &str) -> bool {
    let Ok(base) = url.parse::<hyper::Uri>() else {
        return false;
    };
    let (Some(host), Some(authority)) = (base.host(), base.authority()) else {
        return false;
    };
    if base.scheme_str() != Some("http") {
        eprintln!("caves-server: health checks http:// addresses (put TLS in the balancer)");
        return false;
    }
    let port = base.port_u16().unwrap_or(80);
    let path = format!("{}/api/health", base.path().trim_end_matches('/'));
    let ask = async {
        let stream = tokio::net::TcpStream::connect((host, port)).await.ok()?;
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .ok()?;
        tokio::spawn(connection);
        let request = hyper::Request::get(path)
            .header(hyper::header::HOST, authority.as_str())
            .body(Body::empty())
            .ok()?;
        let response = sender.send_request(request).await.ok()?;
        Some(response.status() == hyper::StatusCode::OK)
    };
    matches!(
        tokio::time::timeout(Duration::from_secs(5), ask).await,
        Ok(Some(true))
    )
}
