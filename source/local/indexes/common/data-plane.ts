/**
 * One command of an index data plane, as data: its name and methods, whether it takes a
 * namespace (or search index name) as the last path segment, whether the read-only token may
 * call it, and the engine call. The HTTP side (routes, auth, body, timing, counting) is the
 * same for every command of every index and lives in data-plane/routes.ts; these stay pure.
 */
import type { z } from 'zod';
import { describeZodError } from '../../../api/schemas.js';
import { EngineError } from './engine-error.js';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface OperationCall<Engine> {
	engine: Engine;
	/** The parsed JSON body; undefined when there was none. */
	body: unknown;
	/** The namespace of the path; undefined when the path has none. */
	namespace: string | undefined;
	query: URLSearchParams;
	/** Counts `n` operations of a kind in the statistics (called on success only). */
	count(kind: 'query' | 'update', n: number): void;
	/** Time spent embedding text, for the statistics. */
	embedded(ms: number): void;
}

export interface DataPlaneOperation<Engine> {
	/** The path segment after the index's endpoint, e.g. `query`. */
	command: string;
	/** Every command is served by POST, as the SDKs send them; GET or DELETE where the docs have them. */
	methods: readonly Method[];
	/** Served at `<command>/<namespace>` too. */
	namespaced: boolean;
	/** Reads are allowed with the read-only token; writes need the index token. */
	access: 'read' | 'write';
	/** The `result` of the answer; throws EngineError for bad input or what is not there. */
	run(call: OperationCall<Engine>): unknown;
}

/**
 * Checks a parsed JSON body against `schema`, naming the path of each problem from `root`
 * (e.g. `vectors[2].vector[7]: expected number`). Plain schemas, not unions: a union's error
 * only says that nothing matched.
 */
export function parseRequest<T extends z.ZodType>(
	schema: T,
	body: unknown,
	what: string,
	root = '',
): z.infer<T> {
	const parsed = schema.safeParse(body);
	if (!parsed.success) throw new EngineError('invalid', `${what}: ${describeZodError(parsed.error, root)}`);
	return parsed.data;
}

/** One record or an array of them, as an array. */
export function listBody(body: unknown): unknown[] {
	return Array.isArray(body) ? body : [body];
}

/** Times `fn`, telling `note` the milliseconds it took. */
export function timed<T>(note: (ms: number) => void, fn: () => T): T {
	const started = performance.now();
	const result = fn();
	note(performance.now() - started);
	return result;
}

/** What both index kinds keep their namespaces (a search database its indexes) in. */
export interface NamespaceHost {
	/** Empties one namespace (it stays), or with no name all of them. */
	reset(name?: string): void;
	info(): unknown;
	listNamespaces(): string[];
	deleteNamespace(name: string): void;
}

/**
 * The commands on namespaces themselves, the same for both kinds: reset (`?all` for every
 * one), info, list-namespaces and delete-namespace. `noun` names a namespace in messages.
 */
export function namespaceOperations<Engine>(
	host: (engine: Engine) => NamespaceHost,
	noun: string,
): DataPlaneOperation<Engine>[] {
	return [
		{
			command: 'reset',
			methods: ['POST', 'DELETE'],
			namespaced: true,
			access: 'write',
			run(call) {
				if (call.query.has('all')) {
					if (call.namespace !== undefined)
						throw new EngineError(
							'invalid',
							`reset?all resets every ${noun}; it takes no ${noun} in the path`,
						);
					host(call.engine).reset();
				} else {
					host(call.engine).reset(call.namespace ?? '');
				}
				call.count('update', 1);
				return 'Success';
			},
		},
		{
			command: 'info',
			methods: ['GET', 'POST'],
			namespaced: false,
			access: 'read',
			run: (call) => host(call.engine).info(),
		},
		{
			command: 'list-namespaces',
			methods: ['GET', 'POST'],
			namespaced: false,
			access: 'read',
			run: (call) => host(call.engine).listNamespaces(),
		},
		{
			command: 'delete-namespace',
			methods: ['POST', 'DELETE'],
			namespaced: true,
			access: 'write',
			run(call) {
				if (call.namespace === undefined)
					throw new EngineError('invalid', `name the ${noun} to delete: delete-namespace/<${noun}>`);
				host(call.engine).deleteNamespace(call.namespace);
				call.count('update', 1);
				return 'Success';
			},
		},
	];
}
