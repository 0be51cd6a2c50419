/**
 * The Publish pane's form: the publish fields of the kit (kit/publish-form), a fresh form with
 * the callbacks pointing at mqtop's receiver, and a pure check of what was typed.
 */
import type { MqClient, PublishRequest } from '../../../api/client.js';
import { joinUrl } from '../../../api/connection.js';
import type { Dialect } from '../../../api/dialect.js';
import type { PublishOptions } from '../../../api/publish-options.js';
import { createForm, type FormState } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import {
	checkPublishOptions,
	destinationProblem,
	type PublishField,
	publishFields,
	publishOptionFields,
} from '../../kit/publish-form/fields.js';

export { type PublishField, publishFields };

/** A fresh form; the callbacks point at the monitor's own receiver when one runs. */
export function publishForm(receiverUrl: string | undefined): FormState<PublishField> {
	return createForm(
		publishFields,
		receiverUrl
			? { callback: joinUrl(receiverUrl, '/callback'), failureCallback: joinUrl(receiverUrl, '/failure') }
			: {},
	);
}

export interface PublishCheck {
	errors: FormErrors<PublishField>;
	/** Set only when every field is right. */
	request: PublishRequest | undefined;
	options: PublishOptions | undefined;
}

export function checkPublishForm(
	values: Readonly<Record<PublishField, string>>,
	dialect: Dialect,
): PublishCheck {
	const checked = checkPublishOptions(values, publishOptionFields, dialect);
	const problem = destinationProblem(values.destination);
	const errors: FormErrors<PublishField> = {
		...(problem ? { destination: problem } : {}),
		...checked.errors,
	};
	if (Object.keys(errors).length > 0 || !checked.options)
		return { errors, request: undefined, options: undefined };
	const { options } = checked;
	return { errors, options, request: { destination: values.destination.trim(), body: values.body, options } };
}

/** The webhook ingestion address of the form's destination and settings, when they are right. */
export function webhookAddress(client: MqClient, check: PublishCheck): string | undefined {
	if (!check.request) return undefined;
	return client.webhookUrl(check.request.destination, check.options);
}
