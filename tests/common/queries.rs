//! What a terminal answers: a program that sends any of these waits a round trip for the
//! reply, and on a terminal that never answers it waits for nothing. The tests and the benches
//! check that hotseat sends none of them.

/// Requests a terminal answers: cursor position, device attributes, colours, size in pixels
/// or cells, the keyboard protocol, a mode's state, a terminfo capability (XTGETTCAP).
pub const QUERIES: &[&[u8]] = &[
    b"\x1b[6n",
    b"\x1b[?6n",
    b"\x1b[c",
    b"\x1b[0c",
    b"\x1b[>c",
    b"\x1b[=c",
    b"\x1b]10;?",
    b"\x1b]11;?",
    b"\x1b[14t",
    b"\x1b[16t",
    b"\x1b[18t",
    b"\x1b[?u",
    b"\x1b[?2026$p",
    b"\x1bP+q",
];
