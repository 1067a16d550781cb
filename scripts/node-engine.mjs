// The wasm engine in Node, for the scripts that time it (bench-wasm, bench-players-wasm,
// bench-2048-wasm): the module of pkg/ (scripts/build) initialised, and the data files it
// does not carry installed from www/data/ for every game it lists, as the page's engine
// worker installs them before a request about such a game (www/engine/worker.js,
// `installAssets`). Import what the scripts call from here instead of from pkg/pnplay.js.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import init, { assetsNeeded, hello, loadAsset } from '../pkg/pnplay.js';

export * from '../pkg/pnplay.js';

await init({ module_or_path: readFileSync(new URL('../pkg/pnplay_bg.wasm', import.meta.url)) });
for (const { name: game } of hello().games.flatMap((family) => family.listed)) {
  for (const name of assetsNeeded(game)) {
    loadAsset(game, name, gunzipSync(readFileSync(new URL(`../www/data/${name}.gz`, import.meta.url))));
  }
}
