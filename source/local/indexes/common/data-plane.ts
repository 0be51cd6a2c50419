/**
 * One command of an index data plane, as data: its name and methods, whether it takes a
 * namespace (or search index name) as the last path segment, whether the read-only token may
 * call it, and the engine call. The HTTP side (routes, auth, body, timing, counting) is the
 * same for every command of every index and lives in api/data-planes.ts; these stay pure.
 */
import type { z } from 'zod';
import { describeZodError } from '../../../api/schemas.js';
import type { AnswerBudget } from './answer-budget.js';
import { EngineError } from './engine-error.js';
import type { FilterPredicate } from './filter/evaluate.js';
import { object, selection, text } from './requests.js';

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
	/** Which token called: the index's own, or its read-only one. */
	caller: 'token' | 'read-only';
	/** What the answer may still take: reads charge the records they return. */
	answer: AnswerBudget;
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
	/**
	 * The `result` of the answer, or a promise of it (a batch yields to the event loop between
	 * its queries); throws EngineError for bad input or what is not there.
	 */
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

/** The records of one namespace, as delete removes them. */
export interface DeletableRecords {
	delete(ids: readonly string[]): number;
	deleteWhere(match: { prefix: string } | { filter: FilterPredicate }): number;
}

/** A page of range, as its body asks for it. */
export interface RangeAsked {
	cursor: string | number | undefined;
	limit: number;
	prefix: string | undefined;
}

/** What differs between the kinds in the commands they share (sharedOperations). */
export interface KindAccess<Engine> {
	/** Where the kind keeps its namespaces. */
	host(engine: Engine): NamespaceHost;
	/** What a namespace is called in messages: `namespace`, or `index` for search. */
	noun: string;
	/** The records fetch answers with: those `chosen` names, shown as `options` (the rest of the body) ask. */
	fetch(
		call: OperationCall<Engine>,
		chosen: { ids: string[] } | { prefix: string },
		options: Record<string, unknown>,
		what: string,
	): unknown;
	/** The page range answers with, shown as the rest of `body` asks. */
	range(call: OperationCall<Engine>, asked: RangeAsked, body: Record<string, unknown>, what: string): unknown;
	/** The namespace delete removes from; undefined when there is none (nothing to delete). */
	deleting(call: OperationCall<Engine>): DeletableRecords | undefined;
	/** What a delete counts of the index's throughput: the records it removed, or one request. */
	deleteCount(deleted: number): number;
}

/**
 * The commands the same for both kinds but for what KindAccess says. On records by id: fetch
 * (ids or an id prefix), delete (ids, a prefix or a filter) and range, each counting one query,
 * delete what the kind counts (counts are kept only when the command succeeds: routes.ts). On namespaces themselves: reset (`?all` for every one), info,
 * list-namespaces and delete-namespace.
 */
export function sharedOperations<Engine>(kind: KindAccess<Engine>): DataPlaneOperation<Engine>[] {
	return [
		{
			command: 'fetch',
			methods: ['GET', 'POST'],
			namespaced: true,
			access: 'read',
			run(call) {
				const { selection: chosen, options } = selection(call.body, 'fetch', false);
				call.count('query', 1);
				return kind.fetch(call, chosen as { ids: string[] } | { prefix: string }, options, 'fetch');
			},
		},
		{
			command: 'delete',
			methods: ['POST', 'DELETE'],
			namespaced: true,
			access: 'write',
			run(call) {
				const { selection: chosen } = selection(call.body, 'delete', true);
				const store = kind.deleting(call);
				const deleted = !store ? 0 : 'ids' in chosen ? store.delete(chosen.ids) : store.deleteWhere(chosen);
				call.count('update', kind.deleteCount(deleted));
				return { deleted };
			},
		},
		{
			command: 'range',
			methods: ['GET', 'POST'],
			namespaced: true,
			access: 'read',
			run(call) {
				const what = 'range';
				const body = object(call.body, what);
				const asked: RangeAsked = {
					cursor: body.cursor as string | number | undefined,
					limit: body.limit as number,
					prefix: text(body.prefix, 'prefix', what),
				};
				call.count('query', 1);
				return kind.range(call, asked, body, what);
			},
		},
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
							`reset?all resets every ${kind.noun}; it takes no ${kind.noun} in the path`,
						);
					kind.host(call.engine).reset();
				} else {
					kind.host(call.engine).reset(call.namespace ?? '');
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
			run: (call) => kind.host(call.engine).info(),
		},
		{
			command: 'list-namespaces',
			methods: ['GET', 'POST'],
			namespaced: false,
			access: 'read',
			run: (call) => kind.host(call.engine).listNamespaces(),
		},
		{
			command: 'delete-namespace',
			methods: ['POST', 'DELETE'],
			namespaced: true,
			access: 'write',
			run(call) {
				if (call.namespace === undefined)
					throw new EngineError(
						'invalid',
						`name the ${kind.noun} to delete: delete-namespace/<${kind.noun}>`,
					);
				kind.host(call.engine).deleteNamespace(call.namespace);
				call.count('update', 1);
				return 'Success';
			},
		},
	];
}
