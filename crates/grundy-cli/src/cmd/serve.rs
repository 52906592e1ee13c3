//! `grundy serve`: the playground in a browser.
//!
//! A thin shell over the `grundy-web` crate: bind the address, say where the
//! page is, serve until Ctrl-C.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use anyhow::Context;
use grundy::misere::quotient::KeptQuotients;

use crate::cache::CheckedQuotients;

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
    /// The address to listen on: an IP address, or a host name such as
    /// `localhost` (its first address).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_parser = parse_host)]
    pub host: IpAddr,
    /// Seconds a request may take, waiting included, before it is
    /// answered 503 and its computation asked to stop.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0,
          value_parser = parse_seconds)]
    pub time_limit: f64,
    /// Computations run at once (the number of cores by default); heavy
    /// ones never take the last.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,
    /// Light computations that may wait for a core; more are answered 429.
    #[arg(long, value_name = "N", default_value_t = 512)]
    pub queue: usize,
    /// The most values one octal sequence request may ask for (200,000 by
    /// default; still within the time limit).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub octal_values: Option<u64>,
}

/// An IP address, or a host name resolved to its first address.
fn parse_host(text: &str) -> Result<IpAddr, String> {
    if let Ok(ip) = text.parse() {
        return Ok(ip);
    }
    use std::net::ToSocketAddrs;
    (text, 0)
        .to_socket_addrs()
        .ok()
        .and_then(|mut addrs| addrs.next())
        .map(|addr| addr.ip())
        .ok_or_else(|| {
            format!("`{text}` is neither an IP address nor a host name this machine resolves")
        })
}

/// A time limit from 0.001 to 3600 seconds.
fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if (0.001..=3600.0).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(format!("{seconds} s is outside 0.001 to 3600 seconds"))
    }
}

/// Runs `grundy serve`; `no_cache` when `--no-cache` came before it (else
/// the proven misère quotients kept in the user's cache decide their
/// codes' misère play, as in `solve`).
pub fn run(args: Args, no_cache: bool) -> anyhow::Result<()> {
    let kept = CheckedQuotients::of_this_user(!no_cache)
        .map(|kept| Arc::new(kept) as Arc<dyn KeptQuotients>);
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
        let defaults = grundy_web::Limits::default();
        let limits = grundy_web::Limits {
            time: std::time::Duration::from_secs_f64(args.time_limit),
            jobs: args.jobs.map_or(defaults.jobs, usize::from),
            queue: args.queue,
            octal_values: args
                .octal_values
                .map_or(defaults.octal_values, |n| n as usize),
            ..defaults
        };
        grundy_web::serve(
            listener,
            grundy_web::router_with_kept_quotients(limits, kept),
        )
        .await
        .context("the server stopped")
    })
}
