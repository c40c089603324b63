//! History: what the saved logs say about each game and each player name: games played, wins,
//! best and average scores and the scores over time, with Kokoro's solo high scores beside
//! them. Logs are read and checked exactly as the launcher's saved-games list reads them
//! ([`crate::store::list_saved_in`]: the size-capped reader, re-simulation); a log that cannot
//! be read is counted and named, never fatal.

use std::path::Path;

use serde::Serialize;

use crate::highscores;
use crate::registered::{GameInfo, Scoring};
use crate::store::Saved;

/// Everything `hotseat stats` and the Stats page show.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// One entry per game of the catalog, in its order (games without logs included).
    pub games: Vec<GameStats>,
    /// Logs that could not be read, by file name.
    pub broken: Vec<Broken>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameStats {
    pub id: String,
    pub name: String,
    /// `points` (each seat scores), `together` (one shared score, the table wins or loses)
    /// or `sides` (scores only say who won).
    pub scoring: &'static str,
    /// Finished games.
    pub played: usize,
    /// Games that can still be continued.
    pub unfinished: usize,
    /// Hints asked in the finished games, by everyone (the log marks each decision made after
    /// one).
    pub hints: usize,
    /// Per player name, most games first.
    pub players: Vec<PlayerStats>,
    /// Solo high-score tables (Kokoro): title and the scores, best first.
    pub high_scores: Vec<HighScoreTable>,
    /// Why the high-score file could not be read, if it could not.
    pub high_score_problem: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerStats {
    pub name: String,
    pub played: usize,
    pub wins: usize,
    /// `None` where scores say nothing beyond who won (`sides`).
    pub best: Option<i32>,
    pub average: Option<f64>,
    /// Scores in the order the games were started (oldest first).
    pub scores: Vec<i32>,
    /// Hints this player asked in those games, and in how many of them they asked any.
    pub hints: usize,
    pub hinted_games: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HighScoreTable {
    pub table: String,
    pub scores: Vec<HighScoreRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HighScoreRow {
    pub name: String,
    pub score: i32,
    pub date: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Broken {
    pub file: String,
    pub reason: String,
}

/// The statistics of the logs in `games_dir` for `games`, with the solo high scores of the
/// data folder `data_dir`.
pub fn read<G: GameInfo + ?Sized>(
    games_dir: &Path,
    data_dir: &Path,
    games: &[&'static G],
) -> Stats {
    let saved = crate::store::list_saved_in(games_dir, games);
    let high = highscores::load(&highscores::path_in(data_dir)).map_err(|e| e.to_string());
    compute(&saved, &high, games)
}

fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Scoring::Points => "points",
        Scoring::Together => "together",
        Scoring::Sides => "sides",
    }
}

/// The statistics of already-read logs (`saved`, as the launcher lists them) and high scores.
pub fn compute<G: GameInfo + ?Sized>(
    saved: &[Saved],
    high: &Result<highscores::HighScores, String>,
    games: &[&'static G],
) -> Stats {
    let broken = saved
        .iter()
        .filter_map(|s| {
            s.broken.as_ref().map(|r| Broken {
                file: s.file_name(),
                reason: crate::text::clean(r).into_owned(),
            })
        })
        .collect();
    // Oldest first, so each player's scores read left to right as time goes.
    let mut sound: Vec<&Saved> = saved.iter().filter(|s| s.broken.is_none()).collect();
    sound.sort_by(|a, b| a.started.cmp(&b.started).then(a.path.cmp(&b.path)));
    let games = games
        .iter()
        .map(|&g| game_stats(g, sound.iter().copied().filter(|s| s.game == g.id()), high))
        .collect();
    Stats { games, broken }
}

fn game_stats<'a, G: GameInfo + ?Sized>(
    g: &G,
    logs: impl Iterator<Item = &'a Saved>,
    high: &Result<highscores::HighScores, String>,
) -> GameStats {
    let scoring = g.scoring();
    let mut played = 0;
    let mut unfinished = 0;
    let mut hints = 0;
    let mut players: Vec<PlayerStats> = Vec::new();
    for s in logs {
        let Some(scores) = &s.scores else {
            unfinished += 1;
            continue;
        };
        played += 1;
        hints += s.hints.iter().sum::<usize>();
        let who: Vec<String> = (0..s.players.len()).map(|seat| s.player(seat)).collect();
        for (seat, name) in who.iter().enumerate() {
            // Two seats of one player (a computer player's kind at several seats, most often)
            // are one game played: won when either seat won, with each seat's score.
            if who[..seat].contains(name) {
                continue;
            }
            let seats: Vec<usize> = (seat..who.len()).filter(|&s| who[s] == *name).collect();
            let p = match players.iter().position(|p| &p.name == name) {
                Some(i) => &mut players[i],
                None => {
                    players.push(PlayerStats {
                        name: name.clone(),
                        played: 0,
                        wins: 0,
                        best: None,
                        average: None,
                        scores: Vec::new(),
                        hints: 0,
                        hinted_games: 0,
                    });
                    let last = players.len() - 1;
                    &mut players[last]
                }
            };
            p.played += 1;
            // Every seat this name held in the game counts its hints.
            let asked: usize = (who.iter().zip(&s.hints))
                .filter(|(n, _)| *n == name)
                .map(|(_, h)| h)
                .sum();
            p.hints += asked;
            p.hinted_games += usize::from(asked > 0);
            if seats.iter().any(|x| s.winners.contains(x)) {
                p.wins += 1;
            }
            if scoring != Scoring::Sides {
                p.scores.extend(seats.iter().filter_map(|&x| scores.get(x)));
            }
        }
    }
    for p in &mut players {
        p.best = p.scores.iter().copied().max();
        p.average = (!p.scores.is_empty())
            .then(|| p.scores.iter().map(|&s| f64::from(s)).sum::<f64>() / p.scores.len() as f64);
    }
    players.sort_by(|a, b| b.played.cmp(&a.played).then(a.name.cmp(&b.name)));
    let (high_scores, high_score_problem) = if g.high_scores() {
        match high {
            Ok(all) => (
                highscores::tables_of(all, g.id())
                    .into_iter()
                    .map(|(k, v)| HighScoreTable {
                        table: highscores::variant_title(k),
                        scores: v
                            .iter()
                            .map(|s| HighScoreRow {
                                name: crate::text::clean(&s.name).into_owned(),
                                score: s.score,
                                date: crate::text::clean(&s.date).into_owned(),
                            })
                            .collect(),
                    })
                    .collect(),
                None,
            ),
            Err(e) => (Vec::new(), Some(e.clone())),
        }
    } else {
        (Vec::new(), None)
    };
    GameStats {
        id: g.id().into(),
        name: g.name().into(),
        scoring: scoring_name(scoring),
        played,
        unfinished,
        hints,
        players,
        high_scores,
        high_score_problem,
    }
}

impl Stats {
    /// Only the game `id` (for `--game`).
    pub fn only(mut self, id: &str) -> Self {
        self.games.retain(|g| g.id == id);
        self
    }

    /// The plain-text report of `hotseat stats`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for g in &self.games {
            s.push_str(&format!(
                "{}: {} finished game{}",
                g.name,
                g.played,
                if g.played == 1 { "" } else { "s" }
            ));
            if g.unfinished > 0 {
                s.push_str(&format!(", {} unfinished", g.unfinished));
            }
            s.push('\n');
            if !g.players.is_empty() {
                s.push_str(&format!(
                    "  {:<24} {:>6} {:>5} {:>5} {:>7} {:>5}  scores, oldest first\n",
                    "player", "played", "wins", "best", "average", "hints"
                ));
            }
            for p in &g.players {
                let best = p.best.map_or("-".to_string(), |b| b.to_string());
                let avg = p.average.map_or("-".to_string(), |a| format!("{a:.1}"));
                let recent: Vec<String> = p
                    .scores
                    .iter()
                    .rev()
                    .take(12)
                    .rev()
                    .map(i32::to_string)
                    .collect();
                let more = if p.scores.len() > 12 { "... " } else { "" };
                s.push_str(&format!(
                    "  {:<24} {:>6} {:>5} {:>5} {:>7} {:>5}  {more}{}\n",
                    p.name,
                    p.played,
                    p.wins,
                    best,
                    avg,
                    p.hints,
                    recent.join(" ")
                ));
            }
            if let Some(p) = &g.high_score_problem {
                s.push_str(&format!("  solo high scores: {p}\n"));
            }
            for t in &g.high_scores {
                s.push_str(&format!("  solo high scores, {}:\n", t.table));
                for (i, r) in t.scores.iter().enumerate() {
                    s.push_str(&format!(
                        "    {:>2}. {:<24} {:>5}  {}\n",
                        i + 1,
                        r.name,
                        r.score,
                        r.date
                    ));
                }
            }
        }
        if !self.broken.is_empty() {
            s.push_str(&format!(
                "{} log{} could not be read:\n",
                self.broken.len(),
                if self.broken.len() == 1 { "" } else { "s" }
            ));
            for b in &self.broken {
                s.push_str(&format!("  {}: {}\n", b.file, b.reason));
            }
        }
        s
    }
}

/// Writes `n` finished computer-only games of each game into `dir` (seeds from `seed`), with
/// the players' names taken in turn from `names`: a history to test with.
#[cfg(test)]
pub fn generate_logs<G: GameInfo + ?Sized>(
    dir: &Path,
    games: &[&'static G],
    per_game: usize,
    names: &[&str],
    seed: u64,
) -> Result<usize, String> {
    use crate::engine::Setup;
    use crate::engine::log::{self, PlayerEntry};
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut written = 0;
    for g in games {
        let kind = g.bots().first().map_or("random", |(k, _)| *k);
        let (min, max) = g.players();
        for k in 0..per_game {
            let seed = seed.wrapping_add(k as u64);
            let n = (min + k % (max - min + 1)).max(1);
            let players = (0..n)
                .map(|i| {
                    let name = match names.get((k + i) % names.len().max(1)) {
                        // Past the list, names come round again with the seat's number.
                        Some(n) if i < names.len() => n.to_string(),
                        Some(n) => format!("{n} {}", i + 1),
                        None => format!("Player {}", i + 1),
                    };
                    PlayerEntry::bot(name, kind, crate::engine::rng::bot_seed(seed, i))
                })
                .collect();
            let started = format!(
                "2026-{:02}-{:02}T20:{:02}:00Z",
                1 + k / 28 % 12,
                1 + k % 28,
                k % 60
            );
            let mut t = g.new_table(Setup {
                options: Default::default(),
                players,
                seed,
                started,
            })?;
            t.run_bots()?;
            let path = dir.join(format!("{}-{k:05}.json", g.id()));
            log::write_atomic(&path, &t.to_log()).map_err(|e| e.to_string())?;
            written += 1;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pocket() -> &'static dyn crate::registry::AnyGame {
        crate::registry::find("pocket").expect("pocket")
    }

    #[test]
    fn generated_logs_are_counted_per_game_and_player() {
        let dir = tempfile::tempdir().expect("tmp");
        let games = dir.path().join("games");
        let all = crate::registry::GAMES;
        let n = generate_logs(&games, all, 4, &["Ann", "Bo", "Cy"], 11).expect("logs");
        assert_eq!(n, 20);
        let st = read(&games, dir.path(), all);
        assert!(st.broken.is_empty(), "{:?}", st.broken);
        assert_eq!(st.games.len(), 5);
        let saved = crate::store::list_saved_in(&games, all);
        for g in &st.games {
            assert_eq!((g.played, g.unfinished), (4, 0), "{}", g.id);
            let logs: Vec<&Saved> = saved.iter().filter(|s| s.game == g.id).collect();
            for p in &g.players {
                // Every figure, recomputed from the listed logs: each log where this name
                // held a seat, with all the seats it held there.
                let mine: Vec<(Vec<usize>, &Saved)> = logs
                    .iter()
                    .map(|s| {
                        let seats = (0..s.players.len()).filter(|&i| s.player(i) == p.name);
                        (seats.collect::<Vec<_>>(), *s)
                    })
                    .filter(|(seats, _)| !seats.is_empty())
                    .collect();
                assert_eq!(p.played, mine.len(), "{} {}", g.id, p.name);
                let wins = mine
                    .iter()
                    .filter(|(seats, s)| seats.iter().any(|i| s.winners.contains(i)))
                    .count();
                assert_eq!(p.wins, wins, "{} {}", g.id, p.name);
                if g.scoring == "sides" {
                    assert_eq!((p.best, p.average), (None, None));
                    continue;
                }
                let scores: Vec<i32> = mine
                    .iter()
                    .flat_map(|(seats, s)| {
                        seats
                            .iter()
                            .filter_map(|&i| s.scores.as_ref().and_then(|v| v.get(i)).copied())
                    })
                    .collect();
                assert_eq!(p.best, scores.iter().copied().max());
                let sum: i32 = scores.iter().sum();
                let avg = p.average.expect("an average");
                assert!((avg - f64::from(sum) / scores.len() as f64).abs() < 1e-9);
            }
        }
        // Scores over time run oldest first: game k of a game started on day k + 1.
        let pocket_stats = &st.games[0];
        let ann = pocket_stats
            .players
            .iter()
            .find(|p| p.name == "memory (bot)")
            .expect("the memory player");
        let mut expected = Vec::new();
        let mut logs: Vec<&Saved> = saved.iter().filter(|s| s.game == "pocket").collect();
        logs.sort_by(|a, b| a.started.cmp(&b.started));
        for s in logs {
            for i in (0..s.players.len()).filter(|&i| s.player(i) == ann.name) {
                expected.push(s.scores.as_ref().expect("finished")[i]);
            }
        }
        assert_eq!(ann.scores, expected);
        let json = serde_json::to_string(&st).expect("json");
        assert!(json.contains("\"scoring\":\"sides\""), "{json}");
    }

    #[test]
    fn broken_logs_are_counted_and_named_never_fatal() {
        let dir = tempfile::tempdir().expect("tmp");
        let games = dir.path().join("games");
        generate_logs(&games, &[pocket()], 2, &["Ann", "Bo"], 5).expect("logs");
        std::fs::write(games.join("torn.json"), "{\"format\": \"hotseat-").expect("write");
        std::fs::write(games.join("empty.json"), "").expect("write");
        std::fs::create_dir(games.join("folder.json")).expect("dir");
        // A log of a game this build does not have.
        let other = std::fs::read_to_string(games.join("pocket-00000.json"))
            .expect("read")
            .replace("\"game\": \"pocket\"", "\"game\": \"chess\"")
            .replace("\"game\":\"pocket\"", "\"game\":\"chess\"");
        std::fs::write(games.join("chess.json"), other).expect("write");
        // An unfinished game is not a broken one.
        let mut t = pocket()
            .new_table(crate::engine::Setup {
                options: Default::default(),
                players: vec![
                    crate::engine::log::PlayerEntry::bot("Ann", "random", 1),
                    crate::engine::log::PlayerEntry::bot("Bo", "random", 2),
                ],
                seed: 3,
                started: "2026-12-01T10:00:00Z".into(),
            })
            .expect("table");
        t.run_bots_for(5).expect("play");
        crate::engine::log::write_atomic(&games.join("open.json"), &t.to_log()).expect("write");
        let st = read(&games, dir.path(), &[pocket()]);
        let files: Vec<&str> = st.broken.iter().map(|b| b.file.as_str()).collect();
        assert_eq!(
            files,
            ["chess.json", "empty.json", "folder.json", "torn.json"],
            "{:?}",
            st.broken
        );
        assert!(st.broken.iter().all(|b| !b.reason.is_empty()));
        assert!(st.broken[0].reason.contains("chess"), "{:?}", st.broken[0]);
        assert_eq!((st.games[0].played, st.games[0].unfinished), (2, 1));
        let text = st.text();
        assert!(text.contains("4 logs could not be read:\n"), "{text}");
        assert!(text.contains("  folder.json: not a regular file"), "{text}");
        // No folder at all: nothing to say, nothing broken.
        let none = read(&dir.path().join("nowhere"), dir.path(), &[pocket()]);
        assert_eq!((none.games[0].played, none.broken.len()), (0, 0));
    }

    /// Decisions the log marks as made after a hint count for the seat that made them, in
    /// the game's total, the player's total and the games they asked in; the text says them.
    #[test]
    fn hints_asked_are_counted_from_the_logs_marks() {
        let dir = tempfile::tempdir().expect("tmp");
        let games = dir.path().join("games");
        generate_logs(&games, &[pocket()], 2, &["Ann", "Bo"], 5).expect("logs");
        let mut files: Vec<_> = std::fs::read_dir(&games)
            .expect("dir")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        // The first game: seat 0's first two decisions were made after a hint.
        let text = std::fs::read_to_string(&files[0]).expect("log");
        let mut log: serde_json::Value = serde_json::from_str(&text).expect("json");
        let actions = log["actions"].as_array_mut().expect("actions");
        for e in actions.iter_mut().filter(|e| e["by"] == 0).take(2) {
            e["hint"] = serde_json::Value::Bool(true);
        }
        std::fs::write(&files[0], serde_json::to_string(&log).expect("json")).expect("write");
        let st = read(&games, dir.path(), &[pocket()]);
        assert!(st.broken.is_empty(), "{:?}", st.broken);
        let g = &st.games[0];
        assert_eq!((g.played, g.hints), (2, 2));
        let saved = crate::store::saved_at(&files[0], &[pocket()]);
        assert_eq!(saved.hints, vec![2, 0]);
        let who = saved.player(0);
        let p = g
            .players
            .iter()
            .find(|p| p.name == who)
            .expect("seat 0's player");
        assert_eq!((p.hints, p.hinted_games), (2, 1));
        let others: usize = g
            .players
            .iter()
            .filter(|p| p.name != who)
            .map(|p| p.hints)
            .sum();
        assert_eq!(others, 0);
        assert!(st.text().contains("hints"), "{}", st.text());
    }

    #[test]
    fn computer_players_count_by_kind_and_level_not_by_name() {
        let game = |n: usize, bot: &str, winner: usize| Saved {
            path: format!("g{n}.json").into(),
            game: "pocket".into(),
            started: format!("2026-11-2{n}T10:00:00Z"),
            players: vec!["Ann".into(), "Bot 2".into()],
            bots: vec![None, Some(bot.into())],
            scores: Some(vec![3, 5]),
            winners: vec![winner],
            actions: 40,
            hints: vec![0, 0],
            progress: String::new(),
            broken: None,
        };
        let saved = [
            game(1, "memory:hard", 1),
            game(2, "memory:easy", 0),
            game(3, "memory", 0),
            game(4, "memory:hard", 1),
            game(5, "forgetful", 1),
        ];
        let st = compute(&saved, &Ok(Default::default()), &[pocket()]);
        let row = |name: &str| {
            st.games[0]
                .players
                .iter()
                .find(|p| p.name == name)
                .map(|p| (p.played, p.wins))
        };
        assert_eq!(row("Ann"), Some((5, 2)));
        assert_eq!(row("memory:hard (bot)"), Some((2, 2)));
        assert_eq!(row("memory:easy (bot)"), Some((1, 0)));
        assert_eq!(row("memory (bot)"), Some((1, 0)));
        assert_eq!(row("forgetful (bot)"), Some((1, 1)));
        assert_eq!(row("Bot 2"), None, "one name for five computer players");
        assert!(st.text().contains("memory:hard (bot)"));
    }

    /// Three seats of one computer player's kind: one game played, won when any of its seats
    /// won (not only the first), and every seat's score among its scores.
    #[test]
    fn a_kind_at_several_seats_wins_with_any_of_them() {
        let game = |n: usize, winner: usize| Saved {
            path: format!("g{n}.json").into(),
            game: "pocket".into(),
            started: format!("2026-11-2{n}T10:00:00Z"),
            players: vec!["Ann".into(), "Bot 2".into(), "Bot 3".into(), "Bot 4".into()],
            bots: vec![
                None,
                Some("memory:hard".into()),
                Some("memory:hard".into()),
                Some("memory:hard".into()),
            ],
            scores: Some(vec![3, 5, 9, 1]),
            winners: vec![winner],
            actions: 40,
            hints: vec![0, 0, 0, 0],
            progress: String::new(),
            broken: None,
        };
        let saved = [game(1, 2), game(2, 0)];
        let st = compute(&saved, &Ok(Default::default()), &[pocket()]);
        let bots = st.games[0]
            .players
            .iter()
            .find(|p| p.name == "memory:hard (bot)")
            .expect("the kind's row");
        assert_eq!((bots.played, bots.wins), (2, 1));
        assert_eq!(bots.best, Some(9));
        assert_eq!(bots.scores.len(), 6);
        let ann = st.games[0].players.iter().find(|p| p.name == "Ann");
        assert_eq!(ann.map(|p| (p.played, p.wins)), Some((2, 1)));
    }

    #[test]
    fn solo_high_scores_appear_beside_the_game_and_a_damaged_file_is_said() {
        let dir = tempfile::tempdir().expect("tmp");
        let kokoro = crate::registry::find("kokoro").expect("kokoro");
        let hs = highscores::path_in(dir.path());
        let score = highscores::Score {
            name: "Ann".into(),
            score: 41,
            date: "2026-11-20".into(),
            game: "g1".into(),
        };
        highscores::record(&hs, "kokoro/blue/none", score);
        let st = read(&dir.path().join("games"), dir.path(), &[pocket(), kokoro]);
        assert!(
            st.games[0].high_scores.is_empty(),
            "only games that keep them"
        );
        let k = &st.games[1];
        assert_eq!(k.high_scores.len(), 1);
        assert_eq!(k.high_scores[0].table, "Blue side, no decree");
        assert_eq!(k.high_scores[0].scores[0].score, 41);
        assert!(st.text().contains("    1. Ann"), "{}", st.text());
        std::fs::write(&hs, "not json").expect("write");
        let st = read(&dir.path().join("games"), dir.path(), &[kokoro]);
        let problem = st.games[0].high_score_problem.clone().expect("said");
        assert!(problem.contains("damaged"), "{problem}");
    }
}
