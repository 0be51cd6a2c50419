import { Box, Text, useStdout } from 'ink';
import type { WorkflowTriggerItem } from '../../../api/schemas.js';
import { orMissing } from '../../../format/missing.js';
import { formatClock } from '../../../format/time.js';
import { maskQueryParam } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { Failure, failureRows } from '../../kit/failure/failure-view.js';
import { Form } from '../../kit/form/form-view.js';
import { NoticeLine } from '../../kit/notice-line/notice-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import { type Column, Table } from '../../kit/table/table-view.js';
import { hardWrap } from '../../kit/text/wrap.js';
import { useTheme } from '../../theme/theme.js';
import type { PublishController } from './controller.js';
import type { PublishAction, PublishState, TriggeredRun } from './publish-state.js';
import { checkItemForm } from './trigger-items.js';

const itemColumns: Column<WorkflowTriggerItem>[] = [
	{ header: 'workflow URL', cell: (i) => sanitize(i.destination), minWidth: 12 },
	{ header: 'body', cell: (i) => sanitize(i.body ?? ''), minWidth: 4, maxWidth: 40 },
	{
		header: 'headers',
		cell: (i) =>
			Object.entries(i.headers ?? {})
				.map(([name, value]) => `${sanitize(name)}: ${sanitize(value)}`)
				.join(', '),
		minWidth: 7,
	},
];

const runColumns: Column<TriggeredRun>[] = [
	{ header: 'run', cell: (r) => sanitize(r.result.workflowRunId), minWidth: 8 },
	{ header: 'created', cell: (r) => orMissing(r.result.workflowCreatedAt, formatClock), minWidth: 8 },
	{
		header: 'state',
		cell: (r) => (r.result.deduplicated ? 'deduplicated: run exists' : 'started'),
		minWidth: 7,
	},
	{
		header: 'message',
		cell: (r) => (r.messageId ? sanitize(r.messageId) : r.result.deduplicated ? '' : '?'),
		minWidth: 7,
	},
	{ header: 'workflow URL', cell: (r) => sanitize(r.destination), minWidth: 10 },
];

function Published(props: { state: PublishState }) {
	const theme = useTheme();
	const published = props.state.published;
	if (!published) return null;
	const ids = published.results.map(
		(r) => `${sanitize(r.messageId)}${r.deduplicated ? ' (deduplicated: already published)' : ''}`,
	);
	return (
		<Text wrap="truncate-end">
			<Text color={theme.color('ok')}>✓ </Text>
			{formatClock(published.at)} published to {sanitize(published.destination)}:{' '}
			{ids.length === 0 ? 'the group has no endpoints' : ids.join(', ')}
			<Text dimColor> · followed in Messages</Text>
		</Text>
	);
}

export function PublishView(props: PaneViewProps) {
	const ui = useUi();
	const { client, readOnly, connection } = useRuntime();
	const { state, controller } = usePane<PublishState, PublishAction, PublishController>();
	const { stdout } = useStdout();
	const { width, height } = props;
	const failure = state.failure ? `${state.failure} · what you typed is kept` : undefined;
	controller.drawnOn((data) => stdout.write(data));

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;

	if (state.view === 'trigger') {
		const formHeight = state.item ? 7 : state.file ? 3 : 0;
		const runs = state.triggered?.runs ?? [];
		const runsHeight = runs.length > 0 ? Math.min(runs.length + 2, Math.max(3, Math.floor(height / 3))) : 0;
		const itemsHeight = Math.max(
			2,
			height - 1 - formHeight - runsHeight - (state.notice ? 1 : 0) - failureRows(failure, width).length,
		);
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				<Text bold wrap="truncate-end">
					Batch workflow trigger · {state.items.length} item{state.items.length === 1 ? '' : 's'}
					<Text dimColor>
						{' '}
						· a adds an item · l loads a JSON file · s sends (shown first) · t back to publish
					</Text>
				</Text>
				<Failure text={failure} width={width} />
				{state.items.length === 0 ? (
					<Box height={itemsHeight}>
						<Text dimColor>
							No items: a adds one, l loads a JSON array of {'{destination, body?, headers?}'}.
						</Text>
					</Box>
				) : (
					<Table
						columns={itemColumns}
						rows={state.items}
						width={width}
						height={itemsHeight}
						selected={state.item || state.file ? undefined : state.itemCursor}
					/>
				)}
				{state.item ? (
					<Form
						form={state.item}
						errors={checkItemForm(state.item.values).errors}
						width={width}
						height={formHeight}
						active
						onAction={(action) => controller.itemAction(action)}
						onSubmit={() => controller.submitItem()}
						onCancel={() => controller.close()}
					/>
				) : null}
				{state.file ? (
					<Form
						form={state.file}
						errors={state.fileError ? { path: state.fileError } : {}}
						width={width}
						height={formHeight}
						active
						onAction={(action) => controller.fileAction(action)}
						onSubmit={() => void controller.submitFile()}
						onCancel={() => controller.close()}
					/>
				) : null}
				{runs.length > 0 ? (
					<Box flexDirection="column" height={runsHeight}>
						<Text bold wrap="truncate-end">
							Last batch {formatClock(state.triggered!.at)}
							<Text dimColor>
								{' '}
								· started runs are followed in Messages
								{state.triggered?.note ? ` · ${state.triggered.note}` : ''}
							</Text>
						</Text>
						<Table columns={runColumns} rows={runs} width={width} height={runsHeight - 1} />
					</Box>
				) : null}
				<NoticeLine notice={state.notice} />
			</Box>
		);
	}

	const check = controller.check();
	const webhook = controller.webhookUrl();
	const shownWebhook = webhook
		? sanitize(ui.reveal ? webhook : maskQueryParam(webhook, client.settings.dialect.tokenParam))
		: undefined;
	const webhookLines = webhookRows(shownWebhook, width, height >= 30 ? 3 : 2);
	const below = 1 + webhookLines.length + (state.published ? 1 : 0) + (state.notice ? 1 : 0);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				Publish a message
				<Text dimColor>
					{state.editing
						? ' · editing: tab/↑↓ move, ^S sends from any field, esc leaves the form'
						: ` · e edits · s sends (shown first) · t batch trigger${readOnly ? ' · read-only: nothing is sent' : ''}`}
				</Text>
			</Text>
			<Failure text={failure} width={width} />
			<Form
				form={state.form}
				errors={check.errors}
				width={width}
				height={Math.max(3, height - 1 - below - failureRows(failure, width).length)}
				active={state.editing}
				onAction={(action) => controller.formAction(action)}
				onSubmit={() => controller.submit()}
				onCancel={() => controller.close()}
			/>
			<Text wrap="truncate-end">
				<Text bold>Webhook address</Text>
				<Text dimColor>
					{shownWebhook
						? ` · give it to a webhook sender · ${ui.reveal ? 'v hides' : 'v reveals'} the token · c copies${connection.embedded ? ' · works while mqtop runs' : ''}`
						: ' · a valid destination and settings make one'}
				</Text>
			</Text>
			{webhookLines.map((line) => (
				<Text key={line} wrap="truncate-end">
					{line}
				</Text>
			))}
			<Published state={state} />
			<NoticeLine notice={state.notice} />
		</Box>
	);
}

/** The webhook address over at most `max` rows; a longer one ends with `…`. */
function webhookRows(text: string | undefined, width: number, max: number): string[] {
	if (!text) return [];
	const rows = hardWrap(text, Math.max(10, width));
	return rows.length <= max ? rows : [...rows.slice(0, max - 1), `${rows[max - 1]!.slice(0, -1)}…`];
}
