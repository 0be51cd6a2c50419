/**
 * The filters of `mqtop dlq` and `mqtop logs` as flags, checked by the same code as the TUI's
 * filter form (api/filter-settings.ts); a refusal names the flag and nothing is sent.
 */
import {
	type FilterCheck,
	type FilterInput,
	type FilterInputField,
	filterValues,
} from '../api/filter-settings.js';
import { type FlagSpec, type FlagSpecs, type ParsedArgs, UsageError } from './args.js';

const flagNames: Record<FilterInputField, string> = {
	state: 'state',
	messageId: 'message-id',
	url: 'url',
	group: 'group',
	label: 'label',
	status: 'status',
	from: 'from',
	to: 'to',
};

const time = 'a span ago (15m, 2h, 1d), a date (2026-01-31T09:00), unix seconds or ms, or now';

const specs: Record<FilterInputField, FlagSpec> = {
	state: {
		type: 'string',
		multiple: true,
		value: '<state>',
		description: 'CREATED, ACTIVE, RETRY, ERROR, IN_PROGRESS, DELIVERED, FAILED, CANCEL_REQUESTED, CANCELLED',
	},
	messageId: { type: 'string', value: '<id>', description: 'the message' },
	url: {
		type: 'string',
		multiple: true,
		value: '<url>',
		description: 'destination URL, exactly as published',
	},
	group: { type: 'string', multiple: true, value: '<name>', description: 'URL Group' },
	label: { type: 'string', multiple: true, value: '<label>', description: 'label given at publish' },
	status: {
		type: 'string',
		multiple: true,
		value: '<status>',
		description: 'HTTP status of the last response, e.g. 500 (commas for several: 404,429)',
	},
	from: { type: 'string', value: '<time>', description: `from this time: ${time}` },
	to: { type: 'string', value: '<time>', description: `until this time (same forms)` },
};

/** The flags of these filter fields. */
export function filterFlags(fields: readonly FilterInputField[]): FlagSpecs {
	return Object.fromEntries(fields.map((field) => [flagNames[field], specs[field]]));
}

/** What the flags say, field by field, as typed. */
export function filterInput(args: ParsedArgs, fields: readonly FilterInputField[]): FilterInput {
	const input: FilterInput = {};
	for (const field of fields) {
		const values = args.strings(flagNames[field]);
		if (values.length > 0) input[field] = values;
	}
	return input;
}

/** The filter the flags give, checked; a wrong value is bad usage naming its flag. */
export function readFilter<F>(
	args: ParsedArgs,
	fields: readonly FilterInputField[],
	check: (input: FilterInput, now: number) => FilterCheck<F>,
): F {
	const { filter, errors } = check(filterInput(args, fields), Date.now());
	const [field, problem] = Object.entries(errors)[0] ?? [];
	if (field) throw new UsageError(`--${flagNames[field as FilterInputField]}: ${problem}`);
	return filter;
}

const plain = /^[\w@%+=:,./-]+$/;

/** The filter flags as they were given, to repeat in a command line (`--url 'https://…'`). */
export function filterArguments(args: ParsedArgs, fields: readonly FilterInputField[]): string {
	const input = filterInput(args, fields);
	const words = fields.flatMap((field) =>
		filterValues(field, input[field]).map((value) => {
			const quoted = plain.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
			return `--${flagNames[field]} ${quoted}`;
		}),
	);
	return words.map((w) => ` ${w}`).join('');
}
