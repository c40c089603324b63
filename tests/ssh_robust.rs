//! A hostile or broken client harms nobody else: random bytes, a huge paste, a client that
//! stops reading, fifty clients at once, too many from one address.

use crate::common;

use std::time::Duration;

use common::pty::Term;
use common::ssh::Server;

/// The client still gets frames: its window shrinks and grows again, and the screen follows.
fn responsive(t: &Term) {
    t.resize(60, 20);
    t.wait_for("Terminal too small");
    t.resize(80, 24);
    t.wait_until("the lobby", |f| {
        f.contains("Open tables") && !f.contains("too small")
    });
}

fn junk(n: usize, mut seed: u64) -> Vec<u8> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Ctrl-C and q would only quit; everything else goes.
        let b = (seed >> 24) as u8;
        if b != 3 && b != b'q' {
            v.push(b);
        }
    }
    v
}

#[test]
fn random_bytes_harm_nobody() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let other = s.connect("bob", Some(&key), 80, 24);
    other.wait_for("Open tables");
    // The junk may also do something legitimate, such as open a table its key's next
    // connection returns to: it has a key of its own, so the check below meets the lobby.
    let junk_key = s.new_key("junk");
    let mut t = s.connect("ann", Some(&junk_key), 80, 24);
    t.wait_for("Open tables");
    for (i, chunk) in junk(64 * 1024, 0x9e37_79b9_7f4a_7c15)
        .chunks(512)
        .enumerate()
    {
        // The junk may hold keys that leave the lobby or a flood's worth: the client may end.
        if !t.running() || !t.send_bytes(chunk) {
            break;
        }
        if i % 16 == 0 {
            assert!(s.alive(), "the server died");
        }
    }
    assert!(s.alive(), "the server died");
    responsive(&other);
    s.assert_serves(&key);
}

#[test]
fn a_huge_paste_drops_only_the_paster() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let other = s.connect("bob", Some(&key), 80, 24);
    other.wait_for("Open tables");
    let mut t = s.connect("ann", Some(&key), 80, 24);
    t.wait_for("Open tables");
    let paste = vec![b'x'; 1024 * 1024];
    for chunk in paste.chunks(16 * 1024) {
        if !t.running() || !t.send_bytes(chunk) {
            break;
        }
    }
    // The flood closed that connection; ssh ends with an error.
    assert_ne!(t.wait_exit(), 0);
    assert!(s.alive(), "the server died");
    responsive(&other);
    s.assert_serves(&key);
}

#[test]
fn a_client_that_stops_reading_slows_nobody() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let other = s.connect("bob", Some(&key), 80, 24);
    other.wait_for("Open tables");
    let stalled = s.connect("ann", Some(&key), 80, 24);
    stalled.wait_for("Open tables");
    stalled.stop_reading_output();
    // Every resize makes the server send it a whole frame it never reads.
    for i in 0..400u16 {
        stalled.resize(80 + i % 100, 24 + i % 30);
    }
    responsive(&other);
    responsive(&other);
    assert!(s.alive(), "the server died");
    s.assert_serves(&key);
}

#[test]
fn fifty_clients_at_once() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    // From fifty loopback addresses: one address may hold only a few connections.
    let clients: Vec<Term> = (0..50)
        .map(|i| s.connect_from(&format!("127.0.0.{}", 10 + i), "p", Some(&key)))
        .collect();
    for t in &clients {
        t.wait_for("Open tables");
    }
    assert!(s.alive(), "the server died");
    responsive(&clients[0]);
    responsive(&clients[49]);
    for mut t in clients {
        t.send("\x03");
        assert_eq!(t.wait_exit(), 0);
    }
    s.assert_serves(&key);
}

#[test]
fn one_address_may_hold_only_a_few_connections() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let mut held: Vec<Term> = (0..8)
        .map(|_| s.connect_from("127.0.0.5", "p", Some(&key)))
        .collect();
    for t in &held {
        t.wait_for("Open tables");
    }
    let o = s.run_ssh(Some(&key), &["-b", "127.0.0.5", "-T", "p@127.0.0.1"]);
    assert!(
        !o.status.success(),
        "a ninth connection from one address: {o:?}"
    );
    // Another address is not affected.
    s.assert_serves(&key);
    // One leaves: a place comes free.
    let mut first = held.remove(0);
    first.send("\x03");
    assert_eq!(first.wait_exit(), 0);
    let mut again = s.connect_from("127.0.0.5", "p", Some(&key));
    let end = std::time::Instant::now() + Duration::from_secs(20);
    // The freed place may take a moment to be counted free.
    while !again.frame().contains("Open tables") {
        if !again.running() {
            again = s.connect_from("127.0.0.5", "p", Some(&key));
        }
        assert!(std::time::Instant::now() < end, "no place came free");
        std::thread::sleep(Duration::from_millis(100));
    }
    for mut t in held {
        t.send("\x03");
        assert_eq!(t.wait_exit(), 0);
    }
}
