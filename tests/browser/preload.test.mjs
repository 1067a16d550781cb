// index.html names every module the page's app/main.js imports, directly or not, as a
// `modulepreload` link, so the browser fetches them all at once instead of one level of
// imports after another (issue 32's engine-ready time: medians of 7 cold loads 0.57–0.69 s
// with the links against 0.71–0.84 s without, in turns, on this 2-core machine). A module
// added to the page without its link, or a link to a module no longer imported, fails here
// with the lines to add or remove.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repo } from './harness.mjs';

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

/** Every module `entry` imports, directly or not (itself left out). */
function graph(entry) {
  const seen = new Set([entry]);
  const stack = [entry];
  while (stack.length) for (const next of imports(stack.pop())) if (!seen.has(next)) stack.push(next) && seen.add(next);
  seen.delete(entry);
  return seen;
}

test('index.html preloads exactly the modules app/main.js imports', () => {
  const html = readFileSync(path.join(WWW, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
  const needed = graph('app/main.js');
  assert.ok(needed.size > 40, `only ${needed.size} modules found: the import scan is broken`);
  const missing = [...needed].filter((m) => !preloaded.has(m)).map((m) => `<link rel="modulepreload" href="${m}">`);
  const stale = [...preloaded].filter((m) => !needed.has(m));
  assert.deepEqual({ missing, stale }, { missing: [], stale: [] });
});
