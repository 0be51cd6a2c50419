import { useInput } from 'ink';
import { useRef } from 'react';
import type { KeyDispatcher, KeyEvent } from './dispatcher.js';
import { keyName, splitKeys } from './key-name.js';

/**
 * The one place that reads the keyboard: every key goes through the dispatcher, one at a time.
 * Keys that arrived in one read wait their turn: the next one is dispatched once the view has
 * taken the previous one in (on the next turn of the event loop, after React committed it), so
 * `jjj` moves three rows, `jj` then Enter opens the row it moved to, and `i` then typed text goes
 * into the field `i` opened.
 */
export function Keyboard(props: { dispatcher: KeyDispatcher }) {
	const queue = useRef<KeyEvent[]>([]);
	useInput((input, key) => {
		const waiting = queue.current;
		const idle = waiting.length === 0;
		for (const one of splitKeys(input, key)) waiting.push({ name: keyName(one.input, one.key), ...one });
		if (!idle) return;
		const next = () => {
			const event = waiting[0];
			if (!event) return;
			props.dispatcher.dispatch(event);
			waiting.shift();
			if (waiting.length > 0) setImmediate(next);
		};
		next();
	});
	return null;
}
