/**
 * The fields of a publish as a person types them, shared by every form that sends publish
 * options (Publish, a schedule): each value goes through the shared parsers
 * (decodePublishSettings, the service's own decoder; Name: value lines; not-before times),
 * field by field, so each problem is shown next to its field.
 */
import type { Dialect } from '../../../api/dialect.js';
import {
	destinationRuleProblem,
	PublishOptionError,
	type PublishOptions,
} from '../../../api/publish-options.js';
import {
	decodeMessageSettings,
	decodePublishSettings,
	notBeforeSeconds,
	type PublishSetting,
	PublishSettingError,
	parseHeaderLine,
	SettingError,
} from '../../../api/publish-settings.js';
import { type FieldSpec, numberedLines } from '../form/form-state.js';
import type { FormErrors } from '../form/form-view.js';

export type PublishField =
	| 'destination'
	| 'method'
	| 'body'
	| 'contentType'
	| 'delay'
	| 'notBefore'
	| 'retries'
	| 'retryDelay'
	| 'timeout'
	| 'callback'
	| 'failureCallback'
	| 'forward'
	| 'dedupId'
	| 'flowKey'
	| 'flowValue'
	| 'labels';

export const publishFields: readonly FieldSpec<PublishField>[] = [
	{ id: 'destination', label: 'destination', placeholder: 'https://… or a URL Group name' },
	{
		id: 'method',
		label: 'method',
		kind: 'choice',
		choices: ['POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
	},
	{ id: 'body', label: 'body', kind: 'lines', placeholder: 'the message body; enter breaks a line' },
	{ id: 'contentType', label: 'content type', placeholder: 'e.g. application/json' },
	{ id: 'delay', label: 'delay', placeholder: 'e.g. 30s or 1h30m' },
	{ id: 'notBefore', label: 'not before', placeholder: 'unix seconds or an ISO date (instead of a delay)' },
	{ id: 'retries', label: 'retries', placeholder: 'after the first attempt (default 3)' },
	{ id: 'retryDelay', label: 'retry delay', placeholder: 'ms over `retried`, e.g. pow(2, retried) * 1000' },
	{ id: 'timeout', label: 'timeout', placeholder: 'e.g. 30s' },
	{ id: 'callback', label: 'callback', placeholder: 'URL told of every attempt' },
	{ id: 'failureCallback', label: 'failure callback', placeholder: 'URL told when all retries failed' },
	{ id: 'forward', label: 'forward headers', kind: 'lines', placeholder: "one 'Name: value' per line" },
	{ id: 'dedupId', label: 'dedup id', placeholder: 'a second message with this id is dropped' },
	{ id: 'flowKey', label: 'flow control key', placeholder: 'optional' },
	{ id: 'flowValue', label: 'flow control', placeholder: 'rate=10, parallelism=2, period=1m' },
	{ id: 'labels', label: 'labels', placeholder: 'comma-separated' },
];

/** The fields that make publish options: all but the destination and the body. */
export type PublishOptionField = Exclude<PublishField, 'destination' | 'body'>;

export const publishOptionFields = publishFields
	.map((f) => f.id)
	.filter((id): id is PublishOptionField => id !== 'destination' && id !== 'body');

/** What is wrong with a destination as typed, if anything: a URL or a URL Group name. */
export function destinationProblem(text: string): string | undefined {
	const destination = text.trim();
	if (destination === '') return 'give a URL or a URL Group name';
	return destinationRuleProblem(destination);
}

/** The settings each field makes, or the problem of the field itself (a bad header line, a bad date). */
function fieldSettings(
	field: PublishOptionField,
	value: string,
): PublishSetting<PublishOptionField>[] | { error: string } {
	const text = value.trim();
	const one = (header: string, v = text) => (text === '' ? [] : [{ header, value: v, origin: field }]);
	try {
		switch (field) {
			case 'method':
				return text === '' || text === 'POST' ? [] : one('Method');
			case 'contentType':
				return one('Content-Type');
			case 'delay':
				return one('Delay');
			case 'notBefore':
				return text === '' ? [] : one('Not-Before', notBeforeSeconds(text));
			case 'retries':
				return one('Retries');
			case 'retryDelay':
				return one('Retry-Delay');
			case 'timeout':
				return one('Timeout');
			case 'callback':
				return one('Callback');
			case 'failureCallback':
				return one('Failure-Callback');
			case 'forward':
				return numberedLines(value).map((line) => {
					try {
						const [name, v] = parseHeaderLine(line.text);
						return { header: `Forward-${name}`, value: v, origin: field };
					} catch (error) {
						if (error instanceof SettingError)
							throw new SettingError(`line ${line.number}: ${error.message}`);
						throw error;
					}
				});
			case 'dedupId':
				return one('Deduplication-Id');
			case 'flowKey':
				return one('Flow-Control-Key');
			case 'flowValue':
				return one('Flow-Control-Value');
			case 'labels': {
				const labels = text
					.split(',')
					.map((l) => l.trim())
					.filter(Boolean);
				return labels.length === 0 ? [] : one('Label', labels.join(','));
			}
		}
	} catch (error) {
		if (error instanceof SettingError) return { error: error.message };
		throw error;
	}
}

function decodeError(
	settings: PublishSetting<PublishOptionField>[],
	dialect: Dialect,
): PublishSettingError<PublishOptionField> | undefined {
	try {
		decodePublishSettings(settings, dialect);
		return undefined;
	} catch (error) {
		if (error instanceof PublishSettingError) return error as PublishSettingError<PublishOptionField>;
		throw error;
	}
}

/**
 * The publish options the fields `ids` of a form make, checked as the service checks them;
 * `options` is set only when every one of them is right, `errors` says what is wrong next to
 * each field.
 */
export function checkPublishOptions<F extends string>(
	values: Readonly<Record<F, string>>,
	ids: readonly (F & PublishOptionField)[],
	dialect: Dialect,
): { errors: FormErrors<F>; options: PublishOptions | undefined } {
	const errors: FormErrors<PublishOptionField> = {};
	const value = (id: PublishOptionField) =>
		ids.includes(id as F & PublishOptionField) ? values[id as F] : '';
	if (value('delay').trim() && value('notBefore').trim())
		errors.notBefore = 'give a delay or a not-before time, not both';
	const all: PublishSetting<PublishOptionField>[] = [];
	const flow: PublishSetting<PublishOptionField>[] = [];
	for (const field of ids) {
		const made = fieldSettings(field, values[field]);
		if ('error' in made) {
			errors[field] ??= made.error;
			continue;
		}
		all.push(...made);
		// Each field is decoded on its own, so every bad field says so at once; the flow control
		// key and value are checked together, as the value needs the key.
		if (field === 'flowKey' || field === 'flowValue') flow.push(...made);
		else {
			const error = decodeError(made, dialect);
			if (error) errors[error.origin] ??= error.problem;
		}
	}
	const flowError = decodeError(flow, dialect);
	if (flowError) errors[flowError.origin] ??= flowError.problem;
	if (Object.keys(errors).length > 0) return { errors: errors as FormErrors<F>, options: undefined };
	// The delay of every retry the message will make too, as the service and the commands check it.
	try {
		return { errors: {}, options: decodeMessageSettings(all, dialect) };
	} catch (error) {
		if (!(error instanceof PublishOptionError)) throw error;
		return { errors: { retryDelay: error.problem } as FormErrors<F>, options: undefined };
	}
}
