//! Every game grundy knows, by name.
//!
//! A front end names a game (`bomb`, `octal:0.07`, `subtraction:1,3,4`) and
//! [`open`] builds it as an [`AnyGame`]: the one type every front end holds,
//! itself a [`Game`], so the front end's code never matches over game kinds
//! and never names a game's own types.
//!
//! # Adding a game
//! What Chomp takes (`git log -- crates/grundy/src/games/chomp`):
//! 1. One folder, `games/<name>/` (follow `games/chomp/`):
//!    - `mod.rs`: the rules and the proof of the reduction in the module
//!      doc, the game's types, and its engine, or its [`Rules`](crate::rules::Rules)
//!      for the [`Solver`](crate::rules::Solver), which is then its
//!      [`Engine`](crate::engine::Engine) (Chomp is `Solver<ChompRules>`;
//!      a heap game needs only its `Rules` and [`HeapRules`](crate::games::heap::HeapRules), and
//!      [`HeapGame`](crate::games::heap::HeapGame) is its game);
//!    - `reader.rs`: its judge reader ([`Lines`](crate::format::Lines)
//!      reads one position a line);
//!    - `game.rs`: the small traits that make it a [`Game`]:
//!      [`Present`](crate::game::Present) (name, words, drawing),
//!      [`Notation`](crate::game::Notation),
//!      [`WireForm`](crate::game::WireForm) (its wire shapes: the format's
//!      own, or one of its own through [`Position::shaped`](crate::wire::Position::shaped)
//!      and [`Shaped::fields`](crate::wire::Shaped::fields); and the plain
//!      data scripts may write a position as),
//!      [`JudgeFormat`](crate::game::JudgeFormat),
//!      [`Extras`](crate::game::Extras) (the abilities it declares, a misère
//!      form), [`Game`] (admission: its limits checked before any work; the
//!      cancel flag; random positions), and [`Registered`]: its [`Entry`]
//!      with its [`Examples`], which every front end's tests play;
//!    - in `mod.rs`, the type it registers: `pub type Registration = Chomp;`.
//! 2. One line in `games/mod.rs`, its module: `pub mod chomp;`. The crate's
//!    build script lists every module whose root declares a `Registration`
//!    in the `registry!` list it writes, in the order of these lines (and
//!    stops the build if a module implements [`Registered`] without one).
//!    The module is declared by hand, not by a macro, so that rustfmt and
//!    cargo-mutants, which read the source, find it.
//! 3. Its own tests (a brute force of its literal rules written apart, as
//!    `tests/chomp.rs`) and its section of `docs/games.md`.
//!
//! Nothing else changes. Every front end (`grundy judge`, `solve`, `play`,
//! the web API and page, Python) serves it through [`open`], and their tests
//! iterate over [`GAMES`]: a game whose examples are missing or wrong fails
//! each of them. The page draws a position of a kind it has no drawing for
//! from the API (its text drawing, components and legal moves); a drawing
//! of its own in `grundy-web/assets/app.js` is optional.

use std::sync::{Arc, Mutex};

use crate::any_game::AnyGame;
use crate::game::{Game, Limits};
use crate::games::bomb::{Progress, TableStore};
use crate::shared::{Cancel, Shelf};

/// What the registry says of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name, before any `:`.
    pub name: &'static str,
    /// What people call it ("Bomb Game", "Wythoff's game").
    pub title: &'static str,
    /// What follows the `:`, if the game takes a parameter (`CODE`).
    pub parameter: Option<&'static str>,
    /// One line on the game and its input format.
    pub summary: &'static str,
    /// The rules in words, one short paragraph: what a position is, what a
    /// move is, who wins (under normal play).
    pub rules: &'static str,
    /// A full name to try (`octal:0.07`).
    pub example: &'static str,
    /// Sample input of the game `example` names, with what it answers:
    /// every front end's tests play them, so a game registered is tested
    /// by each front end without an edit to its tests.
    pub examples: Examples,
}

