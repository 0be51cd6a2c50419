/** A build removes every chunk an earlier build wrote for its entry, and nothing else (scripts/bundle-files.mjs). */
import { describe, expect, it } from 'vitest';
import { writtenFor } from '../../scripts/bundle-files.mjs';

describe("the bundle's earlier chunks", () => {
	it('are the entry, its chunks and the chunks the bundler numbered, with their cached scripts', () => {
		const monitor = writtenFor('monitor');
		for (const file of [
			'monitor.bundle.js',
			'monitor.bundle-run.js',
			'monitor.bundle-run.script.js',
			'monitor2.bundle-classify.js',
			'monitor14.bundle-receiver.js',
		])
			expect(monitor(file), file).toBe(true);
	});

	it('leave alone the built modules and the chunks of other entries', () => {
		const monitor = writtenFor('monitor');
		for (const file of [
			'monitor.js',
			'monitor-backend.js',
			'monitor-flags.js.map',
			'monitors.bundle.js',
			'worker-entry.bundle.js',
			'monitorx2.bundle-a.js',
		])
			expect(monitor(file), file).toBe(false);
		expect(writtenFor('worker-entry')('worker-entry.bundle-undici.js')).toBe(true);
		expect(writtenFor('worker-entry')('worker.bundle.js')).toBe(false);
	});
});
