//! Every frame a terminal was sent, not only the last: the raw output of a program replayed
//! through a fresh vt100 parser, with the screen taken at each synchronized-update end marker
//! (the end of one frame). Tests that must check what was ever on a screen read these.

const FRAME_END: &[u8] = b"\x1b[?2026l";

/// The screen after each complete frame in `raw` (what a `cols`×`rows` terminal showed), in
/// order. Bytes after the last frame's end are not a frame yet and are left out.
pub fn every_frame(raw: &[u8], cols: u16, rows: u16) -> Vec<String> {
    let (r, c) = (
        std::num::NonZeroU16::new(rows).expect("rows"),
        std::num::NonZeroU16::new(cols).expect("cols"),
    );
    let mut parser = vt100::Parser::new(r, c, 0);
    let mut frames = Vec::new();
    let mut rest = raw;
    while let Some(i) = rest.windows(FRAME_END.len()).position(|w| w == FRAME_END) {
        let end = i + FRAME_END.len();
        parser.process(&rest[..end]);
        frames.push(parser.screen().contents());
        rest = &rest[end..];
    }
    frames
}
