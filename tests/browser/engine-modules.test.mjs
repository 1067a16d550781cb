// The engine's modules (issue 32: each wasm module under 2.5 MB). scripts/build makes three,
// each running some of the games (src/game/catalogue.rs names each game's module): their
// games split the listed games between them, each says where a game it leaves out runs (an
// error of kind `elsewhere` naming the module), and each wasm file, plain and threaded, is at
// most 2.5 MB. In the page, the worker loads only the module of the game its link opens, loads
// another when a request needs it — also when only the engine knows which (a certificate's
// game) — and an Othello search goes on after Connect Four and Nim have been answered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { addTestWorker, pageFixture, repo } from './harness.mjs';
import { MODULES, engine } from '../../scripts/node-engine.mjs';

const fixture = pageFixture();
const modules = await Promise.all(MODULES.map(engine));

test('the modules split the listed games between them, and each says where the others run', () => {
  const hello = modules[0].hello();
  const listed = hello.games.flatMap((family) => family.listed.map((game) => game.name));
  const runs = modules.map((pkg) => pkg.hello().runs);
  assert.deepEqual(runs.flat().sort(), [...listed].sort());
  MODULES.forEach((module, index) => {
    assert.deepEqual(modules[index].hello().modules, hello.modules, `${module}: the same map`);
    for (const game of listed) {
      assert.equal(runs[index].includes(game), hello.modules[game] === module, `${game} in ${module}`);
      if (hello.modules[game] === module) {
        const position = new modules[index].Position(game);
        assert.equal(typeof position.text, 'string');
        position.free();
        continue;
      }
      assert.throws(
        () => new modules[index].Position(game),
        (error) => error.kind === 'elsewhere' && error.module === hello.modules[game] && error.field === 'game' && error.message.includes(hello.modules[game]),
        `${game} in ${module}`,
      );
    }
  });
  // The default game and the lessons' games (Othello, tic-tac-toe, the slides' trees) are in
  // the module a page loads first.
  for (const game of ['othello', 'tictactoe', 'tree']) assert.equal(hello.modules[game], 'games-a', game);
});

test("the worker's tables: every module's packages, and each game's module for a link", () => {
  // wasm-source.js's package paths (written out whole for scripts/dist), plain and threaded.
  const source = readFileSync(path.join(repo, 'www', 'engine', 'wasm-source.js'), 'utf8');
  for (const module of MODULES) {
    for (const folder of [module, `threads/${module}`]) {
      for (const file of ['pnplay.js', 'pnplay_bg.wasm']) assert.ok(source.includes(`'../pkg/${folder}/${file}'`), `${folder}/${file}`);
    }
  }
  // The map it reads to load a link's module before it can ask an engine (scripts/build).
  assert.deepEqual(JSON.parse(readFileSync(path.join(repo, 'pkg', 'modules.json'), 'utf8')), modules[0].hello().modules);
});

test('every engine module, plain and threaded, is at most 2.5 MB', () => {
  const sizes = {};
  for (const module of MODULES) {
    for (const folder of [module, `threads/${module}`]) {
      const file = path.join(repo, 'pkg', folder, 'pnplay_bg.wasm');
      // The rustup route builds no threaded packages (scripts/build).
      if (folder.startsWith('threads/') && !existsSync(file)) continue;
      sizes[folder] = statSync(file).size;
    }
  }
  console.log(`pkg/*/pnplay_bg.wasm: ${JSON.stringify(sizes)}`);
  for (const [folder, bytes] of Object.entries(sizes)) assert.ok(bytes <= 2_500_000, `pkg/${folder}: ${bytes} bytes`);
});

test('the page loads the module of the game shown, and the others when a request needs them', async () => {
  const errors = [];
  // A page in a context of its own (nothing cached): the engine modules it asks for.
  const open = async (fragment) => {
    const context = await fixture.browser.newContext();
    const page = await context.newPage();
    const wasm = [];
    page.on('request', (request) => {
      const match = request.url().match(/\/pkg\/(?:threads\/)?(games-[a-z])\/pnplay_bg\.wasm/);
      if (match) wasm.push(match[1]);
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${fixture.server.url}${fragment}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    return { page, context, wasm };
  };
  const { page, context, wasm } = await open('#v=1&g=othello');
  assert.deepEqual(wasm, ['games-a'], 'an Othello page loads games-a alone');
  // A worker of the test's own, asked as the page asks it.
  await addTestWorker(page);
  const answers = await page.evaluate(async () => {
    const worker = window.testWorker();
    const { request } = worker;
    const out = {};
    out.hello = (await request('hello')).result.modules;
    await request('start', { game: 'othello', pos: null, algos: ['pns'], options: { nodes: 100000 } });
    out.first = (await request('step', { iterations: 50 })).result.reports[0].stats.iterations;
    // Connect Four: the module that runs it, loaded now.
    out.connect4 = (await request('describe', { game: 'connect4', pos: '4453' })).result.text;
    out.score = (await request('exactScore', { game: 'connect4', pos: '444444333333', options: {} })).result;
    // A Nim certificate (Nim's module), then checked with Othello's module last used: the
    // request names no game, the engine says where it runs and the worker asks there.
    let made = null;
    for (const verdict of ['proved', 'disproved']) {
      const answer = await request('makeCertificate', { game: 'nim', pos: null, verdict, options: {} });
      if (answer.type === 'result') made = answer.result;
    }
    out.made = made !== null;
    await request('describe', { game: 'othello', pos: null });
    out.checked = await request('checkCertificate', { text: made });
    // The Othello search goes on where it was.
    out.second = (await request('step', { iterations: 50 })).result.reports[0].stats.iterations;
    worker.terminate();
    return out;
  });
  assert.equal(answers.hello.connect4, 'games-b');
  assert.equal(answers.connect4, '4453');
  assert.equal(answers.score.score, 14);
  assert.ok(answers.made, 'a Nim certificate made');
  assert.equal(answers.checked.type, 'result', JSON.stringify(answers.checked));
  assert.equal(answers.checked.result.ok, true, JSON.stringify(answers.checked.result));
  assert.equal(answers.first, 50);
  assert.equal(answers.second, 100);
  // The test's worker asked for Connect Four's and Nim's module, and for no other.
  assert.ok(wasm.includes('games-b') && !wasm.includes('games-c'), wasm.join(' '));
  await context.close();
  // A page opened on a Connect Four link loads Connect Four's module alone.
  const connect4 = await open('#v=1&g=connect4&p=4453');
  assert.deepEqual(connect4.wasm, ['games-b']);
  await connect4.context.close();
  assert.deepEqual(errors, []);
});
