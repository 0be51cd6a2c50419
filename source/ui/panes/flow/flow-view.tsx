import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { FormScreen } from '../../kit/form/form-screen.js';
import { NoticeLine } from '../../kit/notice-line/notice-line-view.js';
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
import type { FlowController } from './controller.js';
import { flowKeysEndpoint, globalParallelismEndpoint } from './endpoints.js';
import { flowColumns, flowSummary } from './flow-model.js';
import type { FlowAction, FlowState } from './flow-state.js';
import { checkPin } from './limits.js';

export function FlowView(props: PaneViewProps) {
	const polls = usePolls();
	const { client, readOnly } = useRuntime();
	const { state, dispatch, controller } = usePane<FlowState, FlowAction, FlowController>();
	const { width, height } = props;
	const entry = entryOf(polls, flowKeysEndpoint);
	const global = entryOf(polls, globalParallelismEndpoint)?.data;
	const columns = useMemo(() => flowColumns(state.trends), [state.trends]);
	const filter = useRowFilter(state.filter, state.filtering);
	const all = entry?.data ?? [];
	const keys = controller.shown(columns) ?? [];
	const names = useMemo(() => keys.map((k) => k.flowControlKey), [keys]);
	const index = selectedIndex(names, state.selected);
	const notice = state.notice ? 1 : 0;
	// The filter and order take a line under the title (which the global parallelism fills).
	const arranged = state.filtering || filter !== undefined || state.order !== undefined;
	const field = arranged ? 1 : 0;
	const tableHeight = Math.max(2, height - 1 - notice - field);
	controller.drawn({ listHeight: tableHeight - 1 });

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;
	if (state.form) {
		const { form } = state;
		const failure = state.notice?.tone === 'error' ? `${state.notice.text} · nothing changed` : undefined;
		return (
			<FormScreen<string>
				title={
					<>
						{form.kind === 'pin' ? 'Pin limits of key' : 'Unpin limits of key'} {sanitize(form.key)}
						<Text dimColor>
							{form.kind === 'pin'
								? ' · pinned limits win over what its messages ask for, until unpinned'
								: ' · its messages set the unpinned limits again'}
						</Text>
					</>
				}
				failure={failure}
				form={form.state}
				errors={form.kind === 'pin' ? checkPin(form.state.values).errors : {}}
				size={props}
				controls={controller.formControls}
			/>
		);
	}
	if (!entry?.data) return <EndpointState entry={entry} what="flow-control keys" />;
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{flowSummary(all, global)}
				{arranged ? null : <Text dimColor> · / filters, o sorts</Text>}
			</Text>
			{arranged ? (
				<PromptLine
					width={width}
					field={state.filtering ? filterField(state.filter, dispatch) : undefined}
					hint={<SegmentText segment={filterSegment(filter, keys.length, all.length, state.order)} />}
				/>
			) : null}
			{all.length > 0 && keys.length === 0 ? (
				<Box height={tableHeight}>
					<Text dimColor>No flow-control key matches the filter (/ changes it, esc clears it).</Text>
				</Box>
			) : keys.length === 0 ? (
				<Box height={tableHeight}>
					<Text dimColor>
						No flow-control keys in use: a key shows here while messages published with it are waiting or
						being delivered, or while it is paused or pinned.
					</Text>
				</Box>
			) : (
				<Table columns={columns} rows={keys} width={width} height={tableHeight} selected={index} />
			)}
			{readOnly && !state.notice ? null : <NoticeLine notice={state.notice} />}
		</Box>
	);
}
