//! Process benchmark: from spawning `hotseat` in a pseudo-terminal to its first complete frame
//! (the launcher). Run with `cargo bench --bench startup`.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 30, sample_size = 1)]
fn first_frame_launcher(b: divan::Bencher) {
    let home = tempfile::tempdir().expect("home");
    // The terminal is returned so that stopping the program happens after the timing.
    b.bench_local(|| {
        let t = pty::Term::spawn(&[], home.path(), home.path(), 80, 24);
        t.wait_for("tabletop games for one keyboard");
        t
    });
}
