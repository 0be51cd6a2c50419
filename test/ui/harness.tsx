/**
 * Renders the whole TUI with ink-testing-library against a real embedded local service, at a
 * given terminal size, and reads frames as a person sees them.
 */

import { render } from 'ink-testing-library';
import { Profiler } from 'react';
import { MqClient, type PublishRequest } from '../../source/api/client.js';
import { dialectPresets } from '../../source/api/dialect.js';
import type { LocalServiceOptions } from '../../source/local/service.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { type ReceiverHandle, startReceiver } from '../../source/receiver/receiver.js';
import { generateSigningKey } from '../../source/signing/keys.js';
import { Root } from '../../source/ui/app/root.js';
import {
	createRuntime,
	type Runtime,
	type RuntimeOptions,
	type TuiConnection,
	type TuiReceiver,
} from '../../source/ui/app/runtime.js';
import type { Controller } from '../../source/ui/contract/pane.js';
import { KeyDispatcher } from '../../source/ui/keys/dispatcher.js';
import { ids } from '../fixtures/deployed/answers.js';
import { type Fixture, type Sink, startFixture } from '../local/helpers.js';
import { credentials, type DeployedService, startDeployedService } from '../support/deployed-service.js';
import { waitUntil } from '../support/wait.js';

export const keys = {
	enter: '\r',
	esc: '\x1b',
	tab: '\t',
	shiftTab: '\x1b[Z',
	up: '\x1b[A',
	down: '\x1b[B',
	left: '\x1b[D',
	right: '\x1b[C',
	pageUp: '\x1b[5~',
	pageDown: '\x1b[6~',
	backspace: '\x7f',
	ctrlC: '\x03',
} as const;

