import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer, openPage, repo } from './harness.mjs';
const ffo = readFileSync(path.join(repo, '..', 'shared', 'data', 'othello', 'fforum-40-59.obf'), 'utf8').split('\n')[0].split(';')[0].trim();
const browser = await launchBrowser();
const server = await startServer();
const frag = process.argv[2] === 'ppns' ? '#v=1&g=othello&a=ppns&nodes=200000&time=600' : `#v=1&g=othello&p=${encodeURIComponent(ffo)}&a=mcts&nodes=1000000&time=600`;
const page = await openPage(browser, server.url + frag);
await page.waitForSelector('body[data-ready="true"]');
await page.selectOption('#open-levels', '3');
await browser.startTracing(page, { path: '/work/exp/trace.json', categories: process.env.FULL ? ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.invalidationTracking'] : ['toplevel'] });
await page.click('#run');
await page.waitForSelector('.result .verdict', { timeout: 60000 });
const box = await page.locator('#engine-status').boundingBox();
while (!(await page.evaluate(() => document.querySelector('.result .verdict')?.dataset.verdict !== 'running' && document.querySelector('#run').textContent.includes('Run')))) {
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await page.waitForTimeout(300);
}
await browser.stopTracing();
await browser.close(); server.stop();
