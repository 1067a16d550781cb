// How a search's node values read on the page: the same words and numbers everywhere.

/** JSON carries infinity as the string "Infinity": read any value back as a number. */
export const num = (x) => Number(x);

function short(x) {
  const v = num(x);
  if (v === Infinity) return '∞';
  if (Number.isInteger(v)) return String(v);
  if (v !== 0 && (Math.abs(v) < 1e-3 || Math.abs(v) >= 1e6)) return v.toExponential(2);
  return v.toPrecision(4);
}

/** A node's values as short text: "pn 3 / dn 5", "ppn 0.8123", "pmc 2.1 / dmc 0.9". */
export function valueText(values) {
  switch (values.kind) {
    case 'proof-numbers':
      return `pn ${short(values.pn)} / dn ${short(values.dn)}`;
    case 'probability': {
      const p = num(values.ppn);
      const q = num(values.one_minus_ppn);
      // Near 1, show how near: 1 − 2.3e-9 reads better than 1.000.
      return p > 0.999 && q > 0 ? `ppn 1 − ${short(q)}` : `ppn ${short(p)}`;
    }
    case 'monte-carlo':
      return `pmc ${short(values.pmc)} / dmc ${short(values.dmc)}`;
    default:
      return '';
  }
}

/** One number in [0, 1] per search for the root-value chart, and what it is. */
export function chartValue(values) {
  switch (values.kind) {
    case 'proof-numbers': {
      const pn = num(values.pn);
      const dn = num(values.dn);
      if (pn === 0) return 1;
      if (dn === 0) return 0;
      return dn / (pn + dn);
    }
    case 'probability':
      return num(values.ppn);
    case 'monte-carlo': {
      const pmc = num(values.pmc);
      const dmc = num(values.dmc);
      if (pmc === 0) return 1;
      if (dmc === 0) return 0;
      return dmc / (pmc + dmc);
    }
    default:
      return null;
  }
}

export function chartValueLabel(values) {
  return { 'proof-numbers': 'dn/(pn+dn)', probability: 'PPN', 'monte-carlo': 'dmc/(pmc+dmc)' }[values.kind] || 'value';
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
