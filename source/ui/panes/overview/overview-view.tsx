import { Box, Text } from 'ink';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import { formatDuration } from '../../../api/duration.js';
import { statsPeriods } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { orMissing } from '../../../format/missing.js';
import { formatInteger, formatMoney } from '../../../format/number.js';
import { textWidth, truncate } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { usersEndpoint } from '../../data/endpoints.js';
import type { Columns } from '../../data/live/history.js';
import type { LiveState } from '../../data/live/tracker.js';
import { entryOf } from '../../data/poll-store.js';
import { Chart } from '../../kit/chart/chart-view.js';
import { timeAxis } from '../../kit/chart/lines.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { Gap } from '../../kit/gap/gap-view.js';
import { useSelector } from '../../kit/hooks/use-selector.js';
import { LiveText } from '../../kit/live-text/live-text-view.js';
import { MonthBars } from '../../kit/month-bars/month-bars-view.js';
import { SeriesGrid, SeriesSparkline, seriesGridLines } from '../../kit/series-grid/series-grid-view.js';
import { statsWidthFor } from '../../kit/sparkline/sparkline-view.js';
import { useTheme } from '../../theme/theme.js';
import type { OverviewController } from './controller.js';
import { mqStatsEndpoint, type UsageStats } from './endpoints.js';
import { overviewLayout } from './layout.js';
import { type LiveChart, liveCharts, sourcesText } from './live.js';
import {
	dayCount,
	dayLabel,
	dayNames,
	dayTotals,
	monthRequests,
	monthTotals,
	overviewSeries,
	statsToday,
	type UsageTotals,
} from './overview-model.js';
import { dayOf, type OverviewAction, type OverviewState } from './overview-state.js';
import { withRegions } from './regions-view.js';

type PaneProps = PaneViewProps;

/** `12 requests · 3 workflow runs · …`: the totals of a day or of the month; `compact` for narrow terminals. */
export function totalsText(totals: UsageTotals, compact = false): string {
	return [
		`${orMissing(totals.requests, formatInteger)} ${compact ? 'req' : 'requests'}`,
		`${orMissing(totals.workflowRuns, formatInteger)} ${compact ? 'wf runs' : 'workflow runs'}`,
		`${orMissing(totals.workflowMessages, formatInteger)} ${compact ? 'wf msgs' : 'workflow messages'}`,
		`${orMissing(totals.bandwidth, formatBytes)}`,
		`${orMissing(totals.billing, formatMoney)}`,
	].join(' · ');
}

const chartGap = 2;

/** The live rates: multi-row charts where the height allows, else one sparkline a rate; drawn again when the rates or the size change. */
const LiveRates = memo(function LiveRates(props: {
	width: number;
	columns: number;
	rows: number;
	chartHeight: number;
}) {
	const runtime = useRuntime();
	const stepMs = runtime.refreshMs;
	const cellWidth = Math.floor((props.width - chartGap * (props.columns - 1)) / props.columns);
	const drawnWidth = props.chartHeight > 1 ? cellWidth : sparkWidth(cellWidth);
	// Drawn again only when what is drawn changes: an idle account's rates stay at 0 as the
	// window moves on, and a frame a poll would be an idle monitor's largest cost.
	const select = useCallback((live: LiveState) => drawnRates(live, stepMs, drawnWidth), [stepMs, drawnWidth]);
	const key = useCallback((drawn: DrawnRates) => drawnRatesKey(drawn, drawnWidth), [drawnWidth]);
	const { sources, charts } = useSelector(runtime.live, select, key);
	const lines = Array.from({ length: props.rows }, (_, r) =>
		charts.slice(r * props.columns, (r + 1) * props.columns),
	);
	const title = `every ${formatDuration(stepMs)}, newest right${sources ? ` · ${sources}` : ''}`;
	return (
		<Box flexDirection="column" width={props.width} flexShrink={0}>
			<Box flexShrink={0}>
				<Text bold>Live </Text>
				<Text dimColor wrap="truncate-end">
					{truncate(title, Math.max(0, props.width - 5))}
				</Text>
			</Box>
			{lines.map((line) => (
				<Box key={line.map((c) => c.chart.id).join(' ')} flexDirection="row" gap={chartGap} flexShrink={0}>
					{line.map(({ chart, data }) =>
						props.chartHeight > 1 ? (
							<Chart
								key={chart.id}
								title={chart.title}
								data={data}
								width={cellWidth}
								height={props.chartHeight}
								stepMs={chart.stepMs}
								format={chart.format}
								tone={chart.tone}
								note={chart.note}
							/>
						) : (
							<LiveSparkline key={chart.id} chart={chart} values={data.values} width={cellWidth} />
						),
					)}
				</Box>
			))}
		</Box>
	);
});

const sparkLabelWidth = 17;
const sparkStatsWidth = (width: number) => (width >= 60 ? statsWidthFor(8) : statsWidthFor(5));
/** The cells of a sparkline in a chart's cell of `width`. */
const sparkWidth = (width: number) => Math.max(4, width - sparkLabelWidth - sparkStatsWidth(width) - 2);

/** What LiveRates draws of the live state: where the rates come from, and each chart's columns at the drawn width. */
interface DrawnRates {
	sources: string;
	charts: { chart: LiveChart; data: Columns }[];
}

function drawnRates(state: LiveState, stepMs: number, width: number): DrawnRates {
	const charts = liveCharts(state, stepMs).map((chart) => ({ chart, data: chart.columns(width) }));
	return { sources: sourcesText(state), charts };
}

/** DrawnRates as text: LiveRates is drawn again when this changes. */
function drawnRatesKey({ sources, charts }: DrawnRates, width: number): string {
	// The step as the time axis draws it: the measured one moves by a millisecond now and then.
	const drawn = charts.map(({ chart, data }) => [
		chart.title,
		chart.note,
		timeAxis(width, chart.stepMs),
		data,
	]);
	return JSON.stringify([sources, drawn]);
}

