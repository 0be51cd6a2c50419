/**
 * An index's data inside the Vector and Search panes: the records the last read brought
 * (scores first for a query), the selected one in full, the form of what to ask, and a delete
 * shown as its exact request. Reads its state and sends nothing: the controller does.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { jsonText, recordGist, scoreText } from '../../../format/index-record.js';
import { fitText } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import { useTheme } from '../../theme/theme.js';
import { DetailScreen } from '../detail-view/detail-view.js';
import type { FormControls } from '../form/form-screen.js';
import { FormScreen } from '../form/form-screen.js';
import type { FormErrors } from '../form/form-view.js';
import { PromptLine } from '../prompt-line/prompt-line-view.js';
import type { ConfirmAnswer } from '../request-flow/request-flow-view.js';
import { ConfirmRequest } from '../request-flow/request-flow-view.js';
import type { DataRecord, IndexDataState } from './index-data-state.js';
import { recordLines } from './record-lines.js';

/** The columns of a row: the marker, the score of a match, the id, what it holds. */
function rowText(record: DataRecord, scored: boolean, idWidth: number, width: number): string {
	const score = scored ? `${fitText(scoreText(record.score), 7, 'right')}  ` : '';
	const id = fitText(sanitize(record.id), idWidth);
	const rest = Math.max(0, width - score.length - idWidth - 4);
	return `${score}${id}  ${fitText(recordGist(record), rest)}`;
}

/** What the view's form and question answer to (IndexDataController): the keys are the controller's. */
export interface IndexDataControls<Id extends string> extends FormControls<Id>, ConfirmAnswer {
	check(): { errors: FormErrors<Id> };
}

export interface IndexDataViewProps<Id extends string, Spec> {
	/** The first words of the title: `Vector index products`. */
	title: string;
	state: IndexDataState<Id, Spec>;
	controller: IndexDataControls<Id>;
	readOnly: boolean;
	width: number;
	height: number;
}

/** Draws only: the keys of the data view are its controller's (IndexDataController.dataCommands). */
export function IndexDataView<Id extends string, Spec>(props: IndexDataViewProps<Id, Spec>) {
	const { state, controller, width, height } = props;
	const theme = useTheme();
	const records = state.result?.records ?? [];
	const current = records[state.selected];
	const lines = state.detail && current ? recordLines(current, width) : [];

	if (state.confirm)
		return <ConfirmRequest flow={state} host={state.confirm.host} size={props} answer={controller} />;
	if (state.formOpen && state.form)
		return (
			<FormScreen
				title={
					<>
						{props.title}
						<Text dimColor> · what to ask · enter asks · a delete is shown before it is sent</Text>
					</>
				}
				failure={state.failure}
				form={state.form}
				errors={controller.check().errors}
				size={props}
				controls={controller}
			/>
		);
	const hint = (
		<Text dimColor wrap="truncate-end">
			{state.ask
				? `s asks again · enter opens · ${props.readOnly ? 'read-only: delete is off' : 'D deletes'} · esc back`
				: 's asks: a query by text or vector, ids to fetch, a range, a delete · esc back'}
		</Text>
	);
	const prompt = (
		<PromptLine
			width={width}
			notice={state.failure ? { tone: 'error', text: state.failure } : state.notice}
			hint={hint}
		/>
	);
	if (state.detail && current)
		return (
			<DetailScreen
				title={`${props.title} · record ${sanitize(current.id)}`}
				prompt={prompt}
				lines={lines}
				scroll={state.detailScroll}
				width={width}
				height={height}
			/>
		);
	const result = state.result;
	const paging = [
		state.previous.length > 0 ? `page ${state.previous.length + 1}` : '',
		result?.nextCursor ? 'n next page' : '',
		state.previous.length > 0 ? 'p previous' : '',
	]
		.filter(Boolean)
		.join(' · ');
	const heading: ReactNode = (
		<Text bold wrap="truncate-end">
			{props.title}
			{/* How many and the paging first: at 80 columns the words of the request are what is cut. */}
			<Text dimColor>
				{state.loading
					? ' · asking…'
					: result
						? ` · ${records.length} record${records.length === 1 ? '' : 's'}${paging ? ` · ${paging}` : ''}`
						: ''}
			</Text>
			{state.ask ? ` · ${state.ask.words}` : ''}
		</Text>
	);
	const idWidth = Math.min(
		Math.max(4, ...records.map((r) => [...sanitize(r.id)].length)),
		Math.max(8, Math.floor(width / 3)),
	);
	const absent = result && result.absent.length > 0 ? result.absent : undefined;
	const listRows = Math.max(1, height - 3 - (absent ? 1 : 0));
	const offset = Math.max(0, Math.min(state.selected - listRows + 1, records.length - listRows));
	const shown = records.slice(offset, offset + listRows);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			{heading}
			{prompt}
			{!state.ask ? (
				<Text wrap="wrap">
					No request yet. s opens the form: query by text (the index's embedder) or by a vector pasted as
					JSON, with a filter and top K; fetch ids; range through a namespace page by page; delete by id or by
					filter.
				</Text>
			) : result && records.length === 0 && !absent ? (
				<Text>{state.loading ? ' ' : 'No records.'}</Text>
			) : result ? (
				<>
					<Text dimColor wrap="truncate-end">
						{`  ${result.scored ? `${fitText('score', 7, 'right')}  ` : ''}${fitText('id', idWidth)}  holds`}
					</Text>
					{shown.map((record, i) => {
						const selected = offset + i === state.selected;
						return (
							<Text key={record.id} wrap="truncate-end" inverse={selected}>
								{selected ? '› ' : '  '}
								{rowText(record, result.scored, idWidth, width - 2)}
							</Text>
						);
					})}
					{absent ? (
						<Text color={theme.color('warn')} wrap="truncate-end">
							not found: {absent.map((id) => jsonText(id)).join(', ')}
						</Text>
					) : null}
				</>
			) : null}
		</Box>
	);
}
