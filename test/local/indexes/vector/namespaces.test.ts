/**
 * Namespaces a hostile client makes, over HTTP with the official SDK: a namespace holding a
 * few records takes no WebAssembly memory (each reserves gigabytes of address space, so one
 * per namespace once exhausted the process), their count is capped with a 400 that says so,
 * a refused upsert leaves no namespace behind, and a data directory starts, resets and deletes
 * namespaces even when no WebAssembly memory can be had.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Index } from '@upstash/vector';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxNamespaces } from '../../../../source/local/indexes/vector/database.js';
import { startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { failure } from '../../helpers.js';

const RealMemory = WebAssembly.Memory;
let made = 0;
let refuse = false;

/** Counts the WebAssembly memories made, and refuses them while `refuse` (as an exhausted address space does). */
class CountingMemory extends RealMemory {
	constructor(descriptor: WebAssembly.MemoryDescriptor) {
		if (refuse) throw new RangeError('WebAssembly.Memory(): could not allocate memory');
		super(descriptor);
		made++;
	}
}

let dataDir: string;
beforeEach(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-namespaces-'));
	made = 0;
	refuse = false;
	(WebAssembly as { Memory: unknown }).Memory = CountingMemory;
});
afterEach(async () => {
	(WebAssembly as { Memory: unknown }).Memory = RealMemory;
	await rm(dataDir, { recursive: true, force: true });
});

const start = () => startLocalService({ dataDir, vectorDimension: 4 });

function dense(service: Awaited<ReturnType<typeof start>>): Index {
	return new Index({
		url: localIndex(service, 'dense').url,
		token: localIndex(service, 'dense').token,
		retry: false,
	});
}

describe('vector namespaces', () => {
	it('cost no WebAssembly memory while small, and are capped with a 400 that says so', async () => {
		const service = await startLocalService({ vectorDimension: 4 });
		try {
			const index = dense(service);
			const before = made;
			for (let from = 0; from < maxNamespaces; from += 200)
				await Promise.all(
					Array.from({ length: 200 }, (_, i) =>
						index.upsert({ id: 'a', vector: [1, 0, 0, 0] }, { namespace: `ns-${from + i}` }),
					),
				);
			expect(made - before).toBe(0);
			const over = await failure(index.upsert({ id: 'a', vector: [1, 0, 0, 0] }, { namespace: 'one-more' }));
			expect(over.message).toContain(`this index has ${maxNamespaces} namespaces besides the default one`);
			expect(await index.listNamespaces()).toHaveLength(maxNamespaces + 1);
			// Room again once one goes; existing namespaces still take records.
			await index.deleteNamespace('ns-0');
			await index.upsert({ id: 'a', vector: [0, 1, 0, 0] }, { namespace: 'one-more' });
			await index.upsert({ id: 'b', vector: [0, 1, 0, 0] }, { namespace: 'ns-1' });
			expect((await index.namespace('ns-1').query({ vector: [0, 1, 0, 0], topK: 1 }))[0]?.id).toBe('b');
		} finally {
			await service.close();
		}
	}, 120_000);

	it('are not made by an upsert that is refused', async () => {
		const service = await start();
		try {
			const index = dense(service);
			const bad = await failure(index.upsert({ id: 'a', vector: [1, 0] }, { namespace: 'never' }));
			expect(bad.message).toContain('has 2 dimensions');
			expect(await index.listNamespaces()).toEqual(['']);
		} finally {
			await service.close();
		}
	});

	it('start, reset and delete without WebAssembly memory, and what they answered is what was kept', async () => {
		const first = await start();
		const index = dense(first);
		await index.upsert({ id: 'd', vector: [1, 0, 0, 0] });
		await index.upsert({ id: 'kept', vector: [0, 1, 0, 0] }, { namespace: 'keep' });
		await index.upsert({ id: 'emptied', vector: [0, 0, 1, 0] }, { namespace: 'empty-me' });
		await index.upsert({ id: 'gone', vector: [0, 0, 0, 1] }, { namespace: 'drop-me' });
		await first.close();

		refuse = true;
		const second = await start();
		try {
			const again = dense(second);
			expect((await again.fetch(['d']))[0]?.id).toBe('d');
			await again.reset({ namespace: 'empty-me' });
			await again.deleteNamespace('drop-me');
			await again.reset();
			// Grows past the small size without a wasm memory too.
			const many = Array.from({ length: 1500 }, (_, i) => ({ id: `m${i}`, vector: [1, i, 0, 0] }));
			await again.upsert(many.slice(0, 750), { namespace: 'big' });
			await again.upsert(many.slice(750), { namespace: 'big' });
			expect((await again.namespace('big').query({ vector: [1, 1499, 0, 0], topK: 1 }))[0]?.id).toBe('m1499');
		} finally {
			await second.close();
		}

		refuse = false;
		const third = await start();
		try {
			const last = dense(third);
			expect(await last.listNamespaces()).toEqual(['', 'big', 'empty-me', 'keep']);
			expect(await last.fetch(['d'])).toEqual([null]);
			expect((await last.fetch(['kept'], { namespace: 'keep' }))[0]?.id).toBe('kept');
			expect(await last.fetch(['emptied'], { namespace: 'empty-me' })).toEqual([null]);
			expect((await last.info()).namespaces.big?.vectorCount).toBe(1500);
		} finally {
			await third.close();
		}
	}, 120_000);
});
