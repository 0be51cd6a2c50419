import { useStdout } from 'ink';
import { useMemo, useState } from 'react';
import { RuntimeContext } from '../contract/context.js';
import type { Runtime } from '../contract/runtime.js';
import { KeyDispatcher } from '../keys/dispatcher.js';
import { Keyboard } from '../keys/keyboard.js';
import { DispatcherContext, KeyTableContext } from '../keys/use-keys.js';
import { makeTheme, styleMode, type Theme, ThemeContext } from '../theme/theme.js';
import { App } from './app.js';
import { keyTable } from './bindings.js';

/**
 * The app with its runtime, the keypress dispatcher, the key table and the theme: what `render`
 * and the tests mount. Without a theme given, the terminal Ink draws on decides it; a test may
 * give the dispatcher, to know when the keys it typed were all dispatched.
 */
export function Root(props: { runtime: Runtime; theme?: Theme; dispatcher?: KeyDispatcher }) {
	const [dispatcher] = useState(() => props.dispatcher ?? new KeyDispatcher());
	const table = useMemo(() => keyTable(props.runtime.panes), [props.runtime.panes]);
	const { stdout } = useStdout();
	const theme = useMemo(
		() => props.theme ?? makeTheme(styleMode({ isTTY: stdout.isTTY, env: process.env })),
		[props.theme, stdout],
	);
	return (
		<RuntimeContext.Provider value={props.runtime}>
			<ThemeContext.Provider value={theme}>
				<KeyTableContext.Provider value={table}>
					<DispatcherContext.Provider value={dispatcher}>
						<Keyboard dispatcher={dispatcher} />
						<App />
					</DispatcherContext.Provider>
				</KeyTableContext.Provider>
			</ThemeContext.Provider>
		</RuntimeContext.Provider>
	);
}
