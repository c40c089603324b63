//! `hotseat serve` with the real OpenSSH client: the first frame, leaving, resizing, colour by
//! the client's TERM, guests without a key, the host key kept across restarts.

use crate::common;

use common::ssh::Server;

/// SGR colour parameters (30–37, 38, 40–47, 48, 90–97, 100–107) in `bytes`.
fn colour_codes(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    let mut n = 0;
    for seq in text.split("\x1b[").skip(1) {
        let Some(end) = seq.find(|c: char| !(c.is_ascii_digit() || c == ';')) else {
            continue;
        };
        if !seq[end..].starts_with('m') {
            continue;
        }
        n += seq[..end]
            .split(';')
            .filter_map(|p| p.parse::<u16>().ok())
            .filter(|p| matches!(p, 30..=38 | 40..=48 | 90..=97 | 100..=107))
            .count();
    }
    n
}

#[test]
fn a_client_with_a_key_gets_the_lobby_at_once_and_leaves_cleanly() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let mut t = s.connect("ann", Some(&key), 80, 24);
    t.wait_for("Open tables");
    let raw = t.raw();
    assert!(
        !raw.windows(4).any(|w| w == b"\x1b[6n"),
        "the server asked the client's terminal for its cursor"
    );
    t.send("\x03");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored(), "the client's terminal was not restored");
    assert!(s.alive());
}

#[test]
fn the_window_size_follows_the_client() {
    let s = Server::start(&[]);
    let key = s.new_key("bob");
    let mut t = s.connect("bob", Some(&key), 80, 24);
    t.wait_for("Open tables");
    t.resize(60, 20);
    t.wait_for("Terminal too small");
    t.resize(100, 30);
    t.wait_until("the lobby again", |f| {
        f.contains("Open tables") && !f.contains("too small")
    });
    t.send("\x03");
    assert_eq!(t.wait_exit(), 0);
}

#[test]
fn a_guest_without_a_key_may_join() {
    let mut s = Server::start(&[]);
    let mut t = s.connect("guest", None, 80, 24);
    t.wait_for("Open tables");
    t.send("\x03");
    assert_eq!(t.wait_exit(), 0);
    assert!(s.alive());
}

#[test]
fn colour_follows_the_clients_term_not_the_servers_no_color() {
    // The server runs with NO_COLOR set: that is about its own terminal, not the players'.
    let s = Server::start_with_env(&[], &[("NO_COLOR", "1")]);
    let key = s.new_key("cat");
    let mut colour = s.connect("cat", Some(&key), 80, 24);
    colour.wait_for("Open tables");
    let mut dumb = s.connect_with_term("dan", Some(&key), "dumb");
    dumb.wait_for("Open tables");
    assert!(
        colour_codes(&colour.raw()) > 0,
        "no colour for xterm-256color"
    );
    assert_eq!(
        colour_codes(&dumb.raw()),
        0,
        "colour sent to a dumb terminal"
    );
    colour.send("\x03");
    dumb.send("\x03");
    assert_eq!(colour.wait_exit(), 0);
    assert_eq!(dumb.wait_exit(), 0);
}

#[test]
fn the_host_key_is_kept_across_restarts() {
    let mut first = Server::start(&[]);
    let fingerprint = first.fingerprint.clone();
    let home = std::mem::replace(&mut first.home, tempfile::tempdir().expect("tempdir"));
    drop(first);
    let mut again = Server::start_in(home, &[]);
    assert_eq!(again.fingerprint, fingerprint);
    // The pinned known_hosts entry (strict checking) accepts the restarted server.
    let key = again.new_key("eve");
    again.assert_serves(&key);
}
