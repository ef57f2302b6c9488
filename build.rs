//! Embeds the WebAssembly package (wasm/, built by scripts/build-wasm.sh) in the server when it
//! has been built, so that `/wasm/` serves it; without it the routes answer 404 with a problem
//! that says how to build it. The package needs its own toolchain (a wasm32 target and
//! wasm-bindgen-cli): a plain `cargo build` must not, so it is never built from here.
//!
//! It also embeds the play page's files: every file in src/http/play/, so that a new file there
//! (a new board kind's script and style sheet) is served with no list to edit.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// The package's files the server sends, as they lie under wasm/.
const FILES: [&str; 3] = ["index.js", "pkg/sumpuzzles.js", "pkg/sumpuzzles_bg.wasm"];

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed=build.rs");
    // Only the server serves the package; the engine alone (and the package's own build of
    // it, which writes wasm/pkg/) does not look for it, so building the package never makes
    // the engine build again.
    let code = if env::var_os("CARGO_FEATURE_SERVER").is_some() {
        watch(&root.join("wasm"));
        package(&root.join("wasm"))
    } else {
        "None".to_string()
    };
    let code = format!(
        "// Written by build.rs.\n/// The WebAssembly package, when it was built.\n\
         pub const PACKAGE: Option<Package> = {code};\n"
    );
    fs::write(out.join("wasm_package.rs"), code).expect("OUT_DIR is writable");
    if env::var_os("CARGO_FEATURE_SERVER").is_some() {
        fs::write(
            out.join("play_files.rs"),
            play_files(&root.join("src/http/play")),
        )
        .expect("OUT_DIR is writable");
    }
}

/// `const FILES`, each file of the play page's folder by name with its text, sorted by name.
/// The folder is watched: cargo looks at every file in a watched folder, so adding, changing or
/// removing one runs this again.
fn play_files(dir: &Path) -> String {
    println!("cargo:rerun-if-changed=src/http/play");
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("src/http/play/ is readable")
        .map(|entry| entry.expect("src/http/play/ is readable").path())
        .filter(|path| path.is_file())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let entries: String = names
        .iter()
        .map(|name| {
            let path = format!("{:?}", dir.join(name).display().to_string());
            format!("    ({name:?}, include_str!({path})),\n")
        })
        .collect();
    format!(
        "// Written by build.rs.\n/// The play page's files (src/http/play/): name, text.\n\
         pub const FILES: &[(&str, &str)] = &[\n{entries}];\n"
    )
}

/// Tells cargo which of the package's paths to watch. Cargo reruns a build script on every
/// build when a watched path does not exist, which recompiled the crate each time on a clone
/// without the package; so only paths that exist are named. Until wasm/pkg/ exists, wasm/
/// itself is watched: making the package changes it, and then its files are named.
fn watch(dir: &Path) {
    let pkg = dir.join("pkg");
    if pkg.is_dir() {
        println!("cargo:rerun-if-changed=wasm/pkg");
        for file in FILES.iter().filter(|file| dir.join(file).is_file()) {
            println!("cargo:rerun-if-changed=wasm/{file}");
        }
    } else {
        println!("cargo:rerun-if-changed=wasm");
    }
}

/// `Some(Package { .. })` including each file, or `None` when one is missing.
fn package(dir: &Path) -> String {
    let paths: Vec<PathBuf> = FILES.iter().map(|file| dir.join(file)).collect();
    if !paths.iter().all(|path| path.is_file()) {
        return "None".to_string();
    }
    let [index, glue, module] = [0, 1, 2].map(|i| format!("{:?}", paths[i].display().to_string()));
    // FNV-1a over the three files: a validator for caches, not a defence against anyone.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &paths {
        for byte in fs::read(path).expect("the package's files are readable") {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!(
        "Some(Package {{ index: include_str!({index}), glue: include_str!({glue}), \
         module: include_bytes!({module}), etag: \"\\\"{hash:016x}\\\"\" }})"
    )
}
