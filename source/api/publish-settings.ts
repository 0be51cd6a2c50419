/**
 * Publish settings as a person types them (command flags, form fields): `Name: value` header
 * lines, a not-before time, and each setting tagged with where it came from. They are checked
 * by the very decoder the service side uses (decodePublishOptions), and a refusal names the
 * flag or field at fault, so the CLI and the TUI refuse the same values with the same words.
 */
import { type Dialect, queryForm } from './dialect.js';
import { headerValueRule, isHeaderName, isHeaderValue } from './header-syntax.js';
import {
	checkRetryDelays,
	decodePublishOptions,
	defaultRetries,
	PublishOptionError,
	type PublishOptions,
} from './publish-options.js';
import type { GroupHeaders } from './schemas.js';

/** A value that was typed wrong; `message` says what is expected, without naming the origin. */
export class SettingError extends Error {
	override name = 'SettingError';
}

/** `Name: value` -> [name, value], both trimmed. */
export function parseHeaderLine(text: string): [string, string] {
	const colon = text.indexOf(':');
	const name = colon === -1 ? '' : text.slice(0, colon).trim();
	const value = colon === -1 ? '' : text.slice(colon + 1).trim();
	if (!isHeaderName(name))
		throw new SettingError(`expected 'Name: value' with a header name, got ${JSON.stringify(text)}`);
	if (!isHeaderValue(value)) throw new SettingError(headerValueRule);
	return [name, value];
}

/** Headers whose names repeat (in any case) become one name with several values, as a URL Group takes them. */
export function mergeHeaderValues(pairs: readonly (readonly [string, string])[]): GroupHeaders {
	const headers: Record<string, string[]> = {};
	for (const [name, value] of pairs) {
		const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
		headers[key] = [...(headers[key] ?? []), value];
	}
	return Object.fromEntries(
		Object.entries(headers).map(([name, list]) => [name, list.length === 1 ? list[0]! : list]),
	);
}

/** Unix seconds, given as such or as a date (`2026-02-01T09:00:00Z`). */
export function notBeforeSeconds(text: string): string {
	const trimmed = text.trim();
	if (/^\d+$/.test(trimmed)) return trimmed;
	const ms = Date.parse(trimmed);
	if (Number.isNaN(ms) || ms < 0)
		throw new SettingError(`expected unix seconds or an ISO date, got ${JSON.stringify(text)}`);
	return String(Math.floor(ms / 1000));
}

/** One publish setting: the header it sets (without the prefix; `Content-Type` as is) and its origin. */
export interface PublishSetting<Origin> {
	header: string;
	value: string;
	origin: Origin;
}

/** A setting the decoder refused, with the origin to name (a flag, a form field). */
export class PublishSettingError<Origin> extends Error {
	override name = 'PublishSettingError';
	constructor(
		readonly origin: Origin,
		readonly problem: string,
	) {
		super(problem);
	}
}

/**
 * The publish options the settings make, checked as the service checks them. Throws a
 * PublishSettingError naming the origin of the first setting at fault.
 */
export function decodePublishSettings<Origin>(
	settings: readonly PublishSetting<Origin>[],
	dialect: Dialect,
): PublishOptions {
	const fields = new Map<string, string>();
	const origins = new Map<string, Origin>();
	for (const { header, value, origin } of settings) {
		if (!isHeaderValue(value)) throw new PublishSettingError(origin, headerValueRule);
		const key = header.toLowerCase() === 'content-type' ? 'content-type' : queryForm(dialect, header);
		fields.set(key, value);
		origins.set(key, origin);
	}
	try {
		return decodePublishOptions(fields, dialect);
	} catch (error) {
		if (!(error instanceof PublishOptionError)) throw error;
		const origin = origins.get(error.header.toLowerCase());
		if (origin === undefined) throw error;
		throw new PublishSettingError(origin, error.problem);
	}
}

/**
 * The publish options of a message's settings, as decodePublishSettings reads them, with the
 * delay of every retry the message will make checked too: a PublishOptionError (of the
 * Retry-Delay) when one is out of range.
 */
export function decodeMessageSettings<Origin>(
	settings: readonly PublishSetting<Origin>[],
	dialect: Dialect,
): PublishOptions {
	const options = decodePublishSettings(settings, dialect);
	checkRetryDelays(options, options.retries ?? defaultRetries, dialect);
	return options;
}
