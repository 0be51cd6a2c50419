/**
 * Choosing the index a pane shows: the list of the account's indexes, the one shown marked,
 * Enter shows the selected one; where the service lists none, its id is typed. From the list an
 * index is made (`c`: its name and shape typed) or the selected one deleted (`D`), each asked as
 * its exact request (the pane's question) before it is sent. And what the pane says of an index
 * the service does not have: an answer, not an outage.
 */
import { Box, Text } from 'ink';
import { type ReactNode, useEffect, useMemo } from 'react';
import type { IndexKind } from '../../../api/index-access.js';
import { sanitize } from '../../../text/sanitize.js';
import type { EndpointEntry } from '../../data/poll-store.js';
import { commands } from '../../keys/commands.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { useTheme } from '../../theme/theme.js';
import { EndpointState } from '../endpoint-state/endpoint-state-view.js';
import { type Notice, NoticeLine } from '../notice-line/notice-line-view.js';
import { PromptLine } from '../prompt-line/prompt-line-view.js';
import { rowCommands } from '../row-filter/commands.js';
import { filterField, filterSegment, SegmentText, useArrangedRows } from '../row-filter/row-filter-view.js';
import { type Column, Table } from '../table/table-view.js';
import { selectedIndex } from '../tail-list/selection.js';
import { TextInput } from '../text-input/text-input-view.js';
import { type IndexAction, type IndexChoice, indexPickBindings } from './index-picker-state.js';
import type { IndexListing } from './listing.js';
import { newIndexHints } from './new-index.js';

/** Making and deleting indexes from the list: the pane's controller asks, the pane shows its question. */
export interface IndexEdits {
	kind: IndexKind;
	/** Shows the request that makes the index typed; false keeps the line open (what was wrong is the notice). */
	create(typed: string): boolean;
	delete(id: string, name: string | undefined): void;
	/** The question asked (the request shown), drawn instead of the list while it is open. */
	question: ReactNode;
	/** What the last edit did, or why it was refused. */
	notice: Notice | undefined;
}

export interface IndexPickerProps<T> {
	/** E.g. `Vector index`. */
	what: string;
	/** The scope of the list's keys (pickScope). */
	scope: string;
	state: IndexChoice;
	/** The choice as it is now: keys read together may have moved the selection since the last frame. */
	read: () => IndexChoice;
	dispatch: (action: IndexAction) => void;
	listing: EndpointEntry<IndexListing<T>> | undefined;
	/** What is listed where the service lists nothing: the indexes the monitor knows (the one shown). */
	known?: readonly T[];
	columns: readonly Column<T>[];
	idOf: (index: T) => string;
	nameOf?: (index: T) => string | undefined;
	edits?: IndexEdits;
	width: number;
	height: number;
}

const none: readonly never[] = [];

/** The list of indexes while picking, the id's field while typing. */
export function IndexPicker<T>(props: IndexPickerProps<T>) {
	const { state, dispatch, listing, edits } = props;
	const data = listing?.data;
	// A service without the listing: the indexes known, and the id of another is typed (t).
	const unlisted = data?.listed === false;
	const listed = data?.listed ? data.indexes : (props.known ?? none);
	const { rows: indexes, filter } = useArrangedRows(listed, props.columns, state);
	const ids = useMemo(() => indexes.map(props.idOf), [indexes, props.idOf]);
	const index = selectedIndex(ids, state.cursor ?? state.indexId);
	const selectedNow = () => {
		const now = props.read();
		return selectedIndex(ids, now.cursor ?? now.indexId);
	};
	const nothing = unlisted && indexes.length === 0;
	useEffect(() => {
		if (state.picking && nothing) dispatch({ type: 'index/type' });
	}, [state.picking, nothing, dispatch]);
	const move = (delta: number) => {
		if (ids.length === 0) return;
		const id = ids[Math.min(ids.length - 1, Math.max(0, selectedNow() + delta))]!;
		dispatch({ type: 'index/move', id });
	};
	const page = Math.max(1, props.height - 3);
	const bindings = useMemo(
		() => indexPickBindings(props.scope, props.what.toLowerCase()),
		[props.scope, props.what],
	);
	useCommands(
		commands(bindings, props.scope, {
			'nav.up': () => move(-1),
			'nav.down': () => move(1),
			'nav.pageUp': () => move(-page),
			'nav.pageDown': () => move(page),
			'nav.open': () => {
				const id = ids[selectedNow()];
				if (id !== undefined) dispatch({ type: 'index/set', id });
			},
			'nav.back': () => dispatch({ type: 'index/cancel' }),
			'index.type': () => dispatch({ type: 'index/type' }),
			'index.create': () => {
				if (edits) dispatch({ type: 'index/create', open: true });
			},
			'index.delete': () => {
				const index = indexes[selectedNow()];
				if (edits && index !== undefined) edits.delete(props.idOf(index), props.nameOf?.(index));
			},
			...rowCommands({
				dispatch,
				columns: props.columns,
				keep: () => {
					const id = ids[selectedNow()];
					if (id !== undefined) dispatch({ type: 'index/move', id });
				},
			}),
		}),
		priorities.pane,
		{ active: state.picking && !state.filtering && !state.creating && !edits?.question },
	);
	if (state.picking && edits?.question) return <>{edits.question}</>;
	if (state.picking && state.creating && edits)
		return (
			<Box flexDirection="column" width={props.width}>
				<TextInput
					label={`new ${props.what.toLowerCase()}:`}
					placeholder={newIndexHints[edits.kind]}
					onSubmit={(typed) => {
						if (edits.create(typed)) dispatch({ type: 'index/create', open: false });
					}}
					onCancel={() => dispatch({ type: 'index/cancel' })}
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
					onSubmit={(id) => dispatch({ type: 'index/set', id })}
					onCancel={() => dispatch({ type: 'index/cancel' })}
				/>
				<Text dimColor wrap="wrap">
					{unlisted ? `This service lists no ${props.what.toLowerCase()}es (HTTP ${data.status}).` : ''}
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
			{unlisted ? (
				<Text dimColor wrap="truncate-end">
					{`This service lists no ${props.what.toLowerCase()}es (HTTP ${data.status}): here is the one shown.`}
				</Text>
			) : null}
			{state.filtering ? (
				<PromptLine width={props.width} field={filterField(state.filter, dispatch)} hint={null} />
			) : null}
			<Table
				columns={props.columns}
				rows={indexes}
				width={props.width}
				height={Math.max(
					2,
					props.height - 1 - (unlisted ? 1 : 0) - (state.filtering ? 1 : 0) - (edits?.notice ? 1 : 0),
				)}
				selected={index}
				mark={(row) => (props.idOf(row) === state.indexId ? '●' : ' ')}
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
