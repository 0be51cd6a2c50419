/**
 * Key bindings named as commands, and the table they are looked up in. The shell, each kit
 * widget with keys of its own and each pane declare their bindings; the app puts them in one
 * table, which the dispatcher, the bottom key line and the `?` help all read, so they can
 * never disagree.
 */

/**
 * Where a binding applies: `global`, the `help` overlay, a kit widget that takes the keys
 * (`input`, `form`, `confirm`), a pane (its id), or a view inside a pane (`<pane>.<view>`,
 * e.g. `publish.trigger`).
 */
export type Scope = string;

export interface Binding<C extends string = string, S extends Scope = Scope> {
	/** What the key does, as a name handlers are registered under, e.g. `nav.up`, `group.add`. */
	command: C;
	scope: S;
	/** Key names as `keyName` returns them. */
	keys: readonly string[];
	/** What the command does, for the help overlay. */
	description: string;
	/**
	 * Shown in the bottom key line when given: the keys as written there, and a short label.
	 * `keep`: shown however narrow the line (help, quit); `cut`: its label when the line
	 * leaves keys out (help says where they are).
	 */
	hint?: BindingHint;
	/** How the help overlay lists it, when not as keys and description; false leaves it out. */
	help?: { keys: string; description: string } | false;
	/** It changes something on the service: disabled, and shown so, in read-only mode. */
	edit?: boolean;
	/**
	 * While the pane shows the detail of a row (PaneModule.showsDetail): the hint the key line
	 * shows instead (`↑↓ scroll` for `↑↓ select`), or false for a key of the list alone.
	 * Absent: the same hint as in the list.
	 */
	detail?: BindingHint | false;
}

export interface BindingHint {
	keys?: string;
	label: string;
	keep?: boolean;
	cut?: string;
}

/**
 * The commands `bindings` declare in `scope`, as literal names where the bindings were declared
 * with them (`bindingsIn`, `as const`): what a handler object for that scope must answer.
 */
export type CommandsOf<B extends readonly Binding[], S extends Scope> = Extract<
	B[number],
	{ scope: S }
>['command'];

/** A scope that takes every key (the global ones included): text is typed there, or a question answered. */
export interface ScopeInfo {
	/** For the help overlay, e.g. `batch workflow trigger`. */
	title?: string;
	modal?: boolean;
}

const display: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→', ' ': 'space' };

/** The keys of a binding as the help overlay writes them, e.g. `↑/k`. */
export function keysLabel(binding: Binding): string {
	if (binding.help) return binding.help.keys;
	return binding.keys.map((k) => display[k] ?? k).join('/');
}

/** The command a key runs among `bindings` of a scope, if any. */
export function commandIn<B extends readonly Binding[], S extends Scope>(
	bindings: B,
	scope: S,
	name: string,
): CommandsOf<B, S> | undefined {
	return bindings.find((b) => b.scope === scope && b.keys.includes(name))?.command as
		| CommandsOf<B, S>
		| undefined;
}

export interface KeyHint {
	keys: string;
	label: string;
	/** Keys read-only mode disables. */
	disabled: boolean;
	/** Shown however narrow the line. */
	keep?: boolean;
	/** Its label when the line leaves keys out. */
	cut?: string;
}

/**
 * What the key line shows for these bindings. In read-only mode the edits are gathered into
 * one entry, e.g. `a/x/h read-only`, where the first of them was: the line says they are
 * disabled and still has room for help and quit.
 */
export function keyLineHints(shown: readonly Binding[], readOnly: boolean): KeyHint[] {
	const disabled = shown.filter((b) => readOnly && b.edit);
	const hints: KeyHint[] = [];
	for (const binding of shown) {
		const keys = binding.hint?.keys ?? keysLabel(binding);
		if (!disabled.includes(binding))
			hints.push({
				keys,
				label: binding.hint?.label ?? binding.description,
				disabled: false,
				...(binding.hint?.keep ? { keep: true } : {}),
				...(binding.hint?.cut ? { cut: binding.hint.cut } : {}),
			});
		else if (binding === disabled[0])
			hints.push({
				keys: disabled.map((b) => b.hint?.keys ?? keysLabel(b)).join('/'),
				label: 'read-only',
				disabled: true,
			});
	}
	return hints;
}

