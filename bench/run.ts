/**
 * `npm run bench [name...]`: runs the benchmarks (all, or those named) one after another and
 * prints each metric next to its same-run baseline. Traffic stays on loopback. Each runs in a
 * process of its own under a watchdog (watchdog.ts): one that fails, or outlives the limit
 * printed with its name, is reported as failed and the run goes on to the next; the run then
 * ends with exit code 1.
 */
import { benchmarks } from './benchmarks.js';
import { benchFile } from './children.js';
import { formatHeading } from './report.js';
import { runWithWatchdog } from './watchdog.js';

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;
if (wanted.length > 0 && selected.length === 0) {
	process.stderr.write(
		`no benchmark named ${wanted.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}\n`,
	);
	process.exitCode = 2;
}
const failed: string[] = [];
for (const bench of selected) {
	process.stdout.write(formatHeading(bench));
	const outcome = await runWithWatchdog({
		name: bench.name,
		file: benchFile('./benchmark-process.js'),
		args: [bench.name],
		limitMs: bench.limitMs,
	});
	if (!outcome.ok) {
		failed.push(bench.name);
		if (outcome.message) process.stdout.write(`  FAILED: ${outcome.message}\n`);
	}
}
if (failed.length > 0) {
	process.stdout.write(`failed: ${failed.join(', ')}\n`);
	process.exitCode = 1;
}
