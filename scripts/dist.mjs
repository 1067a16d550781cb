// Builds dist/: the page as a static site any host serves as is (GitHub Pages, a bucket,
// `python3 -m http.server`), laid out as `pnplay serve` serves the repository — www/ at the
// root, pkg/ under pkg/, the committed results under results/ — with
//   * content-hashed names for every script, style sheet, image and the wasm
//     (`name.<10 hex>.ext`, references rewritten), so a host may cache them forever;
//     index.html keeps its name;
//   * the engine's modules (each runs some of the games), each as its plain package
//     (pkg/<module>/) and its threaded one (pkg/threads/<module>/), each wasm precompressed
//     (`.wasm.br`, `.wasm.gz`) beside it, and pkg/modules.json (each game's module);
//     engine/wasm-source.js is pointed at the gzip files, which the worker fetches and
//     unpacks itself, so even a host that compresses nothing sends them compressed;
//   * coi-serviceworker (npm, vendored by scripts/build) at the root under its own name,
//     loaded first by index.html: on a host that sends no COOP/COEP headers it registers
//     itself as a service worker that adds them and reloads the page once, so the page is
//     cross-origin isolated and the engine runs the threaded package (without service
//     workers the page stays on the plain package, one thread);
//   * results.json: the list of the committed results files (`git ls-files`) and of the
//     folders' cards.json (copied with the READMEs they cite), as `pnplay serve` answers it,
//     so the results viewer and the Papers view list them without a server.
// Run it after scripts/build (scripts/dist does both).   node scripts/dist.mjs [OUT]

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] ?? path.join(repo, 'dist'));

/** The files of `dir` (recursively), as paths relative to it with `/`. */
function walk(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(dir, relative) : [relative];
  });
}

/** The service worker that adds the isolation headers: at the root, so that its scope is the
 * whole site, and under its own name, so that a new deploy updates the registered one. */
const SHIM = 'coi-serviceworker.js';
/** The engine's modules scripts/build made (pkg/games-*). */
const MODULES = existsSync(path.join(repo, 'pkg')) ? readdirSync(path.join(repo, 'pkg')).filter((name) => name.startsWith('games-')).sort() : [];
/** Whether scripts/build made the threaded packages (not on the rustup route): without them
 * the site runs on one thread and needs no shim. */
const THREADED = MODULES.length > 0 && MODULES.every((module) => existsSync(path.join(repo, 'pkg', 'threads', module, 'pnplay_bg.wasm')));
/** The packages' folders under pkg/, each with the constant of engine/wasm-source.js that
 * points at its gzip copy (module → file) and its module. */
const PACKAGES = [
  ...MODULES.map((module) => [module, 'COMPRESSED', module]),
  ...(THREADED ? MODULES.map((module) => [`threads/${module}`, 'COMPRESSED_THREADS', module]) : []),
];
/** The packages' wasm files. */
const WASM = PACKAGES.map(([folder]) => `pkg/${folder}/pnplay_bg.wasm`);

/** The site's files: site path → source path (www/ at the root, the packages under pkg/, the
 * shim at the root). */
function sources() {
  const files = new Map();
  for (const file of walk(path.join(repo, 'www'))) {
    if (file !== `vendor/${SHIM}`) files.set(file, path.join(repo, 'www', file));
  }
  if (MODULES.length === 0) throw new Error('dist: pkg/ has no engine module (games-*): run scripts/build first');
  for (const file of ['modules.json', ...PACKAGES.flatMap(([folder]) => [`${folder}/pnplay.js`, `${folder}/pnplay_bg.wasm`])]) {
    const source = path.join(repo, 'pkg', file);
    if (!existsSync(source)) throw new Error(`dist: ${source} is missing: run scripts/build first`);
    files.set(`pkg/${file}`, source);
  }
  for (const vendored of ['uPlot.mjs', SHIM]) {
    if (!existsSync(path.join(repo, 'www', 'vendor', vendored))) throw new Error(`dist: www/vendor/${vendored} is missing: run scripts/build first`);
  }
  if (THREADED) files.set(SHIM, path.join(repo, 'www', 'vendor', SHIM));
  return files;
}

const TEXT = /\.(m?js|css|html|svg)$/;
const HASHED = /\.(m?js|css|svg|wasm)$/;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `to` (a site path) as a reference from a file at site path `from`. */
function relative(from, to) {
  return path.posix.relative(path.posix.dirname(from), to);
}

/**
 * The site paths `file` (text) refers to among `names`, as quoted or attribute references
 * (`'./x.js'`, `"vendor/y.css"`, `url(z.svg)`; a name in a comment's parentheses is not one),
 * each with the exact text that refers to it.
 */
function references(file, text, names) {
  const found = [];
  for (const name of names) {
    if (name === file) continue;
    const link = relative(file, name);
    const pattern = new RegExp(`(['"\`]|url\\()((?:\\./)?${escape(link)})(['"\`)])`, 'g');
    if (pattern.test(text)) found.push({ name, pattern });
  }
  return found;
}

function hashName(name, bytes) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = path.posix.extname(name);
  return `${name.slice(0, -ext.length)}.${hash}${ext}`;
}

