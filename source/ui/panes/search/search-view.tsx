import { Box, Text } from 'ink';
import { seriesValues } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { Gap } from '../../kit/gap/gap-view.js';
import type { IndexAction, IndexChoice } from '../../kit/index-prompt/index-prompt-state.js';
import { IndexPrompt } from '../../kit/index-prompt/index-prompt-view.js';
import { KeyValues } from '../../kit/key-values/key-values-view.js';
import { Sparkline, statsWidthFor, statsWidthOf } from '../../kit/sparkline/sparkline-view.js';
import { searchBindings } from './bindings.js';
import { searchIndexEndpoint, searchOverviewEndpoint } from './endpoints.js';
import { searchConfiguration, searchIndexesLine, searchLimits } from './search-model.js';

export function SearchView(props: PaneViewProps) {
	const ui = useUi();
	const polls = usePolls();
	const { ui: shell, client } = useRuntime();
	const { state, dispatch } = usePane<IndexChoice, IndexAction>();
	useCommands(searchBindings, 'search', priorities.pane, {
		'index.edit': () => dispatch({ type: 'index/edit' }),
		'secrets.reveal': () => shell.dispatch({ type: 'reveal/toggle' }),
	});
	const { indexId } = state;
	if (!indexId || state.editing)
		return (
			<IndexPrompt
				what="Search index"
				current={indexId}
				editing={state.editing}
				onSubmit={(id) => dispatch({ type: 'index/set', id })}
				onCancel={() => dispatch({ type: 'index/cancel' })}
			/>
		);
	const entry = entryOf(polls, searchIndexEndpoint);
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
	return (
		<Box flexDirection="column" width={width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				Search index {sanitize(index.name ?? index.id)}
				<Text dimColor> · {ui.reveal ? 'tokens shown (v hides)' : 'tokens hidden (v reveals)'}</Text>
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
