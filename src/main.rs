use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use hotseat::cli::{self, Cli, Command};
use hotseat::ui::UiOptions;
use hotseat::ui::app::Exit;
use hotseat::ui::launcher::Launcher;

fn main() -> ExitCode {
    cli::install_bug_note();
    let args = cli::parse();
    match run(args) {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(e) => {
            // Errors quote file names and text from files: never let them reach the
            // terminal raw.
            say(&hotseat::text::clean_lines(&e));
            ExitCode::FAILURE
        }
    }
}

fn run(args: Cli) -> Result<Exit, String> {
    let (settings, warning) = cli::settings(&args)?;
    let reporting = matches!(args.command, Some(Command::Config { .. }));
    // The launcher takes the whole screen, hiding standard error: it says so itself.
    let refused_note = warning.as_ref().map(|_| {
        "Settings file refused: using the defaults. `hotseat config` says why.".to_string()
    });
    if let Some(w) = warning.filter(|_| !reporting) {
        say(&hotseat::text::clean_lines(&w));
    }
    let ui_options = UiOptions::from_settings(&settings);
    hotseat::config::install(settings);
    let show = |first| ui(ui_options, first);
    match args.command {
        Some(Command::Config { example: true, .. }) => out(hotseat::config::EXAMPLE),
        Some(Command::Config { path: true, .. }) => out(&format!(
            "{}\n",
            hotseat::text::path(&hotseat::config::path())
        )),
        Some(Command::Config { init: true, .. }) => {
            out(&hotseat::config::init(&hotseat::config::path())?)
        }
        Some(Command::Config { .. }) => {
            let (report, sound) = hotseat::config::report_in_force();
            let exit = out(&report)?;
            Ok(if sound { exit } else { Exit::Failure })
        }
        Some(Command::Bugreport) => out(&cli::bugreport()),
        Some(Command::List) => out(&cli::list_text()),
        Some(Command::Rules { game }) => {
            out(&format!("{}\n", cli::rules_text(&game, ui_options.ascii)?))
        }
        Some(Command::Replay { log, check: true }) => out(&format!("{}\n", cli::check_log(&log)?)),
        Some(Command::Sim(a)) => {
            let r = cli::sim(&a)?;
            if a.json {
                out(&format!(
                    "{}\n",
                    serde_json::to_string(&r).map_err(|e| e.to_string())?
                ))
            } else {
                out(&cli::sim_text(&r))
            }
        }
        Some(Command::Stats { game, json }) => out(&cli::stats(game.as_deref(), json)?),
        Some(Command::Completions { shell }) => out_bytes(&hotseat::shell::completions(shell)),
        Some(Command::Man { out: None }) => out_bytes(&hotseat::shell::man_page()?),
        Some(Command::Man { out: Some(dir) }) => {
            let pages = hotseat::shell::write_man_pages(&dir)?;
            let names: Vec<String> = pages.iter().map(|p| hotseat::text::path(p)).collect();
            out(&format!("{}\n", names.join("\n")))
        }
        #[cfg(feature = "server")]
        Some(Command::Serve(a)) => serve(&a, args.ascii),
        #[cfg(not(feature = "server"))]
        Some(Command::Serve(_)) => Err("this hotseat was built without the network server \
             (the cargo feature `server`); build it with default features to host games"
            .into()),
        Some(Command::Play(a)) => {
            let (mut t, path) = cli::new_play_table(&a)?;
            // Before the log is created: a game nobody can see must not be saved.
            need_terminal("play")?;
            cli::start_saving(&mut t, path.clone())?;
            let exit = show(cli::play_screen(t)?)?;
            Ok(left(exit, &path))
        }
        Some(Command::Resume { log }) => {
            let t = cli::load_table(&log)?;
            if t.outcome().is_some() {
                return Err(format!(
                    "{}: this game is finished; `hotseat replay` shows it",
                    hotseat::text::path(&log)
                ));
            }
            need_terminal("resume")?;
            let exit = show(cli::play_screen(t)?)?;
            Ok(left(exit, &log))
        }
        Some(Command::Replay { log, check: false }) => {
            let t = cli::replay_table(&log)?;
            need_terminal("replay")?;
            show(cli::replay_screen(t)?)
        }
        None => {
            need_terminal("the launcher")?;
            let launcher = Launcher::new(hotseat::registry::GAMES);
            #[cfg(feature = "server")]
            let launcher =
                launcher.with_host(Some(hotseat::net::host_lobby::host_fn(Default::default())));
            let mut launcher = launcher;
            launcher.note = refused_note;
            show(Box::new(launcher))
        }
    }
}

