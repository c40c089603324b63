//! What a shell and `man` need from the program: completion scripts (`clap_complete`) and
//! manual pages (`clap_mangen`), both generated from the command line's own definition, so they
//! never fall behind it.

use std::path::{Path, PathBuf};

pub use clap_complete::Shell;

/// The completion script for `shell`.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut cmd = crate::cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "hotseat", &mut out);
    if shell == Shell::Bash {
        out.extend_from_slice(BASH_WHOLE_WORDS.as_bytes());
    }
    out
}

/// `--bot`'s values hold `=` and `:` (`2=memory:hard`), where bash splits the word being
/// completed (`COMP_WORDBREAKS`), so clap's function would see only `hard` after `=`. This
/// wrapper hands it the whole word and the one before, then trims each answer to the part bash
/// replaces. Bash 4 or later; zsh and fish need nothing of the kind.
const BASH_WHOLE_WORDS: &str = r#"
# hotseat: complete words that hold '=' or ':' (--bot 2=memory:hard) whole.
_hotseat_whole_words() {
    local line="${COMP_LINE:0:COMP_POINT}"
    local cur="${line##*[[:space:]]}"
    local before="${line%"$cur"}"
    before="${before%"${before##*[![:space:]]}"}"
    local prev="${before##*[[:space:]]}"
    if [[ "$cur" == "$2" || "$cur" != *"$2" || "${BASH_VERSINFO[0]}" -lt 4 ]]; then
        _hotseat "$@"
        return
    fi
    _hotseat "$1" "$cur" "$prev"
    local kept="${cur%"$2"}"
    local i
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]="${COMPREPLY[i]#"$kept"}"
    done
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _hotseat_whole_words -o nosort -o bashdefault -o default hotseat
else
    complete -F _hotseat_whole_words -o bashdefault -o default hotseat
fi
"#;

/// The sections of `hotseat(1)` the command line's definition cannot give, in roff.
const MAN_SECTIONS: &str = r#".SH FILES
.TP
\fI~/.config/hotseat/config.toml\fR
The settings file on Linux (the platform's config folder elsewhere; \fBhotseat config \-\-path\fR says where). Read at start, never written by hotseat except by \fBhotseat config \-\-init\fR.
.TP
\fI~/.local/share/hotseat/games/\fR
Every game's log, saved after each decision (the data folder; \fB$HOTSEAT_HOME\fR moves it). \fBhotseat resume\fR carries an unfinished one on.
.TP
\fI~/.local/share/hotseat/ssh_host_ed25519_key\fR
The network server's host key, made once, readable by its owner only.
.SH ENVIRONMENT
.TP
\fBHOTSEAT_HOME\fR
The data folder, in place of \fI~/.local/share/hotseat\fR.
.TP
\fBHOTSEAT_CONFIG\fR
The settings file, in place of the platform's; a file it names must exist.
.TP
\fBNO_COLOR\fR
Set to anything but the empty string: no colours, whatever the settings say.
.TP
\fBTERM\fR
The terminal's type, as for any full-screen program.
.SH "EXIT STATUS"
.TP
\fB0\fR
Done, or the player left (the game is saved).
.TP
\fB1\fR
An error (said on standard error), a refused settings file for \fBhotseat config\fR, a failed \fBreplay \-\-check\fR, or the terminal went away.
.TP
\fB2\fR
The command line was not understood.
.TP
\fB128+N\fR
Signal N ended the program (129 SIGHUP, 130 SIGINT, 143 SIGTERM); the terminal was put back first.
.SH BUGS
\fBhotseat bugreport\fR prints what a bug report needs. Send it, with what you did and what happened, to whoever you got hotseat from: hotseat has no public issue tracker or address for reports yet.
"#;

/// The main manual page, `hotseat(1)`, as roff: clap's sections from the command line's
/// definition, then FILES, ENVIRONMENT, EXIT STATUS and BUGS before the version. The `help`
/// subcommand has no page of its own (`--help` works everywhere), so none is listed.
pub fn man_page() -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(crate::cli::command().disable_help_subcommand(true))
        .render(&mut out)
        .map_err(|e| format!("cannot write the manual page: {e}"))?;
    let page = String::from_utf8_lossy(&out).into_owned();
    let page = match page.find(".SH VERSION") {
        Some(at) => format!("{}{MAN_SECTIONS}{}", &page[..at], &page[at..]),
        None => format!("{page}{MAN_SECTIONS}"),
    };
    Ok(page.into_bytes())
}

/// Writes `hotseat.1` and one page per subcommand (`hotseat-play.1`, …) into `dir`, creating
/// it; returns the files written, in name order.
pub fn write_man_pages(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let shown = crate::text::path(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {shown}: {e}"))?;
    clap_mangen::generate_to(crate::cli::command(), dir)
        .map_err(|e| format!("cannot write the manual pages into {shown}: {e}"))?;
    // The main page with the sections clap does not write.
    std::fs::write(dir.join("hotseat.1"), man_page()?)
        .map_err(|e| format!("cannot write the manual pages into {shown}: {e}"))?;
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {shown}: {e}"))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "1")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("hotseat"))
        })
        .collect();
    pages.sort();
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_offer_the_games_themes_and_palettes() {
        let bash = String::from_utf8(completions(Shell::Bash)).expect("utf-8");
        for word in [
            "pocket",
            "kokoro",
            "couperation",
            "rocca",
            "cocoon",
            "light",
            "colour-blind",
        ] {
            assert!(bash.contains(word), "no '{word}' in the bash script");
        }
        let fish = String::from_utf8(completions(Shell::Fish)).expect("utf-8");
        assert!(fish.contains("pocket"), "{fish}");
    }

    #[test]
    fn completions_offer_computer_players_by_seat_kind_and_level() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            // zsh writes ':' as '\:'.
            let script = String::from_utf8(completions(shell))
                .expect("utf-8")
                .replace('\\', "");
            // play: seats 1 to 8 (Kokoro's most), every kind, the levels of those that have
            // them; sim: the same without a seat too.
            for word in [
                "2=memory:hard",
                "8=planner:easy",
                "3=hard",
                "1=perfect",
                "sleuth:normal",
                "wheel:easy",
            ] {
                assert!(script.contains(word), "{shell}: no '{word}'");
            }
            for wrong in ["9=", "perfect:hard", "random:easy"] {
                assert!(!script.contains(wrong), "{shell}: '{wrong}'");
            }
        }
        // The long list stays out of `--help`.
        let help = crate::cli::command()
            .find_subcommand_mut("play")
            .expect("play")
            .render_long_help()
            .to_string();
        assert!(!help.contains("2=memory:hard"), "{help}");
    }

    #[test]
    fn every_shell_gets_a_script_that_knows_the_subcommands() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::PowerShell,
            Shell::Elvish,
        ] {
            let script = String::from_utf8(completions(shell)).expect("utf-8");
            for word in [
                "hotseat",
                "play",
                "replay",
                "completions",
                "man",
                "stats",
                "config",
            ] {
                assert!(script.contains(word), "{shell}: no '{word}'");
            }
        }
        let bash = String::from_utf8(completions(Shell::Bash)).expect("utf-8");
        assert!(bash.contains("complete -F _hotseat"), "{bash}");
    }

    #[test]
    fn the_man_page_lists_commands_options_and_rules_versions() {
        let page = String::from_utf8(man_page().expect("render")).expect("utf-8");
        assert!(page.starts_with(".ie"), "{}", &page[..40.min(page.len())]);
        assert!(page.contains(".TH hotseat 1"), "{page}");
        for word in [
            "completions",
            "\\-\\-ascii",
            "replay",
            "rules versions",
            "cocoon",
            ".SH FILES",
            ".SH ENVIRONMENT",
            "HOTSEAT_HOME",
            "HOTSEAT_CONFIG",
            "NO_COLOR",
            ".SH \"EXIT STATUS\"",
            "bugreport",
            // Where a report goes, without an address the project does not have.
            "to whoever you got hotseat from",
        ] {
            assert!(page.contains(word), "no '{word}' in\n{page}");
        }
        // Every page it points to is written.
        assert!(!page.contains("hotseat\\-help"), "{page}");
        let ver = page.find(".SH VERSION").expect("a version section");
        assert!(page.find(".SH FILES").expect("files") < ver);
    }

    #[test]
    fn man_pages_go_into_a_folder_one_per_command() {
        let dir = tempfile::tempdir().expect("tmp");
        let out = dir.path().join("man1");
        let pages = write_man_pages(&out).expect("written");
        let names: Vec<String> = pages
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        for n in [
            "hotseat.1",
            "hotseat-play.1",
            "hotseat-completions.1",
            "hotseat-man.1",
        ] {
            assert!(names.iter().any(|x| x == n), "{n} missing from {names:?}");
        }
        // Every page a page names is there.
        for p in &pages {
            let text = std::fs::read_to_string(p).expect("read");
            for (i, _) in text.match_indices("hotseat\\-") {
                let name: String = text[i..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '\\' || *c == '-')
                    .collect();
                let file = format!("{}.1", name.replace("\\-", "-"));
                if text[i + name.len()..].starts_with("(1)") {
                    assert!(names.contains(&file), "{file} named but not written");
                }
            }
        }
        let main = std::fs::read_to_string(out.join("hotseat.1")).expect("read");
        assert!(main.contains(".SH ENVIRONMENT"), "{main}");
    }
}
