/**
 * Property-based fuzzing of the local service's operations with random paths, header names and
 * values, durations and bodies, sent byte for byte (fetch would tidy the path first). For every
 * request: no 5xx; a refused request changes nothing; an accepted one changes only the state its
 * operation may change, and a URL Group operation only the group its path names, so no request
 * reaches another operation than the one its method and path name.
 *
 * The operations are a table: adding one is one entry (enqueue and schedules were added so).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupResource } from '../../source/local/stores/group-store.js';
import { type RawAnswer, rawHttp } from '../support/raw-http.js';
import { type Fixture, startFixture } from './helpers.js';

type StatePart = 'keys' | 'groups' | 'messages' | 'queues' | 'schedules';

interface Operation {
	name: string;
	method: string;
	/** The random part of the path (default: any). */
	part?: fc.Arbitrary<string>;
	/** The request target, from the random part the path holds. */
	target(part: string): string;
	/** Headers it mostly needs to be accepted, under the random ones. */
	needs?: fc.Arbitrary<Record<string, string>>;
	body(): fc.Arbitrary<string>;
	/** What an accepted request of this operation may change. */
	changes: readonly StatePart[];
	/** A URL Group operation changes at most the group its path names. */
	namesGroup?: true;
}

interface State {
	keys: string;
	groups: Map<string, string>;
	/** Messages accepted so far (nothing is ever delivered: the plan allows no parallelism). */
	messages: number;
	queues: string;
	schedules: string;
}

let fx: Fixture;

function snapshot(): State {
	const ctx = fx.service.context;
	return {
		keys: `${ctx.keys.current} ${ctx.keys.next}`,
		groups: new Map(ctx.groups.list().map((g) => [g.name, JSON.stringify(groupResource(g))])),
		messages: ctx.events.list({ count: 1_000_000, cursor: undefined, matches: (r) => r.state === 'CREATED' })
			.records.length,
		queues: JSON.stringify(ctx.queues.list()),
		schedules: JSON.stringify(ctx.schedules.list()),
	};
}

/** Which parts of the state differ, and which groups changed, appeared or went. */
function difference(before: State, after: State): { parts: StatePart[]; groups: string[] } {
	const groups = [...new Set([...before.groups.keys(), ...after.groups.keys()])].filter(
		(name) => before.groups.get(name) !== after.groups.get(name),
	);
	const parts: StatePart[] = [];
	if (before.keys !== after.keys) parts.push('keys');
	if (groups.length > 0) parts.push('groups');
	if (before.messages !== after.messages) parts.push('messages');
	if (before.queues !== after.queues) parts.push('queues');
	if (before.schedules !== after.schedules) parts.push('schedules');
	return { parts, groups };
}

// Random pieces of a path: ways to climb, to end a segment or the path early, to look like
// another operation, and the characters that need encoding.
const pathPieces = [
	'..',
	'.',
	'%2e',
	'%2E%2e',
	'.%2e',
	'/',
	'//',
	'\\',
	'?',
	'#',
	'&',
	'=',
	'%',
	'%2F',
	'%3F',
	'%zz',
	'%00',
	'keys',
	'rotate',
	'topics',
	'endpoints',
	'g1',
	'http:',
	'http://',
	'https%3A%2F%2F',
	'127.0.0.1:9',
	'a',
	'svc-retries=1',
	'svc-forward-x=%01',
	'svc-label=a%0Ab',
	'mq_token=',
	'é',
];

const part = fc.oneof(
	{
		arbitrary: fc
			.array(fc.constantFrom(...pathPieces), { minLength: 0, maxLength: 8 })
			.map((pieces) => pieces.join('')),
		weight: 3,
	},
	// A destination as mqtop's client sends it: one encoded segment.
	{
		arbitrary: fc
			.array(fc.constantFrom(...pathPieces), { maxLength: 6 })
			.map((pieces) => encodeURIComponent(`http://127.0.0.1:9/${pieces.join('')}`)),
		weight: 2,
	},
	{
		arbitrary: fc.constantFrom('g1', 'endpoints', 'keys', 'rotate', 'new-group', 'n.1', '.', '..', ''),
		weight: 3,
	},
);

/** Mostly names of groups that exist or may be made (or none at all), sometimes anything. */
const groupPart = fc.oneof(
	{
		arbitrary: fc.constantFrom(
			'g1',
			'endpoints',
			'keys',
			'rotate',
			'topics',
			'new-group',
			'n.1',
			'x_2',
			'',
			'.',
			'..',
		),
		weight: 4,
	},
	{ arbitrary: part, weight: 3 },
);

const duration = fc.oneof(
	fc.constantFrom('0s', '10s', '1h30m', '1d', '250ms', '', '-1s', '1y', '99999999999999999d', '10 s'),
	fc.nat().map(String),
);

