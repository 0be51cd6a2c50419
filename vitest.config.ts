import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		testTimeout: 20_000,
		hookTimeout: 20_000,
		// Tests start real servers on loopback; two cores do not gain from more workers.
		maxWorkers: 2,
	},
});
