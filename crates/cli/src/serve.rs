//! `coupdoeil serve`: the lobby and the battles in a browser (see docs/web.md).

use anyhow::{Context, Result};
use clap::Args;
use coupdoeil_server::{Config, Server};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    pub addr: String,
    /// The SQLite file keeping every game and its record (created when missing). Games resume
    /// from it after a restart.
    #[arg(long, default_value = "coupdoeil-games.sqlite", value_name = "FILE")]
    pub db: PathBuf,
    /// Keep the games in memory only: they are lost when the server stops.
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// A pause before each decision of a program, in milliseconds, so that its moves can be
    /// followed on the map.
    #[arg(long, default_value_t = 80, value_name = "MS")]
    pub agent_delay_ms: u64,
}

pub fn run(a: &ServeArgs) -> Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result: Result<ExitCode> = rt.block_on(async {
        let config = Config {
            db: (!a.memory).then(|| a.db.clone()),
            agent_delay: Duration::from_millis(a.agent_delay_ms),
        };
        let server = Server::open(config)
            .with_context(|| format!("cannot open the game store {}", a.db.display()))?;
        for p in server.problems() {
            eprintln!("warning: {p}");
        }
        let listener = tokio::net::TcpListener::bind(&a.addr)
            .await
            .with_context(|| format!("cannot listen on {}", a.addr))?;
        let addr = listener.local_addr()?;
        let store = if a.memory {
            "in memory only".to_string()
        } else {
            format!("in {}", a.db.display())
        };
        out!("Coup d'Oeil is serving at http://{addr}/  (games {store}; Ctrl-C stops)");
        server
            .run(listener, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(ExitCode::SUCCESS)
    });
    // A program still thinking is not waited for: every acknowledged step is stored already.
    rt.shutdown_timeout(Duration::from_secs(1));
    out!("stopped");
    result
}
