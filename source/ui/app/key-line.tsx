/** The key line at the bottom: the keys that work now, whole entries only, most used first. */
import { Text } from 'ink';
import { memo, useSyncExternalStore } from 'react';
import { useRuntime, useUi } from '../contract/context.js';
import type { ShellState } from '../contract/shell-state.js';
import {
	type Binding,
	fitKeyLine,
	type KeyTable,
	keyLineGap,
	keyLineHints,
	type Scope,
} from '../keys/key-table.js';
import { useKeyTable } from '../keys/use-keys.js';
import { useTheme } from '../theme/theme.js';
import { lackingApi } from './panes.js';

/** The scopes whose keys work now, innermost first; `focus` is the view inside the pane that has the keys. */
export function activeScopes(table: KeyTable, shell: ShellState, focus?: Scope): Scope[] {
	if (shell.command) return ['command'];
	if (focus && table.isModal(focus)) return [focus];
	if (shell.help) return ['help', 'global'];
	if (shell.health) return ['health', 'global'];
	return [focus ?? shell.pane, 'global'];
}

/** The view of the current pane that has the keys, if not the pane itself. */
export function usePaneFocus(): Scope | undefined {
	const runtime = useRuntime();
	const { pane } = useUi();
	const instance = runtime.pane(pane);
	// A pane shown as the settings it lacks has no view to take the keys.
	const lacking = lackingApi(instance.module, runtime.connection) !== undefined;
	return useSyncExternalStore(instance.store.subscribe, () =>
		lacking ? undefined : instance.module.focus?.(instance.store.getSnapshot()),
	);
}

/** Whether the current pane shows the detail of a row (its own keys have the keys). */
export function usePaneDetail(): boolean {
	const runtime = useRuntime();
	const { pane } = useUi();
	const instance = runtime.pane(pane);
	return useSyncExternalStore(
		instance.store.subscribe,
		() => instance.module.showsDetail?.(instance.store.getSnapshot()) ?? false,
	);
}

/** A binding as the key line shows it in a detail view: its detail hint, or none (Binding.detail). */
function inDetail(binding: Binding): Binding {
	if (binding.detail === undefined) return binding;
	const { hint: _list, detail, ...rest } = binding;
	return detail === false ? rest : { ...rest, hint: detail };
}

/**
 * The bindings with a hint in these scopes, innermost first; one whose keys an inner scope takes
 * is left out. `detail`: the scope whose detail view is shown, whose bindings show their detail hints.
 */
function hints(table: KeyTable, scopes: readonly Scope[], detail?: Scope): Binding[] {
	const taken = new Set<string>();
	return scopes.flatMap((scope) => {
		const bindings = table.bindingsFor(scope).map((b) => (scope === detail ? inDetail(b) : b));
		const shown = bindings.filter((b) => b.hint && !b.keys.every((k) => taken.has(k)));
		for (const b of bindings) for (const k of b.keys) taken.add(k);
		return shown;
	});
}

/** The keys that work now, as many whole entries as the width holds, the most used first. */
export const KeyLine = memo(function KeyLine(props: { width: number }) {
	const ui = useUi();
	const table = useKeyTable();
	const theme = useTheme();
	const runtime = useRuntime();
	const focus = usePaneFocus();
	const detail = usePaneDetail();
	// A pane shown as the settings it lacks has none of its own keys.
	const lacking = lackingApi(runtime.pane(ui.pane).module, runtime.connection) !== undefined;
	const scopes = lacking && !ui.help ? ['global'] : activeScopes(table, ui, focus);
	const shown = fitKeyLine(
		keyLineHints(hints(table, scopes, detail && !focus ? ui.pane : undefined), runtime.readOnly),
		props.width,
	);
	return (
		<Text wrap="truncate-end">
			{shown.map((hint, i) => (
				<Text key={`${hint.keys} ${hint.label}`}>
					<Text
						color={theme.color(hint.disabled ? 'warn' : 'accent')}
						bold={!hint.disabled}
						strikethrough={hint.disabled}
					>
						{hint.keys}
					</Text>{' '}
					<Text dimColor>{hint.label}</Text>
					{i < shown.length - 1 ? ' '.repeat(keyLineGap) : ''}
				</Text>
			))}
		</Text>
	);
});
