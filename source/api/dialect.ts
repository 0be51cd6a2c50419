/**
 * The four names that differ between deployments (decisions.md, "Dialect"). Client, local
 * service and receiver all take one Dialect so that both sides of a connection agree.
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
}

export const defaultDialect: Dialect = Object.freeze({
	headerPrefix: 'Svc-',
	tokenParam: 'mq_token',
	productSegment: 'mq',
	issuer: 'Svc',
});

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
