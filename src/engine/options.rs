//! Game variants as plain key/value pairs, so the CLI, the launcher and the log share one form.

use std::collections::BTreeMap;

/// One option a game offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    /// How the launcher names it.
    pub label: &'static str,
    /// Allowed values; the first is the default.
    pub values: &'static [&'static str],
    pub help: &'static str,
}

/// The start-player option several games share: `random` (a chance action) or a seat number
/// from 1; `values` lists "random" and the seats up to the game's maximum.
pub const fn start_player(values: &'static [&'static str]) -> OptionSpec {
    OptionSpec {
        key: "start",
        label: "Start player",
        values,
        help: "who takes the first turn: random, or a seat number",
    }
}

/// The seat the `start` option names, counted from 0; `None` for a random start.
pub fn start_seat(options: &Options, players: usize) -> Result<Option<usize>, String> {
    match get(options, "start") {
        "" | "random" => Ok(None),
        n => match n.parse::<usize>() {
            Ok(k) if (1..=players).contains(&k) => Ok(Some(k - 1)),
            Ok(k) => Err(format!(
                "start player {k} does not exist in a {players}-player game"
            )),
            Err(_) => Err(format!(
                "start must be 'random' or a seat number, not '{n}'"
            )),
        },
    }
}

/// Chosen options; every key of the game's specs is present after [`Options::resolve`].
pub type Options = BTreeMap<String, String>;

/// Fills in defaults and refuses unknown keys or values.
pub fn resolve(specs: &[OptionSpec], given: &Options) -> Result<Options, String> {
    for (k, v) in given {
        let spec = specs
            .iter()
            .find(|s| s.key == k)
            .ok_or_else(|| format!("unknown option '{k}' (known: {})", known_keys(specs)))?;
        if !spec.values.contains(&v.as_str()) {
            return Err(format!(
                "option '{k}' cannot be '{v}' (one of: {})",
                spec.values.join(", ")
            ));
        }
    }
    let mut out = Options::new();
    for s in specs {
        let v = given
            .get(s.key)
            .cloned()
            .unwrap_or_else(|| s.values[0].to_string());
        out.insert(s.key.to_string(), v);
    }
    Ok(out)
}

fn known_keys(specs: &[OptionSpec]) -> String {
    if specs.is_empty() {
        return "none".into();
    }
    specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", ")
}

/// The value of `key`, which [`resolve`] guarantees is present.
pub fn get<'a>(options: &'a Options, key: &str) -> &'a str {
    options.get(key).map(String::as_str).unwrap_or("")
}
