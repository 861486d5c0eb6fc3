//! `caves-server`: the daily caves' shared board. See `cli` for the command line and `api`
//! for the HTTP interface. A bad flag, an unreachable database or a port in use ends it with
//! one line and exit code 2.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use caves_server::api::{router, Service};
use caves_server::board::Board;
use caves_server::cli::{parse, Command, USAGE};

fn fail(why: &str) -> ExitCode {
    eprintln!("caves-server: {why}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args = match parse(
        std::env::args_os().skip(1),
        std::env::var("DATABASE_URL").ok(),
    ) {
        Ok(Command::Serve(args)) => args,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&e),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("cannot start: {e}")),
    };
    runtime.block_on(async move {
        let board = match Board::open(&args.db).await {
            Ok(b) => b,
            Err(e) => return fail(&e),
        };
        let listener = match tokio::net::TcpListener::bind(args.listen).await {
            Ok(l) => l,
            Err(e) => return fail(&format!("cannot listen on {}: {e}", args.listen)),
        };
        let addr = listener.local_addr().unwrap_or(args.listen);
        let service = Arc::new(Service::new(board, args.today.clone()));
        println!(
            "caves-server: listening on http://{addr}/ (today {}, database {})",
            service.days().0,
            args.db
        );
        let app = router(service, args.dist.clone());
        match axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("the server stopped: {e}")),
        }
    })
}
