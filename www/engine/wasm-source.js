// Where the engine worker gets its modules from (issue 32: the engine is three wasm modules,
// each running some of the games, src/game/catalogue.rs; scripts/build makes each twice, the
// plain package pkg/<module>/ and the threaded one pkg/threads/<module>/). In the repository
// (`pnplay serve`) COMPRESSED and COMPRESSED_THREADS are null and the worker fetches
// wasm-bindgen's files beside its JavaScript (which the server sends gzipped), compiled as
// they stream in. scripts/dist points them at the precompressed gzip copies of the
// content-hashed wasm files (module → file), which the worker fetches and unpacks itself
// (DecompressionStream), so the wasm travels compressed from any static host; a host that
// already undid the gzip (Content-Encoding) hands over plain wasm, which is used as it is.
// The package paths are written out whole, so that scripts/dist finds and renames them.

const COMPRESSED = null;
const COMPRESSED_THREADS = null;

/** Each module's two packages: their JavaScript (imported) and their wasm's path. */
const PACKAGES = {
  'games-a': {
    plain: [() => import('../pkg/games-a/pnplay.js'), '../pkg/games-a/pnplay_bg.wasm'],
    threaded: [() => import('../pkg/threads/games-a/pnplay.js'), '../pkg/threads/games-a/pnplay_bg.wasm'],
  },
  'games-b': {
    plain: [() => import('../pkg/games-b/pnplay.js'), '../pkg/games-b/pnplay_bg.wasm'],
    threaded: [() => import('../pkg/threads/games-b/pnplay.js'), '../pkg/threads/games-b/pnplay_bg.wasm'],
  },
  'games-c': {
    plain: [() => import('../pkg/games-c/pnplay.js'), '../pkg/games-c/pnplay_bg.wasm'],
    threaded: [() => import('../pkg/threads/games-c/pnplay.js'), '../pkg/threads/games-c/pnplay_bg.wasm'],
  },
};

/** The module that runs the default game, Othello, and the lessons' games. */
const DEFAULT_MODULE = 'games-a';

/** The module the worker loads first: the one that runs game `game` (a listed game, as a
 * share link's `g` writes it, or its family's name) by pkg/modules.json (each listed game's
 * module, written by scripts/build from the catalogue), else the default game's. Without a
 * game nothing is fetched first. */
export async function firstModule(game) {
  if (typeof game !== 'string' || game === '') return DEFAULT_MODULE;
  try {
    const answer = await fetch(new URL('../pkg/modules.json', import.meta.url));
    const modules = answer.ok ? await answer.json() : {};
    return modules[game] ?? modules[game.split(':')[0]] ?? DEFAULT_MODULE;
  } catch {
    return DEFAULT_MODULE;
  }
}

/** gzip's first two bytes. */
const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The bytes of gzipped file `url`, unpacked here (or as they came, if the host already undid
 * the gzip); an error with the HTTP `status` if the file could not be fetched. The wasm, the
 * Connect Four opening book and the data files of www/data/ travel this way.
 */
export async function fetchGunzipped(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw Object.assign(new Error(`${url.pathname}: HTTP ${answer.status}`), { status: answer.status });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (!isGzip(bytes)) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

/** The package of engine module `module` (plain, or threaded if `threaded`); an error for a
 * name that is not a module's. */
function packageOf(module, threaded) {
  if (!Object.hasOwn(PACKAGES, module)) throw new Error(`no engine module ${JSON.stringify(module)}`);
  return PACKAGES[module][threaded ? 'threaded' : 'plain'];
}

/** The JavaScript of module `module`'s package (plain, or threaded if `threaded`). */
export function importPackage(module, threaded = false) {
  return packageOf(module, threaded)[0]();
}

/** The argument for wasm-bindgen's `init` of module `module`'s plain package, or of its
 * threaded one if `threaded`: `{module_or_path}` with the wasm's response (on its way: the
 * caller asks for it before importing the package's JavaScript, so the two travel side by
 * side) or its bytes. */
export async function wasmSource(module, threaded = false) {
  const path = packageOf(module, threaded)[1];
  const compressed = threaded ? COMPRESSED_THREADS : COMPRESSED;
  if (compressed !== null) return { module_or_path: await fetchGunzipped(new URL(compressed[module], import.meta.url)) };
  return { module_or_path: fetch(new URL(path, import.meta.url)) };
}
