//! Every game grundy knows, by name.
//!
//! A front end names a game (`bomb`, `octal:0.07`, `subtraction:1,3,4`) and
//! [`open`] builds it as an [`AnyGame`]: the one type every front end holds,
//! itself a [`Game`], so the front end's code never matches over game kinds
//! and never names a game's own types.
//!
//! # Adding a game
//! 1. Write one folder (say `games/nim/`, following `games/hackenbush/`)
//!    with the game's type, its [`Engine`](crate::engine::Engine), and the
//!    small traits that make it a [`Game`]: [`Present`](crate::game::Present)
//!    (name, words, drawing), [`Notation`](crate::game::Notation),
//!    [`WireForm`](crate::game::WireForm) (its wire shapes: the format's
//!    own, or a [`Shaped`](crate::wire::Shaped) one of its own),
//!    [`JudgeFormat`](crate::game::JudgeFormat) (its reader),
//!    [`Extras`](crate::game::Extras) (the abilities it declares) and
//!    [`Game`]. For a heap game, its [`Rules`](crate::rules::Rules) and
//!    [`HeapRules`] are enough: the [`Solver`](crate::rules::Solver) is its
//!    engine and [`HeapGame`] its [`Game`].
//! 2. Implement [`Registered`] for it: its [`Entry`] (name, whether it takes
//!    a parameter, a line of description) and how to build it from the
//!    parameter.
//! 3. Add its type to the one `registry!` line at the end of this file.
//!
//! Every front end (`grundy judge`, `solve`, `play`) then serves it. The
//! tests of `grundy-cli` (`toy_game.rs`) define a game by step 1 and solve
//! it with `grundy solve`'s code.

use std::sync::{Arc, Mutex};

use crate::any_game::AnyGame;
use crate::game::{Game, Limits};
use crate::games::bomb::{BombGame, Progress, TableStore};
use crate::games::cutting::CuttingGame;
use crate::games::grundys::GrundysGame;
use crate::games::hackenbush::GreenHackenbush;
use crate::games::heap::{heap_game, share_values, HeapGame, HeapRules};
use crate::games::matrix::MatrixGame;
use crate::games::nim::Nim;
use crate::games::octal::OctalCode;
use crate::games::subtraction::Subtraction;
use crate::games::wythoff::{wythoff_game, WythoffGame};
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
fn required<'a>(
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
fn none(parameter: Option<&str>) -> Result<(), ParameterError> {
    match parameter {
        None => Ok(()),
        Some(p) => Err(ParameterError::Unexpected(p.to_string())),
    }
}

impl Registered for BombGame {
    const ENTRY: Entry = Entry {
        name: "bomb",
        title: "Bomb Game",
        parameter: None,
        summary: "Bomb Game: `n m` then an n×m grid of `#`/`.`; answers John or Jack",
        rules: "Bombs lie on a grid, row 1 at the top and column 1 at the left. A move explodes one bomb: it disappears, and one new bomb lands higher up in its column and one further left in its row (only one lands when the bomb is on row 1 or in column 1). A bomb that lands on another makes both vanish, and one that lands on the top-left cell vanishes. The player who cannot move loses.",
        example: "bomb",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        let mut game = BombGame::new();
        if let Some(progress) = &settings.progress {
            game.report_progress(Arc::clone(progress));
        }
        if let Some(store) = &settings.store {
            game.keep_tables_in(Arc::clone(store), settings.limits.max_cells);
        }
        if let Some(shelf) = &settings.shelf {
            game.share_tables_on(Arc::clone(shelf));
        }
        if let Some(cancel) = &settings.cancel {
            game.stop_when(cancel.clone());
        }
        if let Some(threads) = settings.threads {
            game.use_threads(threads);
        }
        Ok(game)
    }
}

impl Registered for CuttingGame {
    const ENTRY: Entry = Entry {
        name: "cutting",
        title: "Cutting Game",
        parameter: None,
        summary: "Cutting Game (POJ 2311): pairs `W H`; answers WIN or LOSE",
        rules: "A position is one or more rectangular pieces of paper ruled in squares. A move cuts one piece in two along a grid line, straight across it. The player who cuts out a single square (a 1×1 piece) wins at once.",
        example: "cutting",
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        Ok(CuttingGame)
    }
}

