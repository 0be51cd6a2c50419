/**
 * The local service with a data directory: closed and started again on the same directory,
 * it is the same service (credentials, signing keys, account and index ids, index tokens)
 * with the same state: waiting and retrying messages (delivered after the restart, those due
 * meanwhile at once), dead letters, URL Groups and their headers, queues, schedules (still
 * firing), flow-control settings, deduplication ids, workflow run ids, statistics, vectors
 * and documents. Without a data directory nothing is kept.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import { SearchIndexClient, VectorIndexClient } from '../../source/api/index-client.js';
import { StateInUseError } from '../../source/local/persistence/state-errors.js';
import {
	type LocalService,
	type LocalServiceOptions,
	startLocalService,
} from '../../source/local/service.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { bearer, raw, type Sink, startSink } from './helpers.js';

let dataDir: string;
let sink: Sink;

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-state-'));
	// /fail always fails, /flaky the first time; everything else is delivered.
	sink = await startSink((req, _i, res) => {
		const fails = req.url === '/fail' || (req.url === '/flaky' && arrived('/flaky').length === 1);
		res.statusCode = fails ? 500 : 200;
		res.end(fails ? 'down' : 'ok');
	});
});

afterAll(async () => {
	await sink.close();
	await rm(dataDir, { recursive: true, force: true });
});

function clientOf(service: LocalService): MqClient {
	return new MqClient(
		{ ...service, dialect: resolveDialect(undefined), timeoutMs: 5000 },
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
}

/** Every service a test starts, closed after it whatever happened (close() is idempotent). */
const started: LocalService[] = [];
afterEach(async () => {
	await Promise.all(started.splice(0).map((service) => service.close()));
});

async function start(options: LocalServiceOptions = {}): Promise<LocalService> {
	const service = await startLocalService({ dataDir, backoff: () => 20, ...options });
	started.push(service);
	return service;
}

/** The message id a publish (or an enqueue) to a URL answered. */
function idOf(answer: { kind: string; result?: unknown }): string {
	if (answer.kind !== 'url') throw new Error('expected a URL publish answer');
	return (answer.result as { messageId: string }).messageId;
}

const arrived = (url: string) => sink.received.filter((r) => r.url === url);

