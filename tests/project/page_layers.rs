//! The page's layering (issue 29), read from its own source, as [`super::layering`] reads
//! `src/`: every script of `www/` sits in one of the folders of [`FOLDERS`] and imports only
//! from the folders its row allows, so the page's code points one way — `app/` wires
//! `controllers/`, controllers drive `views/`, views draw with `lib/`, and `lib/` knows
//! nothing of the page — while `engine/` (the Web Worker's side) shares no module with them.
//! Every relative reference (an `import`, a `new URL(…, import.meta.url)`, a `src` or `href`
//! of `index.html`) must name a file that exists, but in what `scripts/build` generates
//! ([`GENERATED`]), which is not read either.
//! The folders are described in the book's "The page's code" (docs/src/page-code.md).

use std::fs;
use std::path::Path;

/// Each folder of `www/` and the folders its scripts may import from.
const FOLDERS: &[(&str, &[&str])] = &[
    ("app", &["app", "controllers", "views", "lib", "vendor"]),
    ("controllers", &["controllers", "views", "lib", "vendor"]),
    ("views", &["views", "lib", "vendor"]),
    ("lib", &["lib", "vendor"]),
    // The worker imports the wasm-bindgen package, served at /pkg/ beside the page.
    ("engine", &["engine", "pkg"]),
];

/// Folders and files of the site that `scripts/build` writes (not committed): references into
/// them are not checked for a file, nor are they read. `data/` holds the Connect Four opening book `pnplay book merge` writes (hours of CPU, see
/// docs/src/games/connect4-book.md); the worker answers without it when it is absent.
/// `app/main.bundle.js` is the app's modules bundled by `scripts/bundle` (their sources are
/// read), which `index.html` loads.
const GENERATED: &[&str] = &["vendor", "pkg", "data", "app/main.bundle.js"];

/// Whether site path `site` is, or lies in, one of [`GENERATED`].
fn generated(site: &str) -> bool {
    GENERATED.iter().any(|path| {
        site.strip_prefix(path)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    })
}

/// A relative reference of a file: its line (from 1), what it names, and whether it is an
/// import (checked against [`FOLDERS`]) or only a file the page loads.
#[derive(Debug)]
struct Reference {
    line: usize,
    target: String,
    import: bool,
}

/// The first quoted string of `text` (single, double or back quotes), if it opens it.
fn quoted(text: &str) -> Option<&str> {
    let quote = text
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let rest = &text[1..];
    rest.find(quote).map(|end| &rest[..end])
}

/// The module references of a script, line by line: static imports and re-exports
/// (`import … from '…'`, `} from '…'`, `export … from '…'`, `import '…'`), dynamic
/// `import('…')`, and `new URL('…', import.meta.url)` (a file the script loads, such as the
/// worker). Comment lines are skipped.
fn script_references(text: &str) -> Vec<Reference> {
    let mut found = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        if line.starts_with("//") || line.starts_with('*') || line.starts_with("/*") {
            continue;
        }
        let mut add = |target: Option<&str>, import: bool| {
            if let Some(target) = target {
                found.push(Reference {
                    line: index + 1,
                    target: target.to_string(),
                    import,
                });
            }
        };
        let statement =
            line.starts_with("import ") || line.starts_with("export ") || line.starts_with("} ");
        if statement {
            if let Some(at) = line.find(" from ") {
                add(quoted(line[at + 6..].trim_start()), true);
            } else if let Some(rest) = line.strip_prefix("import ") {
                add(quoted(rest.trim_start()), true);
            }
        }
        for (at, _) in line.match_indices("import(") {
            add(quoted(line[at + 7..].trim_start()), true);
        }
        for (at, _) in line.match_indices("new URL(") {
            let rest = &line[at + 8..];
            if rest.contains("import.meta.url") {
                add(quoted(rest.trim_start()), false);
            }
        }
    }
    found
}

/// The local `src` and `href` values of an HTML page (not fragments, absolute URLs or data).
fn html_references(text: &str) -> Vec<Reference> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for attribute in ["src=", "href="] {
            for (at, _) in line.match_indices(attribute) {
                let Some(target) = quoted(&line[at + attribute.len()..]) else {
                    continue;
                };
                let external = target.starts_with('#')
                    || target.starts_with('/')
                    || target.contains(':')
                    || target.is_empty();
                if !external {
                    found.push(Reference {
                        line: index + 1,
                        target: target.to_string(),
                        import: false,
                    });
                }
            }
        }
    }
    found
}

