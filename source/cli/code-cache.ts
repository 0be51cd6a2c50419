/**
 * V8's compiled code of the monitor's TUI, kept between runs. Compiling that chunk (Ink, React,
 * the panes: over a megabyte) and the functions its first frame calls was the largest part of the
 * monitor's start left; Node 20 keeps no compiled code between runs, and Node 22's compile cache
 * keeps what was compiled when a module loaded, not what its first frame compiled. The build
 * writes the chunk as a script (scripts/bundle.mjs): an async function of the chunks it imports,
 * which returns its exports. It runs here with the code kept by the last run, when V8 takes it,
 * and the code as it is when the process ends is kept for the next run when it did not come from
 * there. The code is kept under the chunk's name and the hashes of the runtime and of its source,
 * so another build or Node never reads it, and a build's code replaces the last build's; V8 refuses code it cannot use, and the chunk is then
 * compiled from its source as if nothing was kept (README, Development).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { benchWithout } from '../config/bench-without.js';
import { cacheDirPath } from '../config/paths.js';

/** `import()` as the module that loads the script has it: the script's own imports are relative to it. */
export type ImportFrom = (specifier: string) => Promise<unknown>;

type ChunkFunction = (
	deps: readonly unknown[],
	meta: { url: string },
	importFrom: ImportFrom,
) => Promise<Record<string, unknown>>;

export interface CachedScript {
	exports: Record<string, unknown>;
	/** V8 took the code kept by an earlier run. */
	fromCache: boolean;
	/**
	 * Keeps the script's compiled code, with all it has compiled so far, for the next run; not
	 * when it came from there. A cache that cannot be written is no cache: never throws.
	 */
	keep(): void;
}

const digestBytes = 32;
const digest = (data: Uint8Array) => createHash('sha256').update(data).digest();

/**
 * The code kept in `file`, when it is whole: V8 checks that kept code fits the source and the
 * runtime, not that its bytes are the ones written, so each file starts with their digest.
 */
function readKept(file: string): Buffer | undefined {
	let kept: Buffer;
	try {
		kept = readFileSync(file);
	} catch {
		return undefined;
	}
	const data = kept.subarray(digestBytes);
	return kept.length > digestBytes && digest(data).equals(kept.subarray(0, digestBytes)) ? data : undefined;
}

/**
 * Runs the chunk script `file` (see above) on `deps`, with the code an earlier run kept in
 * `cacheDir`; with no cache when that is not an absolute path.
 */
export async function runCachedScript(
	file: string,
	deps: readonly unknown[],
	meta: { url: string },
	importFrom: ImportFrom,
	cacheDir: string,
): Promise<CachedScript> {
	const source = readFileSync(file, 'utf8');
	const name = path.basename(file);
	// Kept per runtime, so that two Node versions in turn do not throw away each other's code.
	const runtime = createHash('sha256')
		.update(`${process.version} ${process.arch} ${process.versions.v8}`)
		.digest('hex')
		.slice(0, 8);
	const prefix = `${name}-${runtime}-`;
	const cacheFile = path.join(
		cacheDir,
		`${prefix}${createHash('sha256').update(source).digest('hex').slice(0, 24)}.v8`,
	);
	// Never where the process happens to run: with no home (HOME='') the directory is relative.
	const usable = path.isAbsolute(cacheDir);
	const cachedData = usable ? readKept(cacheFile) : undefined;
	const script = new vm.Script(source, { filename: file, cachedData });
	const fromCache = cachedData !== undefined && !script.cachedDataRejected;
	const run = script.runInThisContext() as ChunkFunction;
	const exports = await run(deps, meta, importFrom);
	return {
		exports,
		fromCache,
		keep() {
			if (fromCache || !usable) return;
			try {
				const data = script.createCachedData();
				mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
				// Whole or not at all: another mqtop may be reading it.
				const draft = `${cacheFile}.${process.pid}.tmp`;
				writeFileSync(draft, Buffer.concat([digest(data), data]), { mode: 0o600 });
				renameSync(draft, cacheFile);
				for (const other of readdirSync(cacheDir)) {
					if (other.startsWith(prefix) && other.endsWith('.v8') && other !== path.basename(cacheFile))
						rmSync(path.join(cacheDir, other), { force: true });
				}
			} catch {
				// Kept next time, maybe; the monitor runs the same without it.
			}
		},
	};
}

/**
 * What the build's loader of a chunk script calls: the script beside `meta.url`, with the code
 * kept in mqtop's cache directory, and its code kept when the process ends.
 */
export async function runChunkScript(
	script: string,
	deps: readonly unknown[],
	meta: { url: string },
	importFrom: ImportFrom,
): Promise<Record<string, unknown>> {
	// No absolute directory, no cache: the benchmark's start without kept code.
	const cacheDir = benchWithout('code-cache')
		? ''
		: path.join(cacheDirPath({ platform: process.platform, env: process.env, homedir: homedir() }), 'code');
	const file = fileURLToPath(new URL(script, meta.url));
	const ran = await runCachedScript(file, deps, meta, importFrom, cacheDir);
	keptAtExit(ran);
	return ran.exports;
}

/** The scripts run, kept by one listener when the process ends (not one each: Node warns past ten). */
const toKeep: CachedScript[] = [];

function keptAtExit(ran: CachedScript): void {
	if (toKeep.length === 0)
		process.once('exit', () => {
			for (const script of toKeep) script.keep();
		});
	toKeep.push(ran);
}
