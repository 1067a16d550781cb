// Takes screenshots of the page for the README and the book (docs/src/images/) and for looking at it as a user would:
//   node tests/browser/screenshot.mjs OUT.png [WIDTH] [URL-FRAGMENT]
// (not a test: run by hand after `cargo build --release` and scripts/build).

import { startServer, launchBrowser, openPage } from './harness.mjs';

const [out = 'docs/src/images/screenshot.png', width = '1200', fragment = ''] = process.argv.slice(2);
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await openPage(browser, server.url + fragment);
  await page.setViewportSize({ width: Number(width), height: 800 });
  await page.locator('#engine-status[data-state="ready"]').waitFor({ timeout: 15000 });
  // The link's view, position and data are in place (a view that reads data, such as Papers,
  // is drawn by then).
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  server.stop();
}
