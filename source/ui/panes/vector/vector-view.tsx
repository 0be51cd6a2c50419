import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { statsPeriods } from '../../../api/schemas.js';
import { clampOffset } from '../../../format/layout.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { indexedDataScreen } from '../../kit/index-data/indexed-data-view.js';
import { isNoSuchIndex, NoSuchIndex } from '../../kit/index-picker/index-picker-view.js';
import { placeOf } from '../../kit/index-picker/listing.js';
import { gridRows, KeyValues, keyValueRowCount } from '../../kit/key-values/key-values-view.js';
import { gridColumns, SeriesSparkline, seriesLabelWidth } from '../../kit/series-grid/series-grid-view.js';
import type { SeriesRow } from '../../kit/series-grid/series-row.js';
import { Sparkline, statsWidthFor, statsWidthOf } from '../../kit/sparkline/sparkline-view.js';
import { useTheme } from '../../theme/theme.js';
import type { VectorController } from './controller.js';
import {
	type VectorStats,
	vectorIndexesEndpoint,
	vectorOverviewEndpoint,
	vectorStatsEndpoint,
} from './endpoints.js';
import { overviewLine, vectorCounters, vectorLatencies, vectorOtherSeries } from './vector-model.js';
import type { VectorAction, VectorState } from './vector-state.js';

type PaneProps = PaneViewProps;

type Line =
	| { kind: 'pair'; label: string; mean: SeriesRow; p99: SeriesRow }
	| { kind: 'row'; rows: SeriesRow[] };

function Stats(props: PaneProps & { stats: VectorStats; title: string; overview: string }) {
	const { state, controller } = usePane<VectorState, VectorAction, VectorController>();
	const theme = useTheme();
	const { stats, width, height } = props;
	const counters = vectorCounters(stats);
	const counterCell = 28;
	const counterLines = keyValueRowCount(counters, width, counterCell);
	const listHeight = Math.max(1, height - counterLines - 3);
	// Worked out again with each answer (every refresh): the series by day end on the day it came.
	const latencies = useMemo(() => vectorLatencies(stats, Date.now()), [stats]);
	const others = useMemo(() => vectorOtherSeries(stats, Date.now()), [stats]);
	const columns = gridColumns(width, others.length, listHeight - latencies.length);
	const lines = useMemo<Line[]>(
		() => [
			...latencies.map((p): Line => ({ kind: 'pair', ...p })),
			...gridRows(others, columns).map((rows): Line => ({ kind: 'row', rows })),
		],
		[latencies, others, columns],
	);
	const scrollable = Math.max(0, lines.length - listHeight);
	const offset = clampOffset(Math.min(state.scroll, scrollable), lines.length, listHeight);

	controller.drawnStats({ scrollable, page: listHeight });

	const half = Math.floor((width - 3) / 2);
	// Both halves of a latency row: min/max/last when wide, the last value when narrow.
	const pairStats =
		half >= 60
			? statsWidthOf(
					latencies.flatMap((p) => [p.mean, p.p99]),
					statsWidthFor(6),
				)
			: 10;
	const cell = Math.floor((width - (columns - 1) * 3) / columns);
	const otherStats = statsWidthOf(others, cell >= 60 ? statsWidthFor(8) : statsWidthFor(5));
	const labelWidth = seriesLabelWidth(others);
	const pairLabel = 'update mean'.length;
	const shown = lines.slice(offset, offset + listHeight);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
				{scrollable > 0 ? (
					<Text dimColor>
						{' '}
						{`(series ${offset + 1}-${offset + shown.length} of ${lines.length}, ↑↓ to scroll)`}
					</Text>
				) : null}
			</Text>
			<Text wrap="truncate-end" color={theme.color('special')}>
				{props.overview}
			</Text>
			<KeyValues items={counters} width={width} cellWidth={counterCell} labelWidth={16} />
			{shown.map((line) =>
				line.kind === 'pair' ? (
					<Box key={line.label} flexDirection="row" gap={3}>
						{(['mean', 'p99'] as const).map((which) => (
							<Box key={which} width={half}>
								<Sparkline
									label={`${line.label} ${which}`}
									values={line[which].values}
									width={half}
									labelWidth={pairLabel}
									statsWidth={pairStats}
									color={theme.color('special')}
								/>
							</Box>
						))}
					</Box>
				) : (
					<Box key={line.rows.map((row) => row.id).join(' ')} flexDirection="row" gap={3}>
						{line.rows.map((row) => (
							<Box key={row.id} width={cell}>
								<SeriesSparkline series={row} width={cell} labelWidth={labelWidth} statsWidth={otherStats} />
							</Box>
						))}
					</Box>
				),
			)}
		</Box>
	);
}

export function VectorView(props: PaneProps) {
	const ui = useUi();
	const polls = usePolls();
	const { readOnly } = useRuntime();
	const { state, controller } = usePane<VectorState, VectorAction, VectorController>();
	// The statistics say what they draw when they are drawn.
	controller.drawnStats(undefined);
	const { indexId } = state;
	const listing = entryOf(polls, vectorIndexesEndpoint);
	const name = listing?.data?.listed
		? listing.data.indexes.find((index) => index.id === indexId)?.name
		: undefined;
	const screen = indexedDataScreen({ kind: 'vector', name, state, controller, readOnly, ...props });
	if (screen !== undefined || !indexId) return screen;
	const entry = entryOf(polls, vectorStatsEndpoint);
	if (isNoSuchIndex(entry) && entry?.params.startsWith(`${indexId} `))
		return <NoSuchIndex what="Vector index" id={indexId} />;
	const dataPeriod = statsPeriods.find(
		(period) => entry?.dataParams === vectorStatsEndpoint.params({ indexId, period }),
	);
	if (!entry?.data || !dataPeriod) return <EndpointState entry={entry} what="vector index stats" />;
	const place = placeOf(listing?.data, (index) => index.id, indexId);
	const title = [
		`Vector index ${name ? `${sanitize(name)} ` : ''}${sanitize(indexId)}`,
		`period ${dataPeriod}`,
		dataPeriod !== ui.period ? `loading ${ui.period}…` : undefined,
		place ? `${place.at} of ${place.count} (i picks)` : 'i picks another',
		'd its data',
	]
		.filter(Boolean)
		.join(' · ');
	const overview = entryOf(polls, vectorOverviewEndpoint);
	const current =
		overview?.dataParams === vectorOverviewEndpoint.params({ indexId }) ? overview.data : undefined;
	return <Stats {...props} stats={entry.data} title={title} overview={overviewLine(current)} />;
}
