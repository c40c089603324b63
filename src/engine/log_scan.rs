//! A log's text walked once before anything is built from it, so that reading a log costs
//! memory in proportion to what it says. Parsing arbitrary JSON into a tree costs far more than
//! its text: an object with one field takes a map node of over 600 bytes, so 4 MB of
//! `{"":{"":{}}}` took close to a gigabyte. This walk builds nothing (it visits the text through
//! serde without keeping values, like `IgnoredAny`), and refuses what no log hotseat writes
//! holds: nesting deeper than [`MAX_DEPTH`], an object with more than [`MAX_FIELDS`] fields or
//! a field twice, a list other than the actions longer than [`MAX_LIST`], more than
//! [`MAX_ACTIONS`] actions, an action of more than [`MAX_ACTION_VALUES`] values, and
//! a control character anywhere. What passes is then read into typed structures, each action
//! kept as its text until it is re-simulated, one at a time.

use std::cell::{Cell, RefCell};
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

use super::log_error::LogError;

/// The most actions a log may hold.
pub const MAX_ACTIONS: usize = 50_000;

/// The deepest nesting of lists and objects: a log is at most 5 deep (the log, its actions,
/// an entry, its action, a list in the action), so this leaves room and no more.
pub const MAX_DEPTH: usize = 16;
/// The most fields in one object: a log's header has 11, an option list at most 16.
pub const MAX_FIELDS: usize = 32;
/// The longest list other than the actions (players, scores, winners, a list in an action).
pub const MAX_LIST: usize = 64;
/// The most values in one action, every nested one counted: real actions hold under ten.
pub const MAX_ACTION_VALUES: usize = 64;

/// What the walk saw of the top level, for the checks that say "not a hotseat log".
#[derive(Debug, Default)]
pub struct Found {
    pub top_is_object: bool,
    /// The top-level `format`, when it is text.
    pub format: Option<String>,
    /// The top-level `version`, when it is a whole number.
    pub version: Option<u64>,
    /// How many entries the top-level `actions` holds, when it is a list.
    pub actions: Option<usize>,
}

/// Walks `text`. A refusal names the entry when it is inside one.
pub fn scan(text: &str) -> Result<Found, LogError> {
    let state = State::default();
    let mut de = serde_json::Deserializer::from_str(text);
    let walked = Node {
        state: &state,
        depth: 0,
        place: Place::Root,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    match walked {
        Ok(()) => Ok(state.found.into_inner()),
        Err(e) => Err(match state.failure.into_inner() {
            Some(f) => {
                let problem = if f.with_position {
                    format!("{} (line {}, column {})", f.problem, e.line(), e.column())
                } else {
                    f.problem
                };
                match f.entry {
                    Some(i) => LogError::at(i, problem),
                    None => LogError::header(problem),
                }
            }
            None => LogError::header(format!("not valid JSON: {e}")),
        }),
    }
}

#[derive(Default)]
struct State {
    found: RefCell<Found>,
    failure: RefCell<Option<Failure>>,
    /// Values seen so far in the action being walked.
    action_values: Cell<usize>,
}

struct Failure {
    entry: Option<usize>,
    problem: String,
    with_position: bool,
}

/// Where a value is, for the limits that depend on it and for naming it in a refusal.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place<'k> {
    Root,
    /// Under the top-level field of this name (other than `actions`).
    Header(&'k str),
    /// The top-level `actions` itself.
    Actions,
    /// Entry `i`, or a value in it outside its action.
    Entry(usize),
    /// Entry `i`'s action, or a value in it.
    Action(usize),
}

impl Place<'_> {
    fn entry(self) -> Option<usize> {
        match self {
            Place::Entry(i) | Place::Action(i) => Some(i),
            _ => None,
        }
    }
}

#[derive(Clone, Copy)]
struct Node<'s, 'k> {
    state: &'s State,
    /// How many lists and objects enclose this value.
    depth: usize,
    place: Place<'k>,
}

impl Node<'_, '_> {
    /// Records why the walk stops; the returned error only unwinds serde.
    fn fail<E: de::Error>(&self, problem: String, with_position: bool) -> E {
        let mut f = self.state.failure.borrow_mut();
        if f.is_none() {
            *f = Some(Failure {
                entry: self.place.entry(),
                problem,
                with_position,
            });
        }
        E::custom("refused")
    }

    /// Counts one value against its action's budget, and refuses a container nested too deep.
    fn value<E: de::Error>(&self, container: bool) -> Result<(), E> {
        if let Place::Action(_) = self.place {
            let n = self.state.action_values.get() + 1;
            self.state.action_values.set(n);
            if n > MAX_ACTION_VALUES {
                return Err(self.fail(
                    format!(
                        "the action holds more than {MAX_ACTION_VALUES} values; no game's action \
                         is that large"
                    ),
                    true,
                ));
            }
        }
        if container && self.depth >= MAX_DEPTH {
            return Err(self.fail(
                format!("lists and objects nested more than {MAX_DEPTH} deep"),
                true,
            ));
        }
        Ok(())
    }

    /// Refuses text that could drive a terminal, said as the checks always said it.
    fn text<E: de::Error>(&self, s: &str, is_key: bool) -> Result<(), E> {
        if !s.chars().any(crate::text::is_unsafe) {
            return Ok(());
        }
        let quoted = crate::text::clip(s, 40);
        let what = match (is_key, self.place) {
            (true, Place::Root) => {
                return Err(self.fail("a field name holds a control character".into(), false));
            }
            (_, Place::Header(k)) => format!("'{k}'"),
            (_, Place::Root) | (_, Place::Actions) => "the top level".to_string(),
            (_, Place::Entry(_)) | (_, Place::Action(_)) => "the entry".to_string(),
        };
        let problem = if is_key {
            format!("{what} has a field name with a control character: \"{quoted}\"")
        } else {
            format!("{what} holds a control character: \"{quoted}\"")
        };
        Err(self.fail(problem, false))
    }