/** Cells between two entries of the key line. */
export const keyLineGap = 2;

const entryWidth = (hint: KeyHint) => [...hint.keys].length + 1 + [...hint.label].length;
const lineWidth = (hints: readonly KeyHint[]) =>
	hints.reduce((sum, h) => sum + entryWidth(h), 0) + keyLineGap * Math.max(0, hints.length - 1);

/**
 * The entries of the key line that fit `width` whole, in their order, which is the order of
 * use: the kept ones (help, quit) always, then the others from the first until one does not
 * fit. Where some are left out, the kept ones say so with their `cut` label (`? all keys`).
 */
export function fitKeyLine(hints: readonly KeyHint[], width: number): KeyHint[] {
	if (lineWidth(hints) <= width) return [...hints];
	const shown = new Set(hints.filter((h) => h.keep));
	const label = (h: KeyHint): KeyHint => (h.cut && h.keep ? { ...h, label: h.cut } : h);
	const fits = (set: Set<KeyHint>) => lineWidth(hints.filter((h) => set.has(h)).map(label)) <= width;
	for (const hint of hints) {
		if (shown.has(hint)) continue;
		const next = new Set([...shown, hint]);
		if (!fits(next)) break;
		shown.add(hint);
	}
	return hints.filter((h) => shown.has(h)).map(label);
}

/** Every binding of the monitor, and what the dispatcher, the key line and the help ask of them. */
export class KeyTable {
	/**
	 * Outside production, refuses a key bound twice in one scope: the first binding takes it, and
	 * the later one would never run on it.
	 */
	constructor(
		readonly bindings: readonly Binding[],
		private readonly scopes: Readonly<Record<Scope, ScopeInfo>> = {},
	) {
		if (process.env.NODE_ENV === 'production') return;
		for (const [i, binding] of bindings.entries()) {
			const earlier = bindings.slice(0, i).filter((b) => b.scope === binding.scope);
			const taken = binding.keys.filter((k) => earlier.some((b) => b.keys.includes(k)));
			if (taken.length > 0)
				throw new Error(
					`${binding.command} (${binding.scope}) cannot have ${taken.join(', ')}: bound earlier in its scope`,
				);
		}
	}

	/** The command a key runs in a scope, if any. */
	commandFor(scope: Scope, name: string): string | undefined {
		return commandIn(this.bindings, scope, name);
	}

	/** Refuses bindings the table lacks: something handles them, but their keys would do nothing and be shown nowhere. */
	requireDeclared(bindings: readonly Binding[]): void {
		const lacking = bindings.filter(
			(b) => !this.bindings.some((t) => t.scope === b.scope && t.command === b.command),
		);
		if (lacking.length > 0)
			throw new Error(
				`${lacking.map((b) => `${b.command} (${b.scope})`).join(', ')} handled but not in the key table: a pane declares its bindings in its module`,
			);
	}

	bindingsFor(scope: Scope): Binding[] {
		return this.bindings.filter((b) => b.scope === scope);
	}

	/** Scopes whose keys take everything, the global ones included. */
	isModal(scope: Scope | undefined): boolean {
		return scope !== undefined && this.scopes[scope]?.modal === true;
	}

	titleOf(scope: Scope): string | undefined {
		return this.scopes[scope]?.title;
	}

	/** The rows of the help overlay for a scope: keys and what they do; edits say when read-only disables them. */
	helpRows(scope: Scope, readOnly = false): { keys: string; description: string }[] {
		return this.bindingsFor(scope)
			.filter((b) => b.help !== false)
			.map((b) => {
				const description = b.help ? b.help.description : b.description;
				return {
					keys: keysLabel(b),
					description: readOnly && b.edit ? `${description} (disabled: read-only)` : description,
				};
			});
	}
}
