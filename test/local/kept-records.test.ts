/**
 * The growing stores of a local service with a data directory are kept record by record: a
 * change of one workflow run writes that run, however many are kept (the data directory grows
 * by as much with 60 runs kept as with 10); a store at its cap drops the oldest and says so
 * (a notice, and the total when it stops); delivery logs outlive a restart, bounded by
 * max_events_size and by the deployed service's logs retention (7 days).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageCodec } from '../../source/local/persistence/codec.js';
import { collections } from '../../source/local/persistence/collections.js';
import { Journal } from '../../source/local/persistence/journal.js';
import { type LocalService, type LocalServiceOptions, stateDirectory } from '../../source/local/service.js';
import { waitUntil } from '../support/wait.js';
import { bearer, keptServices, raw } from './helpers.js';

const kept = keptServices('mqtop-kept-', { backoff: () => 20 });
const start = (dataDir?: string, options?: LocalServiceOptions) => kept.start(dataDir, options);

/** Starts a run whose route is the sink: it answers without the SDK's header, so the run ends once called. */
async function runToTheEnd(service: LocalService, n: number): Promise<void> {
	const runId = `wfr_kept_${n}`;
	const answer = await raw(`${service.queueUrl}/v2/trigger/${kept.sink.url}/route-${n}`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'content-type': 'application/json' },
		body: JSON.stringify({ n, padding: 'x'.repeat(400) }),
	});
	expect(answer.status).toBe(200);
	await waitUntil(
		() => (service.context.runs.get(runId)?.state === 'RUN_SUCCESS' ? true : undefined),
		10_000,
		() => `run ${runId} is ${service.context.runs.get(runId)?.state}`,
	);
}

/** Bytes in LevelDB's logs: what has been written since the database was opened. */
async function logBytes(dataDir: string): Promise<number> {
	const state = path.join(dataDir, 'state');
	let total = 0;
	for (const name of await readdir(state))
		if (name.endsWith('.log')) total += (await stat(path.join(state, name))).size;
	return total;
}

/** What the data directory grows by while one more run starts and ends. */
async function growthOfOneRun(service: LocalService, dataDir: string, n: number): Promise<number> {
	const before = await logBytes(dataDir);
	await runToTheEnd(service, n);
	// Written before the answer, and the run ended with a delivery: let its batch land.
	await waitUntil(async () => ((await logBytes(dataDir)) > before ? true : undefined));
	await new Promise((resolve) => setImmediate(resolve));
	return (await logBytes(dataDir)) - before;
}

describe('workflow runs kept run by run', () => {
	it('writes the run that changed, not every run kept', async () => {
		const dataDir = kept.dir('runs');
		const service = await start(dataDir);
		for (let n = 0; n < 10; n++) await runToTheEnd(service, n);
		const withTen = await growthOfOneRun(service, dataDir, 10);
		for (let n = 11; n < 60; n++) await runToTheEnd(service, n);
		const withSixty = await growthOfOneRun(service, dataDir, 60);
		// Written whole after each change, the runs would make this about six times as much.
		expect(withSixty).toBeLessThan(withTen * 2);

		await service.close();
		const again = await start(dataDir);
		expect(again.context.runs.size).toBe(61);
		expect(again.context.runs.get('wfr_kept_60')?.entries.length).toBe(1);
	});

	it('drops the oldest ended runs past its cap and says so, then and when it stops', async () => {
		const dataDir = kept.dir('capped');
		const notices: string[] = [];
		const service = await start(dataDir, {
			caps: { workflowRuns: 3 },
			onNotice: (text) => notices.push(text),
		});
		for (let n = 0; n < 5; n++) await runToTheEnd(service, n);
		expect(service.context.runs.newestFirst().map((run) => run.id)).toEqual([
			'wfr_kept_4',
			'wfr_kept_3',
			'wfr_kept_2',
		]);
		expect(notices).toEqual([
			expect.stringMatching(/^workflow runs: 3 are kept.*oldest ended run.*1 dropped so far/),
		]);
		expect((await service.close()).evicted).toEqual({ 'workflow runs': 2 });

		const again = await start(dataDir, { caps: { workflowRuns: 3 } });
		expect(again.context.runs.newestFirst().map((run) => run.id)).toEqual([
			'wfr_kept_4',
			'wfr_kept_3',
			'wfr_kept_2',
		]);
	});
});

interface LogEntry {
	messageId: string;
	state: string;
	body: string;
	responseStatus?: number;
}

async function logsOf(service: LocalService, query = ''): Promise<LogEntry[]> {
	const answer = await raw(`${service.queueUrl}/v2/logs?count=100${query}`, { headers: bearer(service) });
	expect(answer.status).toBe(200);
	return (answer.json() as { logs: LogEntry[] }).logs;
}

async function delivered(service: LocalService, pathName: string): Promise<string> {
	const answer = await raw(`${service.queueUrl}/v2/publish/${kept.sink.url}${pathName}`, {
		method: 'POST',
		headers: { ...bearer(service), 'content-type': 'text/plain' },
		body: `to ${pathName}`,
	});
	const { messageId } = answer.json() as { messageId: string };
	await waitUntil(async () =>
		(await logsOf(service, `&messageId=${messageId}`)).some((e) => e.state === 'DELIVERED')
			? true
			: undefined,
	);
	return messageId;
}