/// `target` as written in the file at site path `from`, as a site path (`lib/values.js`);
/// None if it is not relative or leaves the site.
fn resolve(from: &str, target: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    let relative = target.starts_with("./") || target.starts_with("../");
    let html = from.ends_with(".html");
    if !relative && !html {
        return None;
    }
    for part in target.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

/// The top folder of a site path (`''` for a file at the root).
fn folder(site_path: &str) -> &str {
    site_path.split_once('/').map_or("", |(top, _)| top)
}

/// What breaks the layering in `files` (site path, text): a script outside the folders, an
/// import across the layers or out of the site, or a reference to a file that `exists`
/// does not know. Each problem names the file and line.
fn problems(files: &[(String, String)], exists: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        let (references, allowed) = if path.ends_with(".html") {
            (html_references(text), None)
        } else {
            let Some((_, allowed)) = FOLDERS.iter().find(|(name, _)| *name == folder(path)) else {
                found.push(format!(
                    "{path}: a script outside the folders {:?}",
                    FOLDERS.iter().map(|(name, _)| *name).collect::<Vec<_>>()
                ));
                continue;
            };
            (script_references(text), Some(*allowed))
        };
        for reference in references {
            let place = format!("{path}:{}", reference.line);
            let Some(site) = resolve(path, &reference.target) else {
                found.push(format!(
                    "{place}: '{}' is not a relative path inside the site",
                    reference.target
                ));
                continue;
            };
            let top = folder(&site);
            if let (true, Some(allowed)) = (reference.import, allowed) {
                if !allowed.contains(&top) {
                    found.push(format!(
                        "{place}: {} imports {site}, but {} may import only from {allowed:?}",
                        folder(path),
                        folder(path)
                    ));
                }
            }
            if !generated(&site) && !exists(&site) {
                found.push(format!(
                    "{place}: '{}' names no file ({site})",
                    reference.target
                ));
            }
        }
    }
    found
}

/// Every `.js` file of `dir` (recursively) but the generated folders, and index.html, as
/// (site path, text).
fn site_files(www: &Path, prefix: &str, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(www.join(prefix))
        .expect("www/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let site = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}/{name}")
        };
        if path.is_dir() {
            if !generated(&site) {
                site_files(www, &site, out);
            }
        } else if !generated(&site)
            && (name.ends_with(".js") || name.ends_with(".mjs") || site == "index.html")
        {
            out.push((site, fs::read_to_string(&path).expect("a readable file")));
        }
    }
}

#[test]
fn the_page_scripts_import_only_down_the_layers_and_name_files_that_exist() {
    let www = Path::new(env!("CARGO_MANIFEST_DIR")).join("www");
    let mut files = Vec::new();
    site_files(&www, "", &mut files);
    let scripts = files
        .iter()
        .filter(|(path, _)| path.ends_with(".js"))
        .count();
    assert!(scripts >= 40, "only {scripts} scripts found under www/");
    assert!(files.iter().any(|(path, _)| path == "index.html"));
    let found = problems(&files, |site| www.join(site).is_file());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_sees_each_kind_of_break() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let files = [
        file(
            "lib/chart.js",
            "// import { x } from '../app/main.js'; (a comment)\n\
             import uPlot from '../vendor/uPlot.mjs';\n\
             import {\n  a,\n} from '../views/panel.js';\n",
        ),
        file(
            "views/panel.js",
            "import { VERSION } from '../app/share.js';\nimport d3 from 'd3';\n",
        ),
        file(
            "controllers/run.js",
            "export { b } from './gone.js';\nconst w = new URL('../engine/worker.js', import.meta.url);\n",
        ),
        file(
            "app/main.js",
            "const m = await import('../../outside.js');\n",
        ),
        file("engine/worker.js", "import init from '../pkg/pnplay.js';\n"),
        file("loose.js", "export const x = 1;\n"),
        file(
            "index.html",
            "<link href=\"style.css\"><script src=\"app/gone.js\"></script><a href=\"#top\">",
        ),
    ];
    let exists = |site: &str| {
        [
            "lib/chart.js",
            "views/panel.js",
            "app/main.js",
            "app/share.js",
            "engine/worker.js",
            "style.css",
        ]
        .contains(&site)
    };
    assert_eq!(
        problems(&files, exists),
        [
            "lib/chart.js:5: lib imports views/panel.js, but lib may import only from [\"lib\", \"vendor\"]",
            "views/panel.js:1: views imports app/share.js, but views may import only from [\"views\", \"lib\", \"vendor\"]",
            "views/panel.js:2: 'd3' is not a relative path inside the site",
            "controllers/run.js:1: './gone.js' names no file (controllers/gone.js)",
            "app/main.js:1: '../../outside.js' is not a relative path inside the site",
            "loose.js: a script outside the folders [\"app\", \"controllers\", \"views\", \"lib\", \"engine\"]",
            "index.html:1: 'app/gone.js' names no file (app/gone.js)",
        ]
    );
}