/** A rate's sparkline in a chart's cell of `width`; `values` fill sparkWidth(width) cells. */
function LiveSparkline(props: { chart: LiveChart; values: Columns['values']; width: number }) {
	const { chart, width } = props;
	const statsWidth = sparkStatsWidth(width);
	return (
		<SeriesSparkline
			series={{ label: chart.title, values: props.values, format: chart.format }}
			width={width}
			labelWidth={sparkLabelWidth}
			statsWidth={statsWidth}
		/>
	);
}

/** Memoised: the poll store keeps an equal answer's data, and a poll that changed nothing draws no frame. */
const Usage = memo(function Usage(
	props: PaneProps & { stats: UsageStats; title: string; accountId: string },
) {
	const { state, controller } = usePane<OverviewState, OverviewAction, OverviewController>();
	const theme = useTheme();
	const { stats, width, height, accountId } = props;
	// Kept while the answers are equal (the poll store keeps equal data): the charts then stand.
	const series = useMemo(() => overviewSeries(stats), [stats]);
	const requests = useMemo(() => monthRequests(stats), [stats]);
	const names = useMemo(() => dayNames(stats), [stats]);
	const today = statsToday(stats, Date.now());
	const days = dayCount(stats);
	const selected = Math.min(dayOf(state, accountId) ?? today, Math.max(0, days - 1));
	const layout = overviewLayout(width, height, 6, seriesGridLines(series.length, width, height));
	const gridHeight = Math.max(2, layout.grid);
	const gridLines = seriesGridLines(series.length, width, gridHeight - 1);
	const scrollable = Math.max(0, gridLines - (gridHeight - 1));
	const offset = Math.min(state.scroll, scrollable);
	controller.drawn({ scrollable, page: gridHeight, accountId, selected, days });

	const dayTotal = dayTotals(stats, selected);
	const label = dayLabel(stats, selected, today);
	const compact = width < 120;
	const monthLine = `${totalsText(monthTotals(stats), compact)} · DLQ `;
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
			</Text>
			<Box flexShrink={0}>
				<Text dimColor>{'Today   '}</Text>
				<LiveText text={truncate(totalsText(dayTotals(stats, today), compact), width - 8)} />
			</Box>
			<Box flexShrink={0}>
				<Text dimColor>{'Month   '}</Text>
				<LiveText text={truncate(monthLine, width - 8)} />
				<LiveText
					text={truncate(
						orMissing(stats.dlq_message_count, formatInteger),
						Math.max(0, width - 8 - monthLine.length),
					)}
					color={(stats.dlq_message_count ?? 0) > 0 ? theme.color('error') : undefined}
				/>
			</Box>
			<Gap />
			{layout.live > 0 ? (
				<LiveRates
					width={width}
					columns={layout.chartColumns}
					rows={layout.chartRows}
					chartHeight={layout.chartHeight}
				/>
			) : null}
			<SeriesGrid
				rows={series}
				width={width}
				height={gridHeight}
				offset={offset}
				title={`Period series (${stats.daily_used?.length ?? 0} points, oldest left)`}
			/>
			{layout.bars > 0 ? (
				<>
					<Gap />
					<MonthBars
						values={requests}
						days={names}
						today={today}
						selected={selected}
						width={width}
						height={layout.bars}
					/>
					<Box flexShrink={0}>
						<Text color={theme.color('highlight')}>{label}</Text>
						<LiveText
							text={truncate(`  ${totalsText(dayTotal, compact)}`, Math.max(0, width - textWidth(label)))}
						/>
					</Box>
				</>
			) : null}
		</Box>
	);
});

function AccountOverview(props: PaneProps) {
	const ui = useUi();
	const polls = usePolls();
	const { controller } = usePane<OverviewState, OverviewAction, OverviewController>();
	const usage = overviewUsage(ui, polls);
	// Without the usage drawn, its keys have nothing to move.
	if (!('stats' in usage)) controller.drawn(undefined);
	if ('stats' in usage) return <Usage {...props} {...usage} />;
	return usage.view;
}

/** The usage of the account shown, or what is drawn instead (no account yet, the stats not in). */
function overviewUsage(
	ui: ReturnType<typeof useUi>,
	polls: ReturnType<typeof usePolls>,
): { stats: UsageStats; title: string; accountId: string } | { view: ReactNode } {
	if (!ui.accountId) {
		const users = entryOf(polls, usersEndpoint);
		if (users?.data && users.data.length === 0) return { view: <Text>The service lists no accounts.</Text> };
		return { view: <EndpointState entry={users} what="accounts" /> };
	}
	const entry = entryOf(polls, mqStatsEndpoint);
	const accountId = ui.accountId;
	const dataPeriod = statsPeriods.find(
		(period) => entry?.dataParams === mqStatsEndpoint.params({ accountId, period }),
	);
	// Another account's numbers under this account's name would mislead: wait for its own.
	if (!entry?.data || !dataPeriod) return { view: <EndpointState entry={entry} what="usage stats" /> };
	const customer = entryOf(polls, usersEndpoint)?.data?.find((u) => u.id === accountId)?.customer_id;
	const stale = dataPeriod !== ui.period;
	const title = [
		`Account ${sanitize(ui.accountId)}${customer ? ` (${sanitize(customer)})` : ''}`,
		`period ${dataPeriod}`,
		stale ? `loading ${ui.period}…` : undefined,
	]
		.filter(Boolean)
		.join(' · ');
	return { stats: entry.data, title, accountId };
}

/** The account's usage, under each region's traffic when the server runs several. */
export const OverviewView = withRegions(AccountOverview);
