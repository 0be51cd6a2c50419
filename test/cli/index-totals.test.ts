/**
 * `mqtop vector totals` and `mqtop search totals` end to end: the built CLI as a child process
 * against `mqtop serve`, the account's totals after records were written to its indexes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let env: Record<string, string>;

interface Index {
	kind: string;
	url: string;
	token: string;
}

async function write(index: Index, command: string, body: unknown): Promise<void> {
	const answer = await fetch(`${index.url}/${command}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${index.token}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(answer.status, await answer.text()).toBe(200);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-index-totals-'));
	env = baseEnv(home);
	served = await startServe(env);
	const indexes = (served.info as unknown as { indexes: Index[] }).indexes;
	const of = (kind: string) => indexes.find((index) => index.kind === kind) as Index;
	await write(of('dense'), 'upsert', [
		{ id: 'a', vector: Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)) },
		{ id: 'b', vector: Array.from({ length: 384 }, (_, i) => (i === 1 ? 1 : 0)) },
	]);
	await write(of('sparse'), 'upsert', [{ id: 's', sparseVector: { indices: [1], values: [0.5] } }]);
	await write(of('search'), 'upsert-data/docs', [{ id: 'd', content: { title: 'hello' } }]);
});

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('the account totals from the command line', () => {
	it('mqtop vector totals sums every vector index', async () => {
		const json = await runCli(['vector', 'totals', '--json'], { env });
		expect(json.stderr).toBe('');
		expect(json.code).toBe(0);
		const totals = JSON.parse(json.stdout) as Record<string, number>;
		expect(totals).toMatchObject({ record_count: 3, request: 3, rerank_count: 0 });
		expect(totals.storage).toBeGreaterThan(0);
		expect(totals.billing).toBeGreaterThan(0);

		const text = await runCli(['vector', 'totals'], { env });
		expect(text.code).toBe(0);
		expect(text.stdout).toMatch(/records\s+3\n/);
		expect(text.stdout).toMatch(/requests this month\s+3\n/);
		expect(text.stdout).toMatch(/billing this month\s+\$/);
	});

	it('mqtop search totals sums every search database', async () => {
		const json = await runCli(['search', 'totals', '--json'], { env });
		expect(json.stderr).toBe('');
		expect(json.code).toBe(0);
		expect(JSON.parse(json.stdout)).toMatchObject({ record_count: 1, request: 1 });
		const text = await runCli(['search', 'totals'], { env });
		expect(text.code).toBe(0);
		expect(text.stdout).toMatch(/records\s+1\n/);
	});
});
