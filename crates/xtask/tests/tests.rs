//! The repository's checks over the repository itself, and over small trees
//! made to pass or fail them.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::Path;

use xtask::links::{broken_links, documents};
use xtask::modules::{crate_cycles, workspace_cycles};

#[test]
fn no_crate_has_a_module_import_cycle() {
    let cycles = workspace_cycles(&xtask::repository().join("crates")).unwrap();
    let said: Vec<String> = cycles.iter().map(ToString::to_string).collect();
    assert!(cycles.is_empty(), "{}", said.join("\n"));
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let root = xtask::repository();
    let documents = documents(&root);
    assert!(documents.iter().any(|document| document.ends_with("README.md")));
    let broken = broken_links(&root, &documents).unwrap();
    let said: Vec<String> = broken.iter().map(ToString::to_string).collect();
    assert!(broken.is_empty(), "{}", said.join("\n"));
}

/// Writes `files` (path, text) under a new folder.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

fn cycle_files(src: &Path) -> Vec<Vec<String>> {
    crate_cycles(src)
        .unwrap()
        .into_iter()
        .map(|cycle| {
            cycle
                .files
                .iter()
                .map(|file| file.strip_prefix(src).unwrap().display().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn two_files_that_use_each_other_are_a_cycle() {
    let dir = tree(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\npub(crate) struct A;\n"),
        ("b.rs", "pub(crate) struct B;\npub(crate) fn f() -> crate::a::A { crate::a::A }\n"),
    ]);
    assert_eq!(cycle_files(dir.path()), [["a.rs", "b.rs"]]);
}

#[test]
fn a_chain_through_a_folder_and_super_is_followed() {
    let dir = tree(&[
        ("lib.rs", "mod top;\nmod low;\n"),
        ("top.rs", "pub(crate) fn go() { crate::low::inner::deep(); }\n"),
        ("low/mod.rs", "mod inner;\n"),
        ("low/inner.rs", "pub(crate) fn deep() { super::super::top::go(); }\n"),
    ]);
    assert_eq!(cycle_files(dir.path()), [["low/inner.rs", "top.rs"]]);
}

#[test]
fn a_mod_rs_that_only_re_exports_ties_nothing() {
    let dir = tree(&[
        ("lib.rs", "mod board;\npub use board::{Race, Table};\n"),
        ("board/mod.rs", "mod race;\nmod table;\npub use race::Race;\npub use table::Table;\n"),
        ("board/race.rs", "pub struct Race;\n"),
        // A sibling reached through the parent's re-export, and through the
        // crate root's.
        ("board/table.rs", "use super::Race;\npub struct Table(Race, crate::Race);\n"),
    ]);
    assert!(cycle_files(dir.path()).is_empty());
}

#[test]
fn a_child_using_an_item_of_the_mod_rs_that_re_exports_it_is_a_cycle() {
    let dir = tree(&[
        ("lib.rs", "mod board;\n"),
        ("board/mod.rs", "mod race;\npub use race::Race;\npub(crate) const MAX: u8 = 121;\n"),
        ("board/race.rs", "pub struct Race([u8; super::MAX as usize]);\n"),
    ]);
    assert_eq!(cycle_files(dir.path()), [["board/mod.rs", "board/race.rs"]]);
}

#[test]
fn test_code_and_outside_crates_do_not_count() {
    let dir = tree(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "use std::fmt;\npub(crate) fn a() {}\n#[cfg(test)]\nmod tests {\n    use crate::b::b;\n}\n",
        ),
        ("b.rs", "pub(crate) fn b() { crate::a::a(); }\n"),
    ]);
    assert!(cycle_files(dir.path()).is_empty());
}

#[test]
fn paths_in_macro_arguments_count() {
    let dir = tree(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "pub(crate) fn a() { println!(\"{}\", crate::b::b()); }\n"),
        ("b.rs", "pub(crate) fn b() -> u8 { crate::a::a(); 1 }\n"),
    ]);
    assert_eq!(cycle_files(dir.path()), [["a.rs", "b.rs"]]);
}

#[test]
fn a_missing_module_file_is_an_error() {
    let dir = tree(&[("lib.rs", "mod gone;\n")]);
    let error = crate_cycles(dir.path()).unwrap_err();
    assert!(error.to_string().contains("mod gone"), "{error}");
}

#[test]
fn broken_links_and_anchors_are_found() {
    let dir = tree(&[
        (
            "README.md",
            "# crib\n\n[guide](docs/guide.md) [play](docs/guide.md#playing) \
             [gone](docs/gone.md) [no such part](docs/guide.md#serving) \
             [here](#crib) [nowhere](#elsewhere) [web](https://example.org/x.md)\n",
        ),
        ("docs/guide.md", "# Guide\n\n## Playing\n\n[back](../README.md#crib)\n"),
    ]);
    let documents = documents(dir.path());
    let broken = broken_links(dir.path(), &documents).unwrap();
    let links: Vec<&str> = broken.iter().map(|broken| broken.link.as_str()).collect();
    assert_eq!(links, ["docs/gone.md", "docs/guide.md#serving", "#elsewhere"]);
}
