// The page's colours for uPlot's axes, which it draws on a canvas where CSS cannot reach:
// tick values and axis titles in the text colour, grid and ticks in the line colour, both
// read from the page's CSS variables (light or dark scheme), so axis titles stay readable
// in dark mode.

/** A CSS variable of the page's root, e.g. `--fg`. */
const cssColour = (name, fallback) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** `axes` (uPlot axis options) in the page's colours; an axis's own settings win. */
export function themed(axes) {
  const text = cssColour('--fg', '#1d232a');
  const line = cssColour('--line', '#d5d8dc');
  return axes.map((axis) => ({
    stroke: text,
    ...axis,
    grid: { stroke: line, width: 1, ...axis.grid },
    ticks: { stroke: line, width: 1, ...axis.ticks },
  }));
}
