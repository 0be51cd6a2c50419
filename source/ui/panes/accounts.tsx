import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../text/sanitize.js';
import { EndpointState } from '../components/endpoint-state.js';
import { KeyValues } from '../components/key-values.js';
import { Table } from '../components/table.js';
import { usePolls, useRuntime, useUi } from '../hooks/context.js';
import { useCommands } from '../hooks/use-keys.js';
import { priorities } from '../input/dispatcher.js';
import { accountColumns, accountDetail } from '../models/accounts.js';
import type { PaneProps } from './overview.js';

export function AccountsPane(props: PaneProps) {
	const ui = useUi();
	const polls = usePolls();
	const { ui: store } = useRuntime();
	const users = polls.users?.data;
	const count = users?.length ?? 0;
	const selected = Math.min(ui.cursor.accounts, Math.max(0, count - 1));
	const page = Math.max(1, props.height - 3);
	const columns = useMemo(() => accountColumns(ui.reveal), [ui.reveal]);

	useCommands('accounts', priorities.pane, {
		'nav.up': () => store.dispatch({ type: 'cursor/move', delta: -1, count }),
		'nav.down': () => store.dispatch({ type: 'cursor/move', delta: 1, count }),
		'nav.pageUp': () => store.dispatch({ type: 'cursor/move', delta: -page, count }),
		'nav.pageDown': () => store.dispatch({ type: 'cursor/move', delta: page, count }),
		'nav.open': () => {
			const user = users?.[selected];
			if (!user) return;
			store.dispatch({ type: 'account/select', id: user.id });
			store.dispatch({ type: 'detail/open' });
		},
		'nav.back': () => store.dispatch({ type: 'back' }),
		'secrets.reveal': () => store.dispatch({ type: 'reveal/toggle' }),
	});

	if (!users) return <EndpointState entry={polls.users} what="accounts" />;
	if (users.length === 0) return <Text>The service lists no accounts.</Text>;
	const secrets = ui.reveal ? 'tokens shown (v hides)' : 'tokens hidden (v reveals)';
	const user = users[selected];
	if (ui.detail && user) {
		return (
			<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
				<Text bold wrap="truncate-end">
					Account {sanitize(user.id)}
					<Text dimColor> · shown in the Overview · {secrets} · esc back</Text>
				</Text>
				<KeyValues
					items={accountDetail(user, ui.reveal)}
					width={props.width}
					cellWidth={props.width >= 120 ? 40 : 26}
					labelWidth={props.width >= 120 ? 18 : 12}
				/>
			</Box>
		);
	}
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{users.length} account{users.length === 1 ? '' : 's'}
				<Text dimColor> · ● shown in the Overview · enter uses one · {secrets}</Text>
			</Text>
			<Table
				columns={columns}
				rows={users}
				width={props.width}
				height={props.height - 1}
				selected={selected}
				mark={(u) => (u.id === ui.accountId ? '●' : ' ')}
			/>
		</Box>
	);
}
