/**
 * The form that creates a schedule: its cron expression, destination, optional id and queue,
 * and the publish options every run carries. The publish fields and their checks are the
 * Publish pane's, shared through the kit (kit/publish-form); the cron expression is checked by
 * the parser that fires schedules. Pure.
 */

import { CronError, type CronSchedule, parseCron } from '../../../api/cron.js';
import type { Dialect } from '../../../api/dialect.js';
import { groupNameRule, isGroupName } from '../../../api/publish-options.js';
import type { ScheduleRequest } from '../../../api/schedules-api.js';
import { createForm, type FieldSpec, type FormState } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import {
	checkPublishOptions,
	destinationProblem,
	type PublishOptionField,
	publishFields,
} from '../../kit/publish-form/fields.js';

/** Options a schedule takes: a not-before time or a deduplication id would hold for one run only. */
type ScheduleOptionField = Exclude<PublishOptionField, 'notBefore' | 'dedupId'>;

export type ScheduleField =
	| 'cron'
	| 'destination'
	| 'scheduleId'
	| 'queueName'
	| 'body'
	| ScheduleOptionField;

const optionIds: readonly ScheduleOptionField[] = [
	'method',
	'contentType',
	'delay',
	'retries',
	'retryDelay',
	'timeout',
	'callback',
	'failureCallback',
	'forward',
	'flowKey',
	'flowValue',
	'labels',
];

const publishField = (id: 'destination' | 'body' | ScheduleOptionField) =>
	publishFields.find((f) => f.id === id)! as FieldSpec<ScheduleField>;

export const scheduleFields: readonly FieldSpec<ScheduleField>[] = [
	{
		id: 'cron',
		label: 'cron',
		placeholder: 'e.g. */5 * * * * (UTC), or CRON_TZ=Europe/Berlin 0 9 * * 1-5',
	},
	publishField('destination'),
	{ id: 'scheduleId', label: 'schedule id', placeholder: 'optional; the id of an existing one updates it' },
	{ id: 'queueName', label: 'queue', placeholder: 'optional; each run waits its turn in this queue' },
	publishField('method'),
	publishField('body'),
	...optionIds.filter((id) => id !== 'method').map(publishField),
];

export function scheduleForm(): FormState<ScheduleField> {
	return createForm(scheduleFields);
}

export interface ScheduleCheck {
	errors: FormErrors<ScheduleField>;
	/** Set only when every field is right. */
	request: ScheduleRequest | undefined;
	cron: CronSchedule | undefined;
}

export function checkScheduleForm(
	values: Readonly<Record<ScheduleField, string>>,
	dialect: Dialect,
): ScheduleCheck {
	const errors: FormErrors<ScheduleField> = {};
	let cron: CronSchedule | undefined;
	if (values.cron.trim() === '') errors.cron = 'give a cron expression';
	else
		try {
			cron = parseCron(values.cron);
		} catch (error) {
			if (!(error instanceof CronError)) throw error;
			errors.cron = error.message;
		}
	const destination = destinationProblem(values.destination);
	if (destination) errors.destination = destination;
	const scheduleId = values.scheduleId.trim();
	if (scheduleId && !isGroupName(scheduleId)) errors.scheduleId = `not a schedule id: use ${groupNameRule}`;
	const queueName = values.queueName.trim();
	if (queueName && !isGroupName(queueName)) errors.queueName = `not a queue name: use ${groupNameRule}`;
	const checked = checkPublishOptions(values, optionIds, dialect);
	Object.assign(errors, checked.errors);
	if (Object.keys(errors).length > 0 || !checked.options || !cron)
		return { errors, request: undefined, cron: undefined };
	const request: ScheduleRequest = {
		destination: values.destination.trim(),
		cron: cron.text,
		body: values.body,
		options: checked.options,
		...(scheduleId ? { scheduleId } : {}),
		...(queueName ? { queueName } : {}),
	};
	return { errors, request, cron };
}
