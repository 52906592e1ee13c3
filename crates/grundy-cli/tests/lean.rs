//! What a build without the default features says of what it leaves out
//! (`cargo test -p grundy-cli --no-default-features --test lean`, which CI
//! runs); in the default build, table.rs and serve.rs test those features
//! instead. The main job is the same code in either build.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;

fn grundy() -> Command {
    Command::new(cargo_bin("grundy"))
}

#[test]
fn the_main_job_needs_no_feature() {
    grundy()
        .args(["judge", "cutting"])
        .write_stdin("4 2\n2 2\n")
        .assert()
        .success()
        .stdout("WIN\nLOSE\n")
        .stderr("");
    grundy()
        .args(["table", "bomb", "--size", "3", "--format", "csv"])
        .assert()
        .success();
}

#[cfg(not(feature = "pictures"))]
#[test]
fn pictures_are_refused_naming_the_feature() {
    for format in ["png", "svg"] {
        let out = grundy()
            .args(["table", "bomb", "--size", "4", "--format", format])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(out.stdout.is_empty(), "{format}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr,
            "grundy: this grundy was built without picture output (cargo feature `pictures`)\n"
        );
    }
}

#[cfg(not(feature = "serve"))]
#[test]
fn the_playground_is_refused_naming_the_feature_and_left_out_of_the_help() {
    for args in [
        &["serve"][..],
        &["serve", "--port", "8080", "--open"],
        &["--no-cache", "serve"],
        &["help", "serve"],
    ] {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "grundy: this grundy was built without the playground (cargo feature `serve`)\n"
        );
    }
    // Any other subcommand it does not know gets clap's own word.
    let out = grundy().arg("serv").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: unrecognized subcommand 'serv'"),
        "{stderr}"
    );
    let help = grundy().arg("--help").output().unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(!help.contains("serve"), "{help}");
    assert!(help.contains("grundy octal 0.07"), "{help}");
}

#[cfg(not(feature = "serve"))]
#[test]
fn completions_and_man_pages_leave_the_playground_out() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = grundy().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains("quotient"), "{shell}: {script}");
        assert!(!script.contains("serve"), "{shell}: {script}");
    }
    let dir = tempfile::tempdir().unwrap();
    grundy()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    let mut pages: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    pages.sort();
    assert!(
        pages.contains(&"grundy-quotient.1".to_string()),
        "{pages:?}"
    );
    for page in &pages {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        assert!(!text.contains("serve"), "{page}");
    }
}
