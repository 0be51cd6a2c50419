/**
 * The Callbacks pane's rows: under a flood it reads a snapshot of a thousand requests twice a
 * second and draws a screenful, so with no filter only the rows drawn may be worked out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeRequest, sealFrame } from '../../../../source/receiver/request-frame.js';
import { EventStore } from '../../../../source/receiver/store.js';
import { compileFilter, loadFilterEngine } from '../../../../source/ui/kit/row-filter/row-filter.js';
import {
	eventRows,
	lineText,
	rowKey,
	rowOf,
	rowWindow,
} from '../../../../source/ui/panes/callbacks/callbacks-model.js';
import { batchOf, classify, classifyOptions, requests } from '../../../receiver/frames.js';

/** A store holding the newest 50 of 60 requests, kept as the worker thread's frames. */
function storeOf(damaged?: number) {
	const inputs = requests(60);
	const { frames, spans } = batchOf(inputs);
	// The frame's meta made unreadable: working out its event throws.
	if (damaged !== undefined) frames[spans[damaged - 1]!.start + 4 + 1 + 8 + 1 + 8 + 4] = 0x21;
	const store = new EventStore({ capacity: 50, classify: classifyOptions });
	for (const span of spans) store.addFrame(frames, span);
	store.flush();
	return { inputs, snapshot: store.getSnapshot() };
}

const seqs = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => String(from - i));

describe('the Callbacks rows', () => {
	beforeAll(() => loadFilterEngine());

	it('without a filter, list every request newest first and work out only those drawn', () => {
		// The oldest kept request cannot be worked out: no row drawn here needs it.
		const { inputs, snapshot } = storeOf(11);
		const rows = eventRows(snapshot, undefined);
		expect(rows.keys).toEqual(seqs(60, 11));

		const newest = rowWindow(rows, undefined, 10);
		expect(newest).toMatchObject({ index: 0, start: 0 });
		expect(newest.shown.map((row) => row.event)).toEqual(inputs.slice(50, 60).reverse().map(classify));
		expect(newest.shown.every((row) => row.from === undefined)).toBe(true);

		// The selection in the middle of the screen: seq 30 is row 30.
		const middle = rowWindow(rows, '30', 10);
		expect(middle).toMatchObject({ index: 30, start: 25 });
		expect(middle.shown.map((row) => row.event.seq)).toEqual([35, 34, 33, 32, 31, 30, 29, 28, 27, 26]);

		expect(rowOf(rows, '42')).toEqual({ event: classify(inputs[41]!), from: undefined });
		expect(rowOf(rows, '5')).toBeUndefined();
		expect(rowOf(rows, undefined)).toBeUndefined();
		expect(rows.at(-1)).toBeUndefined();
		expect(rows.at(50)).toBeUndefined();
	});

	it('with a filter, list the requests whose line matches, newest first', () => {
		const { snapshot } = storeOf();
		const all = eventRows(snapshot, compileFilter('.'));
		const none = eventRows(snapshot, undefined);
		expect(all.keys).toEqual(none.keys);
		expect(rowWindow(all, '40', 8).shown).toEqual(rowWindow(none, '40', 8).shown);

		const rejected = eventRows(snapshot, compileFilter('invalid signature'));
		const expected = [...snapshot.events]
			.reverse()
			.filter((e) => lineText(e).toLowerCase().includes('invalid signature'));
		expect(expected.length).toBeGreaterThan(5);
		expect(expected.length).toBeLessThan(50);
		expect(rejected.keys).toEqual(expected.map((e) => String(e.seq)));
		expect(rowWindow(rejected, undefined, 5).shown.map((row) => row.event)).toEqual(expected.slice(0, 5));
		expect(rowOf(rejected, String(expected[3]!.seq))?.event).toBe(expected[3]);
	});

	it('merge the rows of the mqtop listen followed with the receiver’s own, newest first by time received', () => {
		const own = new EventStore({ classify: classifyOptions });
		const theirs = new EventStore({ classify: classifyOptions });
		const all = requests(12).filter((r) => r.body !== undefined);
		// Odd ones to the monitor's receiver (frames of its thread), even ones read from listen's history.
		const mine = all.filter((_, i) => i % 2 === 1);
		const { frames, spans } = batchOf(mine);
		for (const span of spans) own.addFrame(frames, span);
		for (const request of all.filter((_, i) => i % 2 === 0)) {
			const frame = encodeRequest(request);
			sealFrame(frame);
			theirs.addStored(frame);
		}
		own.flush();
		theirs.flush();
		const rows = eventRows(own.getSnapshot(), undefined, theirs.getSnapshot());
		const expected = [...all].reverse().map((r) => rowKey(r.seq, mine.includes(r) ? undefined : 'listen'));
		expect(rows.keys).toEqual(expected);
		expect(rowWindow(rows, undefined, 4).shown.map((row) => [row.event.path, row.from])).toEqual(
			[...all]
				.reverse()
				.slice(0, 4)
				.map((r) => [r.path, mine.includes(r) ? undefined : 'listen']),
		);
		expect(rowOf(rows, expected[1])?.event.seq).toBe([...all].reverse()[1]!.seq);
		// A filter finds listen's rows by the name its rows show.
		const listenRows = eventRows(own.getSnapshot(), compileFilter('listen'), theirs.getSnapshot());
		expect(listenRows.keys).toEqual(expected.filter((key) => key.startsWith('L')));
	});

	it('a filter finds a failure callback by the kind a narrow row shows', () => {
		const { snapshot } = storeOf();
		const failures = [...snapshot.events].reverse().filter((e) => e.kind === 'failure-callback');
		expect(failures.length).toBeGreaterThan(0);
		for (const text of ['fail-cb', 'failure-callback'])
			expect(eventRows(snapshot, compileFilter(text)).keys).toEqual(failures.map((e) => String(e.seq)));
	});
});
