// The speed of Run (issue 30): a slider from one iteration a second to full speed. Up to
// FOLLOW_SPEED iterations a second — a pace a person can follow — Run takes one iteration
// at a time and shows each as a Step does (the path lit in the tree, the trace, the charts);
// faster, it takes a tenth of a second's worth at a time; at full speed it runs in the
// worker's slices as it always has.

/** The speeds offered, in iterations per second (Infinity: full speed). */
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 1000, 10000, Infinity];
/** The fastest speed shown one iteration at a time. */
export const FOLLOW_SPEED = 20;

/** The words for `speed`. */
export const speedWords = (speed) => (speed === Infinity ? 'full speed' : `${speed.toLocaleString('en')} iterations/s`);

export class SpeedControl {
  /** `input`: a range input; `output`: where its value is written. */
  constructor(input, output) {
    Object.assign(input, { min: '0', max: String(SPEEDS.length - 1), step: '1' });
    this.input = input;
    this.output = output;
    input.addEventListener('input', () => this.say());
    this.say();
  }

  /** Iterations per second (Infinity: full speed). */
  get speed() {
    return SPEEDS[Number(this.input.value)] ?? Infinity;
  }

  /** Chooses the offered speed nearest at or above `speed`. */
  set speed(speed) {
    const index = SPEEDS.findIndex((s) => s >= speed);
    this.input.value = String(index < 0 ? SPEEDS.length - 1 : index);
    this.say();
  }

  say() {
    const words = speedWords(this.speed);
    this.input.setAttribute('aria-valuetext', words);
    this.output.textContent = words;
  }
}
