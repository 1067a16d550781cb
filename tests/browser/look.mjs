import { startServer, launchBrowser, openPage } from './harness.mjs';
const [out, width = '1366', fragment = '', steps = '0'] = process.argv.slice(2);
const server = await startServer();
const browser = await launchBrowser();
const errors = [];
try {
  const page = await openPage(browser, server.url + fragment, errors);
  await page.setViewportSize({ width: Number(width), height: 900 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  if (Number(steps) > 0) {
    await page.fill('#step-n', steps);
    await page.click('#step-n-button');
    await page.waitForFunction((n) => document.querySelector('.tree-view figcaption')?.textContent.includes(`iteration ${n}`), Number(steps).toLocaleString('en'), { timeout: 60000 });
    await page.waitForTimeout(800);
  }
  await page.waitForTimeout(1000);
  const info = await page.evaluate(() => {
    const texts = [...document.querySelectorAll('.tree-svg text')].filter((t) => t.getClientRects().length && getComputedStyle(t).display !== 'none');
    const sizes = texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    return { drawn: document.querySelector('.tree-box')?.dataset.nodes, labels: texts.length, minSize: Math.min(...sizes), scale: document.querySelector('.tree-svg')?.dataset.scale };
  });
  console.log(JSON.stringify(info));
  const clip = process.env.CLIP;
  if (clip) await page.locator(clip).first().screenshot({ path: out });
  else await page.screenshot({ path: out, fullPage: true });
} finally {
  console.log('errors:', errors);
  await browser.close();
  server.stop();
}
