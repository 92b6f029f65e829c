//! One `count;` round trip to the engine: in process through the session and
//! its serve loop, and through real pipes to a `crib engine` process, as a
//! referee meets it. The issue asks for under 50 µs on a pipe.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crib_ai::BasicPlayer;
use crib_protocol::{Session, serve};

const COUNT: &[u8] = b"count 5H 5S 5C JD 5D;\n";

fn main() {
    divan::main();
}

/// Parse, count, answer: the session and the loop without any I/O.
#[divan::bench]
fn count_in_process(bencher: divan::Bencher) {
    let mut session = Session::new(BasicPlayer);
    let mut output = Vec::with_capacity(64);
    bencher.bench_local(|| {
        output.clear();
        serve(&mut session, COUNT, &mut output).expect("a Vec takes any write");
        assert_eq!(output, b"ok 29.\n");
    });
}

/// The same through stdin and stdout of a `crib engine` child process: write
/// the command, wait for the response line.
#[divan::bench]
fn count_over_pipes(bencher: divan::Bencher) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("crib engine starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut line = String::with_capacity(64);
    bencher.bench_local(|| {
        stdin.write_all(COUNT).expect("the engine reads");
        stdin.flush().expect("the engine reads");
        line.clear();
        stdout.read_line(&mut line).expect("the engine answers");
        assert_eq!(line, "ok 29.\n");
    });
    drop(stdin);
    child.wait().expect("the engine exits at the end of its input");
}
