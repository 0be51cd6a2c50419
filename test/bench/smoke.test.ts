/**
 * Every child process a benchmark starts, started for a moment with a tiny workload as its
 * benchmark starts it, and checked to come up and report: so that none rots unseen between runs
 * of `npm run bench` (the Callbacks pane's monitor once imported a bundle the build no longer
 * made, and the whole run hung). Nothing here is timed. The benchmarks' modules are the
 * transpiled ones (test/support/bench-build.ts); the monitor and the CLI they start are dist/'s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../source/api/dialect.js';
import { type LocalService, startLocalService } from '../../source/local/service.js';
import { startReceiver } from '../../source/receiver/receiver.js';
import { signRequest } from '../../source/signing/jwt.js';
import { generateSigningKey } from '../../source/signing/keys.js';
import { repositoryRoot, transpileBench } from '../support/bench-build.js';

const out = path.join(repositoryRoot, '.test-out', 'bench-smoke');
/** A benchmark's module, transpiled. */
const benchModule = <T>(name: string): Promise<T> =>
	import(pathToFileURL(path.join(out, 'bench', `${name}.js`)).href) as Promise<T>;

type Children = typeof import('../../bench/children.js');
type LoadClientModule = typeof import('../../bench/load-client.js');
type Listen = typeof import('../../bench/receiver-listen.js');
type Connection = typeof import('../../bench/connection.js');
type Tui = typeof import('../../bench/tui.js');
type Pane = typeof import('../../bench/callbacks-pane.js');
type RawLoad = typeof import('../../bench/raw-load.js');
type Watchdog = typeof import('../../bench/watchdog.js');
type LocalSupport = typeof import('../../bench/local-support.js');

let children: Children;
let loads: LoadClientModule;
let connection: Connection;
let dir: string;
let service: LocalService;
const deployed = dialectPresets.deployed;
const body = (id: string) => JSON.stringify({ status: 200, sourceMessageId: id, url: 'http://127.0.0.1:9/' });

beforeAll(async () => {
	transpileBench(out);
	children = await benchModule('children');
	loads = await benchModule('load-client');
	connection = await benchModule('connection');
	dir = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-smoke-'));
	service = await startLocalService({
		currentSigningKey: generateSigningKey(),
		nextSigningKey: generateSigningKey(),
	});
});

afterAll(async () => {
	await service?.close();
	await rm(dir, { recursive: true, force: true });
});

/** Starts a child of the TUI benchmark as it does, and returns its report once it has ended. */
async function tuiChild(script: string, args: string[]): Promise<Record<string, unknown>> {
	const child = children.BenchChild.fork<never, Record<string, unknown>>(children.benchFile(`./${script}`), {
		name: script,
		args,
		env: { NODE_ENV: 'production', ...connection.connectionEnv(service) },
	});
	const report = await child.next();
	expect((await child.ended).code).toBe(0);
	return report;
}