// SGR colour and style codes only: anything else reaching a frame is a finding, not noise.
const sgr = /\x1b\[[0-9;]*m/g;

export interface Screen {
	runtime: Runtime;
	/** The newest frame without colours. */
	frame(): string;
	/** The newest frame exactly as written, colours included. */
	rawFrame(): string;
	/** Everything written to the terminal so far, frame by frame (escape sequences included). */
	written(): readonly string[];
	/** React's commits in the TUI so far: one follows each change a view reads. */
	commits(): number;
	press(...input: string[]): Promise<void>;
	/** Waits until the frame satisfies `check` (returns something other than undefined/false). */
	waitFor<T>(check: (frame: string) => T | undefined | false, what: string, timeoutMs?: number): Promise<T>;
	resize(columns: number, rows: number): void;
	unmount(): void;
}

export interface ScreenOptions extends Partial<Omit<RuntimeOptions, 'client' | 'connection'>> {
	columns?: number;
	rows?: number;
	connection?: Partial<TuiConnection>;
}

export function mountTui(client: MqClient, connection: TuiConnection, options: ScreenOptions = {}): Screen {
	const runtime = createRuntime({
		client,
		connection: { ...connection, ...options.connection },
		refreshMs: options.refreshMs ?? 150,
		backoff: options.backoff ?? { baseMs: 100, maxMs: 400 },
		coalesceMs: options.coalesceMs ?? 5,
		...(options.pane ? { pane: options.pane } : {}),
		...(options.readOnly !== undefined ? { readOnly: options.readOnly } : {}),
		...(options.receiver ? { receiver: options.receiver } : {}),
		...(options.faults ? { faults: options.faults } : {}),
		...(options.panes ? { panes: options.panes } : {}),
		...(options.health ? { health: options.health } : {}),
		...(options.healthSource ? { healthSource: options.healthSource } : {}),
		...(options.env ? { env: options.env } : {}),
	});
	const dispatcher = new KeyDispatcher();
	let commits = 0;
	// Every commit of React's in the TUI, drawn or not: a frame that would read the same as the last
	// is not written again, so the frames written do not say that an answer was drawn.
	const instance = render(
		<Profiler
			id="tui"
			onRender={() => {
				commits++;
			}}
		>
			<Root runtime={runtime} dispatcher={dispatcher} />
		</Profiler>,
	);
	const stdout = instance.stdout as unknown as NodeJS.WriteStream & { emit(event: 'resize'): boolean };
	const resize = (columns: number, rows: number) => {
		Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
		Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
		stdout.emit('resize');
	};
	resize(options.columns ?? 200, options.rows ?? 50);
	const rawFrame = () => instance.lastFrame() ?? '';
	const frame = () => rawFrame().replace(sgr, '');
	let unmounted = false;
	return {
		runtime,
		frame,
		rawFrame,
		written: () => instance.frames,
		commits: () => commits,
		async press(...input) {
			for (const text of input) {
				instance.stdin.write(text);
				// Ink reads input on the next turn; a lone ESC waits one more.
				await new Promise((resolve) => setImmediate(resolve));
				await new Promise((resolve) => setImmediate(resolve));
				// Keys that arrived together are dispatched one per turn: all of them, before the next input.
				await dispatcher.whenDrained();
			}
		},
		waitFor: (check, what, timeoutMs = 15_000) =>
			waitUntil(
				() => {
					const result = check(frame());
					return result === false ? undefined : (result ?? undefined);
				},
				timeoutMs,
				() => `${what}; last frame:\n${frame()}`,
			),
		resize,
		unmount() {
			if (unmounted) return;
			unmounted = true;
			instance.unmount();
			runtime.dispose();
		},
	};
}

export interface Session {
	fixture: Fixture;
	screen: Screen;
	close(): Promise<void>;
}

/** The local service, a client, and the TUI on it showing the service's own ids. */
export async function startSession(
	options: ScreenOptions & { service?: LocalServiceOptions } = {},
): Promise<Session> {
	const fixture = await startFixture(options.service);
	const { service } = fixture;
	const screen = mountTui(
		fixture.client,
		{
			embedded: true,
			accountId: service.accountId,
			vectorIndexId: localIndex(service, 'dense').id,
			searchIndexId: localIndex(service, 'search').id,
		},
		options,
	);
	return {
		fixture,
		screen,
		async close() {
			screen.unmount();
			await fixture.close();
		},
	};
}

/** The controller of a pane of the TUI on screen, as its module declares it. */
export function controllerOf<C extends Controller>(screen: Screen, pane: string): C {
	return screen.runtime.pane(pane).controller as C;
}

/** The line of the frame that starts with `label` (after leading spaces), if any. */
export function lineOf(frame: string, label: string): string | undefined {
	return frame.split('\n').find((line) => line.trimStart().startsWith(label));
}

/** Runs `attempt` until it stops throwing, or rethrows its last error at the deadline. */
export async function eventually<T>(attempt: () => T | Promise<T>, timeoutMs = 8000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return await attempt();
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
	}
}

/** The receiver as the TUI shows it: where it listens, what it got, the keys it checks. */
function tuiReceiver(receiver: ReceiverHandle, keys: { current: string; next: string }): TuiReceiver {
	return {
		url: receiver.url,
		store: receiver.store,
		currentSigningKey: keys.current,
		nextSigningKey: keys.next,
	};
}

export interface ReceiverSession extends Session {
	receiver: ReceiverHandle;
	keys: { current: string; next: string };
	/** Publishes to `destination` and follows the message in the TUI, as the Publish pane does. */
	publish(request: PublishRequest): Promise<string>;
}

/**
 * The local service and a callback receiver sharing its signing keys (both on 127.0.0.1), and
 * the TUI on them with the receiver, as `mqtop` runs them.
 */
export async function startReceiverSession(
	options: ScreenOptions & { service?: LocalServiceOptions } = {},
): Promise<ReceiverSession> {
	const keys = { current: generateSigningKey(), next: generateSigningKey() };
	const fixture = await startFixture({
		...options.service,
		currentSigningKey: keys.current,
		nextSigningKey: keys.next,
	});
	const receiver = await startReceiver({ currentSigningKey: keys.current, nextSigningKey: keys.next });
	const screen = mountTui(
		fixture.client,
		{ embedded: true, accountId: fixture.service.accountId, receiverUrl: receiver.url },
		{ ...options, receiver: tuiReceiver(receiver, keys) },
	);
	return {
		fixture,
		screen,
		receiver,
		keys,
		async publish(request) {
			const published = await fixture.client.publish(request);
			if (published.kind !== 'url') throw new Error('expected a URL publish');
			screen.runtime.tracked.track(published.result.messageId, 'publish');
			return published.result.messageId;
		},
		async close() {
			screen.unmount();
			await Promise.all([fixture.close(), receiver.close()]);
		},
	};
}

