//! The launcher's Stats page (`t`): per game and player name, games played, wins, best and
//! average scores and a sparkline of the scores over time, then the game's solo high scores
//! and the logs that could not be read. The statistics are read once when the page opens.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Sparkline};

use crate::stats::{GameStats, PlayerStats, Stats};

use super::catalog::Catalog;
use super::commands::{self, Command, Key};
use super::scroll::{SCROLL_COMMANDS, Scroll};
use super::theme::Theme;
use super::widgets::{fit, hint_line};
use super::{Nav, Screen};

pub struct StatsPage {
    stats: Stats,
    /// The game shown (index into `stats.games`).
    pub game: usize,
    pub scroll: Scroll,
}

/// The stats page's own keys, which choose the game; the page scrolls with the keys of every
/// scrolling page ([`SCROLL_COMMANDS`]), listed after these in the hint line and the help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsCmd {
    Previous,
    Next,
}

pub const STATS_COMMANDS: &[Command<StatsCmd>] = &[
    Command {
        id: StatsCmd::Next,
        keys: &[],
        key: "←/→",
        label: "game",
        help: "",
    },
    Command {
        id: StatsCmd::Previous,
        keys: &[
            Key::Code(KeyCode::Left),
            Key::Char('h'),
            Key::Code(KeyCode::BackTab),
        ],
        key: "←/→ h/l Tab",
        label: "",
        help: "the previous or the next game",
    },
    Command {
        id: StatsCmd::Next,
        keys: &[
            Key::Code(KeyCode::Right),
            Key::Char('l'),
            Key::Code(KeyCode::Tab),
        ],
        key: "←/→ h/l Tab",
        label: "",
        help: "the previous or the next game",
    },
];

