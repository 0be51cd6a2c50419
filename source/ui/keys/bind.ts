/**
 * Bindings written one to a line. `bindingsIn('flow')` gives the binder of the Flow pane's
 * scope; each binding it makes keeps its command as a literal type, so the handlers that
 * `commands` joins to them are exactly the commands declared (see CommandsOf).
 */
import type { Binding, BindingHint, Scope } from './key-table.js';

export interface BindingMore {
	/** Shown in the key line: its label, or the keys and label as written there. */
	hint?: string | BindingHint;
	help?: Binding['help'];
	edit?: boolean;
	/** The hint while a detail is shown (see Binding.detail): a label, keys and label, or false. */
	detail?: string | BindingHint | false;
}

export type Binder<S extends Scope> = <const C extends string>(
	command: C,
	keys: string | readonly string[],
	description: string,
	more?: BindingMore,
) => Binding<C, S>;

/** The binder of one scope: `key('flow.pause', 'p', 'pause the key', { hint: 'pause', edit: true })`. */
export function bindingsIn<const S extends Scope>(scope: S): Binder<S> {
	return (command, keys, description, { hint, detail, ...more } = {}) => ({
		command,
		scope,
		keys: typeof keys === 'string' ? [keys] : keys,
		description,
		...(hint === undefined ? {} : { hint: typeof hint === 'string' ? { label: hint } : hint }),
		...(detail === undefined ? {} : { detail: typeof detail === 'string' ? { label: detail } : detail }),
		...more,
	});
}
