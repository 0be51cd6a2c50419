/**
 * Keys that reach the monitor in one read (typed quickly, a paste, a key repeat over ssh) count
 * one by one, exactly as when they come apart.
 */

import type { Key } from 'ink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyName, noKey, splitKeys } from '../../../source/ui/keys/key-name.js';
import { type Session, startSession } from '../harness.js';

const names = (input: string, key: Key = noKey) => splitKeys(input, key).map((k) => keyName(k.input, k.key));

describe('splitKeys', () => {
	it('takes a run of characters apart into its keys', () => {
		expect(names('jjj')).toEqual(['j', 'j', 'j']);
		expect(names('\t\t')).toEqual(['tab', 'tab']);
		expect(names('ab\rc')).toEqual(['a', 'b', 'enter', 'c']);
		expect(names('x\x7f\x13')).toEqual(['x', 'delete', 'ctrl+s']);
		expect(names('日本')).toEqual(['日', '本']);
	});

	it('leaves a single key and an escape sequence as they are', () => {
		expect(splitKeys('j', noKey)).toEqual([{ input: 'j', key: noKey }]);
		expect(names('', { ...noKey, upArrow: true })).toEqual(['up']);
		expect(names('\r', { ...noKey, return: true })).toEqual(['enter']);
		expect(names('j', { ...noKey, meta: true })).toEqual(['j']);
	});
});

describe('keys that arrive in one read', () => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns: 160, rows: 40 });
	});
	afterAll(() => session.close());

	it('switch panes once per Tab', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('Period series'), 'the Overview');
		await screen.press('\t\t');
		await screen.waitFor(() => screen.runtime.ui.getSnapshot().pane === 'vector', 'two panes on');
	});

	it('move the selection once per j', async () => {
		const { screen } = session;
		for (const id of ['msg_k1', 'msg_k2', 'msg_k3', 'msg_k4', 'msg_k5'])
			screen.runtime.tracked.track(id, 'typed');
		await screen.press('5');
		await screen.waitFor((f) => f.includes('msg_k1') && f.includes('msg_k5'), 'the five messages');
		await screen.press('jjj');
		// Newest first: k5 k4 k3 k2 k1; three rows down from k5 is k2.
		await screen.waitFor(
			(f) =>
				f
					.split('\n')
					.find((l) => l.startsWith('›'))
					?.includes('msg_k2'),
			'k2 selected',
		);
	});

	it('open the row the keys before Enter moved to', async () => {
		const { screen } = session;
		const selected = () =>
			screen
				.frame()
				.split('\n')
				.find((l) => l.startsWith('›')) ?? '';
		await screen.press('g');
		await screen.waitFor(() => selected().includes('msg_k5'), 'the newest');
		await screen.press('jj\r');
		await screen.waitFor((f) => f.includes('Message msg_k3'), 'the detail of k3');
		await screen.press('\x1b');
		await screen.waitFor((f) => !f.includes('Message msg_k3'), 'back to the list');
	});

	it('type into the field the key before them opened, pasted text and Enter included', async () => {
		const { screen } = session;
		await screen.press('5');
		await screen.waitFor((f) => f.includes('messages followed'), 'Messages');
		await screen.press('imsg_pasted_in_one_read\r');
		await screen.waitFor(
			() => screen.runtime.tracked.getSnapshot().messages.some((m) => m.id === 'msg_pasted_in_one_read'),
			'the pasted id followed',
		);
		expect(screen.frame()).not.toContain('Follow message id:');
	});
});
