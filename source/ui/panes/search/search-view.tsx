import { Box, Text } from 'ink';
import { seriesValues } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { Gap } from '../../kit/gap/gap-view.js';
import { indexedDataScreen } from '../../kit/index-data/indexed-data-view.js';
import { isNoSuchIndex, NoSuchIndex } from '../../kit/index-picker/index-picker-view.js';
import { placeOf } from '../../kit/index-picker/listing.js';
import { KeyValues } from '../../kit/key-values/key-values-view.js';
import { Sparkline, statsWidthFor, statsWidthOf } from '../../kit/sparkline/sparkline-view.js';
import type { SearchController } from './controller.js';
import { searchIndexEndpoint, searchIndexesEndpoint, searchOverviewEndpoint } from './endpoints.js';
import { searchConfiguration, searchIndexesLine, searchLimits } from './search-model.js';
import type { SearchAction, SearchState } from './search-state.js';

export function SearchView(props: PaneViewProps) {
	const ui = useUi();
	const polls = usePolls();
	const { client, readOnly } = useRuntime();
	const { state, controller } = usePane<SearchState, SearchAction, SearchController>();
	const { indexId } = state;
	const listing = entryOf(polls, searchIndexesEndpoint);
	const entry = entryOf(polls, searchIndexEndpoint);
	// Where the service lists none, the list has the index read last (the one shown before a typo).
	const shown = entry?.data;
	const screen = indexedDataScreen({
		kind: 'search',
		name: shown?.name,
		state,
		controller,
		readOnly,
		...props,
	});
	if (screen !== undefined || !indexId) return screen;
	if (isNoSuchIndex(entry) && entry?.params === indexId)
		return <NoSuchIndex what="Search index" id={indexId} />;
	const index = entry?.data;
	if (!index || entry.dataParams !== searchIndexEndpoint.params({ indexId }))
		return <EndpointState entry={entry} what="search index" />;
	const { width } = props;
	const throughput = seriesValues(index.throughput_vector);
	const overview = entryOf(polls, searchOverviewEndpoint);
	const indexes = searchIndexesLine(
		overview?.dataParams === searchOverviewEndpoint.params({ indexId }) ? overview.data : undefined,
	);
	const cell = width >= 120 ? 48 : 40;
	const place = placeOf(listing?.data, (listed) => listed.id, indexId);
	return (
		<Box flexDirection="column" width={width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				Search index {sanitize(index.name ?? index.id)}
				<Text dimColor>
					{' · '}
					{place ? `${place.at} of ${place.count} (i picks)` : 'i picks another'} · d its documents ·{' '}
					{ui.reveal ? 'tokens shown (v hides)' : 'tokens hidden (v reveals)'}
				</Text>
			</Text>
			<KeyValues
				items={searchConfiguration(index, ui.reveal, client.settings.dialect.partnerWord)}
				width={width}
				cellWidth={cell}
				labelWidth={16}
			/>
			<Text wrap="truncate-end">{indexes}</Text>
			<Gap />
			<Text bold>Limits</Text>
			<KeyValues items={searchLimits(index)} width={width} cellWidth={cell} labelWidth={16} />
			<Gap />
			<Sparkline
				label="throughput"
				values={throughput}
				width={width}
				labelWidth={12}
				statsWidth={statsWidthOf([{ values: throughput }], statsWidthFor(width >= 120 ? 8 : 5))}
			/>
		</Box>
	);
}