describe('the receiver benchmark', () => {
	it("its lean sender (raw-load.js) sends signed callbacks on one connection and reads each answer's status", async () => {
		const raw = await benchModule<RawLoad>('raw-load');
		const key = generateSigningKey();
		const receiver = await startReceiver({ currentSigningKey: key });
		const target = new URL(receiver.url);
		const connection = new raw.RawConnection(target.hostname, Number(target.port));
		const prepared = (signingKey: string, text: string) =>
			raw.prepareRequest(
				target.host,
				'/bench',
				{
					'content-type': 'application/json',
					'svc-signature': signRequest({
						key: signingKey,
						issuer: 'Svc',
						url: `${target.origin}/bench`,
						body: text,
					}),
				},
				'svc-message-id',
				text,
			);
		try {
			const signed = prepared(key, loads.benchCallbackBody('msg_raw'));
			const statuses = [
				await connection.send(signed, 'msg_1'),
				await connection.send(signed, 'msg_2'),
				await connection.send(prepared(generateSigningKey(), loads.benchCallbackBody('msg_raw')), 'msg_3'),
				await connection.send(signed, 'msg_4'),
			];
			expect(statuses).toEqual([200, 200, 401, 200]);
			// Each is recorded as it is answered; the snapshot is published at the store's pace.
			receiver.store.flush();
			const events = receiver.store.getSnapshot().events;
			expect(
				events.map((event) => [event.delivery.messageId, event.verified, event.callback?.sourceMessageId]),
			).toEqual([
				['msg_1', true, 'msg_raw'],
				['msg_2', true, 'msg_raw'],
				['msg_3', false, 'msg_raw'],
				['msg_4', true, 'msg_raw'],
			]);
		} finally {
			connection.close();
			await receiver.close();
		}
	});

	it('its load generator signs callbacks that a hosted receiver (receiver-host.js) answers 200', async () => {
		const key = generateSigningKey();
		const host = children.BenchChild.fork<
			import('../../bench/receiver-host.js').HostRequest,
			import('../../bench/receiver-host.js').HostReply
		>(path.join(out, 'bench', 'receiver-host.js'), { name: 'the receiver host' });
		const load = new loads.LoadClient();
		try {
			const started = await host.ask({
				type: 'start',
				key,
				kind: 'worker',
				historyDir: path.join(dir, 'host'),
			});
			const result = await load.run({
				url: started.url,
				key,
				issuer: deployed.issuer,
				headerPrefix: deployed.headerPrefix.toLowerCase(),
				body: body('msg_smoke{n}'),
				bodies: 3,
				connections: 2,
				durationMs: 30_000,
				maxRequests: 10,
			});
			expect(result.statuses).toEqual({ 200: 10 });
			host.tell({ type: 'close' });
			expect((await host.ended).code).toBe(0);
		} finally {
			host.kill();
			load.close();
		}
	});

	it('the SDK receiver (receiver-sdk.js) and mqtop listen start, verify the load and stop', async () => {
		const listen = await benchModule<Listen>('receiver-listen');
		const key = generateSigningKey();
		const nextKey = generateSigningKey();
		const load = new loads.LoadClient();
		const started = [
			await listen.startSdkReceiver(key, nextKey, path.join(dir, 'sdk')),
			await listen.startListen({
				key,
				nextKey,
				json: true,
				dataDir: path.join(dir, 'listen'),
				args: ['--dialect', 'deployed'],
			}),
		];
		try {
			for (const receiver of started) {
				const result = await load.run({
					url: receiver.url,
					key,
					issuer: deployed.issuer,
					headerPrefix: deployed.headerPrefix.toLowerCase(),
					body: body('msg_smoke'),
					connections: 1,
					durationMs: 30_000,
					maxRequests: 3,
				});
				expect(result.statuses).toEqual({ 200: 3 });
			}
		} finally {
			load.close();
			await Promise.all(started.map((receiver) => receiver.stop()));
		}
	});
});

describe('the TUI benchmark', () => {
	it("its frame measure (tui-child.js frames) draws the bundled Overview and reports each measure's frames", async () => {
		const report = await tuiChild('tui-child.js', ['frames', '3', '1']);
		for (const measure of ['overview', 'sources', 'inkComposed', 'live', 'plain'])
			expect(report[measure], measure).toHaveLength(3);
	});

	it('its idle measure (tui-child.js idle and sleep) and its baseline (boot-child.js) report', async () => {
		const [idle, sleeping, boot] = await Promise.all([
			tuiChild('tui-child.js', ['idle', '200', '100', '300']),
			tuiChild('tui-child.js', ['sleep', '200', '100', '300']),
			tuiChild('boot-child.js', []),
		]);
		expect(idle).toMatchObject({ cpuMs: expect.any(Number), frames: expect.any(Number) });
		expect(idle.filling).toMatchObject({ cpuMs: expect.any(Number) });
		expect(sleeping).toMatchObject({ cpuMs: expect.any(Number) });
		expect(boot).toMatchObject({ ms: expect.any(Number) });
	});

	it('its start-up measure runs mqtop to its first frame (first-frame-child.js preloaded)', async () => {
		const tui = await benchModule<Tui>('tui');
		const home = await mkdtemp(path.join(dir, 'home-'));
		const report = await tui.startMqtop(home, [], tui.profileEnv(service));
		expect(report).toMatchObject({ ms: expect.any(Number), cpuMs: expect.any(Number) });
	});
});