describe('a local service with a data directory', () => {
	it('comes back from a restart as the same service with the same state', async () => {
		const first = await start();
		const client = clientOf(first);
		const vectors = new VectorIndexClient({
			endpoint: localIndex(first, 'dense').url,
			token: localIndex(first, 'dense').token,
		});
		const search = first.context.indexes.search;
		const documents = new SearchIndexClient({ endpoint: search.endpoint, token: search.token });

		// One retrying, one to dead-letter; a message due well after the restart is published last.
		const retrying = await client.publish({
			destination: `${sink.url}/flaky`,
			options: { retries: 2, retryDelay: '3000' },
		});
		await client.publish({ destination: `${sink.url}/fail`, options: { retries: 0 } });
		await client.groups.addEndpoints('team', [{ url: `${sink.url}/team`, name: 'a' }]);
		await client.groups.setHeaders('team', { 'X-Team': 'blue' });
		await client.queues.upsert('orders', { parallelism: 3, paused: true });
		const queued = await client.queues.enqueue('orders', { destination: `${sink.url}/queued` });
		const scheduleId = await client.schedules.create({
			destination: `${sink.url}/tick`,
			cron: '* * * * * *',
		});
		await client.flowControl.pin('tenant-1', { parallelism: 2 });
		const deduplicated = await client.publish({
			destination: `${sink.url}/once`,
			options: { deduplicationId: 'order-42', delayMs: 60_000 },
		});
		const [run] = await conformant(client).batchTrigger([{ destination: `${sink.url}/workflow` }]);
		await vectors.upsert({
			id: 'v1',
			vector: Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)),
			metadata: { kind: 'a' },
		});
		await documents.upsert('kb', { id: 'd1', content: 'hello kept world' });
		const keys = (
			await raw(`${first.queueUrl}/v2/keys/rotate`, { method: 'POST', headers: bearer(first) })
		).json();
		await waitUntil(async () =>
			(await conformant(client).listDlq()).messages.length === 1 ? true : undefined,
		);
		await waitUntil(() => (arrived('/flaky').length >= 1 ? true : undefined), 10_000, 'the first attempt');
		// Published last, so that the setup's waits on a loaded machine cannot make it due before the restart.
		const later = await client.publish({ destination: `${sink.url}/later`, options: { delayMs: 8000 } });
		// The last thing before the service goes down: a message that falls due while it is down.
		const meanwhile = await client.publish({
			destination: `${sink.url}/meanwhile`,
			options: { delayMs: 1000 },
		});
		const dueAt = Date.now() + 1000;
		await first.close();
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt + 100 - Date.now())));
		const restartedAt = Date.now();
		const second = await start();
		try {
			for (const key of ['token', 'email', 'apiKey', 'accountId'] as const)
				expect(second[key]).toBe(first[key]);
			// The same indexes with the same tokens, at the new port.
			const withoutUrl = ({ url: _url, ...index }: (typeof first.indexes)[number]) => index;
			expect(second.indexes.map(withoutUrl)).toEqual(first.indexes.map(withoutUrl));
			expect(second.context.indexes.search.token).toBe(search.token);
			const again = clientOf(second);
			expect((await raw(`${second.queueUrl}/v2/keys`, { headers: bearer(second) })).json()).toEqual(keys);
			expect((await conformant(again).getMessage(idOf(later))).messageId).toBe(idOf(later));

			await waitUntil(
				() => (arrived('/meanwhile').length === 1 ? true : undefined),
				5000,
				'the message due meanwhile',
			);
			expect(arrived('/meanwhile')[0]!.headers['svc-message-id']).toBe(idOf(meanwhile));
			expect(arrived('/meanwhile')[0]!.at).toBeGreaterThanOrEqual(restartedAt);
			await waitUntil(() => (arrived('/flaky').length >= 2 ? true : undefined), 10_000, 'the retry');
			expect(arrived('/flaky')[1]!.headers).toMatchObject({
				'svc-message-id': idOf(retrying),
				'svc-retried': '1',
			});
			await waitUntil(() => (arrived('/later').length === 1 ? true : undefined), 20_000, 'the later message');

			const dlq = await conformant(again).listDlq();
			expect(dlq.messages.map((m) => m.url)).toEqual([`${sink.url}/fail`]);
			expect(dlq.messages[0]!.responseBody).toBe('down');
			expect(await conformant(again).getGroup('team')).toMatchObject({
				endpoints: [{ name: 'a', url: `${sink.url}/team` }],
				headers: { 'X-Team': ['blue'] },
			});
			expect((await again.queues.get('orders')).data).toMatchObject({ parallelism: 3, paused: true, lag: 1 });
			await again.queues.resume('orders');
			await waitUntil(() => (arrived('/queued').length === 1 ? true : undefined), 5000, 'the queued message');
			expect(arrived('/queued')[0]!.headers['svc-message-id']).toBe(idOf(queued));

			const ticks = arrived('/tick').length;
			await waitUntil(
				() => (arrived('/tick').length >= ticks + 2 ? true : undefined),
				8000,
				'the schedule to fire again',
			);
			expect(arrived('/tick').at(-1)!.headers['svc-schedule-id']).toBe(scheduleId);

			expect((await again.flowControl.get('tenant-1')).data).toMatchObject({
				parallelismMax: 2,
				isPinnedParallelism: true,
			});
			const duplicate = await again.publish({
				destination: `${sink.url}/once`,
				options: { deduplicationId: 'order-42' },
			});
			expect(duplicate).toMatchObject({ result: { messageId: idOf(deduplicated), deduplicated: true } });
			const [rerun] = await conformant(again).batchTrigger([
				{ destination: `${sink.url}/workflow`, headers: { 'Svc-Workflow-RunId': run!.workflowRunId } },
			]);
			expect(rerun).toMatchObject({ workflowRunId: run!.workflowRunId, deduplicated: true });

			const vectorsAgain = new VectorIndexClient({
				endpoint: localIndex(second, 'dense').url,
				token: localIndex(second, 'dense').token,
			});
			expect(await vectorsAgain.fetch(['v1'], { includeMetadata: true })).toEqual([
				{ id: 'v1', metadata: { kind: 'a' } },
			]);
			const searchAgain = second.context.indexes.search;
			const documentsAgain = new SearchIndexClient({
				endpoint: searchAgain.endpoint,
				token: searchAgain.token,
			});
			expect((await documentsAgain.search('kb', { query: 'kept', topK: 1 }))[0]?.id).toBe('d1');

			const stats = await conformant(again).getMqStats(second.accountId, '1h');
			const requests = stats.daily_used?.reduce((n, p) => n + (p.y ?? 0), 0) ?? 0;
			expect(requests).toBeGreaterThanOrEqual(5);
		} finally {
			await second.close();
		}
	});

	it('refuses a second service on a directory in use', async () => {
		const first = await start();
		try {
			await expect(start()).rejects.toBeInstanceOf(StateInUseError);
		} finally {
			await first.close();
		}
	});

	it('keeps nothing without a data directory', async () => {
		const first = await startLocalService();
		await clientOf(first).groups.addEndpoints('gone', [{ url: `${sink.url}/x` }]);
		await first.close();
		const second = await startLocalService();
		try {
			expect(second.token).not.toBe(first.token);
			expect(await conformant(clientOf(second)).listGroups()).toEqual([]);
		} finally {
			await second.close();
		}
	});
});
