//! The backend for a terminal at the other end of a connection: the UI's one encoder
//! ([`crate::ui::encoder`]), which the local terminal uses too. It never asks the client's
//! terminal anything (the size comes from its pty and window-change requests), and a frame is
//! only the cells that changed, as short escape sequences. Colour is this connection's own
//! choice (its TERM), never the server's `NO_COLOR`.

pub use crate::ui::encoder::{
    BEGIN_FRAME, CompactBackend as RemoteBackend, END_FRAME, ENTER, FrameBuf, LEAVE,
};
