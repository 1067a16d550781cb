// The page's modules reach the browser as one bundle (scripts/bundle: esbuild from
// app/main.js), which index.html loads, so the page makes one request for the app instead of
// one per module (issue 32's engine-ready time: docs/src/benchmarks.md, "Engine ready").
// Checked here: the bundle holds exactly the modules app/main.js imports, directly or not, as
// they are now (its source map carries their text; a module edited or added since the last
// scripts/bundle fails with its name), less lib/early-worker.js, which index.html runs
// first on its own and the bundle imports rather than holds; and index.html loads the bundle
// and early-worker.js and no module of the app itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE, repo, staleBundle } from './harness.mjs';

const WWW = path.join(repo, 'www');

/** The static imports (and re-exports) of module `file`, as paths under www/. */
function imports(file) {
  const text = readFileSync(path.join(WWW, file), 'utf8');
  const found = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
    const spec = match[1] ?? match[2];
    if (spec.startsWith('.')) found.push(path.posix.join(path.posix.dirname(file), spec));
  }
  return found;
}

/** `entry` and every module it imports, directly or not. */
function graph(entry) {
  const seen = new Set([entry]);
  const stack = [entry];
  while (stack.length) for (const next of imports(stack.pop())) if (!seen.has(next)) stack.push(next) && seen.add(next);
  return seen;
}

test('the bundle holds every module app/main.js imports, as they are now, and index.html loads it', () => {
  assert.equal(staleBundle(), null);
  const map = JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8'));
  const bundled = new Set(map.sources.map((source) => path.posix.join('app', source)));
  const needed = graph('app/main.js');
  needed.delete('lib/early-worker.js');
  assert.ok(needed.size > 40, `only ${needed.size} modules found: the import scan is broken`);
  assert.deepEqual([...bundled].sort(), [...needed].sort());
  const bundle = readFileSync(BUNDLE, 'utf8');
  assert.ok(bundle.includes('"../lib/early-worker.js"'), 'the bundle imports early-worker.js rather than holding a copy');
  const html = readFileSync(path.join(WWW, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(scripts, ['lib/early-worker.js', 'vendor/d3-zoom.js', 'app/main.bundle.js']);
  assert.doesNotMatch(html, /modulepreload/);
});
