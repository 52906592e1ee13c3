#![cfg(feature = "serve")]
//! `grundy serve` as a user starts it: on a free port, printing its address,
//! answering the page and the API over real HTTP, on loopback only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use assert_cmd::cargo::cargo_bin;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
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
    let mut child = Command::new(cargo_bin("grundy"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _server = Server(child);
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let page = http(
        &addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("grundy playground"));

    let body = r#"{"game":"cutting","position":{"pieces":[[4,2]]}}"#;
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = http(&addr, &request);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""first_player_wins":true"#), "{answer}");

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
    let output = Command::new(cargo_bin("grundy"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot listen on 127.0.0.1:"), "{stderr}");
}