/// Sample positions, moves and bad input of one game, for the front ends'
/// tests (the library's own test checks each against the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Examples {
    /// Input of `grundy judge` with a won case and a lost one.
    pub judge: &'static str,
    /// Its answer lines.
    pub answers: &'static str,
    /// A position the player to move wins, as `grundy solve` reads it.
    pub won: &'static str,
    /// A winning move from `won`, in the game's notation.
    pub winning_move: &'static str,
    /// A move the notation reads that `won` does not allow.
    pub illegal_move: &'static str,
    /// Input refused by the game's reader.
    pub bad_input: &'static str,
    /// The line (from 1) the refusal of `bad_input` names.
    pub bad_line: u64,
    /// `won` as plain data (JSON), as a script writes it
    /// ([`WireForm::plain_form`](crate::game::WireForm::plain_form)).
    pub plain: &'static str,
}

/// What games may use of the front end that opens them.
#[derive(Clone, Default)]
pub struct Settings {
    /// Limits on positions and tables.
    pub limits: Limits,
    /// Told how long computations are going (done, total).
    pub progress: Option<Progress>,
    /// Where large tables are kept between runs.
    pub store: Option<Arc<Mutex<dyn TableStore>>>,
    /// Where finished tables are shared with the other games opened with
    /// these settings (a server's requests).
    pub shelf: Option<Arc<Shelf>>,
    /// Raised to stop long computations (a request that ran out of time).
    pub cancel: Option<Cancel>,
    /// The most threads one computation may use (all cores if `None`).
    pub threads: Option<usize>,
    /// A misère quotient the front end was given and checked (a
    /// certificate, `grundy quotient --format json`): the heap game of its
    /// code decides by it the sums of the heaps it covers (every sum, when
    /// it is proven); other games ignore it.
    pub misere_quotient: Option<Arc<crate::misere::quotient::Quotient>>,
    /// Where proven misère quotients are kept between runs: the heap game
    /// of a code decides by the one kept for it, if any, before looking
    /// for one within a question's bounds; other games ignore it.
    pub kept_quotients: Option<Arc<dyn crate::misere::quotient::KeptQuotients>>,
}

/// A game the registry can build.
pub trait Registered: Game + Sized + 'static {
    /// Its entry.
    const ENTRY: Entry;

    /// Builds the game from the text after its name's `:` (`None` without
    /// one); the reason when the parameter is wrong.
    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError>;
}

/// Why a game's parameter is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParameterError {
    /// The game takes a parameter and none was given.
    #[error("expected {what} after the `:`, like `{example}`")]
    Missing {
        /// What the parameter is.
        what: &'static str,
        /// A name with one.
        example: &'static str,
    },
    /// The game takes no parameter.
    #[error("takes no parameter, found `:{0}`")]
    Unexpected(String),
    /// The parameter is not an octal code.
    #[error("`{parameter}`: {reason}")]
    Code {
        /// The parameter.
        parameter: String,
        /// Why it is no code.
        reason: crate::games::octal::CodeError,
    },
    /// The parameter is not a subtraction set.
    #[error(transparent)]
    Set(#[from] crate::games::subtraction::SetError),
}

/// Why a name did not open a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// No game has that name.
    #[error("unknown game `{name}`{}; the games are: {known}",
            suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    Unknown {
        /// The name asked for.
        name: String,
        /// The registered name closest to it, if one is close.
        suggestion: Option<&'static str>,
        /// Every name, with its parameter.
        known: String,
    },
    /// The game was found but its parameter is wrong or missing.
    #[error("{name}: {reason}")]
    Parameter {
        /// The game's name.
        name: &'static str,
        /// What is wrong.
        reason: ParameterError,
    },
}