/** The selected row of a list pane in the newest frame: the one marked `›`. */
export function selectedLine(screen: Screen): string | undefined {
	return screen
		.frame()
		.split('\n')
		.find((l) => l.startsWith('›'));
}

/** Moves the highlight of a list pane with j/k until it is on the row showing `text`. */
export async function selectRow(screen: Screen, text: string, limit = 200): Promise<void> {
	await screen.press('g');
	for (let i = 0; i < limit; i++) {
		if (selectedLine(screen)?.includes(text)) return;
		await screen.press('j');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`no row shows ${text}; last frame:\n${screen.frame()}`);
}

export interface DeployedSession {
	/** The loopback server answering in the deployed service's shapes (test/support/deployed-service.ts). */
	service: DeployedService;
	receiver: ReceiverHandle;
	keys: { current: string; next: string };
	client: MqClient;
	screen: Screen;
	close(): Promise<void>;
}

/** A client of `service` in the deployed dialect, retrying nothing (the TUI backs off itself). */
export function deployedClient(service: DeployedService): MqClient {
	return new MqClient(
		{
			queueUrl: service.url,
			managementUrl: service.url,
			...credentials,
			dialect: dialectPresets.deployed,
			timeoutMs: 5000,
		},
		{ retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
	);
}

/**
 * The TUI on a loopback server answering as the deployed service documents it, with its vector
 * and search index ids configured and no account (the Overview takes the first listed), and a
 * callback receiver in the deployed dialect, as `mqtop --profile <deployment>` runs them.
 */
export async function startDeployedSession(options: ScreenOptions = {}): Promise<DeployedSession> {
	const keys = { current: generateSigningKey(), next: generateSigningKey() };
	const service = await startDeployedService();
	const receiver = await startReceiver({
		currentSigningKey: keys.current,
		nextSigningKey: keys.next,
		dialect: dialectPresets.deployed,
	});
	const client = deployedClient(service);
	const screen = mountTui(
		client,
		{
			embedded: false,
			vectorIndexId: ids.vectorIndex,
			searchIndexId: ids.searchIndex,
			receiverUrl: receiver.url,
		},
		{ ...options, receiver: tuiReceiver(receiver, keys) },
	);
	return {
		service,
		receiver,
		keys,
		client,
		screen,
		async close() {
			screen.unmount();
			await Promise.all([service.close(), receiver.close()]);
		},
	};
}

/** The key line: the last line of a frame. */
export function keyLine(frame: string): string {
	return frame.trimEnd().split('\n').at(-1) ?? '';
}

/** Moves the selection of a list pane with j until `selected()` is `key`. */
export async function selectKey(
	screen: Screen,
	key: string,
	selected: () => string | undefined,
	limit = 20,
): Promise<void> {
	for (let i = 0; i < limit; i++) {
		if (selected() === key) return;
		await screen.press('j');
	}
	throw new Error(`${key} cannot be selected; last frame:\n${screen.frame()}`);
}

/**
 * Publishes a message to `sink` at `/probe` with a delay and waits for it to arrive: time enough
 * for anything due meanwhile (a schedule's run, a held delivery) to have shown up.
 */
export async function afterDelay(client: MqClient, sink: Sink, delayMs: number): Promise<void> {
	const probes = () => sink.received.filter((r) => r.url === '/probe').length;
	const before = probes();
	await client.publish({ destination: `${sink.url}/probe`, options: { delayMs } });
	await waitUntil(() => (probes() > before ? true : undefined), 10_000, 'the delayed probe');
}
