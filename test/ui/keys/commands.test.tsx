/**
 * What the key layer refuses outside production instead of dropping a key without a word: a
 * key bound twice in one scope (the later binding would never run on it), and a view handling
 * bindings the key table lacks (its keys would do nothing and be shown nowhere). The type
 * checker refuses the rest (commands.test-d.ts).
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { bindingsIn } from '../../../source/ui/keys/bind.js';
import { commands } from '../../../source/ui/keys/commands.js';
import { KeyDispatcher } from '../../../source/ui/keys/dispatcher.js';
import { noKey } from '../../../source/ui/keys/key-name.js';
import { KeyTable } from '../../../source/ui/keys/key-table.js';
import { DispatcherContext, KeyTableContext, useCommands } from '../../../source/ui/keys/use-keys.js';
import { waitUntil } from '../../support/wait.js';

const key = bindingsIn('pane');
const declared = [key('pane.pause', 'p', 'pause'), key('pane.resume', 'u', 'resume')] as const;
const undeclared = [key('pane.pin', 'P', 'pin')] as const;

function PaneView(props: { ran: string[]; pin: boolean }) {
	useCommands(
		commands(declared, 'pane', {
			'pane.pause': () => props.ran.push('pause'),
			'pane.resume': () => props.ran.push('resume'),
		}),
		50,
	);
	useCommands(
		commands(undeclared, 'pane', { 'pane.pin': () => props.ran.push('pin') }, () => props.pin),
		50,
	);
	return <Text>pane</Text>;
}

function mount(table: KeyTable, ran: string[], pin = true) {
	const dispatcher = new KeyDispatcher();
	const app = render(
		<KeyTableContext.Provider value={table}>
			<DispatcherContext.Provider value={dispatcher}>
				<PaneView ran={ran} pin={pin} />
			</DispatcherContext.Provider>
		</KeyTableContext.Provider>,
	);
	return { app, press: (name: string) => dispatcher.dispatch({ name, input: name, key: noKey }) };
}

describe('the key table', () => {
	it('refuses a key bound twice in one scope, and takes it in another scope', () => {
		const other = bindingsIn('pane.view')('view.pause', 'p', 'pause the view');
		expect(() => new KeyTable([...declared, key('pane.stop', ['s', 'p'], 'stop')])).toThrow(
			'pane.stop (pane) cannot have p: bound earlier in its scope',
		);
		expect(new KeyTable([...declared, other]).commandFor('pane.view', 'p')).toBe('view.pause');
	});
});

describe('useCommands', () => {
	it('refuses a view that handles bindings the key table lacks', async () => {
		const { app } = mount(new KeyTable(declared), []);
		await waitUntil(
			() => app.lastFrame()?.includes('pane.pin (pane) handled but not in the key table') || undefined,
		);
		app.unmount();
	});

	it('runs the handler of the command the table binds a key to, and passes other keys on', async () => {
		const ran: string[] = [];
		const { app, press } = mount(new KeyTable([...declared, ...undeclared]), ran);
		await waitUntil(() => app.lastFrame()?.includes('pane') || undefined);
		expect([press('u'), press('P'), press('p'), press('x')]).toEqual([true, true, true, false]);
		expect(ran).toEqual(['resume', 'pin', 'pause']);
		app.unmount();
	});

	it('passes on the key of a command not enabled now', async () => {
		const ran: string[] = [];
		const { app, press } = mount(new KeyTable([...declared, ...undeclared]), ran, false);
		await waitUntil(() => app.lastFrame()?.includes('pane') || undefined);
		expect([press('P'), press('p')]).toEqual([false, true]);
		expect(ran).toEqual(['pause']);
		app.unmount();
	});
});