describe('the Callbacks pane benchmark', () => {
	it('its monitor (callbacks-pane-child.js) comes up, lists the callbacks sent and times j and a pane switch', async () => {
		const pane = await benchModule<Pane>('callbacks-pane');
		const monitor = new pane.PaneChild({ ...connection.connectionEnv(service), NODE_ENV: 'production' });
		const load = new loads.LoadClient();
		try {
			const receiverUrl = await monitor.ready();
			const result = await load.run({
				url: receiverUrl,
				key: service.currentSigningKey,
				issuer: 'Svc',
				body: loads.benchCallbackBody('msg_benchSource{n}'),
				bodies: 20,
				connections: 2,
				durationMs: 30_000,
				maxRequests: 20,
				// As the benchmark sends its load.
				client: 'raw',
			});
			expect(result.statuses).toEqual({ 200: 20 });
			expect((await monitor.measure('jk', 2)).samples).toHaveLength(2);
			expect((await monitor.measure('panes', 2)).samples).toHaveLength(2);
		} finally {
			load.close();
			await monitor.stop();
		}
	});
});

describe('the local benchmark', () => {
	it('its latency contenders (local-host.js) start as a service and as the forwarder, deliver to the sink, report their pauses and end', async () => {
		const support = await benchModule<LocalSupport>('local-support');
		const sink = await support.startSink();
		const start = async (request: import('../../bench/local-host.js').LocalHostRequest) => {
			const child = children.BenchChild.fork<
				import('../../bench/local-host.js').LocalHostRequest,
				import('../../bench/local-host.js').LocalHostReply
			>(path.join(out, 'bench', 'local-host.js'), { name: `the local host (${request.type})` });
			return { child, started: await child.ask(request) };
		};
		const hosts: Awaited<ReturnType<typeof start>>[] = [];
		try {
			hosts.push(await start({ type: 'start', kind: 'forwarder', sinkUrl: sink.url }));
			hosts.push(await start({ type: 'start', kind: 'service', dataDir: path.join(dir, 'local-host') }));
			const [forwarder, service] = hosts;
			if (forwarder?.started.type !== 'started' || service?.started.type !== 'started')
				throw new Error('a host did not start');
			expect(await service.child.ask({ type: 'watch' })).toEqual({ type: 'watching' });
			await support.load({ origin: forwarder.started.url, path: '/in', headers: {} }, 2, (i) => `m ${i}`);
			await support.load(
				support.serviceTarget(
					{ queueUrl: service.started.url, token: service.started.token },
					`${sink.url}/l`,
				),
				3,
				(i) => `m ${i}`,
			);
			await sink.until(5);
			expect(sink.arrived).toBe(5);
			expect(await service.child.ask({ type: 'pauses' })).toMatchObject({
				type: 'pauses',
				loopDelayMaxMs: expect.any(Number),
				gc: expect.any(Array),
			});
			for (const { child } of hosts) {
				child.tell({ type: 'close' });
				expect(await child.end()).toBe(0);
			}
		} finally {
			for (const { child } of hosts) child.kill();
			await sink.close();
		}
	});
});

describe('the runner', () => {
	it('runs a benchmark in a process of its own, which says why it failed', async () => {
		const watchdog = await benchModule<Watchdog>('watchdog');
		const outcome = await watchdog.runWithWatchdog({
			name: 'none such',
			file: path.join(out, 'bench', 'benchmark-process.js'),
			args: ['none such'],
			limitMs: 60_000,
		});
		// Exit code 3: it failed and printed why (no benchmark of that name).
		expect(outcome).toEqual({ ok: false });
	});
});