describe('delivery logs across a restart', () => {
	it('are there after the restart, newest first, with their messages', async () => {
		const dataDir = kept.dir('logs');
		const service = await start(dataDir);
		const first = await delivered(service, '/one');
		const second = await delivered(service, '/two');
		const before = await logsOf(service);
		await service.close();

		const again = await start(dataDir);
		expect(await logsOf(again)).toEqual(before);
		expect((await logsOf(again, `&messageId=${first}`)).map((e) => e.state)).toEqual([
			'DELIVERED',
			'ACTIVE',
			'CREATED',
		]);
		const entry = (await logsOf(again, `&messageId=${second}`))[0]!;
		expect(Buffer.from(entry.body, 'base64').toString()).toBe('to /two');
		// New entries go on after the kept ones.
		const third = await delivered(again, '/three');
		expect((await logsOf(again))[0]!.messageId).toBe(third);
	});

	it('keeps the newest max_events_size entries, and none older than the retention', async () => {
		const dataDir = kept.dir('logs-bounded');
		const service = await start(dataDir, { limits: { max_events_size: 5 } });
		await delivered(service, '/a');
		const second = await delivered(service, '/b');
		const newest = await logsOf(service);
		expect(newest).toHaveLength(5);
		await service.close();

		const again = await start(dataDir, { limits: { max_events_size: 5 } });
		expect(await logsOf(again)).toEqual(newest);
		expect(newest.map((e) => e.messageId)).toContain(second);
		await again.close();

		const eightDays = 8 * 86_400_000;
		const notices: string[] = [];
		const later = await start(dataDir, {
			limits: { max_events_size: 5 },
			clock: { now: () => Date.now() + eightDays },
			onNotice: (text) => notices.push(text),
		});
		expect(await logsOf(later)).toEqual([]);
		expect(notices.join('\n')).toMatch(/delivery logs: those older than 7 days go/);
		await later.close();
		// Nothing of them is left in the data directory: a start without the later clock has none either.
		const last = await start(dataDir, { limits: { max_events_size: 5 } });
		expect(await logsOf(last)).toEqual([]);
	});

	it('writes a new entry over the one it pushes out: a full log costs no deletes of entries', async () => {
		const dataDir = kept.dir('logs-overwritten');
		// Two messages' entries (three each): from the third on, each pushes out a whole message.
		const service = await start(dataDir, { limits: { max_events_size: 6 } });
		for (const name of ['/a', '/b', '/c']) await delivered(service, name);
		const before = service.writtenRecords();
		const count = 4;
		for (let i = 0; i < count; i++) await delivered(service, `/more-${i}`);
		// Per message: the message (once, for its delivery and its logs), three entries and the
		// delete of the message it pushed out (and now and then the statistics). A copy of the
		// message for the logs made it 7; deleting the three entries pushed out, 10.
		expect((service.writtenRecords() - before) / count).toBeLessThan(6);
	});

	it('keeps a delivered message for its logs without delivering it again after a restart', async () => {
		const dataDir = kept.dir('logs-done');
		const service = await start(dataDir);
		const id = await delivered(service, '/done');
		const arrived = kept.sink.received.length;
		await service.close();

		const again = await start(dataDir);
		// Restored synchronously at start: the message is shown, not pending.
		expect(again.context.engine.messages.has(id)).toBe(false);
		expect((await logsOf(again, `&messageId=${id}`))[0]?.state).toBe('DELIVERED');
		// A message published after it arrives alone: the delivered one did not go again.
		await delivered(again, '/after');
		expect(kept.sink.received.slice(arrived).map((r) => r.url)).toEqual(['/after']);
	});

	it('moves the entries to their slots when max_events_size changed between two starts', async () => {
		const dataDir = kept.dir('logs-new-capacity');
		const service = await start(dataDir, { limits: { max_events_size: 6 } });
		// Nine entries in six slots: the last six kept, three of them written over the first ones' slots.
		for (const name of ['/a', '/b', '/c']) await delivered(service, name);
		const before = await logsOf(service);
		await service.close();

		// Nine slots now: the six entries keep their sequence numbers, three of them in new slots.
		const again = await start(dataDir, { limits: { max_events_size: 9 } });
		expect(await logsOf(again)).toEqual(before);
		const fourth = await delivered(again, '/d');
		const now = await logsOf(again);
		expect(now.slice(0, 3).map((e) => e.messageId)).toEqual([fourth, fourth, fourth]);
		expect(now.slice(3)).toEqual(before);
		await again.close();
		const journal = await Journal.open(stateDirectory(dataDir), () => {});
		try {
			const keys = (await journal.load('logs', collections.logs)).map(([key]) => key);
			expect(keys.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
		} finally {
			await journal.close();
		}
		const last = await start(dataDir, { limits: { max_events_size: 9 } });
		expect(await logsOf(last)).toEqual(now);
	});

	it('deletes from the data directory the entries it drops, and their messages', async () => {
		const dataDir = kept.dir('logs-deleted');
		const service = await start(dataDir, { limits: { max_events_size: 5 } });
		const ids: string[] = [];
		for (const name of ['/a', '/b', '/c', '/d']) ids.push(await delivered(service, name));
		await service.close();

		// Twelve entries went by (three a message), five are kept: those of the last two messages.
		const journal = await Journal.open(stateDirectory(dataDir), () => {});
		try {
			expect(await journal.count('logs')).toBe(5);
			expect((await journal.load('messages', messageCodec)).map(([id]) => id).sort()).toEqual(
				ids.slice(2).sort(),
			);
		} finally {
			await journal.close();
		}
	});
});