impl Registered for MatrixGame {
    const ENTRY: Entry = Entry {
        name: "matrix",
        title: "Matrix Game",
        parameter: None,
        summary: "Matrix Game: T, then cases `m n` and m·n piles; answers `Case k: Alice|Bob`",
        rules: "A position is a grid of piles of stones. A move takes stones from one row only: at least one stone, from as many of that row's piles as you like. The player who cannot move, no stone being left, loses.",
        example: "matrix",
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        Ok(MatrixGame)
    }
}

/// A heap game sharing its values through the settings' shelf, if any,
/// and stopped by its flag.
fn opened<R: HeapRules>(mut game: HeapGame<R>, settings: &Settings) -> HeapGame<R> {
    if let Some(shelf) = &settings.shelf {
        share_values(&mut game, Arc::clone(shelf));
    }
    if let Some(cancel) = &settings.cancel {
        game.stop_when(cancel.clone());
    }
    game
}

impl Registered for HeapGame<OctalCode> {
    const ENTRY: Entry = Entry {
        name: "octal",
        title: "Octal game",
        parameter: Some("CODE"),
        summary: "an octal or hexadecimal take-and-break game: heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move takes k tokens from one heap as the code allows: its k-th digit after the point adds up 1 if the heap may then be gone, 2 if it may be left as one heap, and 4 if it may be left as two heaps (8, in a hexadecimal code: three heaps). So 0.07 lets a move take 2 tokens and leave none, one or two heaps. The digit before the point is for taking nothing (4: split a heap in two), and a digit followed by ! allows only heaps of different sizes: 4!.0 is Grundy's game. The player who cannot move loses.",
        example: "octal:0.07",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        let code = required(parameter, "an octal code", "octal:0.07")?;
        let code: OctalCode = code.parse().map_err(|reason| ParameterError::Code {
            parameter: code.to_string(),
            reason,
        })?;
        Ok(opened(heap_game(code), settings))
    }
}

impl Registered for HeapGame<Subtraction> {
    const ENTRY: Entry = Entry {
        name: "subtraction",
        title: "Subtraction game",
        parameter: Some("S"),
        summary:
            "take k tokens from a heap, k in the finite set S: heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move takes k tokens from one heap, for k one of the numbers of the set S (subtraction:1,3,4 takes 1, 3 or 4). The player who cannot move loses.",
        example: "subtraction:1,3,4",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        let set = required(parameter, "a set of amounts", "subtraction:1,3,4")?;
        Ok(opened(heap_game(set.parse::<Subtraction>()?), settings))
    }
}

impl Registered for HeapGame<GrundysGame> {
    const ENTRY: Entry = Entry {
        name: "grundys-game",
        title: "Grundy's game",
        parameter: None,
        summary:
            "Grundy's game: split a heap into two unequal heaps; heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move splits one heap into two heaps of different sizes (7 into 6 and 1, 5 and 2, or 4 and 3); heaps of 1 and 2 tokens cannot be split. The player who cannot move loses.",
        example: "grundys-game",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        Ok(opened(heap_game(GrundysGame), settings))
    }
}

impl Registered for HeapGame<Nim> {
    const ENTRY: Entry = Entry {
        name: "nim",
        title: "Nim",
        parameter: None,
        summary: "Nim: heap sizes, one position a line; a heap's value is its size",
        rules: "A position is a row of heaps of tokens. A move takes as many tokens as you like, at least one, from one heap. The player who cannot move, no token being left, loses.",
        example: "nim",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        Ok(opened(heap_game(Nim), settings))
    }
}

impl Registered for WythoffGame {
    const ENTRY: Entry = Entry {
        name: "wythoff",
        title: "Wythoff's game",
        parameter: None,
        summary: "Wythoff's game: pairs of heaps `x y` (several make a sum), one position a line",
        rules: "A position is a pair of heaps of tokens (several pairs are played side by side). A move takes tokens from one heap of a pair, as many as you like, or the same number from both heaps of a pair. The player who cannot move loses.",
        example: "wythoff",
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        let mut game = wythoff_game();
        if let Some(cancel) = &settings.cancel {
            game.stop_when(cancel.clone());
        }
        Ok(game)
    }
}

