// The numbers of each running search: the question it answers (in words, from the engine),
// its verdict, counters and root value, and its move: the "proving move" of a proved goal
// (it wins; it need not win by the most), the "best move" of an exact score, the "favoured
// move" otherwise. A search that ran out says what to try next. A proved (or disproved)
// search that walks its proof gives its line as move buttons: a click plays the line up to
// that move on the board (main.js hands the click to the position controller), and the
// move list then holds the whole line to walk. A decided search offers "Export certificate".

import { valueText, verdictText } from '../lib/values.js';

function row(list, term, detail) {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = detail;
  list.append(dt, dd);
}

const signed = (v) => (v > 0 ? `+${v}` : String(v));

/** The move row of a report: its name and text (see the module's comment). */
export function moveRow(report) {
  const move = report.best_move ?? '—';
  const score = report.score_search?.score;
  if (score !== null && score !== undefined) return ['best move', `${move} (${signed(score)})`];
  if (report.verdict === 'proved') return ['proving move', move];
  return ['favoured move', move];
}

/**
 * What to try after `out`: which limit stopped the search, and the next steps (raise it,
 * df-pn, the Exact answer).
 */
export function nextStep(report) {
  const s = report.stats;
  const limits = report.limits ?? {};
  const nodes = Math.max(s.nodes_created, s.nodes_expanded);
  const byNodes = limits.max_nodes && nodes >= limits.max_nodes;
  const byTime = limits.max_seconds && s.seconds >= limits.max_seconds * 0.99;
  const which = byNodes
    ? `the node limit (${limits.max_nodes.toLocaleString('en')}) was reached`
    : byTime
      ? `the time limit (${limits.max_seconds} s) was reached`
      : 'a limit was reached';
  const dfpn = report.algo === 'dfpn' ? '' : ' try df-pn (depth-first, it needs far less memory);';
  return `Next: ${which}. Raise max nodes or max seconds and Run again;${dfpn} or press Exact answer (alpha-beta and, where the game has one, its own solver). A position nearer the end of the game is answered sooner.`;
}

/**
 * A search for an exact score (multi-valued PNS): the score, or the bounds so far, as a row
 * of `list`, and a table of its threshold runs ("score ≥ v?", verdict, positions, time).
 */
function scoreSearch(found, list) {
  const bounds = found.score !== null && found.score !== undefined
    ? `${signed(found.score)} (exact: ≥ ${signed(found.score)} proved, ≥ ${signed(found.score + 1)} disproved)`
    : `from ${found.low ?? '−∞'} to ${found.high ?? '+∞'} so far`;
  row(list, 'score', bounds);
  list.lastElementChild.dataset.score = found.score ?? '';
  const table = document.createElement('table');
  table.className = 'threshold-runs';
  const caption = document.createElement('caption');
  caption.textContent = `Threshold runs (df-pn on "score ≥ v?"): ${found.runs.length}`;
  const head = document.createElement('tr');
  for (const text of ['v', 'score ≥ v?', 'positions', 'time']) {
    const th = document.createElement('th');
    th.textContent = text;
    head.append(th);
  }
  table.append(caption, head);
  for (const run of found.runs) {
    const tr = document.createElement('tr');
    tr.dataset.verdict = run.verdict;
    const answer = { proved: 'yes (proved)', disproved: 'no (disproved)' }[run.verdict] ?? 'running…';
    for (const text of [signed(run.threshold), answer, run.nodes.toLocaleString('en'), `${run.seconds.toFixed(3)} s`]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    table.append(tr);
  }
  return [table];
}

/**
 * The proving line of a decided report (`proving_line`) as numbered move buttons, each with
 * `data-ply` (how many of the line's moves to play) in a block whose `data-line` is the line.
 */
export function provingLine(report) {
  const line = report.proving_line ?? [];
  if (!line.length || !['proved', 'disproved'].includes(report.verdict)) return null;
  const block = document.createElement('div');
  block.className = 'proving-line';
  block.dataset.line = line.join(' ');
  const words = document.createElement('p');
  words.textContent = report.verdict === 'proved'
    ? `Proving line (${line.length} moves): the proving move, then the defence that holds out longest in the proof tree. Click a move to play the line up to it.`
    : `Disproving line (${line.length} moves): the try that holds out longest in the tree, each time answered by the refutation. Click a move to play the line up to it.`;
  const list = document.createElement('ol');
  list.className = 'line-moves';
  list.setAttribute('aria-label', report.verdict === 'proved' ? 'Proving line' : 'Disproving line');
  line.forEach((move, index) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(index + 1);
    button.title = `Play the line up to move ${index + 1}, ${move}`;
    const number = document.createElement('span');
    number.className = 'ply';
    number.textContent = `${index + 1}.`;
    button.append(number, '\u00a0', move);
    item.append(button);
    list.append(item);
  });
  block.append(words, list);
  return block;
}

/**
 * "Export certificate" for a decided report: its `data-verdict` says which verdict's proof
 * tree the engine writes (`makeCertificate`; the search controller handles the click).
 */
function exportButton(report) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'export-certificate';
  button.dataset.verdict = report.verdict;
  button.title = 'Download the proof tree of this verdict as a certificate anyone can check with the rules alone (pnplay check F, or Papers → Check a proof certificate)';
  button.textContent = 'Export certificate';
  return button;
}

/**
 * One card per report. `running`: whether the searches are advancing now; an unfinished
 * search that is not says it is paused rather than searching.
 */
export function renderResults(container, reports, { running = false } = {}) {
  container.replaceChildren(
    ...reports.map((report) => {
      const card = document.createElement('article');
      card.className = 'result';
      card.dataset.algo = report.algo;
      const title = document.createElement('h3');
      title.textContent = report.algo;
      const verdict = document.createElement('p');
      verdict.className = 'verdict';
      verdict.dataset.verdict = report.finished ? report.verdict : 'running';
      const paused = !report.finished && !running && report.verdict === 'out';
      verdict.textContent = paused ? `paused at iteration ${report.stats.iterations.toLocaleString('en')} — no verdict yet` : verdictText(report.verdict, report.finished);
      const question = document.createElement('p');
      question.className = 'question';
      question.textContent = report.question ?? '';
      const list = document.createElement('dl');
      const s = report.stats;
      row(list, 'iterations', s.iterations.toLocaleString('en'));
      row(list, 'nodes', `${s.nodes_created.toLocaleString('en')} created, ${s.nodes_expanded.toLocaleString('en')} expanded`);
      if (s.playouts) row(list, 'playouts', s.playouts.toLocaleString('en'));
      row(list, 'time', `${s.seconds.toFixed(3)} s`);
      row(list, 'speed', s.seconds > 0 ? `${Math.round(s.iterations / s.seconds).toLocaleString('en')} it/s` : '—');
      row(list, 'memory', `${s.peak_nodes.toLocaleString('en')} nodes × ${s.bytes_per_node} B`);
      if (report.root_value) row(list, 'root', valueText(report.root_value));
      const [moveName, moveText] = moveRow(report);
      row(list, moveName, moveText);
      list.lastElementChild.dataset.move = moveName; // on the value (dd), as `score` is
      card.append(title, question, verdict);
      if (report.finished && report.verdict === 'out') {
        const next = document.createElement('p');
        next.className = 'next-step';
        next.textContent = nextStep(report);
        card.append(next);
      }
      card.append(list);
      const line = provingLine(report);
      if (line) card.append(line);
      if (report.finished && ['proved', 'disproved'].includes(report.verdict)) card.append(exportButton(report));
      if (report.score_search) card.append(...scoreSearch(report.score_search, list));
      return card;
    }),
  );
}
