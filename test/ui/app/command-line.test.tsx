/**
 * The `:` command line: any view by name or alias with completion and history, an unknown
 * name said so with the close ones; and `?` listing the number keys and the names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	commandLineReducer,
	commonPrefix,
	initialCommandLine,
} from '../../../source/ui/app/command-line-state.js';
import { completions, resolveCommand } from '../../../source/ui/app/commands.js';
import { closeNames, editDistance, namesOf } from '../../../source/ui/app/panes.js';
import { panes } from '../../../source/ui/registry.js';
import { keys, type Session, startSession } from '../harness.js';

describe('resolving a command', () => {
	it('finds a view by id, title, alias or a unique start of one, and the shell commands', () => {
		expect(resolveCommand(panes, 'callbacks')).toEqual({ target: { kind: 'pane', pane: 'callbacks' } });
		expect(resolveCommand(panes, ':CB')).toEqual({ target: { kind: 'pane', pane: 'callbacks' } });
		expect(resolveCommand(panes, 'acc')).toEqual({ target: { kind: 'pane', pane: 'accounts' } });
		expect(resolveCommand(panes, 'health')).toEqual({ target: { kind: 'overlay', overlay: 'health' } });
		expect(resolveCommand(panes, 'q')).toEqual({ target: { kind: 'quit' } });
	});

	it('opens a view that takes a message id on the one after its name, as it is written', () => {
		expect(resolveCommand(panes, ':DLQ msg_AbC')).toEqual({
			target: { kind: 'pane', pane: 'dlq', request: { messageId: 'msg_AbC' } },
		});
		expect(resolveCommand(panes, 'logs  msg_1 ')).toEqual({
			target: { kind: 'pane', pane: 'logs', request: { messageId: 'msg_1' } },
		});
		expect(resolveCommand(panes, 'overview msg_1')).toEqual({ error: ':overview takes no message id' });
		expect(resolveCommand(panes, 'dlq a b')).toEqual({ error: ':dlq takes one message id' });
		expect(resolveCommand(panes, 'health now')).toEqual({ error: ':health takes nothing after it' });
		// Past the name, Tab has nothing to offer.
		expect(completions(panes, 'dlq m')).toEqual([]);
		expect(completions(panes, 'dl')).toEqual(['dlq']);
	});

	it('says what a name that means nothing, or too much, could have been', () => {
		expect(resolveCommand(panes, 'acounts')).toEqual({ error: 'no view named "acounts" · close: :accounts' });
		expect(resolveCommand(panes, 'mesages')).toEqual({ error: 'no view named "mesages" · close: :messages' });
		expect(resolveCommand(panes, 'zzzz')).toEqual({ error: 'no view named "zzzz" · Tab lists the names' });
		expect(resolveCommand(panes, 's')).toMatchObject({ error: expect.stringMatching(/^":s" could be :\w+/) });
		expect(resolveCommand(panes, '')).toEqual({ error: 'type the name of a view (Tab completes)' });
	});

	it('gives no two views names a slip apart, so none is taken for another', () => {
		for (const a of panes)
			for (const b of panes.filter((p) => p !== a))
				for (const x of namesOf(a))
					for (const y of namesOf(b)) {
						expect(editDistance(x, y), `:${x} (${a.id}) and :${y} (${b.id})`).toBeGreaterThan(1);
						expect(y.startsWith(x), `:${x} (${a.id}) starts :${y} (${b.id})`).toBe(false);
					}
		// Workflows and Flow control: each by its names, and `:flows` (once Workflows) now means neither.
		for (const name of ['workflows', 'wf', 'runs', 'workflow'])
			expect(resolveCommand(panes, name), name).toEqual({ target: { kind: 'pane', pane: 'workflows' } });
		for (const name of ['flow', 'flowcontrol', 'fc', 'flow-control'])
			expect(resolveCommand(panes, name), name).toEqual({ target: { kind: 'pane', pane: 'flow' } });
		expect(resolveCommand(panes, 'flows')).toMatchObject({
			error: expect.stringMatching(/^no view named "flows" · close: :workflows :flow /),
		});
	});

	it('measures slips: a swap of neighbours is one', () => {
		expect(editDistance('dql', 'dlq')).toBe(1);
		expect(editDistance('sched', 'schedules')).toBe(4);
		expect(closeNames(['schedules', 'search', 'dlq'], 'shced')).toEqual(['schedules']);
		expect(commonPrefix(['schedules', 'sched', 'schema'])).toBe('sche');
	});

	it('completes to what all matches share and lists them, and recalls earlier commands', () => {
		const typed = (text: string) => commandLineReducer(initialCommandLine, { type: 'insert', text });
		const complete = (text: string) =>
			commandLineReducer(typed(text), { type: 'complete', candidates: completions(panes, text) });
		// acc starts two names of one view: its id is what Tab gives.
		expect(completions(panes, 'acc')).toEqual(['accounts']);
		expect(complete('acc').input.value).toBe('accounts');
		expect(complete('acc').message).toBeUndefined();
		expect(completions(panes, 'h')).toEqual(['help', 'health']);
		const many = complete('he');
		expect(many.input.value).toBe('he');
		expect(many.message).toEqual({ kind: 'choices', text: 'help  health' });
		expect(complete('xyz').message).toEqual({ kind: 'error', text: 'no name starts so' });
		let state = commandLineReducer(typed('cb'), { type: 'ran', command: 'cb' });
		state = commandLineReducer(state, { type: 'ran', command: 'vector' });
		state = commandLineReducer(state, { type: 'recall', step: -1 });
		expect(state.input.value).toBe('vector');
		state = commandLineReducer(state, { type: 'recall', step: -1 });
		expect(state.input.value).toBe('cb');
		state = commandLineReducer(state, { type: 'recall', step: 1 });
		state = commandLineReducer(state, { type: 'recall', step: 1 });
		expect(state.input.value).toBe('');
	});
});

describe('the command line on screen', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 120, rows: 40 });
	});
	afterAll(() => session.close());

	const bottom = (frame: string) => frame.trimEnd().split('\n').slice(-2);
	const shown = () => session.screen.runtime.ui.getSnapshot().pane;

	it('jumps to a view by name with Tab completion, and by alias', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes(': view'), 'the key line naming :');
		await screen.press(':');
		await screen.waitFor(
			(f) => bottom(f)[1]?.startsWith('enter go  tab complete  ↑↓ history  esc close'),
			'its keys',
		);
		await screen.press('a', 'c', 'c');
		// The rest of the first match is shown, dimmed.
		await screen.waitFor((f) => bottom(f)[0]?.startsWith(':accounts'), 'the name completed as typed');
		await screen.press(keys.tab);
		await screen.waitFor((f) => bottom(f)[0]?.startsWith(':accounts'), 'Tab took it');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('1 account ·'), 'Accounts');
		expect(shown()).toBe('accounts');

		await screen.press(':', 'c', 'b', keys.enter);
		await screen.waitFor((f) => f.includes('No callback receiver is running.'), 'Callbacks by its alias');
		expect(shown()).toBe('callbacks');
		// q is typed into the command line, it does not quit.
		await screen.press(':', 'q', keys.esc);
		await screen.waitFor((f) => !bottom(f)[0]?.startsWith(':'), 'Esc closed the line');
	});

	it('recalls earlier commands with ↑, and says so when a name means nothing', async () => {
		const { screen } = session;
		await screen.press(':', keys.up);
		await screen.waitFor((f) => bottom(f)[0]?.startsWith(':cb'), 'the last command');
		await screen.press(keys.up, keys.enter);
		await screen.waitFor(() => shown() === 'accounts', 'the one before it, run again');

		await screen.press(':', ...'acounts', keys.enter);
		await screen.waitFor(
			(f) => bottom(f)[0]?.includes('no view named "acounts" · close: :accounts'),
			'the unknown name and the close one',
		);
		expect(shown()).toBe('accounts');
		// Backspace on the emptied line closes it.
		await screen.press(keys.backspace);
		await screen.waitFor((f) => !bottom(f)[0]?.startsWith(':'), 'closed');
	});

	for (const [columns, rows] of [
		[80, 24],
		[200, 50],
	] as const)
		it(`empties the line after a name that means nothing, so the next is typed alone, at ${columns}x${rows}`, async () => {
			const { screen } = session;
			screen.resize(columns, rows);
			const before = shown();
			await screen.press(':', ...'xyzz', keys.enter);
			const said = await screen.waitFor(
				(f) => (bottom(f)[0]?.includes('no view named "xyzz"') ? bottom(f)[0] : undefined),
				'the unknown name said',
			);
			// What was typed is gone from the line; the message names it.
			expect(said).toMatch(/^: {3}no view named "xyzz"/);
			expect(shown()).toBe(before);
			await screen.press(...'que');
			await screen.waitFor((f) => bottom(f)[0]?.startsWith(':queues'), 'the next name typed alone');
			expect(bottom(screen.frame())[0]).not.toContain('xyzz');
			await screen.press(keys.enter);
			await screen.waitFor(() => shown() === 'queues', 'Queues by :que');
			screen.resize(120, 40);
		});

	it('reaches the views without a number key, and opens one on a message', async () => {
		const { screen, fixture } = session;
		await screen.press(':', ...'dlq', keys.enter);
		await screen.waitFor((f) => f.includes(':Dead letters'), 'the Dead letters tab');
		expect(shown()).toBe('dlq');
		const published = await fixture.client.publish({
			destination: 'http://127.0.0.1:9/refused',
			body: 'x',
			options: { retries: 0 },
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const { messageId } = published.result;
		await screen.press(':', ...`logs ${messageId}`, keys.enter);
		await screen.waitFor((f) => f.includes(`filter message ${messageId}`), 'Logs filtered by the message');
		expect(shown()).toBe('logs');
		expect(screen.runtime.ui.getSnapshot().pane).toBe('logs');
	});

	it('names Workflows and Flow control so that neither is taken for the other, at 80x24 too', async () => {
		const { screen } = session;
		const tabs = (f: string) => f.split('\n')[1] ?? '';
		for (const [columns, rows, runs] of [
			[200, 50, '9 Workflows'],
			[80, 24, '9 Runs'],
		] as const) {
			screen.resize(columns, rows);
			await screen.press(':', ...'flow', keys.enter);
			const frame = await screen.waitFor(
				(f) => (tabs(f).includes(runs) && /:Flow( control)?\s*$/.test(tabs(f)) ? f : undefined),
				`Flow control by :flow at ${columns}x${rows}, and the Workflows tab`,
			);
			expect(shown()).toBe('flow');
			expect(tabs(frame)).not.toMatch(/\bFlows\b/);
			await screen.press(':', ...'flows', keys.enter);
			await screen.waitFor(
				(f) => bottom(f)[0]?.includes('no view named "flows" · close: :workflows :flow'),
				':flows means neither',
			);
			expect(shown()).toBe('flow');
			await screen.press(keys.esc);
			await screen.press(':', ...'runs', keys.enter);
			await screen.waitFor(() => shown() === 'workflows', 'Workflows by :runs');
		}
		screen.resize(120, 40);
	});

	it('lists every view with its number key and its names in ?', async () => {
		const { screen } = session;
		await screen.resize(200, 50);
		await screen.press('?');
		const help = await screen.waitFor(
			(f) => (f.includes('Views: a number key') ? f : undefined),
			'the views',
		);
		expect(help).toMatch(/1\s+:overview :over :usage :stats · the account's usage/);
		expect(help).toMatch(/6\s+:callbacks :cbks :cb :receiver · the requests/);
		expect(help).toMatch(/9\s+:workflows :runs :wf :workflow · /);
		expect(help).toMatch(/\s:flow :flowcontrol :flow-control :fc · /);
		expect(help).toMatch(/\s:dlq :dead :deadletters · /);
		expect(help).toMatch(/\s:logs :log :deliveries · /);
		expect(help).toContain(':messages, :callbacks, :dlq, :logs and a message id open on that message');
		expect(help).toMatch(/:\s+go to a view by name/);
		expect(help).toMatch(/!\s+health rules and why/);
		await screen.press('?');
	});
});
