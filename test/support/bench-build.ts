/**
 * The benchmarks as JavaScript, for tests that start their child processes: bench/ and source/
 * transpiled file by file (types stripped, nothing checked: `npm run typecheck` does that) into
 * `dir`, laid out as tsconfig.bench.json lays them out in .bench-out (bench/*.js beside
 * source/), so that a benchmark's module finds its children beside it as in `npm run bench`.
 * The built monitor and CLI they start come from dist/ (`npm test` builds first). Oxc's
 * transpiler, through rolldown (the build's bundler), does this in about a second, where tsc
 * takes most of a minute on a loaded machine.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'rolldown/utils';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(file);
		return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
	});
}

/** Transpiles the repository's `roots` (default bench and source) into `dir`, emptied first. */
export function transpileBench(dir: string, roots = ['bench', 'source']): void {
	rmSync(dir, { recursive: true, force: true });
	for (const root of roots) {
		for (const file of sources(path.join(repositoryRoot, root))) {
			const result = transformSync(file, readFileSync(file, 'utf8'), {
				target: 'es2022',
				jsx: { runtime: 'automatic' },
			});
			if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.map(String).join('\n')}`);
			const out = path.join(dir, path.relative(repositoryRoot, file).replace(/\.tsx?$/, '.js'));
			mkdirSync(path.dirname(out), { recursive: true });
			writeFileSync(out, result.code);
		}
	}
}
