//! Process benchmark: from spawning `hotseat` in a pseudo-terminal to its first complete frame
//! (the launcher). Run with `cargo bench --bench startup`.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "timing.rs"]
#[allow(dead_code)]
mod timing;

fn main() {
    let home = tempfile::tempdir().expect("home");
    // The terminal is returned so that stopping the program happens after the timing.
    timing::Timer::from_args().time_each("first_frame_launcher", 30, || {
        let t = pty::Term::spawn(&[], home.path(), home.path(), 80, 24);
        t.wait_for("tabletop games for one keyboard");
        t
    });
}
