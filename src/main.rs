use std::process::ExitCode;

use clap::Parser;
use hotseat::cli::{self, Cli, Command};
use hotseat::ui::UiOptions;
use hotseat::ui::launcher::Launcher;

fn main() -> ExitCode {
    let args = Cli::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Errors quote file names and text from files: never let them reach the
            // terminal raw.
            eprintln!("hotseat: {}", hotseat::text::clean_lines(&e));
            ExitCode::FAILURE
        }
    }
}

fn run(args: Cli) -> Result<(), String> {
    match args.command {
        Some(Command::List) => {
            print!("{}", cli::list_text());
            Ok(())
        }
        Some(Command::Rules { game }) => {
            println!("{}", cli::rules_text(&game, args.ascii)?);
            Ok(())
        }
        Some(Command::Replay { log, check: true }) => {
            println!("{}", cli::check_log(&log)?);
            Ok(())
        }
        Some(Command::Sim(a)) => {
            let r = cli::sim(&a)?;
            if a.json {
                println!("{}", serde_json::to_string(&r).map_err(|e| e.to_string())?);
            } else {
                print!("{}", cli::sim_text(&r));
            }
            Ok(())
        }
        Some(Command::Play(a)) => {
            let t = cli::new_play_table(&a)?;
            ui(args.ascii, t.into_screen(false))
        }
        Some(Command::Resume { log }) => {
            let t = cli::load_table(&log)?;
            if t.outcome().is_some() {
                return Err(format!(
                    "{}: this game is finished; `hotseat replay` shows it",
                    hotseat::text::path(&log)
                ));
            }
            ui(args.ascii, t.into_screen(false))
        }
        Some(Command::Replay { log, check: false }) => {
            let t = cli::load_for_replay(&log)?;
            ui(args.ascii, t.into_replay())
        }
        None => ui(args.ascii, Box::new(Launcher::new())),
    }
}

fn ui(ascii: bool, first: Box<dyn hotseat::ui::Screen>) -> Result<(), String> {
    hotseat::ui::run(first, UiOptions::from_env(ascii)).map_err(|e| format!("terminal error: {e}"))
}
