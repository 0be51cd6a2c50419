/**
 * A form: labelled fields, the focused one editable, each field's error right under it. The
 * state is the pure reducer of ./form-state.ts, kept by the owner (outside React), so a form
 * survives a failed send and a visit to another pane. While active it takes every key.
 */
import { Box, Text } from 'ink';
import { fitText, truncate } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import { bindingsIn } from '../../keys/bind.js';
import { commands } from '../../keys/commands.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { textEditOf } from '../text-input/text-input-state.js';
import {
	type FormAction,
	type FormPurpose,
	type FormScope,
	type FormState,
	formScope,
} from './form-state.js';

/** What Enter (or ctrl-s) does, by the form's purpose, as the key line says it. */
const verbs: Record<FormPurpose, string> = { send: 'send', add: 'add', load: 'load', apply: 'apply' };

/**
 * The keys of a form of one purpose whose focused field is one line or several. Sending is an
 * edit: read-only mode shows its keys as off (the owner refuses the send too).
 */
function formKeys<const S extends FormScope>(scope: S, purpose: FormPurpose, lines: boolean) {
	const key = bindingsIn(scope);
	const verb = verbs[purpose];
	const edit = purpose === 'send';
	return [
		key('form.next', ['tab', 'down'], 'next field', { hint: { keys: 'tab/↓↑', label: 'field' } }),
		key('form.previous', ['shift+tab', 'up'], 'previous field'),
		lines
			? key('form.newline', 'enter', `a new line in this field (ctrl-s: ${verb})`, { hint: 'new line' })
			: key('input.submit', 'enter', verb, { hint: verb, edit }),
		key('form.send', 'ctrl+s', `${verb} from any field`, { hint: { keys: '^S', label: verb }, edit }),
		key('input.cancel', 'esc', 'close the form', { hint: 'close' }),
	] as const;
}

/** A form takes every key; the arrows and Tab move between fields. */
export const formBindings = [
	...formKeys('form', 'send', false),
	...formKeys('form.lines', 'send', true),
	...formKeys('form.add', 'add', false),
	...formKeys('form.add.lines', 'add', true),
	...formKeys('form.load', 'load', false),
	...formKeys('form.load.lines', 'load', true),
	...formKeys('form.apply', 'apply', false),
	...formKeys('form.apply.lines', 'apply', true),
] as const;

/** What a multi-line field shows under itself while focused: Enter's rule there. */
export function linesRule(purpose: FormPurpose = 'send'): string {
	return `enter: new line · ctrl-s: ${verbs[purpose]} · tab: next field`;
}

export type FormErrors<Id extends string = string> = Partial<Record<Id, string>>;

/** The errors to show: a field's once it has a value, every field's once a send was tried. */
export function shownErrors<Id extends string>(form: FormState<Id>, errors: FormErrors<Id>): FormErrors<Id> {
	const shown: FormErrors<Id> = {};
	for (const field of form.fields) {
		const error = errors[field.id];
		if (error && (form.submitted || form.values[field.id].trim() !== '')) shown[field.id] = error;
	}
	return shown;
}

/** A line of a field as drawn: the text before the cursor, the cell under it, the rest. */
export interface LineView {
	before: string;
	at: string | undefined;
	after: string;
}

/** One line cut to `width` cells around the cursor (when the line has it), sanitised. */
export function lineView(chars: readonly string[], cursor: number | undefined, width: number): LineView {
	if (cursor === undefined)
		return { before: sanitize(truncate(chars.join(''), width)), at: undefined, after: '' };
	const room = Math.max(1, width);
	const start = Math.max(0, cursor - room + 1);
	const visible = chars.slice(start, start + room);
	const at = cursor - start;
	return {
		before: sanitize(visible.slice(0, at).join('')),
		at: sanitize(visible[at] ?? ' '),
		after: sanitize(visible.slice(at + 1).join('')),
	};
}

export interface FormRow {
	key: string;
	field: number;
	/** The field's label on its first row, empty below. */
	label: string;
	kind: 'value' | 'placeholder' | 'error' | 'more' | 'rule';
	line?: LineView;
	text?: string;
	/** Dim text after the line: the placeholder of the focused empty field. */
	hint?: string;
}

