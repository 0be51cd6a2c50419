/**
 * Workflow trigger items for the batch trigger: typed one by one in a form, or read from a JSON
 * file. Both are checked with the shared WorkflowTriggerItem schema; a bad file says why and
 * adds nothing.
 */
import { isHttpUrl } from '../../../api/publish-options.js';
import { parseHeaderLine, SettingError } from '../../../api/publish-settings.js';
import { describeZodError, type WorkflowTriggerItem, WorkflowTriggerItems } from '../../../api/schemas.js';
import { createForm, type FieldSpec, type FormState, numberedLines } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';

export type ItemField = 'destination' | 'body' | 'headers';

const itemFields: readonly FieldSpec<ItemField>[] = [
	{ id: 'destination', label: 'workflow URL', placeholder: 'https://…' },
	{ id: 'body', label: 'body', kind: 'lines', placeholder: 'optional; passed unchanged' },
	{
		id: 'headers',
		label: 'headers',
		kind: 'lines',
		placeholder: "one 'Name: value' per line, e.g. a run id header to deduplicate",
	},
];

export function itemForm(): FormState<ItemField> {
	return createForm(itemFields, {}, undefined, 'add');
}

export function fileForm(): FormState<'path'> {
	return createForm(
		[{ id: 'path', label: 'JSON file', placeholder: 'path to [{"destination", "body"?, "headers"?}, …]' }],
		{},
		undefined,
		'load',
	);
}

export function checkItemForm(values: Readonly<Record<ItemField, string>>): {
	errors: FormErrors<ItemField>;
	item: WorkflowTriggerItem | undefined;
} {
	const errors: FormErrors<ItemField> = {};
	const destination = values.destination.trim();
	if (!destination) errors.destination = 'give the URL of the workflow';
	else if (!isHttpUrl(destination)) errors.destination = 'expected an http:// or https:// URL';
	const headers: Record<string, string> = {};
	for (const line of numberedLines(values.headers)) {
		try {
			const [name, value] = parseHeaderLine(line.text);
			const known = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
			if (known) errors.headers ??= `line ${line.number}: ${name} is given twice`;
			headers[name] = value;
		} catch (error) {
			if (!(error instanceof SettingError)) throw error;
			errors.headers ??= `line ${line.number}: ${error.message}`;
		}
	}
	if (Object.keys(errors).length > 0) return { errors, item: undefined };
	const item: WorkflowTriggerItem = { destination };
	if (values.body !== '') item.body = values.body;
	if (Object.keys(headers).length > 0) item.headers = headers;
	return { errors, item };
}

/** The items of a JSON file's text, or why there are none; `label` names the file in the message. */
export function parseTriggerFile(
	text: string,
	label: string,
): { items: WorkflowTriggerItem[] } | { error: string } {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { error: `${label} is not valid JSON: ${(error as Error).message}` };
	}
	const parsed = WorkflowTriggerItems.safeParse(json);
	if (!parsed.success) return { error: `${label}: ${describeZodError(parsed.error, 'items')}` };
	if (parsed.data.length === 0) return { error: `${label}: no items to trigger` };
	return { items: parsed.data };
}
