#![cfg(feature = "serve")]
//! `grundy serve` as a user starts it: on a free port, printing its address,
//! answering the page and the API over real HTTP, on loopback only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use crate::common;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The JSON body of a `POST` to `path`, which must answer 200.
fn post(addr: &str, path: &str, body: &serde_json::Value) -> serde_json::Value {
    let body = body.to_string();
    let answer = http(
        addr,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let (_, json) = answer.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(json).unwrap()
}

/// Starts `grundy serve --port 0 ARGS`; the server and its address.
fn start(args: &[&str]) -> (Server, String) {
    start_with(
        common::grundy_process()
            .args(["serve", "--port", "0"])
            .args(args),
    )
}

/// Starts the server `command` runs; the server and its address.
fn start_with(command: &mut Command) -> (Server, String) {
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Server(child), addr)
}

/// For every game: a position from the API, given to `grundy solve
/// --input json`, gets the analysis the API gives it, under one schema.
#[test]
fn api_positions_are_cli_input_with_the_same_analysis() {
    let (_server, addr) = start(&["--time-limit", "30"]);
    // One game of every registry entry, and a code with a constraint.
    let games = grundy::registry::GAMES.iter().map(|entry| entry.example);
    for game in games.chain(["octal:0.137"]) {
        let mut input = String::new();
        let mut expected = Vec::new();
        for seed in 1..=5 {
            let new = post(
                &addr,
                "/api/new",
                &serde_json::json!({ "game": game, "seed": seed }),
            );
            common::check_schema(&new, "Parsed");
            let position = &new["position"];
            let mut analysis = post(
                &addr,
                "/api/solve",
                &serde_json::json!({ "game": game, "position": position, "listed": 1 }),
            );
            common::check_schema(&analysis, "Analysis");
            analysis["case"] = seed.into();
            expected.push(analysis);
            input += &position.to_string();
            input.push('\n');
        }
        let output = common::grundy_process()
            // The API always gives the engine's move, as `play` and the
            // playground need it; `solve` does when asked.
            .args([
                "solve",
                game,
                "--input",
                "json",
                "--format",
                "json",
                "--engine-move",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert!(
            output.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let got = common::schema_checked(&String::from_utf8(output.stdout).unwrap());
        assert_eq!(got, expected, "{game}");
    }
}

fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serves_the_page_and_the_api_on_loopback() {
    let (_server, addr) = start(&[]);
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let page = http(
        &addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("grundy playground"));

    let body = r#"{"game":"cutting","position":{"kind":"pieces","pieces":[["4","2"]]}}"#;
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = http(&addr, &request);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""winner":"first""#), "{answer}");

    let junk = http(&addr, "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{{{");
    assert!(junk.starts_with("HTTP/1.1 400"), "{junk}");
    // Still answering after the bad request.
    let again = http(
        &addr,
        "GET /api/octal?code=0.07 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(again.contains(r#""period":34"#), "{again}");
}

#[test]
fn a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = common::grundy_process()
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot listen on 127.0.0.1:"), "{stderr}");
}

#[test]
fn a_time_limit_out_of_range_is_a_usage_error() {
    for limit in ["0", "-1", "3601", "soon"] {
        let output = common::grundy_process()
            .args(["serve", "--port", "0", &format!("--time-limit={limit}")])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{limit}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--time-limit <SECONDS>"), "{stderr}");
    }
}

#[test]
fn a_host_name_is_resolved_and_a_bad_one_is_a_usage_error() {
    let (_server, addr) = start(&["--host", "localhost"]);
    let ip: std::net::SocketAddr = addr.parse().unwrap();
    assert!(ip.ip().is_loopback(), "{addr}");
    let output = common::grundy_process()
        .args(["serve", "--port", "0", "--host", "no such host!"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("neither an IP address nor a host name"),
        "{stderr}"
    );
}

#[test]
fn octal_values_raises_the_sequence_limit() {
    let get = |addr: &str, path: &str| {
        http(
            addr,
            &format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        )
    };
    let (_server, addr) = start(&["--octal-values", "300000"]);
    let limits = get(&addr, "/api/limits");
    assert!(limits.contains(r#""octal_values":300000"#), "{limits}");
    let long = get(&addr, "/api/octal?code=0.161&upto=250000");
    assert!(long.starts_with("HTTP/1.1 200"), "{}", &long[..200]);
    assert!(long.contains(r#""computed":250000"#));
    let past = get(&addr, "/api/octal?code=0.161&upto=300001");
    assert!(past.starts_with("HTTP/1.1 422"), "{past}");
    // The default is the playground's 200,000.
    let (_default, addr) = start(&[]);
    assert!(get(&addr, "/api/limits").contains(r#""octal_values":200000"#));
    for bad in ["0", "10000001", "many"] {
        let output = common::grundy_process()
            .args(["serve", "--port", "0", &format!("--octal-values={bad}")])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
    }
}

/// The playground `grundy serve` runs decides a code's misère play by the
/// proven quotient kept for it in the user's cache, as `solve` does: shown
/// by a changed copy planted there (P emptied), which the cache trusts;
/// `--no-cache` goes without it.
#[test]
fn the_playground_decides_by_the_proven_quotient_kept() {
    let cache = tempfile::tempdir().unwrap();
    let printed = common::grundy_process()
        .env("GRUNDY_CACHE_DIR", cache.path())
        .args(["quotient", "0.77", "--format", "json"])
        .output()
        .unwrap();
    assert!(printed.status.success());
    let mut doc: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    doc["p_portion"] = serde_json::json!([]);
    doc["p_size"] = serde_json::json!(0);
    let changed = format!("{doc}\n");
    let dir = cache.path().join("checked-quotients-v1");
    let name = format!(
        "{}-{:08x}.json",
        changed.len(),
        grundy::persist::crc32(changed.as_bytes())
    );
    std::fs::write(dir.join(&name), &changed).unwrap();
    std::fs::write(dir.join("proven-octal_3a0.77"), &name).unwrap();
    let request = serde_json::json!({
        "game": "octal:0.77",
        "position": { "kind": "heaps", "heaps": [1] },
        "misere": true,
    });
    for (no_cache, in_p) in [(false, 0), (true, 9)] {
        let mut command = common::grundy_process();
        command.env("GRUNDY_CACHE_DIR", cache.path());
        if no_cache {
            command.arg("--no-cache");
        }
        let (_server, addr) = start_with(command.args(["serve", "--port", "0"]));
        let answer = post(&addr, "/api/solve", &request);
        let basis = answer["misere_basis"].as_str().unwrap();
        assert_eq!(
            basis,
            format!(
                "the misère quotient of octal:0.77 ({} elements, {in_p} in P), proven for every \
                 heap size",
                doc["order"]
            ),
            "{answer}"
        );
    }
}
