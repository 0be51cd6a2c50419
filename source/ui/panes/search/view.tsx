import { Box, Text } from 'ink';
import { seriesValues } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePolls, useRuntime, useUi } from '../../contract/context.js';
import { requestParams } from '../../data/plan.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { EndpointState } from '../../kit/endpoint-state/view.js';
import { Gap } from '../../kit/gap/view.js';
import { IndexPrompt } from '../../kit/index-prompt/view.js';
import { KeyValues } from '../../kit/key-values/view.js';
import { Sparkline, statsWidthFor, statsWidthOf } from '../../kit/sparkline/view.js';
import type { PaneProps } from '../overview/view.js';
import { searchConfiguration, searchLimits } from './model.js';

export function SearchPane(props: PaneProps) {
	const ui = useUi();
	const polls = usePolls();
	const { ui: store } = useRuntime();
	useCommands('search', priorities.pane, {
		'index.edit': () => store.dispatch({ type: 'index/edit', field: 'searchIndexId' }),
		'secrets.reveal': () => store.dispatch({ type: 'reveal/toggle' }),
	});
	const indexId = ui.searchIndexId;
	if (!indexId || ui.editing === 'searchIndexId')
		return <IndexPrompt field="searchIndexId" what="Search index" current={indexId} />;
	const entry = polls.searchIndex;
	const index = entry?.data;
	if (!index || entry.dataParams !== requestParams({ endpoint: 'searchIndex', indexId }))
		return <EndpointState entry={entry} what="search index" />;
	const { width } = props;
	const throughput = seriesValues(index.throughput_vector);
	const cell = width >= 120 ? 48 : 40;
	return (
		<Box flexDirection="column" width={width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				Search index {sanitize(index.name)}
				<Text dimColor> · {ui.reveal ? 'tokens shown (v hides)' : 'tokens hidden (v reveals)'}</Text>
			</Text>
			<KeyValues
				items={searchConfiguration(index, ui.reveal)}
				width={width}
				cellWidth={cell}
				labelWidth={16}
			/>
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
