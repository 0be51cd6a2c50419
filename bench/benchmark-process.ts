/**
 * One benchmark in a process of its own, started by the runner (run.ts, through watchdog.ts):
 * `node benchmark-process.js <name>`. It prints the benchmark's lines, or why it failed, and ends:
 * exit code 0 when it ran to its end (targets met or not), `reportedFailure` when it failed and
 * said why. The children it
 * started are killed as it exits (children.ts); and if the runner goes, it goes.
 */
import { benchmarks } from './benchmarks.js';
import { formatLines } from './report.js';
import { reportedFailure } from './watchdog.js';

process.on('disconnect', () => process.exit(1));

const name = process.argv[2];
const bench = benchmarks.find((b) => b.name === name);
try {
	if (!bench) throw new Error(`no benchmark named ${name}`);
	const lines = await bench.run();
	process.stdout.write(formatLines(lines));
	process.exit(0);
} catch (error) {
	process.stdout.write(`  FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(reportedFailure);
}
