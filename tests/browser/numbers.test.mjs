// www/lib/numbers.js: the page prints the numbers the CLI prints. The expected strings are
// Rust's `format!("{:.N}", x)` of the same values (round half to even on exact ties).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixed, percent1 } from '../../www/lib/numbers.js';

test('exact ties round to even as Rust does; other values as toFixed', () => {
  const cases = [
    [31.25, 1, '31.2'], // 20 of 64: toFixed says 31.3
    [31.35, 1, '31.4'], // not a tie in binary (31.350000000000001…)
    [0.25, 1, '0.2'],
    [0.75, 1, '0.8'],
    [0.15, 1, '0.1'], // 0.1499…
    [2.5, 0, '2'],
    [3.5, 0, '4'],
    [-0.25, 1, '-0.2'],
    [1.125, 2, '1.12'],
    [1.375, 2, '1.38'],
    [79.6875, 1, '79.7'],
    [98.4375, 1, '98.4'],
    [56.25, 1, '56.2'],
    [12, 1, '12.0'],
  ];
  for (const [x, digits, rust] of cases) assert.equal(fixed(x, digits), rust, `${x} to ${digits}`);
  assert.equal(percent1(20 / 64), '31.2');
  assert.equal(percent1(51 / 64), '79.7');
});