const retryDelay = fc.oneof(
	fc.constantFrom('1/0', 'pow(10, 1000)', 'sqrt(-1)', '-1000', '1000 - retried * 600', 'process.exit()'),
	fc
		.array(fc.constantFrom('retried', '1', '1000', '+', '-', '*', '/', '%', '(', ')', 'pow(', 'min(', ','), {
			maxLength: 8,
		})
		.map((t) => t.join(' ')),
);

// Header values as a client can send them: any byte but CR and LF, which would end the header.
const headerText = fc.string({ unit: 'binary', maxLength: 24 }).map((s) => s.replace(/[\r\n]/g, ''));

const headerName = fc.oneof(
	fc.constantFrom(
		'svc-retries',
		'svc-delay',
		'svc-not-before',
		'svc-timeout',
		'svc-retry-delay',
		'svc-method',
		'svc-callback',
		'svc-failure-callback',
		'svc-forward-x-order',
		'svc-callback-forward-x',
		'svc-header-forward',
		'svc-label',
		'svc-deduplication-id',
		'svc-content-based-deduplication',
		'svc-flow-control-key',
		'svc-flow-control-value',
		'svc-hops',
		'svc-workflow-runid',
		'svc-cron',
		'svc-schedule-id',
		'content-type',
		'x-anything',
	),
	fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/).map((n) => `svc-forward-${n}`),
);

const cron = fc.constantFrom(
	'* * * * *',
	'*/5 * * * * *',
	'0 0 1 1 *',
	'CRON_TZ=Europe/Paris 0 9 * * 1',
	'61 * * * *',
	'x',
);

const headerValue = fc.oneof(
	duration,
	retryDelay,
	cron,
	headerText,
	fc.constantFrom('true', 'false', '3', '100'),
);

const headers = fc.oneof(fc.constant({}), fc.dictionary(headerName, headerValue, { maxKeys: 4 }));

const endpoint = fc.record(
	{
		url: fc.oneof(
			{ arbitrary: fc.constantFrom('http://127.0.0.1:9/a', 'https://127.0.0.1:9/b'), weight: 4 },
			{ arbitrary: fc.constantFrom('ftp://x', ''), weight: 1 },
			{ arbitrary: fc.webUrl(), weight: 1 },
			{ arbitrary: headerText, weight: 1 },
		),
		name: fc.oneof({ arbitrary: fc.constantFrom('a', 'b', 'c-1', '.', '..', ''), weight: 5 }, headerText),
	},
	{ requiredKeys: ['url'] },
);

const groupHeaderName = fc.oneof(
	{ arbitrary: fc.constantFrom('X-Team', 'svc-retries', 'Svc-Delay', 'svc-forward-x'), weight: 3 },
	{ arbitrary: headerText, weight: 1 },
);

/** Mostly the JSON an operation takes (with random values), sometimes not JSON at all. */
function jsonBody<T>(shape: fc.Arbitrary<T>): fc.Arbitrary<string> {
	return fc.oneof(
		{ arbitrary: shape.map((body) => JSON.stringify(body)), weight: 6 },
		{ arbitrary: headerText, weight: 1 },
	);
}

const endpointsBody = jsonBody(fc.record({ endpoints: fc.array(endpoint, { minLength: 1, maxLength: 3 }) }));

// The seeded groups' endpoint, by name or URL, or anything.
const removeBody = jsonBody(
	fc.record({
		endpoints: fc.array(
			fc.oneof(fc.constant({ name: 'a' }), fc.constant({ url: 'http://127.0.0.1:9/a' }), endpoint),
			{ minLength: 1, maxLength: 2 },
		),
	}),
);

const headersBody = jsonBody(
	fc.record({
		headers: fc.dictionary(groupHeaderName, fc.oneof(headerValue, fc.array(headerValue, { maxLength: 2 })), {
			maxKeys: 3,
		}),
	}),
);

const messageBody = fc.oneof(headerText, fc.constant(''), fc.string({ maxLength: 200 }));

const batchBody = fc.oneof(
	fc
		.array(
			fc.record(
				{
					destination: fc.oneof(fc.constant('http://127.0.0.1:9/wf'), headerText),
					body: headerText,
					headers: headers,
				},
				{ requiredKeys: ['destination'] },
			),
			{ maxLength: 3 },
		)
		.map((items) => JSON.stringify(items)),
	headerText,
);

