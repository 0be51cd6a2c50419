import { describe, expect, it } from 'vitest';
import { maskText } from '../../source/text/mask.js';
import { callbackBody, currentKey, nextKey, send, sendSigned, waitFor } from './helpers.js';
import { listen, stop } from './listen-process.js';

describe('mqtop listen --json', () => {
	it('prints where it listens, then one JSON line per request, and exits 0 on SIGTERM', async () => {
		const running = listen([
			'--json',
			'--port',
			'0',
			'--current-signing-key',
			currentKey,
			'--next-signing-key',
			nextKey,
		]);
		try {
			const first = await waitFor('the listening line', () => running.lines[0]);
			const { listening } = JSON.parse(first) as { listening: string };
			expect(listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

			const callback = JSON.stringify(callbackBody());
			expect(
				(await sendSigned(listening, '/cb', callback, { headers: { 'Svc-Message-Id': 'msg_cb' } })).status,
			).toBe(200);
			const failure = JSON.stringify(callbackBody({ retried: 3, maxRetries: 3, dlqId: '1767225600000-4' }));
			expect((await sendSigned(listening, '/fail', failure, { key: nextKey })).status).toBe(200);
			expect((await send(`${listening}/cb`, { body: callback })).status).toBe(401);
			expect((await sendSigned(listening, '/bin', Buffer.from([0xde, 0xad, 0xbe, 0xef]))).status).toBe(200);

			await waitFor('four request lines', () => (running.lines.length >= 5 ? true : undefined));
			const [cb, fail, rejected, binary] = running.lines.slice(1).map((line) => JSON.parse(line));
			expect(cb).toMatchObject({
				kind: 'callback',
				method: 'POST',
				path: '/cb',
				verified: true,
				reason: null,
				messageId: 'msg_cb',
				sourceMessageId: 'msg_source123',
				status: 500,
				retried: 1,
				maxRetries: 3,
				exhausted: false,
				dlqId: null,
				body: { kind: 'text', text: 'destination said no' },
				sourceBody: { kind: 'text', text: '{"order":42}' },
				responseStatus: 200,
			});
			expect(Number.isNaN(Date.parse(cb.receivedAt))).toBe(false);
			expect(fail).toMatchObject({
				kind: 'failure-callback',
				verified: true,
				signingKey: 'next',
				exhausted: true,
				dlqId: '1767225600000-4',
			});
			expect(rejected).toMatchObject({
				kind: 'callback',
				verified: false,
				reason: 'missing signature header',
				responseStatus: 401,
			});
			expect(binary).toMatchObject({ kind: 'delivery', body: { kind: 'binary', hex: 'de ad be ef' } });
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});

	it('does not drop events under a burst', async () => {
		const running = listen(['--json', '--current-signing-key', currentKey]);
		try {
			const { listening } = JSON.parse(await waitFor('the listening line', () => running.lines[0]));
			const total = 500;
			let next = 0;
			await Promise.all(
				Array.from({ length: 25 }, async () => {
					while (next < total) {
						const i = next++;
						await sendSigned(listening, `/burst/${i}`, `message ${i}`);
					}
				}),
			);
			await waitFor('every line', () => (running.lines.length === total + 1 ? true : undefined));
			const paths = running.lines.slice(1).map((line) => (JSON.parse(line) as { path: string }).path);
			expect(new Set(paths).size).toBe(total);
			expect(await stop(running, 'SIGINT')).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});
});

describe('mqtop listen at exit', () => {
	/** Sends `total` signed requests, `parallel` at a time; resolves when all are answered 200. */
	async function burst(url: string, total: number, parallel: number): Promise<void> {
		let next = 0;
		await Promise.all(
			Array.from({ length: parallel }, async () => {
				while (next < total) {
					const i = next++;
					expect((await sendSigned(url, `/exit/${i}`, `message ${i}`)).status).toBe(200);
				}
			}),
		);
	}

	it('prints every answered request before it exits on Ctrl-C, --json', async () => {
		const running = listen(['--json', '--current-signing-key', currentKey]);
		try {
			const { listening } = JSON.parse(await waitFor('the listening line', () => running.lines[0]));
			const total = 300;
			await burst(listening, total, 30);
			// At once: whatever is still to be written must be written before the process ends.
			expect(await stop(running, 'SIGINT')).toBe(0);
			const paths = running.lines.slice(1).map((line) => (JSON.parse(line) as { path: string }).path);
			expect(paths).toHaveLength(total);
			expect(new Set(paths).size).toBe(total);
		} finally {
			running.child.kill('SIGKILL');
		}
	});

	it('prints every answered request, then the summary, on SIGTERM', async () => {
		const running = listen(['--current-signing-key', currentKey]);
		try {
			const banner = await waitFor('the banner', () =>
				running.lines.some((l) => l.includes('Ctrl-C')) ? running.lines.join('\n') : undefined,
			);
			const url = /receiving on (http:\/\/\S+)/.exec(banner)![1]!;
			const total = 300;
			await burst(url, total, 30);
			expect(await stop(running)).toBe(0);
			const events = running.lines.filter((line) => / POST \/exit\/\d+ /.test(line));
			expect(events).toHaveLength(total);
			const summary = running.lines.findIndex((line) =>
				line.includes(`${total} received: ${total} verified`),
			);
			expect(summary).toBeGreaterThan(running.lines.lastIndexOf(events.at(-1)!));
		} finally {
			running.child.kill('SIGKILL');
		}
	});
});

describe('mqtop listen', () => {
	it('explains where the keys come from when none is given, exit 2', async () => {
		const running = listen([]);
		expect(await running.exit).toBe(2);
		expect(running.stderr()).toMatch(/--current-signing-key/);
		expect(running.stderr()).toMatch(/MQTOP_CURRENT_SIGNING_KEY/);
		expect(running.stderr()).toMatch(/mqtop serve/);
	});

	it('refuses a bad flag value as a usage error', async () => {
		const running = listen(['--respond', '42', '--current-signing-key', currentKey]);
		expect(await running.exit).toBe(2);
		expect(running.stderr()).toMatch(/respond status/);
	});

	it('prints masked keys and one plain line per request when stdout is not a terminal', async () => {
		const running = listen([], { MQTOP_CURRENT_SIGNING_KEY: currentKey, MQTOP_NEXT_SIGNING_KEY: nextKey });
		try {
			const banner = await waitFor('the banner', () =>
				running.lines.some((l) => l.includes('Ctrl-C')) ? running.lines.join('\n') : undefined,
			);
			expect(banner).toContain(`current signing key  ${maskText}`);
			expect(banner).toContain(`next signing key     ${maskText}`);
			expect(banner).not.toContain(currentKey);
			expect(banner).not.toContain(nextKey);
			const url = /receiving on (http:\/\/\S+)/.exec(banner)?.[1];
			expect(url).toBeDefined();
			await sendSigned(url!, '/cb', JSON.stringify(callbackBody({ sourceMessageId: 'msg_\x1b[31mred' })));
			const line = await waitFor('the request line', () => running.lines.find((l) => l.includes('callback')));
			expect(line).toContain('✓ current');
			expect(line).toContain('retried 1/3');
			expect(line).toContain('msg_\\x1b[31mred');
			expect(running.lines.join('\n')).not.toMatch(/\x1b/);
			expect(await stop(running, 'SIGINT')).toBe(0);
			expect(running.lines.join('\n')).toMatch(/1 received: 1 verified, 0 rejected/);
		} finally {
			running.child.kill('SIGKILL');
		}
	});

	it('escapes every invisible formatting character a request carries (U+061C, zero-width, tags)', async () => {
		const running = listen(['--current-signing-key', currentKey]);
		try {
			const banner = await waitFor('the banner', () =>
				running.lines.some((l) => l.includes('Ctrl-C')) ? running.lines.join('\n') : undefined,
			);
			const url = /receiving on (http:\/\/\S+)/.exec(banner)![1]!;
			const id = 'msg_\u061cabc\u200bdef\u{e0067}';
			await sendSigned(url, '/cb', JSON.stringify(callbackBody({ sourceMessageId: id })));
			const line = await waitFor('the request line', () => running.lines.find((l) => l.includes('callback')));
			expect(line).toContain('src msg_\\u061cabc\\u200bdef\\u{e0067}');
			expect(running.lines.join('\n')).not.toMatch(/\p{Cf}/u);
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});

	it('shows the keys in full with --reveal', async () => {
		const running = listen(['--reveal', '--current-signing-key', currentKey]);
		try {
			await waitFor('the banner', () =>
				running.lines.some((l) => l.includes(currentKey)) ? true : undefined,
			);
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});
});
