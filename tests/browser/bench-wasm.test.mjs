// The node side of issue 16: `scripts/bench-wasm.mjs --compare` runs the same sets as
// `pnplay bench --compare` in the wasm package under Node (no browser), reads a native
// --save file, prints the native / wasm table with equal node counts, and saves JSON Lines
// with the native file's keys in its order. Quick sizes (a few seconds each run).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, pnplayBinary } from './harness.mjs';

const binary = pnplayBinary();
const script = path.join(repo, 'scripts', 'bench-wasm.mjs');
/** The sets whose work does not depend on the clock (the playouts run for a time). */
const counted = (set) => set !== 'othello playouts';

test('bench-wasm --compare against a native file: the same sets and nodes, in the native format', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pnplay-bench-compare-'));
  const nativeFile = path.join(dir, 'native.jsonl');
  const wasmFile = path.join(dir, 'wasm.jsonl');
  execFileSync(binary, ['bench', '--compare', '--quick', '--save', nativeFile]);
  const table = execFileSync('node', [script, '--compare', '--quick', '--native', nativeFile, '--save', wasmFile], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = table.trim().split('\n');
  assert.match(lines[0], /^against --native /);
  assert.match(lines[1], /nodes native +nodes wasm/);
  const native = readFileSync(nativeFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const wasm = readFileSync(wasmFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(wasm.map((row) => Object.keys(row)), native.map((row) => Object.keys(row)));
  assert.deepEqual(wasm.map((row) => row.set), native.map((row) => row.set));
  for (const [index, row] of wasm.entries()) {
    if (!counted(row.set)) continue;
    assert.equal(row.nodes, native[index].nodes, row.set);
    assert.equal(row.decided, native[index].decided, row.set);
    // The table's line for the set: its node ratio is exactly 1.
    const columns = lines.find((line) => line.startsWith(`${row.set} `)).slice(row.set.length).trim().split(/ +/);
    assert.equal(columns[3], '1.00', row.set);
  }
});

test('bench-wasm --compare fails before the run on a bad file, naming the option and the line', () => {
  const bad = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-bench-compare-')), 'bad.jsonl');
  writeFileSync(bad, '{"set": 3}\n');
  for (const [args, message] of [
    [['--native', bad], /--native .*bad\.jsonl: line 1: native: invalid type/],
    [['--baseline', path.join(path.dirname(bad), 'missing.jsonl')], /--baseline .*missing\.jsonl: ENOENT/],
    [['--ffo-count', '0'], /--ffo-count 0: expected a whole number of at least 1/],
    [['--wasm'], /--compare: unexpected "--wasm"/],
  ]) {
    const run = spawnSync('node', [script, '--compare', '--quick', ...args], { encoding: 'utf8' });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
    assert.equal(run.stdout, '');
  }
});
