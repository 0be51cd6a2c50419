import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { queuesEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import {
	filterField,
	filterSegment,
	SegmentText,
	useRowFilter,
} from '../../kit/row-filter/row-filter-view.js';
import { Table } from '../../kit/table/table-view.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import type { QueuesController } from './controller.js';
import { queueColumns, queueSummary } from './queues-model.js';
import type { QueuesAction, QueuesState } from './queues-state.js';

export function QueuesView(props: PaneViewProps) {
	const polls = usePolls();
	const { client, readOnly } = useRuntime();
	const { state, dispatch, controller } = usePane<QueuesState, QueuesAction, QueuesController>();
	const { width, height } = props;
	const entry = entryOf(polls, queuesEndpoint);
	const columns = useMemo(() => queueColumns(state.trends), [state.trends]);
	const filter = useRowFilter(state.filter, state.filtering);
	// The title is full at 80 columns: the filter and order take the hint's line.
	const arranged = filter !== undefined || state.order !== undefined;
	const all = entry?.data ?? [];
	const queues = controller.shown(columns) ?? [];
	const names = useMemo(() => queues.map((q) => q.name), [queues]);
	const index = selectedIndex(names, state.selected);
	const current = queues[index];
	const tableHeight = Math.max(2, height - 2);
	controller.drawn({ listHeight: tableHeight - 1 });

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;
	if (!entry?.data) return <EndpointState entry={entry} what="queues" />;
	const hint = readOnly
		? 'read-only: nothing is changed from here'
		: 'p pauses · u resumes · s sets the parallelism · D deletes · / filters, o sorts';
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{queueSummary(all)}
				<Text dimColor> · lag: messages not yet delivered, failed or cancelled</Text>
			</Text>
			<PromptLine
				width={width}
				notice={state.notice}
				hint={
					<Text dimColor>
						{all.length === 0
							? 'No queues yet: an enqueue creates one.'
							: queues.length === 0
								? 'No queue matches the filter (/ changes it, esc clears it).'
								: arranged
									? null
									: hint}
						{arranged ? (
							<SegmentText segment={filterSegment(filter, queues.length, all.length, state.order)} />
						) : null}
					</Text>
				}
				field={
					state.filtering
						? filterField(state.filter, dispatch)
						: state.editing && current
							? {
									label: `parallelism of ${sanitize(current.name)}:`,
									placeholder: `a whole number from 1${current.parallelism === undefined ? '' : ` (now ${current.parallelism})`}`,
									onSubmit: (value) => controller.submitParallelism(value),
									onCancel: () => controller.closeParallelism(),
								}
							: undefined
				}
			/>
			{queues.length > 0 ? (
				<Table columns={columns} rows={queues} width={width} height={tableHeight} selected={index} />
			) : null}
		</Box>
	);
}
