/**
 * The dead letter queue at its cap (max_dlq_size): a flood of loop refusals (deliveries that
 * came back to the service) never evicts the developer's own dead letters, they go first
 * themselves; and every eviction is said to the operator, never done silently.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DlqRecord } from '../../source/api/schemas.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture | undefined;
let sink: Sink | undefined;

afterEach(async () => {
	await Promise.all([fx?.close(), sink?.close()]);
	fx = undefined;
	sink = undefined;
});

const cap = 5;

async function setup() {
	const notices: string[] = [];
	fx = await startFixture({ limits: { max_dlq_size: cap }, onNotice: (line) => notices.push(line) });
	sink = await startSink((_req, _i, res) => {
		res.statusCode = 500;
		res.end('broken');
	});
	const f = fx;
	const s = sink;
	const failed = async () => {
		const { events } = await conformant(f.client).listEvents({ count: 1000, state: 'FAILED' });
		return events.length;
	};
	/** Settles once `count` deliveries failed in all. */
	const untilFailed = (count: number) =>
		waitUntil(async () => ((await failed()) >= count ? true : undefined), 15_000, `${count} failures`);
	const genuine = async (name: string) => {
		await f.client.publish({ destination: `${s.url}/${name}`, body: name, options: { retries: 0 } });
	};
	const { queueUrl, token } = f.service;
	let groups = 0;
	/** Publishes to a new URL Group of `endpoints` that point back at the service. */
	const loops = async (endpoints: number) => {
		const group = `back-${groups++}`;
		const self = `${queueUrl}/v2/publish/${group}?mq_token=${token}`;
		await f.client.groups.addEndpoints(
			group,
			Array.from({ length: endpoints }, (_, i) => ({ url: `${self}&e=${i}` })),
		);
		await f.client.publish({ destination: group, body: 'around' });
	};
	const dead = async (): Promise<DlqRecord[]> => (await conformant(f.client).listDlq()).messages;
	return { fx: f, notices, untilFailed, genuine, loops, dead };
}

const genuineUrls = (records: DlqRecord[]) =>
	records.filter((r) => r.responseStatus === 500).map((r) => new URL(r.url).pathname);

describe('the dead letter queue at its cap', () => {
	it('keeps the developer’s dead letters through a flood of loop refusals, which go first', async () => {
		const { notices, untilFailed, genuine, loops, dead } = await setup();
		for (const name of ['one', 'two', 'three']) await genuine(name);
		await untilFailed(3);
		await loops(20);
		await untilFailed(3 + 20);
		let records = await dead();
		expect(records).toHaveLength(cap);
		expect(genuineUrls(records).sort()).toEqual(['/one', '/three', '/two']);
		const refusals = records.filter((r) => r.responseStatus === 489);
		expect(refusals).toHaveLength(2);
		for (const r of refusals) expect(r.responseHeader?.['svc-loop-refused'] ?? []).toEqual(['true']);
		expect(notices).toContainEqual(
			expect.stringMatching(/^loop refusals in the dead letter queue: .*max_dlq_size 5.*oldest loop refusal/),
		);
		expect(notices.join('\n')).not.toMatch(/^dead letters:/m);

		// A genuine failure takes a loop refusal's place, not a genuine one's.
		await genuine('four');
		await genuine('five');
		await untilFailed(3 + 20 + 2);
		records = await dead();
		expect(genuineUrls(records).sort()).toEqual(['/five', '/four', '/one', '/three', '/two']);

		// Only genuine ones left: a new loop refusal is not kept, and says so.
		await loops(1);
		await untilFailed(3 + 20 + 2 + 1);
		records = await dead();
		expect(genuineUrls(records)).toHaveLength(cap);
		await waitUntil(() =>
			notices.some((n) => /^loop refusals not kept: .*max_dlq_size 5/.test(n)) ? true : undefined,
		);

		// A genuine one past the cap evicts the oldest genuine one, and says so.
		await genuine('six');
		await untilFailed(3 + 20 + 2 + 1 + 1);
		records = await dead();
		expect(genuineUrls(records).sort()).toEqual(['/five', '/four', '/six', '/three', '/two']);
		expect(notices).toContainEqual(
			expect.stringMatching(/^dead letters: .*max_dlq_size 5.*oldest dead letter goes/),
		);
		// What the server's stop says: every eviction since the start, by what was evicted.
		expect(fx!.service.context.evictions.totals()).toEqual({
			'loop refusals in the dead letter queue': 20,
			'loop refusals not kept': 1,
			'dead letters': 1,
		});
	});
});
