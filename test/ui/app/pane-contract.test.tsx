/**
 * The pane module contract, as the next panes will use it: a module declared outside the
 * registry's list (here in the test, as a new folder would hold it) is a tab-less pane reached
 * by name, polls what it declares, has its keys in the key line and in help, and keeps its
 * state in its own reducer. Nothing else of the TUI names it.
 */
import { Text } from 'ink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Liberal } from '../../../source/api/liberal.js';
import type { DlqPage } from '../../../source/api/schemas.js';
import { completions } from '../../../source/ui/app/commands.js';
import { numbered, paneByName, tabPanes } from '../../../source/ui/app/panes.js';
import { usePane, usePolls } from '../../../source/ui/contract/context.js';
import { definePane, type PaneContext, type PaneModel } from '../../../source/ui/contract/pane.js';
import { defineEndpoint, pollRequest } from '../../../source/ui/data/endpoints.js';
import { entryOf } from '../../../source/ui/data/poll-store.js';
import { bindingsIn } from '../../../source/ui/keys/bind.js';
import { commands } from '../../../source/ui/keys/commands.js';
import { panes } from '../../../source/ui/registry.js';
import { type Session, startSession } from '../harness.js';

const dlqEndpoint = defineEndpoint<Liberal<typeof DlqPage>>({
	key: 'dlq',
	api: 'messaging',
	label: 'dead letters',
	params: () => '',
	fetch: (client) => client.dlq.list(),
});

type DlqState = { marked: number };
type DlqAction = { type: 'mark' };

// A pane's bindings.ts: its keys, declared once for the pane's module and for its view.
const dlqBindings = [bindingsIn('dlq')('dlq.mark', 'm', 'mark a dead letter', { hint: 'mark' })] as const;

// Its controller: the bindings with their handlers.
class DlqController {
	constructor(private readonly context: PaneContext<DlqState, DlqAction>) {}
	readonly commands = commands(dlqBindings, 'dlq', {
		'dlq.mark': () => this.context.store.dispatch({ type: 'mark' }),
	});
}

// Its view only draws.
function DlqView() {
	const { state } = usePane<DlqState, DlqAction>();
	const page = entryOf(usePolls(), dlqEndpoint)?.data;
	return (
		<Text>
			{page ? `${page.messages.length} dead letters` : 'Loading dead letters…'} · {state.marked} marked
		</Text>
	);
}

// Its state: where it starts and a pure reducer (a state module may export this model whole).
const dlqModel: PaneModel<DlqState, DlqAction> = {
	initial: { marked: 0 },
	reduce: (state, action) => (action.type === 'mark' ? { marked: state.marked + 1 } : state),
};

const dlqPane = definePane({
	names: { id: 'dlq', title: 'Dead letters', shortTitle: 'DLQ', aliases: ['dead'] },
	summary: 'messages that failed every attempt',
	model: dlqModel,
	Controller: DlqController,
	polls: () => [pollRequest(dlqEndpoint)],
	bindings: dlqBindings,
	View: DlqView,
});

// In place of the registry's own Dead letters pane, which has the same names.
const all = [...panes.filter((p) => p.id !== dlqPane.id), dlqPane];

describe('the pane registry', () => {
	it('finds a pane by any of its names, and completes names for a command line', () => {
		expect(paneByName(all, 'dead')?.id).toBe('dlq');
		expect(paneByName(all, 'Dead letters')?.id).toBe('dlq');
		expect(paneByName(all, 'dl')?.id).toBe('dlq');
		expect(paneByName(all, 'msgs')?.id).toBe('messages');
		expect(paneByName(all, 'nothing')).toBeUndefined();
		expect(completions(all, 'de')).toContain('dead');
	});

	it('gives number keys to the panes that ask for one, and a tab to a pane without one while it is shown', () => {
		expect(numbered(all).map((p) => p.id)).toEqual(panes.filter((p) => p.numberKey).map((p) => p.id));
		expect(tabPanes(all, 'overview').map((p) => p.id)).not.toContain('dlq');
		expect(
			tabPanes(all, 'dlq')
				.map((p) => p.id)
				.at(-1),
		).toBe('dlq');
	});
});

describe('a pane added as a module', () => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns: 120, rows: 30, panes: all });
	});
	afterAll(() => session.close());

	it('is shown by name, polls its endpoint, and takes its own keys', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('Period series'), 'the Overview');
		expect(screen.frame()).not.toContain('Dead letters');
		// What the `:` command line will do.
		screen.runtime.ui.dispatch({ type: 'pane/show', pane: paneByName(all, 'dead')!.id });
		await screen.waitFor((f) => /\d+ dead letters · 0 marked/.test(f), 'the pane with its data');
		const frame = screen.frame();
		expect(frame).toContain(':Dead letters');
		expect(frame).toContain('messaging ok');
		expect(frame.trimEnd().split('\n').at(-1)).toContain('m mark');
		await screen.press('m', 'm');
		await screen.waitFor((f) => f.includes('2 marked'), 'its own key, twice');
		await screen.press('?');
		await screen.waitFor(
			(f) => f.includes('Keys of Dead letters') && f.includes('mark a dead letter'),
			'help',
		);
		await screen.press('?');
		await screen.press('1');
		await screen.waitFor(
			(f) => f.includes('Period series') && !f.includes('Dead letters'),
			'back to a numbered pane',
		);
	});
});
