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
    out
}

/// The main manual page, `hotseat(1)`, as roff.
pub fn man_page() -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(crate::cli::command())
        .render(&mut out)
        .map_err(|e| format!("cannot write the manual page: {e}"))?;
    Ok(out)
}

/// Writes `hotseat.1` and one page per subcommand (`hotseat-play.1`, …) into `dir`, creating
/// it; returns the files written, in name order.
pub fn write_man_pages(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let shown = crate::text::path(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {shown}: {e}"))?;
    clap_mangen::generate_to(crate::cli::command(), dir)
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
        ] {
            assert!(page.contains(word), "no '{word}' in\n{page}");
        }
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
    }
}
