// How a search's node values read on the page. Values are self-describing (the engine sends
// each with its text, the number a chart plots and what that number is), so nothing here
// knows which search made them.

/** JSON carries infinity as the string "Infinity": read any value back as a number. */
export const num = (x) => Number(x);

/** A node's values as short text, as the engine wrote it ("pn 3 / dn 5", "ppn 0.8123"); '' for none. */
export function valueText(values) {
  return values?.text ?? '';
}

/** The one number in [0, 1] a chart plots for these values (1: proven), or null. */
export function chartValue(values) {
  return values ? num(values.chart) : null;
}

/** A whole number in few characters for chart axes: 950, 1.5k, 12k, 3.4M; '' for none. */
export function compactNumber(x) {
  if (x == null || !Number.isFinite(x)) return '';
  const size = Math.abs(x);
  const scaled = (unit, suffix) => `${Number((x / unit).toFixed(size / unit >= 10 ? 0 : 1))}${suffix}`;
  if (size >= 1e9) return scaled(1e9, 'G');
  if (size >= 1e6) return scaled(1e6, 'M');
  if (size >= 1e3) return scaled(1e3, 'k');
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3)));
}

/** What `chartValue` is ("dn/(pn+dn)", "PPN", …). */
export function chartValueLabel(values) {
  return values?.chart_label ?? 'value';
}

/** The verdict in SPEC.md §3 words, with what it means. */
export function verdictText(verdict, finished) {
  switch (verdict) {
    case 'proved':
      return 'proved — the goal holds (exact)';
    case 'disproved':
      return 'disproved — the goal fails (exact)';
    case 'concluded-win':
      return 'concluded-win — statistical conclusion (root value within pr of 1), not a proof';
    case 'concluded-loss':
      return 'concluded-loss — statistical conclusion (root value within pr of 0), not a disproof';
    default:
      return finished ? 'out — a limit was reached first' : 'searching…';
  }
}