/// Requires a parameter.
pub(crate) fn required<'a>(
    parameter: Option<&'a str>,
    what: &'static str,
    example: &'static str,
) -> Result<&'a str, ParameterError> {
    match parameter.map(str::trim) {
        Some(p) if !p.is_empty() => Ok(p),
        _ => Err(ParameterError::Missing { what, example }),
    }
}

/// Refuses a parameter.
pub(crate) fn none(parameter: Option<&str>) -> Result<(), ParameterError> {
    match parameter {
        None => Ok(()),
        Some(p) => Err(ParameterError::Unexpected(p.to_string())),
    }
}

/// The entry of the game `spec` names (its parameter is not read).
pub fn entry(spec: &str) -> Result<&'static Entry, OpenError> {
    let (name, _) = split(spec);
    GAMES
        .iter()
        .find(|entry| name.eq_ignore_ascii_case(entry.name))
        .ok_or_else(|| unknown(name))
}

/// No game is called `name`: the error, with the closest name if it is
/// close (at most a third of its letters wrong, and at least one right).
fn unknown(name: &str) -> OpenError {
    let lower = name.to_ascii_lowercase();
    let names = GAMES
        .iter()
        .map(|entry| entry.name)
        .chain(ALIASES.iter().map(|alias| alias.name));
    let suggestion = names
        .map(|n| (edit_distance(&lower, n), n))
        .min()
        .filter(|&(d, n)| d > 0 && d * 3 <= n.chars().count().max(lower.chars().count()))
        .map(|(_, n)| n);
    OpenError::Unknown {
        name: name.to_string(),
        suggestion,
        known: GAMES
            .iter()
            .map(display_name)
            .chain(
                ALIASES
                    .iter()
                    .map(|a| format!("{} ({})", a.name, a.stands_for)),
            )
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The Levenshtein distance of `a` and `b`: the fewest letters inserted,
/// deleted or replaced to make one the other.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The name and parameter of `spec` (`octal:0.07` → `octal`, `0.07`).
///
/// A classical name ([`ALIASES`], e.g. `kayles`) is read as the game it
/// stands for (`octal:0.77`), which then names itself so.
pub fn split(spec: &str) -> (&str, Option<&str>) {
    let (name, parameter) = match spec.split_once(':') {
        Some((name, parameter)) => (name.trim(), Some(parameter)),
        None => (spec.trim(), None),
    };
    match (alias(name), parameter) {
        (Some(alias), None) => split(alias.stands_for),
        _ => (name, parameter),
    }
}

/// A classical name of a game the registry has under another name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The name a student tries (`kayles`).
    pub name: &'static str,
    /// The registry's name for it (`octal:0.77`).
    pub stands_for: &'static str,
    /// The game's usual name.
    pub title: &'static str,
}

/// The classical names of games the registry has under other names: the
/// octal games of Winning Ways (Berlekamp, Conway, Guy), chapter 4, by
/// their usual names.
pub const ALIASES: &[Alias] = &[
    Alias {
        name: "kayles",
        stands_for: "octal:0.77",
        title: "Kayles",
    },
    Alias {
        name: "double-kayles",
        stands_for: "octal:0.7777",
        title: "Double Kayles",
    },
    Alias {
        name: "dawsons-kayles",
        stands_for: "octal:0.07",
        title: "Dawson's Kayles",
    },
    Alias {
        name: "dawsons-chess",
        stands_for: "octal:0.137",
        title: "Dawson's Chess",
    },
    Alias {
        name: "officers",
        stands_for: "octal:0.6",
        title: "Officers",
    },
    Alias {
        name: "guiles",
        stands_for: "octal:0.15",
        title: "Guiles",
    },
    Alias {
        name: "treblecross",
        stands_for: "octal:0.007",
        title: "Treblecross",
    },
];

/// The alias called `name`, if any (case aside).
pub fn alias(name: &str) -> Option<&'static Alias> {
    ALIASES
        .iter()
        .find(|alias| name.trim().eq_ignore_ascii_case(alias.name))
}