#[cfg(feature = "server")]
/// `hotseat serve`: the hub over the data folder, each connection's first screen its lobby.
fn serve(a: &cli::ServeArgs, ascii: bool) -> Result<Exit, String> {
    hotseat::host::events::set_quiet(a.quiet);
    let password = hotseat::net::password(
        a.password.as_deref(),
        a.password_file.as_deref(),
        std::env::var("HOTSEAT_PASSWORD").ok().as_deref(),
    )?;
    let dir = hotseat::store::data_dir();
    let games = hotseat::registry::host_games();
    let hub = hotseat::host::hub::Hub::open(&dir, &games).map_err(|e| {
        format!(
            "cannot open the server's tables in {}: {e}",
            hotseat::text::path(&dir)
        )
    })?;
    let opts = hotseat::net::ServeOptions {
        bind: a.bind,
        port: a.port,
        allow_keys: a.allow_keys.clone(),
        password,
        ascii,
    };
    let restored = hub.open_tables_text("Tables restored from the last run");
    let saved = hub.clone();
    let invites = hub.clone();
    let served = hotseat::ui::lobby::Served::new(hub, hotseat::registry::GAMES);
    let welcome: hotseat::net::Welcome =
        std::sync::Arc::new(move |peer, wake| hotseat::ui::lobby::welcome(&served, peer, wake));
    hotseat::net::serve(
        &opts,
        &dir,
        welcome,
        &restored,
        &|| {
            let t = saved.open_tables_text("Stopped. Saved for the next start");
            if t.is_empty() {
                "Stopped. No table was open.\n".to_string()
            } else {
                t
            }
        },
        &|command| invites.set_invite(command),
    )?;
    Ok(Exit::Quit)
}

/// After the game screen of `log` closed: how to carry an unfinished game on, unless the
/// terminal itself went away.
fn left(exit: Exit, log: &std::path::Path) -> Exit {
    if exit != Exit::InputClosed
        && let Some(line) = cli::resume_line(log)
    {
        let _ = out(&line);
    }
    exit
}

/// Prints `text` to standard output. A reader that stops early (`hotseat rules pocket | head
/// -1`) is not an error: the rest is simply not wanted.
fn out(text: &str) -> Result<Exit, String> {
    out_bytes(text.as_bytes())
}

fn out_bytes(bytes: &[u8]) -> Result<Exit, String> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(Exit::Quit),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Exit::Quit),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// The screens need a terminal on both standard input and standard output.
fn need_terminal(what: &str) -> Result<(), String> {
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        return Ok(());
    }
    Err(format!(
        "{what} needs a terminal: run it in a terminal window, not from a script or a pipe \
         (`hotseat sim` plays computer-only games without one)"
    ))
}

fn ui(opts: UiOptions, first: Box<dyn hotseat::ui::Screen>) -> Result<Exit, String> {
    let exit = hotseat::ui::run(first, opts).map_err(|e| format!("terminal error: {e}"))?;
    if exit == Exit::InputClosed {
        // Most likely nobody reads this any more; a log of the session might.
        say("the terminal went away; every action so far is saved");
    }
    Ok(exit)
}

/// A message on standard error. Unlike `eprintln!`, never panics: after a hang-up the terminal
/// it would go to may be gone.
fn say(msg: &str) {
    let _ = writeln!(io::stderr(), "hotseat: {msg}");
}
