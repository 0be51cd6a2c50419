/**
 * Workflow trigger items for the batch trigger: typed one by one in a form (the body sent as
 * typed), or read from a JSON file as `mqtop trigger` reads it (api/trigger-input.ts: a JSON
 * body is sent as its serialisation); a bad file says why and adds nothing.
 */
import { isHttpUrl } from '../../../api/publish-options.js';
import { parseHeaderLine, SettingError } from '../../../api/publish-settings.js';
import type { WorkflowTriggerItem } from '../../../api/schemas.js';
import { createForm, type FieldSpec, type FormState, numberedLines } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';

export type ItemField = 'destination' | 'body' | 'headers';

const itemFields: readonly FieldSpec<ItemField>[] = [
	{ id: 'destination', label: 'workflow URL', placeholder: 'https://…' },
	{ id: 'body', label: 'body', kind: 'lines', placeholder: 'optional; sent as typed' },
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
		[
			{
				id: 'path',
				label: 'JSON file',
				placeholder: 'path to a JSON array of items; a JSON body is sent as JSON text',
			},
		],
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
