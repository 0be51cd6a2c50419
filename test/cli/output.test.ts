import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../source/api/errors.js';
import { WorkflowTriggerItems } from '../../source/api/schemas.js';
import { UsageError } from '../../source/cli/args.js';
import { groupHeadersFromArgs } from '../../source/cli/commands/group.js';
import { describeFailure, formatFailure } from '../../source/cli/failure.js';
import { Output } from '../../source/cli/output.js';
import { summarizeSeries } from '../../source/cli/series.js';
import { formatPairs, formatTable } from '../../source/cli/table.js';
import { ttyRefusal } from '../../source/cli/tty.js';
import { ConfigError } from '../../source/config/file.js';
import { colorEnabled, makeStyle } from '../../source/text/style.js';

class Capture extends Writable {
	text = '';
	constructor(readonly isTTY: boolean) {
		super();
	}
	override _write(chunk: Buffer, _: string, done: () => void) {
		this.text += chunk.toString();
		done();
	}
}

describe('colour', () => {
	it('is on only for a terminal without NO_COLOR', () => {
		expect(colorEnabled({ isTTY: true, env: {} })).toBe(true);
		expect(colorEnabled({ isTTY: false, env: {} })).toBe(false);
		expect(colorEnabled({ isTTY: undefined, env: {} })).toBe(false);
		expect(colorEnabled({ isTTY: true, env: { NO_COLOR: '1' } })).toBe(false);
		expect(colorEnabled({ isTTY: true, env: { NO_COLOR: '' } })).toBe(true);
		expect(colorEnabled({ isTTY: true, env: { TERM: 'dumb' } })).toBe(false);
	});

	it('writes no escape codes to a pipe, and some to a terminal', () => {
		const rows = [['a', { text: 'ok', style: 'green' as const }]];
		const pipe = new Capture(false);
		new Output({ stdout: pipe, stderr: pipe, env: {} }, false).table(
			[{ header: 'x' }, { header: 'y' }],
			rows,
		);
		expect(pipe.text).not.toContain('\x1b');
		const tty = new Capture(true);
		new Output({ stdout: tty, stderr: tty, env: {} }, false).table([{ header: 'x' }, { header: 'y' }], rows);
		expect(tty.text).toContain('\x1b[32mok');
		const json = new Capture(true);
		new Output({ stdout: json, stderr: json, env: {} }, true).document({ a: '\x1b[2J' });
		expect(JSON.parse(json.text)).toEqual({ a: '\x1b[2J' });
		expect(json.text).not.toContain('\x1b');
	});
});

describe('tables', () => {
	const plain = makeStyle(false);
	it('sizes columns to content, aligns right where asked, no trailing spaces', () => {
		expect(
			formatTable(
				[{ header: 'name' }, { header: 'n', align: 'right' }, { header: 'note' }],
				[
					['alpha', '1', 'x'],
					['b', '100', ''],
				],
				plain,
			),
		).toEqual(['name     n  note', 'alpha    1  x', 'b      100']);
	});

	it('measures before colouring', () => {
		const [header, row] = formatTable(
			[{ header: 'a' }, { header: 'b' }],
			[[{ text: 'xyz', style: 'red' }, 'q']],
			makeStyle(true),
		);
		expect(row).toBe('\x1b[31mxyz\x1b[39m  q');
		expect(header).toBe('\x1b[1ma  \x1b[22m  \x1b[1mb\x1b[22m');
		expect(
			formatPairs(
				[
					['id', '1'],
					['created', 'now'],
				],
				plain,
			),
		).toEqual(['id       1', 'created  now']);
	});
});

describe('failures', () => {
	it('maps errors to exit codes and one line each', () => {
		expect(describeFailure(new UsageError('bad'))).toEqual({ code: 2, message: 'bad' });
		expect(describeFailure(new ConfigError('cfg')).code).toBe(2);
		const zod = WorkflowTriggerItems.safeParse([{}]);
		expect(describeFailure(zod.error)).toMatchObject({
			code: 2,
			message: expect.stringContaining('[0].destination'),
		});
		const network = new ApiError({ operation: 'list users', kind: 'network', detail: 'cannot connect to x' });
		expect(describeFailure(network)).toMatchObject({ code: 3, hint: expect.stringContaining('running') });
		const timeout = new ApiError({ operation: 'list users', kind: 'timeout', detail: 'slow' });
		expect(describeFailure(timeout).code).toBe(3);
		const notFound = new ApiError({
			operation: 'read message',
			kind: 'http',
			status: 404,
			serverMessage: 'no \x1b[31m',
		});
		expect(describeFailure(notFound)).toEqual({
			code: 1,
			message: 'read message failed: HTTP 404: no \\x1b[31m',
			status: 404,
		});
		const refused = new ApiError({ operation: 'list users', kind: 'http', status: 401 });
		expect(describeFailure(refused, { credentials: 'the email (from env MQTOP_EMAIL)' }).hint).toBe(
			'the service refused the email (from env MQTOP_EMAIL)',
		);
		expect(formatFailure({ code: 1, message: 'm', hint: 'h' })).toBe('mqtop: m\n  hint: h\n');
		expect(describeFailure(new TypeError('boom'))).toEqual({ code: 1, message: 'unexpected error: boom' });
	});
});

describe('helpers', () => {
	it('refuses the monitor without a terminal and names the commands', () => {
		expect(ttyRefusal({ stdinIsTTY: true, stdoutIsTTY: true })).toBeUndefined();
		const message = ttyRefusal({ stdinIsTTY: true, stdoutIsTTY: false });
		expect(message).toContain('stdout is not one');
		expect(message).toContain('mqtop users --json');
		expect(ttyRefusal({ stdinIsTTY: false, stdoutIsTTY: undefined })).toContain(
			'stdin and stdout are not one',
		);
	});

	it('summarises a series without counting future or null points as latest', () => {
		const now = Date.UTC(2026, 0, 15, 12);
		const points = [
			{ x: '2026-01-14 00:00:00.000 +0000 UTC', y: 3 },
			{ x: '2026-01-15 00:00:00.000 +0000 UTC', y: 5 },
			{ x: '2026-01-15 12:00:00.000 +0000 UTC', y: null },
			{ x: '2026-01-16 00:00:00.000 +0000 UTC', y: 0 },
		];
		expect(summarizeSeries(points, now)).toEqual({ points: 4, gaps: 0, total: 8, latest: 5, max: 5 });
		expect(summarizeSeries([], now)).toEqual({
			points: 0,
			gaps: 0,
			total: 0,
			latest: undefined,
			max: undefined,
		});
	});

	it('counts odd points as gaps, and a point without a time never as latest', () => {
		const now = Date.UTC(2026, 0, 15, 12);
		const points = [{ x: '2026-01-14T00:00:00Z', y: 3 }, {}, { y: 9 }, { x: 1768435200, y: 4 }];
		expect(summarizeSeries(points, now)).toEqual({ points: 4, gaps: 1, total: 16, latest: 4, max: 9 });
	});

	it('gathers repeated group headers into arrays', () => {
		expect(groupHeadersFromArgs(['X-A: 1', 'x-a: 2', 'X-B: 3'])).toEqual({ 'X-A': ['1', '2'], 'X-B': '3' });
		expect(groupHeadersFromArgs([])).toEqual({});
	});
});
