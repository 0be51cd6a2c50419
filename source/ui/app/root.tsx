import { useInput } from 'ink';
import { useState } from 'react';
import { DispatcherContext, RuntimeContext } from '../contract/context.js';
import { installFastOutput } from '../ink/fast-output.js';
import { keyName } from '../keys/bindings.js';
import { KeyDispatcher } from '../keys/dispatcher.js';
import { App } from './app.js';
import type { Runtime } from './runtime.js';

// Every frame of mqtop, in the terminal and in the tests, is composed by our row joiner.
installFastOutput();

/** The one place that reads the keyboard: every key goes through the dispatcher. */
function Keyboard(props: { dispatcher: KeyDispatcher }) {
	useInput((input, key) => {
		props.dispatcher.dispatch({ name: keyName(input, key), input, key });
	});
	return null;
}

/** The app with its runtime and the keypress dispatcher: what `render` and the tests mount. */
export function Root(props: { runtime: Runtime }) {
	const [dispatcher] = useState(() => new KeyDispatcher());
	return (
		<RuntimeContext.Provider value={props.runtime}>
			<DispatcherContext.Provider value={dispatcher}>
				<Keyboard dispatcher={dispatcher} />
				<App />
			</DispatcherContext.Provider>
		</RuntimeContext.Provider>
	);
}
