import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { usersEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { KeyValues, keyValueRowCount } from '../../kit/key-values/key-values-view.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import {
	filterField,
	filterSegment,
	SegmentText,
	useArrangedRows,
} from '../../kit/row-filter/row-filter-view.js';
import { Table } from '../../kit/table/table-view.js';
import { accountColumns, accountDetail } from './accounts-model.js';
import type { AccountsAction, AccountsState } from './accounts-state.js';
import type { AccountsController } from './controller.js';

const none: readonly never[] = [];

export function AccountsView(props: PaneViewProps) {
	const ui = useUi();
	const polls = usePolls();
	const { state, dispatch, controller } = usePane<AccountsState, AccountsAction, AccountsController>();
	const entry = entryOf(polls, usersEndpoint);
	const listed = entry?.data;
	const columns = useMemo(() => accountColumns(ui.reveal), [ui.reveal]);
	const arranged = useArrangedRows(listed ?? none, columns, state);
	const { filter } = arranged;
	const users = listed && arranged.rows;
	const count = users?.length ?? 0;
	const selected = Math.min(state.cursor, Math.max(0, count - 1));

	const user = users?.[selected];
	const detail = user ? accountDetail(user, ui.reveal) : [];
	const wide = props.width >= 120;
	const cellWidth = wide ? 40 : 39;
	const labelWidth = wide ? 19 : 18;
	const detailHeight = Math.max(1, props.height - 1);
	const detailScrolls = Math.max(0, keyValueRowCount(detail, props.width, cellWidth) - detailHeight) + 1;
	controller.drawn({ listed: listed ?? none, shown: users, columns, filter, detailScrolls });

	if (!users) return <EndpointState entry={entry} what="accounts" />;
	if (listed?.length === 0) return <Text>The service lists no accounts.</Text>;
	const secrets = ui.reveal ? 'tokens shown (v hides)' : 'tokens hidden (v reveals)';
	if (state.detail && user) {
		const more = detailScrolls > 1 ? ` · ↑↓ scroll` : '';
		return (
			<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
				<Text bold wrap="truncate-end">
					Account {sanitize(user.id)}
					<Text dimColor>
						{' '}
						· shown in the Overview · {secrets} · esc back{more}
					</Text>
				</Text>
				<KeyValues
					items={detail}
					width={props.width}
					cellWidth={cellWidth}
					labelWidth={labelWidth}
					offset={Math.min(state.detailScroll, detailScrolls - 1)}
					height={detailHeight}
				/>
			</Box>
		);
	}
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{listed?.length} account{listed?.length === 1 ? '' : 's'}
				<SegmentText segment={filterSegment(filter, count, listed?.length ?? 0, state.order)} />
				<Text dimColor> · ● shown in the Overview · enter uses one · {secrets}</Text>
			</Text>
			{state.filtering ? (
				<PromptLine width={props.width} field={filterField(state.filter, dispatch)} hint={null} />
			) : null}
			{count === 0 ? (
				<Text dimColor>No account matches the filter (/ changes it, esc clears it).</Text>
			) : (
				<Table
					columns={columns}
					rows={users}
					width={props.width}
					height={props.height - 1 - (state.filtering ? 1 : 0)}
					selected={selected}
					mark={(u) => (u.id === ui.accountId ? '●' : ' ')}
				/>
			)}
		</Box>
	);
}
