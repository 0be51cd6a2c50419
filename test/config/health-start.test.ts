/** A wrong health rule stops the monitor at start-up with a clear error, before anything starts. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, baseEnv, runCli } from '../cli/child.js';

describe('health rules at start-up', () => {
	let home: string;
	beforeAll(async () => {
		assertBuilt();
		home = await mkdtemp(path.join(tmpdir(), 'mqtop-health-'));
	});
	afterAll(() => rm(home, { recursive: true, force: true }));

	it('names the file, the rule and the field, and exits 2', async () => {
		const file = path.join(home, 'config.json');
		await writeFile(
			file,
			JSON.stringify({
				health: { rules: [{ metric: 'errorRate', above: '150%', within: '5m', level: 'red' }] },
			}),
			{ mode: 0o600 },
		);
		const result = await runCli(['--config', file], { env: baseEnv(home) });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(
			`config file ${file}: health.rules[0].above: expected a share below 100%, as 0.05 or "5%", got "150%"`,
		);
	});

	it('refuses a way of announcing red it does not know', async () => {
		const result = await runCli(['--notify', 'loud'], { env: baseEnv(home) });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--notify: expected one of off, bell, desktop, both, got "loud"');
	});
});