/// One row of the page: text, or a player's row with a sparkline after the text.
enum Row {
    Text(Line<'static>),
    Player(Line<'static>, Vec<u64>),
}

/// Columns of a player's row before the sparkline.
const NAME_W: usize = 18;
const TEXT_W: usize = NAME_W + 37;

impl StatsPage {
    /// The statistics of the catalog's logs, and of the high scores beside its games folder.
    pub fn new(catalog: &Catalog, start_at: &str) -> Self {
        let data = catalog
            .dir
            .parent()
            .map(std::path::Path::to_path_buf)
            .unwrap_or_else(crate::store::data_dir);
        Self::from_stats(
            crate::stats::read(&catalog.dir, &data, &catalog.games),
            start_at,
        )
    }

    pub fn from_stats(stats: Stats, start_at: &str) -> Self {
        let game = stats
            .games
            .iter()
            .position(|g| g.id == start_at)
            .unwrap_or(0);
        StatsPage {
            stats,
            game,
            scroll: Scroll::default(),
        }
    }

    fn rows(&self, theme: &Theme) -> Vec<Row> {
        let mut rows = Vec::new();
        let Some(g) = self.stats.games.get(self.game) else {
            rows.push(Row::Text(Line::styled(
                " No games are installed in this build.",
                theme.dim(),
            )));
            return rows;
        };
        rows.push(Row::Text(Line::styled(summary(g), theme.title())));
        if g.players.is_empty() {
            rows.push(Row::Text(Line::styled(
                " No finished games yet: they appear here once played to the end.",
                theme.dim(),
            )));
        } else {
            rows.push(Row::Text(Line::styled(
                format!(
                    " {:<NAME_W$} {:>6} {:>5} {:>6} {:>7} {:>5}  scores over time",
                    "player", "played", "wins", "best", "average", "hints"
                ),
                theme.dim(),
            )));
            for p in &g.players {
                rows.push(player_row(p, theme));
            }
        }
        if let Some(p) = &g.high_score_problem {
            rows.push(Row::Text(Line::from("")));
            rows.push(Row::Text(Line::styled(
                format!(" Solo high scores: {}", theme.text(p)),
                theme.error(),
            )));
        }
        for t in &g.high_scores {
            rows.push(Row::Text(Line::from("")));
            rows.push(Row::Text(Line::styled(
                format!(" Solo high scores{}{}", theme.sep(), theme.text(&t.table)),
                theme.title(),
            )));
            for (i, r) in t.scores.iter().enumerate() {
                rows.push(Row::Text(Line::from(format!(
                    " {:>3}. {} {:>5}  {}",
                    i + 1,
                    fit(&theme.text(&r.name), NAME_W, theme.ellipsis()),
                    r.score,
                    theme.text(&r.date)
                ))));
            }
        }
        if !self.stats.broken.is_empty() {
            let n = self.stats.broken.len();
            rows.push(Row::Text(Line::from("")));
            rows.push(Row::Text(Line::styled(
                format!(
                    " {n} log{} could not be read (of all games):",
                    if n == 1 { "" } else { "s" }
                ),
                theme.error(),
            )));
            for b in &self.stats.broken {
                rows.push(Row::Text(Line::from(format!(
                    "   {}: {}",
                    theme.text(&b.file),
                    theme.text(&b.reason)
                ))));
            }
        }
        rows
    }
}

fn summary(g: &GameStats) -> String {
    let mut s = format!(
        " {} finished game{}",
        g.played,
        if g.played == 1 { "" } else { "s" }
    );
    if g.unfinished > 0 {
        s.push_str(&format!(", {} unfinished", g.unfinished));
    }
    // The hint key's use, from the marks in the logs.
    if g.hints > 0 {
        s.push_str(&format!(
            ", {} hint{} asked",
            g.hints,
            if g.hints == 1 { "" } else { "s" }
        ));
    }
    match g.scoring {
        "together" => s.push_str(" (cooperative: a win is the table's)"),
        "sides" => s.push_str(" (sides: scores only say who won)"),
        _ => {}
    }
    s
}

fn player_row(p: &PlayerStats, theme: &Theme) -> Row {
    let best = p.best.map_or("-".into(), |b| b.to_string());
    let avg = p.average.map_or("-".into(), |a| format!("{a:.1}"));
    let text = format!(
        " {} {:>6} {:>5} {:>6} {:>7} {:>5}  ",
        fit(&theme.text(&p.name), NAME_W, theme.ellipsis()),
        p.played,
        p.wins,
        best,
        avg,
        p.hints
    );
    // Heights 1 to 8 from the player's lowest score to their highest, so every game shows
    // a bar (a sparkline draws from zero, and scores may be negative).
    let lo = i64::from(p.scores.iter().copied().min().unwrap_or(0));
    let hi = i64::from(p.scores.iter().copied().max().unwrap_or(0));
    let bars = p
        .scores
        .iter()
        .map(|&s| {
            let h = if hi > lo {
                1 + (i64::from(s) - lo) * 7 / (hi - lo)
            } else {
                4
            };
            u64::try_from(h).unwrap_or(1)
        })
        .collect();
    Row::Player(Line::from(text), bars)
}

impl StatsPage {
    /// Whether `cmd` does something now: choosing another game needs two.
    pub fn applies(&self, cmd: StatsCmd) -> bool {
        match cmd {
            StatsCmd::Previous | StatsCmd::Next => self.stats.games.len() > 1,
        }
    }
}

impl Screen for StatsPage {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, hint] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(f.area());
        let (name, pos) = match self.stats.games.get(self.game) {
            Some(g) => (
                theme.text(&g.name),
                format!(" {}/{}", self.game + 1, self.stats.games.len()),
            ),
            None => (String::new(), String::new()),
        };
        let block = theme.block(format!("Stats: {name}{pos}"));
        let inner = block.inner(body);
        f.render_widget(block, body);
        let rows = self.rows(theme);
        let top = self.scroll.fit(rows.len(), usize::from(inner.height));
        for (y, row) in rows
            .iter()
            .skip(top)
            .take(usize::from(inner.height))
            .enumerate()
        {
            let at = Rect::new(inner.x, inner.y + y as u16, inner.width, 1);
            match row {
                Row::Text(line) => f.render_widget(Paragraph::new(line.clone()), at),
                Row::Player(line, bars) => {
                    f.render_widget(Paragraph::new(line.clone()), at);
                    let chart_x = (TEXT_W as u16).min(inner.width);
                    let room = inner.width.saturating_sub(chart_x + 1);
                    // The latest games, as many as fit.
                    let shown = &bars[bars.len().saturating_sub(usize::from(room))..];
                    let chart = Rect::new(at.x + chart_x, at.y, room, 1);
                    f.render_widget(
                        Sparkline::default()
                            .data(shown)
                            .max(8)
                            .style(theme.accent())
                            .bar_set(if theme.ascii {
                                ASCII_BARS
                            } else {
                                ratatui::symbols::bar::NINE_LEVELS
                            }),
                        chart,
                    );
                }
            }
        }
        let mut keys = commands::hints(STATS_COMMANDS, |c| self.applies(c));
        keys.extend(commands::hints(SCROLL_COMMANDS, |_| true));
        // The help explains the columns, so it is named here.
        keys.push(("?", "help"));
        f.render_widget(Paragraph::new(hint_line(theme, &keys)), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        let n = self.stats.games.len().max(1);
        if let Some(cmd) = commands::find(STATS_COMMANDS, k, |c| self.applies(c)) {
            self.game = match cmd {
                StatsCmd::Previous => (self.game + n - 1) % n,
                StatsCmd::Next => (self.game + 1) % n,
            };
            self.scroll.reset();
            return Nav::Stay;
        }
        self.scroll.on_event(ev)
    }

    fn title(&self) -> String {
        "Stats".into()
    }

    fn help(&self) -> Vec<(String, String)> {
        let mut lines = commands::help_lines(STATS_COMMANDS);
        lines.extend(commands::help_lines(SCROLL_COMMANDS));
        lines
    }

    fn legend(&self) -> Vec<(String, String)> {
        vec![
            (
                "played, wins".into(),
                "finished games under this name, and those it won (a cooperative win counts for everyone at the table)".into(),
            ),
            (
                "scores over time".into(),
                "one bar per finished game, oldest at the left; the lowest score is the shortest bar".into(),
            ),
        ]
    }
}

/// Sparkline bars in ASCII: empty, then rising marks.
const ASCII_BARS: ratatui::symbols::bar::Set<'static> = ratatui::symbols::bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "=",
    five_eighths: "=",
    half: "-",
    three_eighths: "-",
    one_quarter: "_",
    one_eighth: "_",
    empty: " ",
};

