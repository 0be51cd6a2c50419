/**
 * The five names that differ between deployments, the partner word among them
 * (docs/protocol/conventions.md#dialect). Client, local service and receiver all take one
 * Dialect so that both sides of a connection agree.
 */
export interface Dialect {
	/** Prefix of configuration headers and of headers the service adds, e.g. `Svc-`. */
	headerPrefix: string;
	/** Query-string alternative to the Bearer header on publish, e.g. `mq_token`. */
	tokenParam: string;
	/** Path segment in `/v2/<segment>/users` and `/v2/<segment>/stats/{id}`. */
	productSegment: string;
	/** `iss` claim of signatures. */
	issuer: string;
	/** The word for `partner` in field names, e.g. `vercel` in `vercel_email`. */
	partnerWord: string;
}

export const defaultDialect: Dialect = Object.freeze({
	headerPrefix: 'Svc-',
	tokenParam: 'mq_token',
	productSegment: 'mq',
	issuer: 'Svc',
	partnerWord: 'partner',
});

/**
 * Named presets, so that one setting gives all five names. `deployed` is the deployed service
 * as its vendor documents it: the `Upstash-` headers and the `qstash_token` query parameter of
 * the reference (upstash/docs `qstash/openapi.yaml`), the issuer the SDK verifies, and
 * `vercel_email` for `partner_email` (`devops/developer-api/openapi.yml`).
 */
export const dialectPresets = {
	neutral: defaultDialect,
	deployed: Object.freeze({
		headerPrefix: 'Upstash-',
		tokenParam: 'qstash_token',
		productSegment: 'qstash',
		issuer: 'Upstash',
		partnerWord: 'vercel',
	}),
} as const satisfies Record<string, Dialect>;
export type DialectPreset = keyof typeof dialectPresets;
export const dialectPresetNames = Object.keys(dialectPresets) as DialectPreset[];

/** The preset whose five names are exactly these, if any. */
export function presetOf(dialect: Dialect): DialectPreset | undefined {
	return dialectPresetNames.find((name) =>
		(Object.keys(defaultDialect) as (keyof Dialect)[]).every(
			(key) => dialectPresets[name][key] === dialect[key],
		),
	);
}

const partnerPrefix = 'partner_';

/**
 * A record whose top-level `<word>_*` fields are read as the neutral `partner_*` ones
 * (`vercel_email` -> `partner_email`); a neutral field already there wins.
 */
export function fromDialectNames(value: unknown, dialect: Dialect): unknown {
	return renameWord(value, `${dialect.partnerWord}_`, partnerPrefix);
}

/** The neutral `partner_*` fields of a record under the dialect's word, as that service sends them. */
export function toDialectNames<T>(value: T, dialect: Dialect): T {
	return renameWord(value, partnerPrefix, `${dialect.partnerWord}_`) as T;
}

function renameWord(value: unknown, from: string, to: string): unknown {
	if (from === to || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
	const record = value as Record<string, unknown>;
	if (!Object.keys(record).some((key) => key.startsWith(from))) return value;
	const out: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(record)) {
		const target = key.startsWith(from) ? to + key.slice(from.length) : key;
		// A field of the target name already there wins; this one keeps its own name.
		const renamed = target !== key && Object.hasOwn(record, target) ? key : target;
		Object.defineProperty(out, renamed, {
			value: field,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return out;
}

export function resolveDialect(partial: Partial<Dialect> | undefined): Dialect {
	return { ...defaultDialect, ...stripUndefined(partial ?? {}) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Header name with the dialect prefix, e.g. `prefixed(d, 'Retries')` is `Svc-Retries`. */
export function prefixed(dialect: Dialect, name: string): string {
	return `${dialect.headerPrefix}${name}`;
}

/** Lowercase query form of a prefixed header, e.g. `svc-retries`. */
export function queryForm(dialect: Dialect, name: string): string {
	return prefixed(dialect, name).toLowerCase();
}