/// An entry written with its parameter: `octal:CODE`.
pub fn display_name(entry: &Entry) -> String {
    match entry.parameter {
        Some(p) => format!("{}:{p}", entry.name),
        None => entry.name.to_string(),
    }
}

/// Registers the games of `games/`, in one list of the types implementing
/// [`Registered`], in the order `grundy --help` lists them. Invoked once,
/// by the list the build script writes from the games' module declarations
/// (included at the end of `games/mod.rs`).
macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game, in the order `grundy --help` lists them.
        pub(crate) const GAMES: &[crate::registry::Entry] =
            &[$(<$game as crate::registry::Registered>::ENTRY),*];

        /// Builds the game called `name` (`None` when no game is).
        pub(crate) fn open(
            name: &str,
            parameter: Option<&str>,
            settings: &crate::registry::Settings,
        ) -> Option<Result<crate::AnyGame, crate::registry::OpenError>> {
            $(
                if name.eq_ignore_ascii_case(<$game as crate::registry::Registered>::ENTRY.name) {
                    return Some(crate::registry::open_registered::<$game>(parameter, settings));
                }
            )*
            None
        }
    };
}
pub(crate) use registry;

/// Every game, in the order `grundy --help` lists them.
pub const GAMES: &[Entry] = crate::games::GAMES;

/// Builds the game `spec` names.
pub fn open(spec: &str, settings: &Settings) -> Result<AnyGame, OpenError> {
    let (name, parameter) = split(spec);
    crate::games::open(name, parameter, settings).unwrap_or_else(|| Err(unknown(name)))
}