function build() {
  const files = sources();
  const names = [...files.keys()];
  const contents = new Map(names.map((name) => [name, readFileSync(files.get(name))]));
  const renamed = new Map(); // site path → hashed site path

  // The wasm files first (they refer to nothing): their hashed names, and wasm-source.js
  // pointed at their gzip files before anything refers to wasm-source.js.
  const source = 'engine/wasm-source.js';
  let sourceText = contents.get(source).toString('utf8');
  const compressed = new Map();
  for (const [folder, constant, module] of PACKAGES) {
    const wasm = `pkg/${folder}/pnplay_bg.wasm`;
    renamed.set(wasm, hashName(wasm, contents.get(wasm)));
    if (!compressed.has(constant)) compressed.set(constant, {});
    compressed.get(constant)[module] = `${relative(source, renamed.get(wasm))}.gz`;
  }
  for (const [constant, files] of compressed) {
    const marker = `const ${constant} = null;`;
    if (!sourceText.includes(marker)) throw new Error(`dist: ${source} has no "${marker}" line to point at the compressed wasm`);
    sourceText = sourceText.replace(marker, `const ${constant} = ${JSON.stringify(files)};`);
  }
  contents.set(source, Buffer.from(sourceText));
  // index.html loads the shim before anything else.
  if (THREADED) {
    const index = contents.get('index.html').toString('utf8');
    const head = '<meta charset="utf-8">';
    if (!index.includes(head)) throw new Error(`dist: index.html has no ${head} to put the service worker's script after`);
    contents.set('index.html', Buffer.from(index.replace(head, `${head}\n  <script src="${SHIM}"></script>`)));
  }

  // Then every other file once all it refers to has its final name (leaves first).
  const refs = new Map(names.filter((n) => TEXT.test(n)).map((n) => [n, references(n, contents.get(n).toString('utf8'), names)]));
  const done = new Set(WASM);
  const finish = (name, trail = []) => {
    if (done.has(name)) return;
    if (trail.includes(name)) throw new Error(`dist: files refer to each other in a circle: ${[...trail, name].join(' → ')}`);
    let bytes = contents.get(name);
    if (refs.has(name)) {
      let text = bytes.toString('utf8');
      for (const { name: target, pattern } of refs.get(name)) {
        finish(target, [...trail, name]);
        const link = relative(name, renamed.get(target) ?? target);
        text = text.replace(pattern, (_, open, written, close) => `${open}${written.startsWith('./') ? './' : ''}${link}${close}`);
      }
      bytes = Buffer.from(text);
      contents.set(name, bytes);
    }
    if (HASHED.test(name) && name !== SHIM) renamed.set(name, hashName(name, bytes));
    done.add(name);
  };
  for (const name of names) finish(name);

  rmSync(out, { recursive: true, force: true });
  for (const name of names) {
    const target = path.join(out, renamed.get(name) ?? name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents.get(name));
  }
  const wasmPaths = WASM.map((wasm) => {
    const wasmPath = path.join(out, renamed.get(wasm));
    const wasmBytes = contents.get(wasm);
    writeFileSync(`${wasmPath}.gz`, gzipSync(wasmBytes, { level: 9 }));
    writeFileSync(`${wasmPath}.br`, brotliCompressSync(wasmBytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasmBytes.length } }));
    return wasmPath;
  });

  // The committed results, listed as `pnplay serve` lists results/ (JSON Lines, plain or
  // gzipped, at the top or one folder down).
  const listed = execFileSync('git', ['ls-files', 'results'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /^results\/([^/]+\/)?[^/]+\.jsonl(\.gz)?$/.test(file))
    .filter((file) => existsSync(path.join(repo, file)))
    .sort();
  // The Papers view's cards (results/<folder>/cards.json) and the READMEs they cite as evidence.
  const committed = execFileSync('git', ['ls-files', 'results'], { cwd: repo, encoding: 'utf8' }).split('\n');
  const cards = committed.filter((file) => /^results\/[^/]+\/cards\.json$/.test(file) && existsSync(path.join(repo, file))).sort();
  const readmes = committed.filter((file) => /^results\/[^/]+\/README\.md$/.test(file) && existsSync(path.join(repo, file)));
  for (const file of [...listed, ...cards, ...readmes]) cpSync(path.join(repo, file), path.join(out, file));
  const underResults = (file) => file.slice('results/'.length);
  writeFileSync(path.join(out, 'results.json'), JSON.stringify({ files: listed.map(underResults), cards: cards.map(underResults) }));

  const size = (file) => `${Math.round(statSync(file).size / 1024)} KiB`;
  const wasmSizes = wasmPaths.map((file) => `${path.relative(out, file)} ${size(file)} (gzip ${size(`${file}.gz`)}, brotli ${size(`${file}.br`)})`);
  const threads = THREADED ? 'threads through a service worker' : 'one thread (no pkg/threads: scripts/build took the rustup route)';
  console.log(`dist: ${out} — ${names.length} files (${renamed.size} hashed), ${wasmSizes.join(', ')}, ${listed.length} results files; ${threads}`);
}

build();
