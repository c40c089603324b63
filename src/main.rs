use std::process::ExitCode;

use clap::Parser;
use hotseat::cli::{self, Cli, Command};

fn main() -> ExitCode {
    let args = Cli::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hotseat: {e}");
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
            println!("{}", cli::game(&game)?.rules());
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
        Some(Command::Play(_))
        | Some(Command::Resume { .. })
        | Some(Command::Replay { .. })
        | None => Err("the terminal UI is not wired yet".into()),
    }
}