impl Registered for GreenHackenbush {
    const ENTRY: Entry = Entry {
        name: "green-hackenbush",
        title: "Green Hackenbush",
        parameter: None,
        summary: "Green Hackenbush: edges `u-v` (vertex 0 the ground), one position a line",
        rules: "A position is a drawing of edges, some of them standing on the ground. A move deletes one edge, and whatever is then no longer connected to the ground falls away. The player who cannot move, no edge being left, loses.",
        example: "green-hackenbush",
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        none(parameter)?;
        Ok(GreenHackenbush)
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
    let suggestion = GAMES
        .iter()
        .map(|entry| (edit_distance(&lower, entry.name), entry.name))
        .min()
        .filter(|&(d, n)| d > 0 && d * 3 <= n.chars().count().max(lower.chars().count()))
        .map(|(_, n)| n);
    OpenError::Unknown {
        name: name.to_string(),
        suggestion,
        known: GAMES
            .iter()
            .map(display_name)
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
pub fn split(spec: &str) -> (&str, Option<&str>) {
    match spec.split_once(':') {
        Some((name, parameter)) => (name.trim(), Some(parameter)),
        None => (spec.trim(), None),
    }
}

/// An entry written with its parameter: `octal:CODE`.
pub fn display_name(entry: &Entry) -> String {
    match entry.parameter {
        Some(p) => format!("{}:{p}", entry.name),
        None => entry.name.to_string(),
    }
}

macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game, in the order `grundy --help` lists them.
        pub const GAMES: &[Entry] = &[$(<$game as Registered>::ENTRY),*];

        /// Builds the game `spec` names.
        pub fn open(spec: &str, settings: &Settings) -> Result<AnyGame, OpenError> {
            let (name, parameter) = split(spec);
            $(
                let entry = <$game as Registered>::ENTRY;
                if name.eq_ignore_ascii_case(entry.name) {
                    let game = <$game as Registered>::open(parameter, settings)
                        .map_err(|reason| OpenError::Parameter { name: entry.name, reason })?;
                    let mut game = AnyGame::new(game);
                    if let Some(cancel) = &settings.cancel {
                        game.stop_when(cancel.clone());
                    }
                    return Ok(game);
                }
            )*
            Err(unknown(name))
        }
    };
}

registry![
    BombGame,
    CuttingGame,
    MatrixGame,
    HeapGame<OctalCode>,
    HeapGame<Subtraction>,
    HeapGame<GrundysGame>,
    WythoffGame,
    GreenHackenbush,
    HeapGame<Nim>,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bomb::Progress;
    use crate::prelude::*;

    /// The name of the game a spec opens, or the error.
    fn name_of(spec: &str) -> Result<String, OpenError> {
        open(spec, &Settings::default()).map(|game| game.name())
    }

    #[test]
    fn every_entry_opens_by_its_example_and_says_its_name() {
        let names: Vec<String> = GAMES.iter().map(display_name).collect();
        assert_eq!(
            names,
            [
                "bomb",
                "cutting",
                "matrix",
                "octal:CODE",
                "subtraction:S",
                "grundys-game",
                "wythoff",
                "green-hackenbush",
                "nim"
            ]
        );
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
        assert_eq!(with(0), ["bomb", "cutting"]);
        assert_eq!(
            with(1),
            [
                "bomb",
                "matrix",
                "octal:0.07",
                "subtraction:1,3,4",
                "grundys-game",
                "green-hackenbush",
                "nim"
            ]
        );
        assert_eq!(
            with(2),
            ["octal:0.07", "subtraction:1,3,4", "grundys-game", "nim"]
        );
    }

    #[test]
    fn names_and_parameters_are_refused_with_the_reason() {
        let error = |spec: &str| name_of(spec).unwrap_err().to_string();
        assert_eq!(
            error("chess"),
            "unknown game `chess`; the games are: bomb, cutting, matrix, octal:CODE, \
             subtraction:S, grundys-game, wythoff, green-hackenbush, nim"
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
        for game in [
            "bomb",
            "cutting",
            "matrix",
            "grundys-game",
            "wythoff",
            "green-hackenbush",
        ] {
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
        let mut game = BombGame::open(None, &settings).unwrap();
        game.bomb_value(crate::games::bomb::Cell::new(200, 200).unwrap());
        crate::game::Game::finish(&mut game);
        assert_eq!(loads.load(Ordering::Relaxed), 1, "the store is asked once");
        assert!(reports.load(Ordering::Relaxed) > 0, "progress is reported");
        assert!(!store.lock().unwrap().1.is_empty(), "the table is kept");
    }
}