#[cfg(test)]
mod tests {
    use insta::assert_snapshot;

    use super::*;
    use crate::stats::{Broken, HighScoreRow, HighScoreTable};
    use crate::ui::testutil::{ch, draw, draw_buffer, key};

    const THEME: Theme = Theme::new(false, true);

    fn player(name: &str, wins: usize, scores: &[i32]) -> PlayerStats {
        PlayerStats {
            name: name.into(),
            played: scores.len(),
            wins,
            best: scores.iter().copied().max(),
            average: Some(scores.iter().sum::<i32>() as f64 / scores.len() as f64),
            scores: scores.to_vec(),
            hints: 0,
            hinted_games: 0,
        }
    }

    fn sample() -> Stats {
        let ann: Vec<i32> = (0..40).map(|i| 20 + (i * 7) % 23).collect();
        let game = |id: &str, name: &str, scoring: &'static str| GameStats {
            id: id.into(),
            name: name.into(),
            scoring,
            played: 0,
            unfinished: 0,
            hints: 0,
            players: Vec::new(),
            high_scores: Vec::new(),
            high_score_problem: None,
        };
        Stats {
            games: vec![
                game("pocket", "Pocket & Biscuit", "points"),
                GameStats {
                    played: 42,
                    unfinished: 1,
                    hints: 9,
                    players: vec![
                        PlayerStats {
                            hints: 9,
                            hinted_games: 4,
                            ..player("Ann", 17, &ann)
                        },
                        player("Bo", 3, &[31, 28, 40, 35, 22, 44]),
                        player("A very long player name!", 0, &[-3, 5]),
                    ],
                    high_scores: vec![HighScoreTable {
                        table: "Blue side, no decree".into(),
                        scores: vec![
                            HighScoreRow {
                                name: "Ann".into(),
                                score: 52,
                                date: "2026-11-20".into(),
                            },
                            HighScoreRow {
                                name: "Bo".into(),
                                score: 47,
                                date: "2026-11-21".into(),
                            },
                        ],
                    }],
                    ..game("kokoro", "Kokoro: Avenue of the Kodama", "points")
                },
                game("rocca", "Rocca Monster", "sides"),
            ],
            broken: vec![Broken {
                file: "torn.json".into(),
                reason: "not a game log: EOF while parsing at line 1".into(),
            }],
        }
    }

    #[test]
    fn snapshots_at_both_sizes() {
        let page = StatsPage::from_stats(sample(), "kokoro");
        assert_snapshot!("stats_80x24", draw(&page, THEME, 80, 24));
        assert_snapshot!("stats_120x40", draw(&page, THEME, 120, 40));
        let empty = StatsPage::from_stats(sample(), "pocket");
        assert_snapshot!("stats_empty_80x24", draw(&empty, THEME, 80, 24));
        let ascii = draw(&page, Theme::new(true, false), 80, 24);
        assert!(ascii.is_ascii(), "{ascii}");
    }

    #[test]
    fn the_sparkline_shows_the_latest_games_oldest_at_the_left() {
        let page = StatsPage::from_stats(sample(), "kokoro");
        let buf = draw_buffer(&page, THEME, 80, 24);
        // Bo's row: 31 28 40 35 22 44, from 22 (one eighth) to 44 (full).
        let row = (0..24)
            .find(|&y| {
                (0..80)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .contains(" Bo ")
            })
            .expect("Bo's row");
        let bars: String = (56..62).map(|x| buf[(x, row)].symbol()).collect();
        assert_eq!(bars, "▃▂▆▅▁█", "{bars}");
    }

    #[test]
    fn keys_change_game_scroll_and_go_back() {
        let mut page = StatsPage::from_stats(sample(), "kokoro");
        assert_eq!(page.game, 1);
        page.on_event(&key(KeyCode::Right));
        assert_eq!(page.game, 2);
        assert!(draw(&page, THEME, 80, 24).contains("Stats: Rocca Monster 3/3"));
        page.on_event(&key(KeyCode::Right));
        assert_eq!(page.game, 0, "round to the first");
        page.on_event(&key(KeyCode::Left));
        page.on_event(&key(KeyCode::Left));
        assert_eq!(page.game, 1);
        page.on_event(&key(KeyCode::Down));
        assert_eq!(page.scroll.top(), 1);
        assert!(matches!(page.on_event(&ch('q')), Nav::Pop));
    }

    /// Every key does something exactly when the game list or the scrolling list has it, and
    /// the hint line and the help show both lists.
    #[test]
    fn the_keys_hints_and_help_are_the_lists() {
        let fresh = || {
            let mut page = StatsPage::from_stats(sample(), "kokoro");
            draw(&page, THEME, 80, 8);
            page.on_event(&key(KeyCode::Down));
            draw(&page, THEME, 80, 8);
            page
        };
        let mut page = fresh();
        assert_eq!(page.scroll.top(), 1);
        page.on_event(&key(KeyCode::Down));
        assert_eq!(page.scroll.top(), 2, "the page scrolls both ways");
        crate::ui::testutil::keys_are_the_list(
            fresh,
            |p| (p.game, p.scroll.top()),
            |p, k| {
                let game =
                    commands::find(STATS_COMMANDS, k, |c| p.applies(c)).map(|c| format!("{c:?}"));
                game.or_else(|| {
                    commands::find(SCROLL_COMMANDS, k, |_| true).map(|c| format!("{c:?}"))
                })
            },
        );
        let help = fresh().help();
        assert_eq!(help.len(), 5, "{help:?}");
        // With one game there is no other to choose.
        let mut one = sample();
        one.games.truncate(1);
        let page = StatsPage::from_stats(one, "kokoro");
        assert!(!page.applies(StatsCmd::Next));
        let text = draw(&page, THEME, 80, 24);
        assert!(
            !text.lines().last().unwrap_or_default().contains("game"),
            "{text}"
        );
    }

    #[test]
    fn the_launcher_opens_it_over_its_own_folder() {
        use crate::ui::launcher::{Catalog, Launcher};
        let dir = tempfile::tempdir().expect("tmp");
        let games = dir.path().join("games");
        let pocket = crate::registry::find("pocket").expect("pocket");
        crate::stats::generate_logs(&games, &[pocket], 3, &["Ann", "Bo"], 1).expect("logs");
        let mut l = Launcher::new_in(Catalog {
            games: vec![pocket],
            dir: games,
            local: crate::ui::work::Local::inline(),
        });
        // Its key fits the hint line beside a game's high scores, at 80 columns.
        let kokoro = crate::registry::find("kokoro").expect("kokoro");
        let with_scores = Launcher::new_in(Catalog {
            games: vec![kokoro],
            dir: dir.path().join("none"),
            local: crate::ui::work::Local::inline(),
        });
        let hint = draw(&with_scores, THEME, 80, 24);
        let last = hint.lines().last().unwrap_or("");
        assert!(
            last.contains("h best") && last.ends_with("? help"),
            "{last}"
        );
        let Nav::Push(page) = l.on_event(&ch('t')) else {
            panic!("no page")
        };
        let shown = draw(page.as_ref(), THEME, 80, 24);
        assert!(shown.contains("Stats: Pocket & Biscuit 1/1"), "{shown}");
        assert!(shown.contains("3 finished games"), "{shown}");
        // Computer players by kind and level, whatever their seats were called.
        assert!(shown.contains(" memory (bot) "), "{shown}");
    }
}
