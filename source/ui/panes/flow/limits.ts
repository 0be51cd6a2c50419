/**
 * The forms that pin and unpin a key's limits, and pure checks of what was typed: a pinned
 * parallelism or rate wins over what messages ask for until it is unpinned.
 */
import { DurationError } from '../../../api/duration.js';
import { type PinSettings, pinPeriodSeconds, type UnpinSettings } from '../../../api/flow-control-api.js';
import { createForm, type FieldSpec, type FormState } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import type { FlowKey } from './endpoints.js';

export type PinField = 'parallelism' | 'rate' | 'period';

const now = (value: number | undefined, unit = '') =>
	value === undefined || value <= 0 ? 'none now' : `now ${value}${unit}`;

export function pinForm(key: FlowKey): FormState<PinField> {
	const fields: FieldSpec<PinField>[] = [
		{
			id: 'parallelism',
			label: 'parallelism',
			placeholder: `deliveries at once, from 1 (${now(key.parallelismMax)}); empty leaves it`,
		},
		{ id: 'rate', label: 'rate', placeholder: `deliveries per period, from 1 (${now(key.rateMax)})` },
		{
			id: 'period',
			label: 'period',
			placeholder: `of the rate, e.g. 1s or 1m (${now(key.ratePeriod, 's')})`,
		},
	];
	return createForm(fields);
}

function wholeNumber(text: string): number | string {
	return /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : 'a whole number from 1';
}

/** The limits to pin, or the errors next to the fields; at least one limit must be given. */
export function checkPin(values: Readonly<Record<PinField, string>>): {
	errors: FormErrors<PinField>;
	pin: PinSettings | undefined;
} {
	const errors: FormErrors<PinField> = {};
	const pin: PinSettings = {};
	for (const id of ['parallelism', 'rate'] as const) {
		const text = values[id].trim();
		if (!text) continue;
		const value = wholeNumber(text);
		if (typeof value === 'string') errors[id] = value;
		else pin[id] = value;
	}
	const period = values.period.trim();
	if (period) {
		try {
			pin.period = pinPeriodSeconds(period);
		} catch (error) {
			if (!(error instanceof DurationError)) throw error;
			errors.period = error.message;
		}
	}
	if (Object.keys(errors).length === 0 && Object.keys(pin).length === 0)
		errors.parallelism = 'give a parallelism, a rate or a period to pin';
	return { errors, pin: Object.keys(errors).length === 0 ? pin : undefined };
}

export type UnpinField = 'which';
const unpinChoices = ['both', 'parallelism', 'rate'] as const;

/** Which limit to unpin: the pinned one, both when both are (or neither says). */
export function unpinForm(key: FlowKey): FormState<UnpinField> {
	const which =
		key.isPinnedParallelism && !key.isPinnedRate
			? 'parallelism'
			: key.isPinnedRate && !key.isPinnedParallelism
				? 'rate'
				: 'both';
	return createForm<UnpinField>([{ id: 'which', label: 'unpin', kind: 'choice', choices: unpinChoices }], {
		which,
	});
}

export function unpinSettings(values: Readonly<Record<UnpinField, string>>): UnpinSettings {
	return {
		parallelism: values.which !== 'rate',
		rate: values.which !== 'parallelism',
	};
}
