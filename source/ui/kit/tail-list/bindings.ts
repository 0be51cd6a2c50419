/** Key bindings lists share: move, page, and in a tailing list the newest row, open and back. */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';

export const upDown = <const S extends Scope>(scope: S, what: string) => {
	const key = bindingsIn(scope);
	return [
		key('nav.up', ['up', 'k'], `${what} up`, {
			hint: { keys: '↑↓', label: what },
			detail: { keys: '↑↓', label: 'scroll' },
		}),
		key('nav.down', ['down', 'j'], `${what} down`),
		key('nav.pageUp', 'pageup', `${what} a page up`),
		key('nav.pageDown', 'pagedown', `${what} a page down`),
	] as const;
};

/** Detail view and newest-first list of a tailing pane (Messages, Callbacks). */
export const tailing = <const S extends Scope>(scope: S, what: string) => {
	const key = bindingsIn(scope);
	return [
		...upDown(scope, 'select'),
		key('nav.first', ['home', 'g'], `back to the newest ${what}, following new ones`, {
			hint: { keys: 'g', label: 'newest' },
			detail: { keys: 'g', label: 'top' },
		}),
		key('nav.open', 'enter', `open the ${what}`, { hint: 'detail', detail: false }),
		key('nav.back', 'esc', 'back to the list', { help: false, detail: 'back' }),
	] as const;
};

/** p pauses and u resumes the selected row (Queues, Schedules, Flow control): edits, each shown first. */
export const pauseResume = <const S extends Scope, const P extends string>(
	scope: S,
	prefix: P,
	pause: string,
	resume: string,
) => {
	const key = bindingsIn(scope);
	return [
		key(`${prefix}.pause`, 'p', pause, { hint: { keys: 'p/u', label: 'pause/resume' }, edit: true }),
		key(`${prefix}.resume`, 'u', resume, { edit: true }),
	] as const;
};
