//! A `hotseat serve` on a free localhost port, and the real OpenSSH client to reach it: keys
//! made with `ssh-keygen`, the server's host key pinned in a temporary known_hosts, no user or
//! system configuration (`-F /dev/null`), no agent.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::pty::Term;

pub struct Server {
    child: Child,
    pub port: u16,
    pub home: tempfile::TempDir,
    /// The client side: keys and known_hosts.
    pub client: tempfile::TempDir,
    pub fingerprint: String,
    /// Every line the server printed, on standard output and on standard error (its event
    /// lines), in order.
    pub lines: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `hotseat serve --bind 127.0.0.1 --port 0 <args>` and waits for its join text.
    pub fn start(args: &[&str]) -> Server {
        let home = tempfile::tempdir().expect("home");
        Self::start_in(home, args)
    }

    pub fn start_in(home: tempfile::TempDir, args: &[&str]) -> Server {
        Self::start_full(home, args, &[])
    }

    /// [`Server::start`] with extra environment variables for the server.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Server {
        Self::start_full(tempfile::tempdir().expect("home"), args, env)
    }

    fn start_full(home: tempfile::TempDir, args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
            .args(args)
            .envs(env.iter().copied())
            .env("HOTSEAT_HOME", home.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start hotseat serve");
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        let kept: Arc<Mutex<Vec<String>>> = Arc::default();
        let k = kept.clone();
        // Keep reading so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                k.lock().unwrap_or_else(|e| e.into_inner()).push(line);
            }
        });
        let mut lines = BufReader::new(stdout).lines();
        let (mut port, mut fingerprint) = (None, None);
        while port.is_none() || fingerprint.is_none() {
            let line = lines
                .next()
                .expect("the server printed its address and key")
                .expect("read");
            kept.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(line.clone());
            if let Some(rest) = line.strip_prefix("hotseat server listening on 127.0.0.1:") {
                port = rest.trim().parse().ok();
            }
            if let Some(rest) = line.strip_prefix("Host key fingerprint: ") {
                fingerprint = rest.split_whitespace().next().map(String::from);
            }
        }
        let k = kept.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                k.lock().unwrap_or_else(|e| e.into_inner()).push(line);
            }
        });
        let port = port.expect("port");
        let client = tempfile::tempdir().expect("client dir");
        let s = Server {
            child,
            port,
            home,
            client,
            fingerprint: fingerprint.expect("fingerprint"),
            lines: kept,
        };
        s.pin_host_key();
        s
    }

    /// Writes the server's public key into the client's known_hosts, so that strict host key
    /// checking passes only for this server.
    fn pin_host_key(&self) {
        let out = Command::new("ssh-keygen")
            .arg("-y")
            .arg("-f")
            .arg(self.home.path().join("ssh_host_ed25519_key"))
            .output()
            .expect("run ssh-keygen -y");
        assert!(out.status.success(), "ssh-keygen -y: {out:?}");
        let public = String::from_utf8_lossy(&out.stdout).trim().to_string();
        std::fs::write(
            self.known_hosts(),
            format!("[127.0.0.1]:{} {public}\n", self.port),
        )
        .expect("write known_hosts");
    }

    pub fn known_hosts(&self) -> PathBuf {
        self.client.path().join("known_hosts")
    }

    /// A new Ed25519 client key (`name`, `name.pub`) in the client folder.
    pub fn new_key(&self, name: &str) -> PathBuf {
        keygen(self.client.path(), name)
    }

    /// The ssh arguments before the destination: this server, strict host key checking
    /// against the pinned key, `key` as the only identity (none: no key at all).
    pub fn ssh_args(&self, key: Option<&Path>) -> Vec<String> {
        let mut a: Vec<String> = [
            "-F",
            "/dev/null",
            "-p",
            &self.port.to_string(),
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            &format!("UserKnownHostsFile={}", self.known_hosts().display()),
            "-o",
            "GlobalKnownHostsFile=/dev/null",
            "-o",
            "IdentityAgent=none",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "ConnectTimeout=30",
            "-o",
            "LogLevel=ERROR",
            // No escape character: "~." in random bytes would end the client, not the server.
            "-e",
            "none",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        match key {
            Some(k) => {
                a.push("-i".into());
                a.push(k.display().to_string());
            }
            None => {
                a.push("-o".into());
                a.push("PubkeyAuthentication=no".into());
            }
        }
        a
    }

    /// `ssh -tt` as `user` in a pseudo-terminal of `cols`×`rows`.
    pub fn connect(&self, user: &str, key: Option<&Path>, cols: u16, rows: u16) -> Term {
        let mut args = self.ssh_args(key);
        args.push("-tt".into());
        args.push(format!("{user}@127.0.0.1"));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Term::spawn_program(
            "ssh",
            &args,
            self.client.path(),
            self.client.path(),
            cols,
            rows,
        )
    }

    /// [`Server::connect`] at 80×24 from the local address `from` (any of 127.0.0.0/8).
    pub fn connect_from(&self, from: &str, user: &str, key: Option<&Path>) -> Term {
        let mut args = self.ssh_args(key);
        args.extend(["-b".to_string(), from.to_string(), "-tt".to_string()]);
        args.push(format!("{user}@127.0.0.1"));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Term::spawn_program("ssh", &args, self.client.path(), self.client.path(), 80, 24)
    }

    /// [`Server::connect`] at 80×24 from a terminal that calls itself `term` (ssh passes its
    /// own TERM to the server).
    pub fn connect_with_term(&self, user: &str, key: Option<&Path>, term: &str) -> Term {
        let mut args = vec![
            "-c".to_string(),
            "TERM=\"$0\" exec ssh \"$@\"".to_string(),
            term.to_string(),
        ];
        args.extend(self.ssh_args(key));
        args.push("-tt".into());
        args.push(format!("{user}@127.0.0.1"));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Term::spawn_program("sh", &args, self.client.path(), self.client.path(), 80, 24)
    }

    /// Runs ssh without a terminal and with `extra` arguments (a command, forwarding), in
    /// batch mode; returns what it printed and its exit status.
    pub fn run_ssh(&self, key: Option<&Path>, extra: &[&str]) -> Output {
        let mut cmd = Command::new("ssh");
        cmd.args(self.ssh_args(key))
            .args(["-o", "BatchMode=yes"])
            .args(extra)
            .stdin(Stdio::null());
        output_within(cmd, Duration::from_secs(60))
    }

    /// The lines the server has printed so far.
    pub fn printed(&self) -> Vec<String> {
        self.lines.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Waits until the server has printed a line containing every one of `parts`; returns it.
    pub fn wait_line(&self, parts: &[&str]) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(l) = self
                .printed()
                .into_iter()
                .find(|l| parts.iter().all(|p| l.contains(p)))
            {
                return l;
            }
            assert!(
                Instant::now() < end,
                "the server never printed {parts:?}:\n{}",
                self.printed().join("\n")
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// True while the server process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A client with `key` reaches the lobby and leaves again: the server still serves.
    pub fn assert_serves(&mut self, key: &Path) {
        assert!(self.alive(), "the server died");
        let mut t = self.connect("checker", Some(key), 80, 24);
        t.wait_for("Open tables");
        t.send("\x03");
        assert_eq!(t.wait_exit(), 0, "ssh's exit status after Ctrl-C");
        assert!(t.restored(), "the client's terminal was not restored");
        assert!(self.alive(), "the server died");
    }

    /// Stops the server as Ctrl-C would; returns its exit status code.
    pub fn stop(&mut self) -> Option<i32> {
        let _ = Command::new("kill")
            .arg("-INT")
            .arg(self.child.id().to_string())
            .status();
        let end = Instant::now() + Duration::from_secs(20);
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn keygen(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .stdin(Stdio::null())
        .status()
        .expect("run ssh-keygen")
        .success();
    assert!(ok, "ssh-keygen failed");
    path
}

/// Runs `cmd` to its end, killing it after `limit` (a hung client must not hang the tests).
pub fn output_within(mut cmd: Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    child.wait_with_output().expect("output")
}

/// Resident memory of process `pid` in KiB (Linux), for the measures.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// CPU time used by process `pid` so far, in clock ticks (Linux).
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// For the benches: whether the OpenSSH client is here (saying so when it is not), and the
/// machine's load printed first, since every figure depends on it.
pub fn ready_to_measure() -> bool {
    if Command::new("ssh").arg("-V").output().is_err() {
        println!("ssh: the OpenSSH client is missing; nothing measured");
        return false;
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average at start: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    true
}
