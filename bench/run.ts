/**
 * `npm run bench [name...]`: runs the benchmarks (all, or those named) one after another and
 * prints each metric next to its same-run baseline. Traffic stays on loopback.
 */
import { benchmarks } from './benchmarks.js';
import { formatLines } from './report.js';

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;
if (wanted.length > 0 && selected.length === 0) {
	process.stderr.write(
		`no benchmark named ${wanted.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}\n`,
	);
	process.exitCode = 2;
}
for (const bench of selected) {
	const lines = await bench.run();
	process.stdout.write(formatLines(bench.name, lines));
}
