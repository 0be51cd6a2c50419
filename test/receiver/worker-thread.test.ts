import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startReceiverInWorker } from '../../source/receiver/worker.js';
import { ReceiverThread } from '../../source/receiver/worker-thread.js';
import { builtFile } from './built.js';
import { callbackBody, currentKey, sendSigned, waitFor } from './helpers.js';

describe('ReceiverThread', () => {
	it('takes its work when the receiver starts on it, after it came up', async () => {
		const thread = new ReceiverThread();
		// Up and waiting for its work, as when main.ts started it while the monitor loaded.
		await once(thread.worker, 'online');
		const receiver = await startReceiverInWorker(
			{ currentSigningKey: currentKey, batchIntervalMs: 5 },
			thread,
		);
		try {
			const response = await sendSigned(receiver.url, '/cb', JSON.stringify(callbackBody()));
			expect(response.status).toBe(200);
			await waitFor('the request in the store', () =>
				receiver.store.getSnapshot().counters.verified === 1 ? true : undefined,
			);
		} finally {
			await receiver.close();
		}
	});

	it('does not keep the process alive while it has no work', async () => {
		const dir = await mkdtemp(path.join(tmpdir(), 'mqtop-thread-'));
		try {
			const script = path.join(dir, 'start.mjs');
			const module = pathToFileURL(builtFile('receiver/worker-thread.js')).href;
			// Held open until the thread is up and waiting: the process then has nothing else to do.
			await writeFile(
				script,
				`import { ReceiverThread } from ${JSON.stringify(module)};\n` +
					'const held = setInterval(() => {}, 1000);\n' +
					"new ReceiverThread().worker.once('online', () => { console.log('online'); clearInterval(held); });\n",
			);
			const stdout = await new Promise<string>((resolve, reject) => {
				execFile(process.execPath, [script], { timeout: 20_000 }, (error, out) =>
					error ? reject(error) : resolve(out),
				);
			});
			expect(stdout).toBe('online\n');
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});

	it('says why it cannot take work once it has ended', async () => {
		const thread = new ReceiverThread();
		await thread.worker.terminate();
		await waitFor('the exit to be seen', () => thread.ended);
		await expect(startReceiverInWorker({ currentSigningKey: currentKey }, thread)).rejects.toThrow(
			/receiver worker exited with code \d+/,
		);
	});

	it('ends when the options it was to take are refused', async () => {
		const thread = new ReceiverThread();
		await expect(startReceiverInWorker({ currentSigningKey: ' ' }, thread)).rejects.toThrow(
			/current signing key/,
		);
		await waitFor('the thread to end', () => thread.ended);
	});
});
