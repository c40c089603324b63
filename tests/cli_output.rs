//! The commands that print: a reader that stops early, and arguments that cannot make sense.

use std::process::{Command, Stdio};

fn hotseat(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hotseat"));
    c.args(args);
    let home = std::env::temp_dir().join("hotseat-cli-output-test-home");
    // An empty settings file: the user's own must not change the output, and a file
    // $HOTSEAT_CONFIG names must exist.
    let config = std::env::temp_dir().join("hotseat-cli-output-test-config.toml");
    if !config.exists() {
        std::fs::write(&config, "").expect("an empty settings file");
    }
    c.env("HOTSEAT_CONFIG", config);
    c.env("HOTSEAT_HOME", home);
    c
}

/// Runs `args` with standard output a pipe nobody reads any more (as `| head -1` leaves it
/// once `head` is done): the program must stop quietly, without a panic.
fn into_a_closed_pipe(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    hotseat(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("run")
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    let runs: [&[&str]; 4] = [
        &["rules", "pocket"],
        &["list"],
        &["sim", "pocket", "--games", "2"],
        &["sim", "pocket", "--games", "2", "--json"],
    ];
    for args in runs {
        let out = into_a_closed_pipe(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn sim_refuses_zero_games() {
    let out = hotseat(&["sim", "pocket", "--games", "0"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--games must be at least 1"), "{err}");
}