/** The rows of a form: a row per line of each value (at most `maxLines`), then its error if shown. */
export function formRows<Id extends string>(
	form: FormState<Id>,
	errors: FormErrors<Id>,
	valueWidth: number,
	maxLines = 4,
): FormRow[] {
	const rows: FormRow[] = [];
	form.fields.forEach((field, index) => {
		const focused = index === form.focus;
		const value = form.values[field.id];
		const kind = field.kind ?? 'text';
		if (kind === 'choice') {
			const text = (field.choices ?? []).map((c) => (c === value ? `[${c}]` : ` ${c} `)).join(' ');
			rows.push({ key: `${field.id}`, field: index, label: field.label, kind: 'value', text });
		} else if (value === '' && field.placeholder && !focused) {
			rows.push({
				key: field.id,
				field: index,
				label: field.label,
				kind: 'placeholder',
				text: field.placeholder,
			});
		} else if (value === '' && field.placeholder) {
			// The cursor sits on the placeholder's first character, so focusing does not move it.
			const [first = ' ', ...rest] = [...sanitize(truncate(field.placeholder, valueWidth))];
			rows.push({
				key: `${field.id}.0`,
				field: index,
				label: field.label,
				kind: 'value',
				line: { before: '', at: first, after: '' },
				hint: rest.join(''),
			});
		} else {
			// Where the cursor is: which line, which column.
			const lines = value.split('\n').map((line) => [...line]);
			let cursorLine = -1;
			let column = 0;
			if (focused) {
				let left = form.cursor;
				cursorLine = lines.findIndex((line) => {
					if (left <= line.length) return true;
					left -= line.length + 1;
					return false;
				});
				column = left;
			}
			const first = Math.max(0, Math.min(cursorLine - maxLines + 1, lines.length - maxLines));
			const shown = lines.slice(first, first + maxLines);
			shown.forEach((chars, offset) => {
				const lineIndex = first + offset;
				rows.push({
					key: `${field.id}.${lineIndex}`,
					field: index,
					label: offset === 0 ? field.label : '',
					kind: 'value',
					line: lineView(chars, lineIndex === cursorLine ? column : undefined, valueWidth),
				});
			});
			const hidden = lines.length - shown.length;
			if (hidden > 0)
				rows.push({
					key: `${field.id}.more`,
					field: index,
					label: '',
					kind: 'more',
					text: `… ${hidden} more line${hidden === 1 ? '' : 's'}`,
				});
		}
		// Where Enter does not send, the field says so under the cursor.
		if (focused && kind === 'lines')
			rows.push({
				key: `${field.id}.rule`,
				field: index,
				label: '',
				kind: 'rule',
				text: linesRule(form.purpose),
			});
		const error = errors[field.id];
		if (error)
			rows.push({ key: `${field.id}.error`, field: index, label: '', kind: 'error', text: `✗ ${error}` });
	});
	return rows;
}

/** First row shown so that the focused field's rows are in view. */
export function formScroll(rows: readonly FormRow[], focus: number, height: number): number {
	const first = rows.findIndex((r) => r.field === focus);
	const last = rows.findLastIndex((r) => r.field === focus);
	if (rows.length <= height || first < 0) return 0;
	const start = Math.max(
		0,
		Math.min(first - Math.floor((height - (last - first + 1)) / 2), rows.length - height),
	);
	return Math.min(start, first);
}

export interface FormProps<Id extends string> {
	form: FormState<Id>;
	/** Every field's problem; shownErrors decides which are drawn. */
	errors: FormErrors<Id>;
	width: number;
	/** Rows the form may use; it scrolls to keep the focused field in view. */
	height: number;
	/** The form has the keys (and draws its cursor). */
	active: boolean;
	labelWidth?: number;
	onAction: (action: FormAction<Id>) => void;
	onSubmit: () => void;
	onCancel: () => void;
}

export function Form<Id extends string>(props: FormProps<Id>) {
	const { form, active } = props;
	useCommands(
		commands(formBindings, formScope(form), {
			'form.next': () => props.onAction({ type: 'focus/move', delta: 1 }),
			'form.previous': () => props.onAction({ type: 'focus/move', delta: -1 }),
			'form.newline': () => props.onAction({ type: 'newline' }),
			'input.submit': () => props.onSubmit(),
			'form.send': () => props.onSubmit(),
			'input.cancel': () => props.onCancel(),
		}),
		priorities.input,
		{
			active,
			rest: (event) => {
				if (event.name === 'ctrl+c') return false;
				const edit = textEditOf(event);
				if (edit) props.onAction(edit);
				return true;
			},
		},
	);
	const labelWidth = props.labelWidth ?? Math.max(...form.fields.map((f) => f.label.length)) + 4;
	const valueWidth = Math.max(8, props.width - labelWidth - 1);
	const rows = formRows(active ? form : { ...form, focus: -1 }, shownErrors(form, props.errors), valueWidth);
	const height = Math.max(1, props.height);
	const start = formScroll(rows, form.focus, height);
	return (
		<Box flexDirection="column" width={props.width} height={Math.min(height, rows.length)} overflowY="hidden">
			{rows.slice(start, start + height).map((row) => {
				const focused = active && row.field === form.focus;
				return (
					<Box key={row.key} width={props.width} flexShrink={0}>
						<Box width={labelWidth} flexShrink={0}>
							<Text color={focused ? 'cyan' : undefined} bold={focused} dimColor={!focused}>
								{fitText(row.label ? `${focused ? '›' : ' '} ${row.label}` : '', labelWidth)}
							</Text>
						</Box>
						<FormCell row={row} width={valueWidth} />
					</Box>
				);
			})}
		</Box>
	);
}

function FormCell(props: { row: FormRow; width: number }) {
	const { row } = props;
	if (row.kind === 'error')
		return (
			<Text color="red" wrap="truncate-end">
				{sanitize(row.text ?? '')}
			</Text>
		);
	if (row.kind === 'rule')
		return (
			<Text dimColor wrap="truncate-end">
				{row.text}
			</Text>
		);
	if (row.kind === 'placeholder' || row.kind === 'more')
		return (
			<Text dimColor wrap="truncate-end">
				{sanitize(row.text ?? '')}
			</Text>
		);
	if (row.text !== undefined) return <Text wrap="truncate-end">{sanitize(row.text)}</Text>;
	const line = row.line!;
	return (
		<Text wrap="truncate-end">
			{line.before}
			{line.at === undefined ? null : <Text inverse>{line.at}</Text>}
			{line.after}
			{row.hint ? <Text dimColor>{sanitize(row.hint)}</Text> : null}
		</Text>
	);
}
