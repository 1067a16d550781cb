// Checks every relative link of the built book and of README.md, without the network.
//
//   node scripts/check-links.mjs [BOOK-DIR]     (default docs/book, after `mdbook build docs`)
//
// In each HTML page of the book, every href and src that is not an absolute URL must name a
// file that exists (resolved from the page, so links out of the book into results/ are
// checked on disk too), and its #fragment, if any, an id or name in that page. In README.md
// every Markdown link and image must name an existing file, and a #fragment a heading of
// that Markdown file (GitHub's anchors) or an id of the HTML page. Prints one line per broken
// link and a closing count; exits 1 if any is broken.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const book = resolve(root, process.argv[2] ?? 'docs/book');

const broken = [];
let checked = 0;

/** Every file below `dir` whose name ends with `suffix`. */
function files(dir, suffix) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, name))
    .filter((path) => path.endsWith(suffix) && statSync(path).isFile());
}

/** Whether a link leaves this repository's files (a scheme, or protocol-relative). */
function isExternal(link) {
  return /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//');
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const htmlIds = new Map();
/** The ids and names of an HTML file's elements. */
function idsOfHtml(path) {
  if (!htmlIds.has(path)) {
    const text = readFileSync(path, 'utf8');
    htmlIds.set(path, new Set([...text.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => decode(m[1]))));
  }
  return htmlIds.get(path);
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to '-'. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences), with GitHub's -1, -2. */
function idsOfMarkdown(path) {
  const seen = new Map();
  const ids = new Set();
  let fence = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && line.match(/^#{1,6}\s+(.*)$/);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count ? `${base}-${count}` : base);
  }
  return ids;
}

/** Checks one relative link found in `from` (a file), reporting it as `where`. */
function check(from, link, where) {
  if (!link || isExternal(link)) return;
  checked += 1;
  const [pathPart, fragment = ''] = link.split('#');
  const path = decode(pathPart.split('?')[0]);
  const target = path ? resolve(dirname(from), path) : from;
  if (!existsSync(target)) {
    broken.push(`${where}: ${link}: no file ${relative(root, target)}`);
    return;
  }
  if (!fragment) return;
  const ids = target.endsWith('.html')
    ? idsOfHtml(target)
    : target.endsWith('.md')
      ? idsOfMarkdown(target)
      : null;
  if (ids && !ids.has(decode(fragment))) {
    broken.push(`${where}: ${link}: no anchor #${fragment} in ${relative(root, target)}`);
  }
}

if (!existsSync(join(book, 'index.html'))) {
  console.error(`check-links: no built book at ${relative(root, book)} (run mdbook build docs)`);
  process.exit(1);
}
const pages = files(book, '.html');
for (const page of pages) {
  const text = readFileSync(page, 'utf8');
  for (const m of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    check(page, m[1].replace(/&amp;/g, '&'), relative(root, page));
  }
}

const readme = join(root, 'README.md');
let fence = false;
readFileSync(readme, 'utf8')
  .split('\n')
  .forEach((line, i) => {
    if (line.startsWith('```')) fence = !fence;
    if (fence || /^ {4}/.test(line)) return;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      check(readme, m[1], `README.md:${i + 1}`);
    }
  });

for (const line of broken) console.log(line);
console.log(`check-links: ${checked} links in ${pages.length} pages and README.md, ${broken.length} broken`);
process.exit(broken.length ? 1 : 0);