const operations: readonly Operation[] = [
	{
		name: 'publish',
		method: 'POST',
		target: (p) => `/v2/publish/${p}`,
		body: () => messageBody,
		changes: ['messages'],
	},
	{
		name: 'enqueue',
		method: 'POST',
		target: (p) => `/v2/enqueue/q1/${p}`,
		body: () => messageBody,
		// A missing queue is made.
		changes: ['messages', 'queues'],
	},
	{
		name: 'schedule',
		method: 'POST',
		target: (p) => `/v2/schedules/${p}`,
		needs: cron.map((c) => ({ 'svc-cron': c })),
		body: () => messageBody,
		changes: ['schedules'],
	},
	{
		name: 'trigger',
		method: 'POST',
		target: (p) => `/v2/trigger/${p}`,
		body: () => messageBody,
		changes: ['messages'],
	},
	{
		name: 'batch trigger',
		method: 'POST',
		target: (p) => `/v2/batch/trigger${p.startsWith('?') ? p : ''}`,
		body: () => batchBody,
		changes: ['messages'],
	},
	{
		name: 'add endpoints',
		method: 'POST',
		part: groupPart,
		target: (p) => `/v2/topics/${p}/endpoints`,
		body: () => endpointsBody,
		changes: ['groups'],
		namesGroup: true,
	},
	{
		name: 'remove endpoints',
		method: 'DELETE',
		part: groupPart,
		target: (p) => `/v2/topics/${p}/endpoints`,
		body: () => removeBody,
		changes: ['groups'],
		namesGroup: true,
	},
	{
		name: 'set default headers',
		method: 'PATCH',
		part: groupPart,
		target: (p) => `/v2/topics/${p}`,
		body: () => headersBody,
		changes: ['groups'],
		namesGroup: true,
	},
	{
		name: 'delete group',
		method: 'DELETE',
		part: groupPart,
		target: (p) => `/v2/topics/${p}`,
		body: () => fc.constant(''),
		changes: ['groups'],
		namesGroup: true,
	},
	{
		name: 'read group',
		method: 'GET',
		part: groupPart,
		target: (p) => `/v2/topics/${p}`,
		body: () => fc.constant(''),
		changes: [],
	},
];

const byName = new Map(operations.map((o) => [o.name, o]));

/** The groups that exist before every request, so that a request reaching the wrong one shows. */
const seeds = ['g1', 'endpoints', 'keys', 'rotate', 'topics'];

function reseed(): void {
	const ctx = fx.service.context;
	for (const name of seeds)
		if (!ctx.groups.get(name)) ctx.groups.add(name, [{ name: 'a', url: 'http://127.0.0.1:9/a' }], Date.now());
}

/**
 * The group a URL Group operation's target names: its path's third segment, decoded (the query
 * starts at the first `?`, wherever the random part put it).
 */
function namedGroup(target: string): string | undefined {
	const segment = target.split('?')[0]!.split('/')[3] ?? '';
	try {
		return decodeURIComponent(segment);
	} catch {
		return undefined;
	}
}

beforeAll(async () => {
	// No deliveries and no schedule firings (the clock stands still): the state changes only by
	// requests.
	const now = Date.now();
	fx = await startFixture({ limits: { max_global_parallelism: 0 }, clock: { now: () => now } });
});

afterAll(async () => {
	await fx?.close();
});

describe('the local service under random requests', () => {
	it('answers every request without a 5xx, and changes only what the operation it names may change', async () => {
		const auth = { authorization: `Bearer ${fx.service.token}` };
		const request = fc.record({
			// By name, so that a counterexample reads well.
			operation: fc.constantFrom(...operations.map((o) => o.name)),
			headers,
			credentials: fc.oneof(
				{ arbitrary: fc.constant('bearer'), weight: 8 },
				{ arbitrary: fc.constantFrom('none', 'wrong'), weight: 1 },
			),
		});
		await fc.assert(
			fc.asyncProperty(
				request.chain((r) => {
					const operation = byName.get(r.operation)!;
					return fc
						.tuple(operation.part ?? part, operation.body(), operation.needs ?? fc.constant({}))
						.map(([p, body, needs]) => ({ ...r, headers: { ...needs, ...r.headers }, part: p, body }));
				}),
				async ({ operation: name, part: p, headers: extra, credentials, body }) => {
					const operation = byName.get(name)!;
					reseed();
					const before = snapshot();
					const target = operation.target(p);
					let answer: RawAnswer;
					try {
						answer = await rawHttp(fx.service.queueUrl, {
							method: operation.method,
							target,
							headers: {
								...extra,
								...(credentials === 'bearer' ? auth : {}),
								...(credentials === 'wrong' ? { authorization: 'Bearer wrong' } : {}),
							},
							body,
						});
					} catch (error) {
						throw new Error(`${operation.method} ${target}: ${(error as Error).message}`);
					}
					const after = snapshot();
					const changed = difference(before, after);
					const what = `${operation.method} ${JSON.stringify(target)} → ${answer.status} ${answer.body}`;
					expect(answer.status, what).toBeGreaterThanOrEqual(200);
					expect(answer.status, what).toBeLessThan(500);
					if (answer.status >= 400) {
						expect(changed.parts, `${what}: a refused request changed state`).toEqual([]);
						return;
					}
					for (const part of changed.parts)
						expect(operation.changes, `${what} changed ${part}`).toContain(part);
					if (operation.namesGroup) {
						const named = namedGroup(target);
						for (const group of changed.groups) expect(group, `${what} changed group ${group}`).toBe(named);
					}
				},
			),
			{ numRuns: 1000 },
		);
	});
});
