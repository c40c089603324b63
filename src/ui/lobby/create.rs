//! A new table on the server: the launcher's setup form in its server mode (seats remote, here
//! or computer, and a seat timeout). When the form is ready its choices go to the hub, and the
//! table's screen takes the form's place.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::crossterm::event::Event;

use crate::ui::catalog::Catalog;
use crate::ui::setup::{SeatChoice, SetupForm};
use crate::ui::theme::Theme;
use crate::ui::{AnyGame, Nav, Screen};

use super::Visitor;
use crate::host::hub::{SeatSpec, TableSpec};

pub struct CreateTable {
    pub form: SetupForm,
    visitor: Visitor,
}

impl CreateTable {
    pub fn new(visitor: Visitor, game: &'static dyn AnyGame) -> Self {
        // The server's tables are the hub's to save: this form never writes a log, so its
        // catalog has no folder.
        let catalog = Catalog {
            games: visitor.games.clone(),
            dir: PathBuf::new(),
            local: crate::ui::work::Local::unrecorded(),
        };
        CreateTable {
            form: SetupForm::for_server(catalog, game, &visitor.peer.name),
            visitor,
        }
    }

    /// The hub's description of the table the form sets up.
    pub fn spec(&self) -> Result<TableSpec, String> {
        let timeout = self
            .form
            .timeout()
            .ok_or_else(|| "Choose a seat timeout.".to_string())?;
        Ok(TableSpec {
            game: self.form.game().id().to_string(),
            options: self.form.chosen_options(),
            seats: self
                .form
                .seat_choices()
                .into_iter()
                .map(|c| match c {
                    SeatChoice::Remote => SeatSpec::Remote,
                    SeatChoice::Here(name) => SeatSpec::Here(name),
                    SeatChoice::Bot { kind } => SeatSpec::Bot { kind },
                })
                .collect(),
            seed: self.form.chosen_seed()?,
            timeout,
            stand_in: self.form.stand_in(),
            hints: self.form.hints(),
        })
    }

    fn open(&mut self) -> Nav {
        let v = &self.visitor;
        match self
            .spec()
            .and_then(|spec| v.hub.create(spec, &v.peer, v.wake.clone()))
        {
            Ok((_code, screen)) => {
                // A new table: every lobby lists it.
                crate::host::listing::ring();
                Nav::Replace(screen)
            }
            Err(e) => {
                self.form.error = Some(crate::text::clean(&e).into_owned());
                Nav::Stay
            }
        }
    }
}

impl Screen for CreateTable {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        self.form.render(f, theme);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let nav = self.form.on_event(ev);
        if self.form.take_ready() {
            return self.open();
        }
        nav
    }

    fn captures_text(&self) -> bool {
        self.form.captures_text()
    }

    fn title(&self) -> String {
        self.form.title()
    }

    fn help(&self) -> Vec<(String, String)> {
        self.form.help()
    }
}
