import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		// Generous: a journey through the TUI on a loaded two-core machine is slow; the limits only
		// bound how long a broken test hangs, every wait inside is for a condition.
		testTimeout: 60_000,
		hookTimeout: 30_000,
		// Tests start real servers on loopback; two cores do not gain from more workers.
		maxWorkers: 2,
		// Ink draws only the last frame when it believes it runs in CI (is-in-ci reads these once);
		// the TUI tests stand in for a person at a terminal, so they must see every frame.
		// The monitor's bundle keeps V8's code in the cache directory (cli/code-cache.ts): the tests'
		// own, not the developer's.
		env: {
			CI: 'false',
			CONTINUOUS_INTEGRATION: 'false',
			XDG_CACHE_HOME: path.join(tmpdir(), 'mqtop-test-cache'),
		},
	},
});
