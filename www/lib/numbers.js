// Numbers as the CLI prints them, so that the page and `pnplay` show the same text for the
// same result. Rust's `{:.N}` rounds an exact tie to the even digit (20 of 64 is 31.25 %,
// printed 31.2); JavaScript's `toFixed` rounds it up (31.3). Any other value rounds the same
// way in both (its exact binary value is not a tie: 0.15 is 0.1499…, so both print 0.1).

/** `x` with `digits` digits after the point, an exact tie rounded to even as Rust does. */
export function fixed(x, digits) {
  const up = x.toFixed(digits);
  // The exact decimal expansion of x (every double has one; 30 more digits show whether
  // the first digit past the rounding place is a 5 followed only by zeros).
  const exact = x.toFixed(Math.min(100, digits + 30));
  const cut = exact.length - 30;
  if (!/^50*$/.test(exact.slice(cut))) return up;
  const down = exact.slice(0, digits === 0 ? cut - 1 : cut);
  const lastDigit = (text) => Number(text.replace(/\D/g, '').slice(-1));
  return lastDigit(down) % 2 === 0 ? down : up;
}

/** `x` as a percentage (x of 1) with one decimal, as the CLI prints it: 0.3125 → "31.2". */
export const percent1 = (x) => fixed(100 * x, 1);
