// The wasm engine in Node, for the scripts that time it (bench-wasm, bench-players-wasm,
// bench-2048-wasm) and the tests that call it: the engine's plain modules of pkg/
// (scripts/build; each runs some of the games, src/game/catalogue.rs), each initialised the
// first time it is asked for, with the data files it does not carry installed from www/data/
// for every game it runs, as the page's engine worker installs them before a request about
// such a game (www/engine/worker.js, `installAssets`).

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The engine modules, in the order scripts/build makes them. */
export const MODULES = ['games-a', 'games-b', 'games-c'];

const loaded = new Map();

/** Engine module `module`'s package (its exports), initialised. */
export async function engine(module) {
  if (!MODULES.includes(module)) throw new Error(`no engine module ${JSON.stringify(module)}: ${MODULES.join(', ')}`);
  if (!loaded.has(module)) {
    const pkg = await import(`../pkg/${module}/pnplay.js`);
    await pkg.default({ module_or_path: readFileSync(new URL(`../pkg/${module}/pnplay_bg.wasm`, import.meta.url)) });
    for (const game of pkg.hello().runs) {
      for (const name of pkg.assetsNeeded(game)) {
        pkg.loadAsset(game, name, gunzipSync(readFileSync(new URL(`../www/data/${name}.gz`, import.meta.url))));
      }
    }
    loaded.set(module, pkg);
  }
  return loaded.get(module);
}

/** The package of the module that runs game `game` (a listed game or its family's name, as
 * the page's worker finds it). */
export async function engineOf(game) {
  const { hello } = await engine(MODULES[0]);
  const { games, modules } = hello();
  const family = games.find((f) => f.id === String(game).split(':')[0]);
  const module = modules[game] ?? modules[family?.listed[0].name];
  if (module === undefined) throw new Error(`no game ${JSON.stringify(game)}`);
  return engine(module);
}
