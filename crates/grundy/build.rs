//! Writes the registry's list of games (`$OUT_DIR/registry.rs`) from the
//! game modules themselves, so that a game is its folder and the one line
//! `pub mod <name>;` in `src/games/mod.rs`.
//!
//! A module of `src/games/` is a game when its root (`<name>.rs` or
//! `<name>/mod.rs`) declares the type it registers:
//! `pub type Registration = Chomp;`. The games are listed in the order of
//! their `pub mod` lines (rustfmt sorts each group of them). A module that
//! implements `Registered` without declaring its `Registration` stops the
//! build, so a game cannot be left out of the list by mistake.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// What marks a module's root as a game's.
const MARK: &str = "pub type Registration =";

fn main() {
    let games = Path::new("src/games");
    println!("cargo:rerun-if-changed={}", games.display());
    let list = match registrations(games) {
        Ok(list) => list,
        Err(message) => {
            // A build script reports a failure by its exit status; its
            // stderr is shown with the error.
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    };
    let mut out = String::from(
        "// Written by build.rs from the `pub mod` lines of src/games/mod.rs.\n\
         crate::registry::registry! {\n",
    );
    for module in &list {
        out.push_str(&format!("    {module}::Registration,\n"));
    }
    out.push_str("}\n");
    let path =
        PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("registry.rs");
    if fs::read_to_string(&path).ok().as_deref() != Some(out.as_str()) {
        fs::write(&path, out).expect("OUT_DIR is writable");
    }
}

/// The game modules of `games`, in the order `mod.rs` declares them.
fn registrations(games: &Path) -> Result<Vec<String>, String> {
    let root = games.join("mod.rs");
    let text = fs::read_to_string(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    let mut list = Vec::new();
    for line in text.lines() {
        let Some(name) = line
            .trim()
            .strip_prefix("pub mod ")
            .and_then(|rest| rest.strip_suffix(';'))
        else {
            continue;
        };
        let folder = games.join(name);
        let module_root = if folder.is_dir() {
            folder.join("mod.rs")
        } else {
            games.join(format!("{name}.rs"))
        };
        let source = fs::read_to_string(&module_root)
            .map_err(|e| format!("{}: {e}", module_root.display()))?;
        if source
            .lines()
            .any(|line| line.trim_start().starts_with(MARK))
        {
            list.push(name.to_owned());
        } else if let Some(file) = implements_registered(&module_root, &folder)? {
            return Err(format!(
                "{} implements Registered, but {} does not say `{MARK} …;`, so the game would not be registered",
                file.display(),
                module_root.display()
            ));
        }
    }
    Ok(list)
}

/// A file of the module that implements `Registered`, if one does.
fn implements_registered(module_root: &Path, folder: &Path) -> Result<Option<PathBuf>, String> {
    let mut files = vec![module_root.to_path_buf()];
    if folder.is_dir() {
        let mut pending = vec![folder.to_path_buf()];
        while let Some(dir) = pending.pop() {
            let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for entry in entries {
                let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|ext| ext == "rs") {
                    files.push(path);
                }
            }
        }
    }
    for file in files {
        let source = fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        if source.lines().any(|line| {
            let line = line.trim_start();
            line.starts_with("impl") && line.contains("Registered for ")
        }) {
            return Ok(Some(file));
        }
    }
    Ok(None)
}
