//! `grundy serve`: the playground in a browser.
//!
//! A thin shell over the `grundy-web` crate: bind the address, say where the
//! page is, serve until Ctrl-C.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Context;

const EXAMPLES: &str = "\
Examples:
  grundy serve                      # http://127.0.0.1:8080/
  grundy serve --port 0             # any free port; the address is printed
  grundy serve --host 0.0.0.0       # reachable from other machines too";

/// Open the playground: play the seed games, explore tables and octal games.
///
/// Serves a page (compiled into this binary) and the JSON API it uses under
/// /api/. Listens on the loopback address unless --host says otherwise.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The port; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
}

/// Runs `grundy serve`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = grundy_web::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "grundy playground on http://{local}/ (Ctrl-C stops it)"
        )?;
        out.flush()?;
        drop(out);
        grundy_web::serve(listener, grundy_web::router(grundy_web::Limits::default()))
            .await
            .context("the server stopped")
    })
}
