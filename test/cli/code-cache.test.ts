/**
 * The code cache across processes, as runs of the monitor use it: each run is a process of its
 * own (within one process V8 reuses what it compiled, and would not read the cache at all).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFile } from '../receiver/built.js';

/** A chunk script as the build writes one: an async function of its imports, returning its exports. */
const chunk = (extra = '') => `(async function (__deps, __meta, __import) {
"use strict";
const { base } = __deps[0];
function add(n) { return base + n; }
const loaded = await __import('node:path');
${extra}
return { sum: add(2), url: __meta.url, sep: loaded.sep };
})`;

interface Ran {
	fromCache: boolean;
	exports: { sum: number; url: string; sep: string };
}

describe('runCachedScript', () => {
	let dir: string;
	let file: string;
	let cacheDir: string;
	let runner: string;

	/** One run in a process of its own, which keeps the code as it ends (as the monitor does). */
	const run = () =>
		new Promise<Ran>((resolve, reject) => {
			execFile(process.execPath, [runner], { timeout: 30_000, cwd: dir }, (error, stdout, stderr) =>
				error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Ran),
			);
		});

	beforeEach(async () => {
		dir = await mkdtemp(path.join(tmpdir(), 'mqtop-code-cache-'));
		file = path.join(dir, 'chunk.script.js');
		cacheDir = path.join(dir, 'cache', 'code');
		runner = path.join(dir, 'run.mjs');
		await writeFile(file, chunk());
		const module = pathToFileURL(builtFile('cli/code-cache.js')).href;
		await writeFile(
			runner,
			[
				`import { runCachedScript } from ${JSON.stringify(module)};`,
				`const file = ${JSON.stringify(file)};`,
				'const ran = await runCachedScript(file, [{ base: 40 }], { url: "file:///chunk" }, (s) => import(s),',
				`	process.env.CACHE_DIR ?? ${JSON.stringify(cacheDir)});`,
				'process.once("exit", () => ran.keep());',
				'console.log(JSON.stringify({ fromCache: ran.fromCache, exports: ran.exports }));',
			].join('\n'),
		);
	});
	afterEach(() => rm(dir, { recursive: true, force: true }));

	it('runs the chunk on its imports, and the next run on the code it kept', async () => {
		const first = await run();
		expect(first).toEqual({ fromCache: false, exports: { sum: 42, url: 'file:///chunk', sep: path.sep } });
		const kept = await readdir(cacheDir);
		expect(kept).toHaveLength(1);
		expect(kept[0]).toMatch(/^chunk\.script\.js-[0-9a-f]{8}-[0-9a-f]{24}\.v8$/);

		const second = await run();
		expect(second).toEqual({ ...first, fromCache: true });
		// Code that came from the cache is not written again.
		expect(await readdir(cacheDir)).toEqual(kept);
	});

	it('compiles from the source when the kept code is damaged, and keeps good code again', async () => {
		await run();
		const [name] = await readdir(cacheDir);
		const kept = path.join(cacheDir, name!);
		const whole = await readFile(kept);
		// One byte of the code changed, then the file cut short, then overwritten.
		const flipped = Buffer.from(whole);
		flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
		for (const damage of [flipped, whole.subarray(0, whole.length - 100), Buffer.alloc(4096, 0x58)]) {
			await writeFile(kept, damage);
			expect(await run()).toMatchObject({ fromCache: false, exports: { sum: 42 } });
			expect((await run()).fromCache).toBe(true);
		}
	});

	it("never reads another build's code, and a new build's replaces it, not another runtime's", async () => {
		await run();
		const [old] = await readdir(cacheDir);
		const otherRuntime = 'chunk.script.js-00000000-000000000000000000000000.v8';
		await writeFile(path.join(cacheDir, otherRuntime), 'another Node');
		await writeFile(file, chunk('const rebuilt = true;'));
		expect((await run()).fromCache).toBe(false);
		const now = await readdir(cacheDir);
		expect(now).not.toContain(old);
		expect(now).toContain(otherRuntime);
		expect(now).toHaveLength(2);
		expect((await run()).fromCache).toBe(true);
	});

	it('runs the same when nothing can be kept', async () => {
		await mkdir(path.dirname(cacheDir), { recursive: true });
		// A file where the directory should be: nothing can be written there.
		await writeFile(cacheDir, 'not a directory');
		expect(await run()).toMatchObject({ fromCache: false, exports: { sum: 42 } });
		expect(await run()).toMatchObject({ fromCache: false, exports: { sum: 42 } });
	});

	it('keeps nothing where the process runs when the directory is not absolute (no home)', async () => {
		process.env.CACHE_DIR = path.join('.cache', 'mqtop', 'code');
		try {
			expect(await run()).toMatchObject({ fromCache: false, exports: { sum: 42 } });
			expect(await run()).toMatchObject({ fromCache: false });
		} finally {
			delete process.env.CACHE_DIR;
		}
		expect(await readdir(dir)).toEqual(['chunk.script.js', 'run.mjs']);
	});

	it('keeps the code of a dozen chunks a process ran, with no warning of too many exit listeners', async () => {
		const chunks = Array.from({ length: 12 }, (_, i) => `chunk-${i}.script.js`);
		for (const name of chunks) await writeFile(path.join(dir, name), chunk());
		const module = pathToFileURL(builtFile('cli/code-cache.js')).href;
		const many = path.join(dir, 'many.mjs');
		await writeFile(
			many,
			[
				`import { runChunkScript } from ${JSON.stringify(module)};`,
				`for (const name of ${JSON.stringify(chunks)})`,
				'	await runChunkScript("./" + name, [{ base: 40 }], { url: import.meta.url }, (s) => import(s));',
			].join('\n'),
		);
		const env = {
			...process.env,
			XDG_CACHE_HOME: path.join(dir, 'cache'),
			LOCALAPPDATA: path.join(dir, 'cache'),
		};
		const stderr = await new Promise<string>((resolve, reject) => {
			execFile(process.execPath, [many], { timeout: 30_000, cwd: dir, env }, (error, _stdout, err) =>
				error ? reject(new Error(`${error.message}\n${err}`)) : resolve(err),
			);
		});
		expect(stderr).not.toContain('MaxListenersExceededWarning');
		expect(await readdir(path.join(dir, 'cache', 'mqtop', 'code'))).toHaveLength(12);
	});
});
