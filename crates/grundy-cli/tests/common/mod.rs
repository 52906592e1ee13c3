//! What the CLI tests share.

use assert_cmd::Command;

/// Runs `command`, which must succeed, and returns its standard output.
pub fn stdout_of(command: &mut Command) -> Vec<u8> {
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}
