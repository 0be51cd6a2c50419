/**
 * Every frame the TUI draws while a person walks through all its panes, with live traffic,
 * composed both ways: by composeOutput (what mqtop uses) and by Ink's own Output.get. They must
 * show the same screen, and composeOutput must compose the frames rather than hand them to Ink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIndex } from '../../../source/local/service-indexes.js';
import { composeOutput, type Operation } from '../../../source/ui/ink/compose-output.js';
import { stockOutputGet } from '../../../source/ui/ink/fast-output.js';
import InkOutput from '../../../source/ui/ink/ink-output.js';
import { type Sink, startSink } from '../../local/helpers.js';
import { keys, type ReceiverSession, startReceiverSession } from '../harness.js';

interface OutputInternals {
	width: number;
	height: number;
	operations: Operation[];
}

type Get = (this: object) => { output: string; height: number };

/** Ink's own rendering of one row: the canonical form both are compared in. */
function canonical(row: string): string {
	const output = new (
		InkOutput as unknown as new (o: {
			width: number;
			height: number;
		}) => {
			write(x: number, y: number, text: string, options: { transformers: [] }): void;
		}
	)({ width: 1, height: 1 });
	output.write(0, 0, row, { transformers: [] });
	return stockOutputGet.call(output).output;
}

describe('composed frames of every pane', () => {
	let session: ReceiverSession;
	let sink: Sink;
	const prototype = InkOutput.prototype as unknown as { get: Get };
	let installed: Get;
	const seen = { composed: 0, declined: 0, mismatches: [] as string[] };

	beforeAll(async () => {
		installed = prototype.get;
		prototype.get = function (this: object) {
			const internals = this as unknown as OutputInternals;
			const expected = stockOutputGet.call(this);
			const composed = composeOutput(internals.width, internals.height, internals.operations);
			if (!composed) {
				seen.declined++;
				return expected;
			}
			seen.composed++;
			const rows = composed.output.split('\n').map(canonical);
			const want = expected.output.split('\n');
			rows.forEach((row, i) => {
				if (row !== want[i] && seen.mismatches.length < 5)
					seen.mismatches.push(`${JSON.stringify(row)} != ${JSON.stringify(want[i])}`);
			});
			return expected;
		};
		session = await startReceiverSession({ columns: 120, rows: 32 });
		sink = await startSink((_req, _i, res) => {
			res.writeHead(200).end('fine 漢字 ✓');
		});
	});
	afterAll(async () => {
		prototype.get = installed;
		await session?.close();
		await sink?.close();
	});

	it('are the frames Ink would draw, on every pane, in help, detail and confirmation', async () => {
		const { screen, fixture, receiver } = session;
		const group = 'frames-group';
		await fixture.client.groups.addEndpoints(group, [{ name: 'one', url: sink.url }]);
		await session.publish({
			destination: sink.url,
			body: 'body with \x1b[2J escape',
			options: { callback: receiver.url, labels: ['frames'] },
		});
		await screen.waitFor((f) => f.includes('Overview'), 'the Overview');
		// The Vector and Search panes first ask which index to show (this session configures none).
		const denseId = localIndex(fixture.service, 'dense').id;
		for (const pane of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
			await screen.press(pane);
			// Vector and Search list the account's indexes; enter shows the selected one.
			if (pane === '3') {
				await screen.waitFor((f) => f.includes('3 vector indexes'), `the index list of pane ${pane}`);
				await screen.press(keys.enter);
				await screen.waitFor(
					(f) => f.includes(`Vector index local-vector ${denseId}`),
					`pane ${pane} with its index`,
				);
			} else if (pane === '4') {
				await screen.waitFor((f) => f.includes('1 search index'), `the index list of pane ${pane}`);
				await screen.press(keys.enter);
				await screen.waitFor((f) => f.includes('Search index local-search'), `pane ${pane} with its index`);
			}
			await screen.press('?');
			await screen.waitFor((f) => /keys|Keys/.test(f), `help of pane ${pane}`);
			await screen.press(keys.esc);
		}
		await screen.press('6');
		await screen.waitFor((f) => f.includes(' callback '), 'the callback');
		await screen.press(keys.enter);
		await screen.press(keys.esc);
		await screen.press('7');
		await screen.waitFor((f) => f.includes(group), 'the group');
		await screen.press(keys.enter, ' ', 'd');
		await screen.press(keys.esc, keys.esc);
		screen.resize(80, 24);
		await screen.press('5');
		await screen.waitFor((f) => f.includes('messages followed'), 'Messages at 80x24');
		screen.resize(200, 50);
		await screen.press('1');
		await screen.waitFor((f) => f.includes('Overview'), 'Overview at 200x50');

		expect(seen.mismatches).toEqual([]);
		expect(seen.composed).toBeGreaterThan(30);
		// Only frames where something is drawn over something else may fall back to Ink.
		expect(seen.declined).toBeLessThanOrEqual(seen.composed / 10);
	});
});
