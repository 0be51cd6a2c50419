/**
 * How the Overview shares the height the terminal gives: the totals on top, the live charts
 * taking what they can use, the statistics' own series below them (at least a few lines) and
 * the month's bars when there is room. Pure.
 */

export interface OverviewLayout {
	/** Charts side by side, and rows of them. */
	chartColumns: number;
	chartRows: number;
	/** Lines of each chart (title, plot, time axis); 1 draws each as a one-line sparkline. */
	chartHeight: number;
	/** Lines of the live block, its title included. */
	live: number;
	/** Rows of the month's bars (0 hides the month), and the lines of its block. */
	bars: number;
	month: number;
	/** Lines of the series grid, its title included. */
	grid: number;
}

/** Lines of the totals on top: the title, today, the month, a gap. */
export const headerLines = 4;
const maxChartHeight = 16;
/** A chart needs its title, three rows and its time axis to be worth more than a sparkline. */
const minChartHeight = 5;

export function overviewLayout(
	width: number,
	height: number,
	charts: number,
	gridLines: number,
): OverviewLayout {
	const rest = Math.max(0, height - headerLines);
	const chartColumns = width >= 150 ? 3 : width >= 96 ? 2 : 1;
	const chartRows = Math.ceil(charts / chartColumns);
	// The statistics' own series keep a few lines, all of them on a tall terminal.
	const grid = 1 + Math.min(gridLines, height >= 40 ? 8 : 4);
	const bars = height >= 44 ? 3 : height >= 36 ? 2 : 0;
	// Bars, the day names, the day's totals, a gap.
	const month = bars > 0 ? bars + 3 : 0;
	const room = rest - grid - month - 1;
	const chartHeight = Math.min(maxChartHeight, Math.floor(room / chartRows));
	if (chartHeight >= minChartHeight) {
		const live = 1 + chartRows * chartHeight;
		return { chartColumns, chartRows, chartHeight, live, bars, month, grid: rest - live - month };
	}
	// Too short for charts: one line a rate, in as many columns as the charts would have had.
	// The rates come first; the series keep their title and two rows.
	const lines = Math.min(chartRows, Math.max(0, rest - 4));
	const live = lines > 0 ? 1 + lines : 0;
	return { chartColumns, chartRows: lines, chartHeight: 1, live, bars: 0, month: 0, grid: rest - live };
}