/// The game `G` built from its parameter, with the settings' flag.
pub(crate) fn open_registered<G: Registered>(
    parameter: Option<&str>,
    settings: &Settings,
) -> Result<AnyGame, OpenError> {
    let game = G::open(parameter, settings).map_err(|reason| OpenError::Parameter {
        name: G::ENTRY.name,
        reason,
    })?;
    let mut game = AnyGame::new(game);
    if let Some(cancel) = &settings.cancel {
        game.stop_when(cancel.clone());
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bomb::Progress;
    use crate::prelude::*;
    use crate::rng::Rng;

    /// The name of the game a spec opens, or the error.
    fn name_of(spec: &str) -> Result<String, OpenError> {
        open(spec, &Settings::default()).map(|game| game.name())
    }

    #[test]
    fn every_entry_opens_by_its_example_and_says_its_name() {
        let names: Vec<String> = GAMES.iter().map(display_name).collect();
        // The seed games first; every name once.
        assert_eq!(names[..3], ["bomb", "cutting", "matrix"]);
        assert!(names.contains(&"octal:CODE".to_string()), "{names:?}");
        let distinct: std::collections::HashSet<&str> = GAMES.iter().map(|e| e.name).collect();
        assert_eq!(distinct.len(), GAMES.len(), "{names:?}");
        for entry in GAMES {
            assert_eq!(name_of(entry.example), Ok(entry.example.to_string()));
            // The rules in words: a position, a move, and who wins; plain
            // text (no judge-format backticks).
            let rules = entry.rules;
            assert!(
                rules.contains("position") || rules.contains("lie on"),
                "{rules}"
            );
            assert!(rules.contains("A move"), "{rules}");
            assert!(rules.contains("loses") || rules.contains("wins"), "{rules}");
            assert!(!rules.contains('`'), "{rules}");
        }
        assert_eq!(name_of(" Octal:.77"), Ok("octal:0.77".to_string()));
        assert_eq!(
            name_of("subtraction:4,1"),
            Ok("subtraction:1,4".to_string())
        );
        assert_eq!(split("octal:0.07"), ("octal", Some("0.07")));
        assert_eq!(split("bomb"), ("bomb", None));
    }

    #[test]
    fn every_game_deals_a_position_with_a_move() {
        // A dealt game that is over before it starts is no game to play:
        // the page and `grundy play` deal at the default size.
        let mut over = Vec::new();
        for entry in GAMES {
            let mut game = open(entry.example, &Settings::default()).unwrap();
            for seed in 0..2000 {
                let position = game.random_position(&mut Rng::new(seed), None);
                if game.is_terminal(&position) {
                    over.push(format!("{}, seed {seed}: {position:?}", entry.name));
                    break;
                }
            }
        }
        assert!(over.is_empty(), "{over:?}");
    }

    #[test]
    fn every_game_does_what_its_abilities_declare() {
        fn check<G: Game>(mut game: G) -> (String, crate::game::Abilities, [bool; 3]) {
            let declared = game.abilities();
            let table = game.component_table(2, 2, Limits::default());
            if let Err(e) = &table {
                assert!(matches!(e, crate::Refusal::Unable(_)), "{e}");
            }
            let misere = game.misere(1000);
            if let Err(e) = &misere {
                assert!(matches!(e, crate::Refusal::NoMisere(_)), "{e}");
            }
            let genera = game.genera(3, 10_000);
            if let Err(e) = &genera {
                assert!(matches!(e, crate::Refusal::Unable(_)), "{e}");
            }
            (
                game.name(),
                declared,
                [table.is_ok(), misere.is_ok(), genera.is_ok()],
            )
        }
        let mut declared = Vec::new();
        for entry in GAMES {
            let (name, abilities, found) =
                check(open(entry.example, &Settings::default()).unwrap());
            assert_eq!(
                [abilities.table, abilities.misere, abilities.genera],
                found,
                "{name}"
            );
            declared.push((name, found));
        }
        let with = |i: usize| -> Vec<&str> {
            declared
                .iter()
                .filter(|(_, f)| f[i])
                .map(|(n, _)| n.as_str())
                .collect()
        };
        // What the games known to have each ability found (a game
        // registered later declares its own, checked above).
        let has = |i: usize, names: &[&str]| {
            let found = with(i);
            for name in names {
                assert!(found.contains(name), "{name} lacks ability {i}: {found:?}");
            }
        };
        has(0, &["bomb", "cutting"]);
        has(1, &["bomb", "matrix", "octal:0.07", "grundys-game", "nim"]);
        has(
            2,
            &["octal:0.07", "subtraction:1,3,4", "grundys-game", "nim"],
        );
        assert!(!with(0).contains(&"wythoff") && !with(1).contains(&"wythoff"));
    }

    #[test]
    fn names_and_parameters_are_refused_with_the_reason() {
        let error = |spec: &str| name_of(spec).unwrap_err().to_string();
        let known: Vec<String> = GAMES.iter().map(display_name).collect();
        // The classical names follow, each with what it stands for.
        let aliases = "kayles (octal:0.77), double-kayles (octal:0.7777), \
            dawsons-kayles (octal:0.07), dawsons-chess (octal:0.137), officers (octal:0.6), \
            guiles (octal:0.15), treblecross (octal:0.007)";
        assert_eq!(
            error("chess"),
            format!(
                "unknown game `chess`; the games are: {}, {aliases}",
                known.join(", ")
            )
        );
        // A close name is suggested; a far one is not.
        assert!(error("wythof").starts_with("unknown game `wythof` (did you mean `wythoff`?)"));
        assert!(error("Grundy-game").contains("(did you mean `grundys-game`?)"));
        assert!(error("bombs").contains("(did you mean `bomb`?)"));
        assert!(!error("go").contains("did you mean"));
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("nim", "nim"), 0);
        assert_eq!(
            error("octal"),
            "octal: expected an octal code after the `:`, like `octal:0.07`"
        );
        assert_eq!(
            error("octal: "),
            "octal: expected an octal code after the `:`, like `octal:0.07`"
        );
        assert_eq!(
            error("octal:0.0x7"),
            "octal: `0.0x7`: 'x' at position 4 is not a digit 0-9 or A-F"
        );
        assert_eq!(
            error("subtraction:"),
            "subtraction: expected a set of amounts after the `:`, like `subtraction:1,3,4`"
        );
        for game in GAMES
            .iter()
            .filter(|e| e.parameter.is_none())
            .map(|e| e.name)
        {
            assert_eq!(
                error(&format!("{game}:3")),
                format!("{game}: takes no parameter, found `:3`")
            );
        }
    }

    #[test]
    fn the_bomb_game_gets_the_front_ends_progress_and_store() {
        use std::sync::atomic::{AtomicU64, Ordering};

        struct Counting(Arc<AtomicU64>, Vec<u8>);
        impl TableStore for Counting {
            fn load(&mut self) -> Option<Vec<u8>> {
                self.0.fetch_add(1, Ordering::Relaxed);
                None
            }
            fn save(&mut self, bytes: &[u8]) {
                self.1 = bytes.to_vec();
            }
        }
        let loads = Arc::new(AtomicU64::new(0));
        let store: Arc<Mutex<Counting>> =
            Arc::new(Mutex::new(Counting(Arc::clone(&loads), Vec::new())));
        let reports = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&reports);
        let progress: Progress = Arc::new(move |_, _| {
            seen.fetch_add(1, Ordering::Relaxed);
        });
        let settings = Settings {
            limits: Limits::default(),
            progress: Some(progress),
            store: Some(store.clone()),
            ..Settings::default()
        };
        let mut game = crate::games::bomb::BombGame::open(None, &settings).unwrap();
        game.bomb_value(crate::games::bomb::Cell::new(200, 200).unwrap());
        crate::game::Game::finish(&mut game);
        assert_eq!(loads.load(Ordering::Relaxed), 1, "the store is asked once");
        assert!(reports.load(Ordering::Relaxed) > 0, "progress is reported");
        assert!(!store.lock().unwrap().1.is_empty(), "the table is kept");
    }

    #[test]
    fn classical_names_open_what_they_stand_for() {
        for alias in ALIASES {
            assert!(
                GAMES.iter().all(|entry| entry.name != alias.name),
                "{} is a game's own name",
                alias.name
            );
            let game = open(alias.name, &Settings::default()).unwrap();
            assert_eq!(game.name(), alias.stands_for);
            let upper = alias.name.to_ascii_uppercase();
            assert_eq!(
                open(&upper, &Settings::default()).unwrap().name(),
                alias.stands_for
            );
            assert_eq!(entry(alias.name).unwrap().name, "octal");
        }
        assert_eq!(split("kayles"), ("octal", Some("0.77")));
        assert_eq!(split(" officers "), ("octal", Some("0.6")));
        // An alias takes no parameter of its own.
        assert!(open("kayles:0.07", &Settings::default()).is_err());
        // Kayles' first values (OEIS A002186), Dawson's Kayles' (A002187).
        let values = |name: &str| {
            let mut game = open(name, &Settings::default()).unwrap();
            (0..12u64)
                .map(|n| {
                    let position = game
                        .position_from_wire(
                            &crate::wire::Position::Heaps { heaps: vec![n] },
                            crate::game::Limits::default(),
                        )
                        .unwrap();
                    game.value(&position).to_string()
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(values("kayles"), "*0 *1 *2 *3 *1 *4 *3 *2 *1 *4 *2 *6");
        assert_eq!(
            values("dawsons-kayles"),
            "*0 *0 *1 *1 *2 *0 *3 *1 *1 *0 *3 *3"
        );
    }

    #[test]
    fn a_misspelt_classical_name_is_suggested_and_listed() {
        let error = open("kayle", &Settings::default()).unwrap_err().to_string();
        assert!(error.contains("kayles"), "{error}");
        assert!(error.contains("dawsons-kayles (octal:0.07)"), "{error}");
    }
}
