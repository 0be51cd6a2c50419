/**
 * Choosing the index a pane shows: the list of the account's indexes, the one shown marked,
 * Enter shows the selected one; where the service lists none, its id is typed. From the list an
 * index is made (`c`: its name and shape typed) or the selected one deleted (`D`), each asked as
 * its exact request (the pane's question) before it is sent. And what the pane says of an index
 * the service does not have: an answer, not an outage.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { IndexKind } from '../../../api/index-access.js';
import { sanitize } from '../../../text/sanitize.js';
import type { EndpointEntry } from '../../data/poll-store.js';
import { useTheme } from '../../theme/theme.js';
import { EndpointState } from '../endpoint-state/endpoint-state-view.js';
import { type Notice, NoticeLine } from '../notice-line/notice-line-view.js';
import { PromptLine } from '../prompt-line/prompt-line-view.js';
import { filterField, filterSegment, SegmentText, useRowFilter } from '../row-filter/row-filter-view.js';
import { Table } from '../table/table-view.js';
import { TextInput } from '../text-input/text-input-view.js';
import type { IndexPickerController } from './index-picker-controller.js';
import type { IndexChoice } from './index-picker-state.js';
import { newIndexHints } from './new-index.js';

/** What the list draws of making and deleting indexes; its controller asks, the pane shows the question. */
export interface IndexEdits {
	kind: IndexKind;
	/** The question asked (the request shown), drawn instead of the list while it is open. */
	question: ReactNode;
	/** What the last edit did, or why it was refused. */
	notice: Notice | undefined;
}

export interface IndexPickerProps<T> {
	/** E.g. `Vector index`. */
	what: string;
	state: IndexChoice;
	/** The list's rows and keys, and what its fields do. */
	picker: IndexPickerController<T>;
	edits?: IndexEdits;
	width: number;
	height: number;
}

/** The list of indexes while picking, the id's field while typing. Draws only: the keys are the picker's. */
export function IndexPicker<T>(props: IndexPickerProps<T>) {
	const { state, picker, edits } = props;
	// The filter as the title says it, compiled again once the engine is loaded (which draws again).
	const filter = useRowFilter(state.filter, state.filtering);
	const { listing, listed, rows: indexes, selected, unlisted, nothing } = picker.frame();
	const data = listing?.data;
	if (state.picking && edits?.question) return <>{edits.question}</>;
	if (state.picking && state.creating && edits)
		return (
			<Box flexDirection="column" width={props.width}>
				<TextInput
					label={`new ${props.what.toLowerCase()}:`}
					placeholder={newIndexHints[edits.kind]}
					onSubmit={(typed) => picker.create(typed)}
					onCancel={() => picker.cancel()}
				/>
				<NoticeLine notice={edits.notice} />
			</Box>
		);
	if (state.typing || nothing)
		return (
			<Box flexDirection="column" width={props.width}>
				<TextInput
					label={`${props.what} id:`}
					initial={state.indexId ?? ''}
					placeholder="type the id, enter to apply (ctrl-u clears)"
					onSubmit={(id) => picker.choose(id)}
					onCancel={() => picker.cancel()}
				/>
				<Text dimColor wrap="wrap">
					{unlisted && data && !data.listed
						? `This service lists no ${props.what.toLowerCase()}es (HTTP ${data.status}).`
						: ''}
					{state.indexId ? '' : ` No ${props.what.toLowerCase()} is configured for this connection.`}
				</Text>
			</Box>
		);
	if (!data) return <EndpointState entry={listing} what={`${props.what.toLowerCase()}es`} />;
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{`${listed.length} ${props.what.toLowerCase()}${listed.length === 1 ? '' : 'es'}`}
				{/* Said once set: the heading is whole at 80 columns without it (the key line has the keys). */}
				{filter || state.order ? (
					<SegmentText segment={filterSegment(filter, indexes.length, listed.length, state.order)} />
				) : null}
				<Text dimColor>
					{listed.length === 0
						? ' · the account has none yet'
						: ' · ● shown · enter shows the selected one · t types an id'}
				</Text>
			</Text>
			{edits?.notice ? <NoticeLine notice={edits.notice} /> : null}
			{!data.listed ? (
				<Text dimColor wrap="truncate-end">
					{`This service lists no ${props.what.toLowerCase()}es (HTTP ${data.status}): here is the one shown.`}
				</Text>
			) : null}
			{state.filtering ? (
				<PromptLine
					width={props.width}
					field={filterField(state.filter, (action) => picker.filter(action))}
					hint={null}
				/>
			) : null}
			<Table
				columns={picker.columns}
				rows={indexes}
				width={props.width}
				height={Math.max(
					2,
					props.height - 1 - (unlisted ? 1 : 0) - (state.filtering ? 1 : 0) - (edits?.notice ? 1 : 0),
				)}
				selected={selected}
				mark={(row) => (picker.isShown(row) ? '●' : ' ')}
			/>
		</Box>
	);
}

/** Shown while the index is not chosen (no id configured, the list closed): how to choose one. */
export function NoIndex(props: { what: string }) {
	return (
		<Text>
			No {props.what.toLowerCase()} is shown: <Text bold>i</Text> picks one of the account's.
		</Text>
	);
}

/**
 * The service answered 404 for the index shown (a typo'd or deleted id): said as such, not as an
 * outage of the API (its endpoints take the 404 as an answer).
 */
export function NoSuchIndex(props: { what: string; id: string }) {
	const theme = useTheme();
	return (
		<Box flexDirection="column">
			<Text color={theme.color('warn')} wrap="wrap">
				No such {props.what.toLowerCase()} {sanitize(props.id)}: the service does not have it (HTTP 404).
			</Text>
			<Text dimColor>i picks one of the account's.</Text>
		</Box>
	);
}

/** Whether an entry's answer is the 404 of an index that is not there. */
export function isNoSuchIndex(entry: EndpointEntry<unknown> | undefined): boolean {
	return entry?.failure?.status === 404;
}
