import { useInput } from 'ink';
import type { KeyDispatcher } from './dispatcher.js';
import { keyName, splitKeys } from './key-name.js';

/** The one place that reads the keyboard: every key, one at a time, goes through the dispatcher. */
export function Keyboard(props: { dispatcher: KeyDispatcher }) {
	useInput((input, key) => {
		props.dispatcher.enqueue(
			splitKeys(input, key).map((one) => ({ name: keyName(one.input, one.key), ...one })),
		);
	});
	return null;
}