    fn child<'k2>(&self, place: Place<'k2>) -> Node<'_, 'k2> {
        Node {
            state: self.state,
            depth: self.depth + 1,
            place,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Node<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.value(false)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.value(false)
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<(), E> {
        if self.depth == 1 && self.place == Place::Header("version") {
            self.state.found.borrow_mut().version = Some(n);
        }
        self.value(false)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.value(false)
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.value(false)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
        self.value(false)?;
        self.text(s, false)?;
        if self.depth == 1 && self.place == Place::Header("format") {
            self.state.found.borrow_mut().format = Some(s.to_string());
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.value(true)?;
        let mut n = 0usize;
        loop {
            let place = match self.place {
                Place::Actions => {
                    self.state.action_values.set(0);
                    Place::Entry(n)
                }
                p => p,
            };
            if seq.next_element_seed(self.child(place))?.is_none() {
                break;
            }
            n += 1;
            let cap = if self.place == Place::Actions {
                MAX_ACTIONS
            } else {
                MAX_LIST
            };
            if n > cap {
                let problem = if self.place == Place::Actions {
                    format!("more than {MAX_ACTIONS} actions, over the cap")
                } else {
                    format!("a list of more than {MAX_LIST} items; no log holds one")
                };
                return Err(self.fail(problem, true));
            }
        }
        if self.place == Place::Actions {
            self.state.found.borrow_mut().actions = Some(n);
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.value(true)?;
        if self.place == Place::Root {
            self.state.found.borrow_mut().top_is_object = true;
        }
        // At most MAX_FIELDS keys are kept, so finding a repeated one costs little.
        let mut keys: Vec<String> = Vec::new();
        while let Some(key) = map.next_key_seed(Key)? {
            self.text(&key, true)?;
            if keys.contains(&key) {
                let shown = crate::text::clip(&key, 40).into_owned();
                return Err(self.fail(format!("the field '{shown}' appears twice"), true));
            }
            if keys.len() == MAX_FIELDS {
                return Err(self.fail(
                    format!("an object of more than {MAX_FIELDS} fields; no log holds one"),
                    true,
                ));
            }
            keys.push(key);
            let key = keys.last().map(String::as_str).unwrap_or_default();
            let place = match (self.place, key) {
                (Place::Root, "actions") => Place::Actions,
                (Place::Root, k) => Place::Header(k),
                // An entry is at depth 2 (the log, its actions list, the entry).
                (Place::Entry(i), "a") if self.depth == 2 => Place::Action(i),
                (p, _) => p,
            };
            map.next_value_seed(self.child(place))?;
        }
        Ok(())
    }
}

/// A field name, kept to find repeats and to name the field.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = String;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for Key {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<String, E> {
        Ok(s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        format!(
            r#"{{"format":"hotseat-log","x":{}0{}}}"#,
            "[".repeat(depth - 1),
            "]".repeat(depth - 1)
        )
    }

    #[test]
    fn nesting_is_refused_past_the_limit_before_anything_is_built() {
        assert!(scan(&nested(MAX_DEPTH)).is_ok());
        let e = scan(&nested(MAX_DEPTH + 1)).expect_err("too deep");
        assert!(e.problem.contains("nested more than 16 deep"), "{e}");
        // Unclosed nesting far deeper than serde_json's own limit ends at the same place.
        let e = scan(&"[".repeat(1_000_000)).expect_err("too deep");
        assert!(e.problem.contains("nested more than 16 deep"), "{e}");
    }

    #[test]
    fn sizes_repeats_and_control_characters_are_refused_where_they_are() {
        let fields = |n: usize| {
            let f: Vec<String> = (0..n).map(|i| format!(r#""k{i}":{{}}"#)).collect();
            format!("{{{}}}", f.join(","))
        };
        assert!(scan(&fields(MAX_FIELDS)).is_ok());
        assert!(scan(&fields(MAX_FIELDS + 1)).is_err());
        let list = |n: usize| format!(r#"{{"players":[{}]}}"#, vec!["0"; n].join(","));
        assert!(scan(&list(MAX_LIST)).is_ok());
        assert!(scan(&list(MAX_LIST + 1)).is_err());
        let action = |n: usize| {
            format!(
                r#"{{"actions":[{{"by":0,"a":[{}]}}]}}"#,
                vec!["0"; n].join(",")
            )
        };
        assert!(scan(&action(MAX_ACTION_VALUES - 1)).is_ok());
        let e = scan(&action(MAX_ACTION_VALUES)).expect_err("too many values");
        assert_eq!(e.entry, Some(0), "{e}");
        let e = scan(r#"{"actions":[{"by":0,"a":0},{"by":0,"a":{"t":1,"t":2}}]}"#)
            .expect_err("a repeated field");
        assert_eq!(
            e.to_string(),
            "entry 1: the field 't' appears twice (line 1, column 49)"
        );
        let e = scan(r#"{"seed":"1","seed":"2"}"#).expect_err("a repeated field");
        assert!(
            e.problem.starts_with("the field 'seed' appears twice"),
            "{e}"
        );
        let e = scan("{\"players\":[{\"name\":\"a\\u001b\"}]}").expect_err("an escape");
        assert_eq!(
            e.to_string(),
            "'players' holds a control character: \"a\\u{1b}\""
        );
        let found = scan(r#"{"format":"hotseat-log","version":1,"actions":[0,0]}"#).expect("walks");
        assert!(found.top_is_object);
        assert_eq!(found.format.as_deref(), Some("hotseat-log"));
        assert_eq!((found.version, found.actions), (Some(1), Some(2)));
    }
}
