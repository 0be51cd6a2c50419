import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { resolveDialect } from '../../../source/api/dialect.js';
import { startReceiver } from '../../../source/receiver/receiver.js';
import { keyTable } from '../../../source/ui/app/bindings.js';
import { Faults } from '../../../source/ui/data/faults.js';
import { panes } from '../../../source/ui/registry.js';
import { currentKey, sendSigned } from '../../receiver/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { keys, mountTui, type Session, startSession } from '../harness.js';

describe('the shell around the panes', () => {
	let session: Session;

	beforeAll(async () => {
		// Wide enough for the full title of every tab.
		session = await startSession({ columns: 140, rows: 30, readOnly: true });
	});
	afterAll(() => session.close());

	const currentTab = (frame: string) => frame.split('\n')[1];

	it('says which service it is connected to, and that it is read-only', async () => {
		const { screen, fixture } = session;
		const header = await screen.waitFor((f) => f.split('\n')[0], 'header');
		expect(header).toContain(`mqtop embedded local service at ${fixture.service.managementUrl}`);
		expect(header).toContain('read-only');
		// The first frames may come before the terminal's width is known: wait for it.
		await screen.waitFor(
			(f) =>
				panes
					.filter((p) => p.numberKey)
					.every((pane, i) => currentTab(f)?.includes(`${i + 1} ${pane.title}`)),
			'every tab with its full title',
		);
	});

	it('switches panes with 1-9, Tab and Shift-Tab; panes without data poll nothing', async () => {
		const { screen } = session;
		await screen.press('6');
		await screen.waitFor(
			(f) => f.includes('No callback receiver is running.'),
			'Callbacks without a receiver',
		);
		expect(screen.frame()).toContain('nothing polled on this pane');
		await screen.press(keys.tab, keys.tab);
		await screen.waitFor((f) => f.includes('Publish a message'), 'Publish');
		await screen.press(keys.tab);
		await screen.waitFor((f) => f.includes('workflow runs'), 'Workflows, the last tab');
		await screen.press(keys.tab);
		await screen.waitFor((f) => f.includes('Period series'), 'Tab wraps to the Overview');
		await screen.press(keys.shiftTab);
		await screen.waitFor((f) => f.includes('workflow runs'), 'Shift-Tab goes back');
		await screen.press('2');
		await screen.waitFor((f) => f.includes('1 account ·'), 'Accounts');
		expect(screen.runtime.ui.getSnapshot().pane).toBe('accounts');
	});

	it('shows the keys of the current pane with ?, and closes with Esc', async () => {
		const { screen } = session;
		await screen.press('?');
		const help = await screen.waitFor((f) => (f.includes('Keys of Accounts') ? f : undefined), 'help');
		expect(help).toContain('?/esc close help');
		const table = keyTable(panes);
		const rows = [...table.helpRows('accounts'), ...table.helpRows('global')];
		// The help scrolls where its rows outgrow the terminal: page through it, reading each page.
		let read = help;
		let page = help;
		for (let pages = 0; pages < 10 && rows.some((row) => !read.includes(row.description)); pages++) {
			const before = page;
			await screen.press(keys.pageDown);
			page = await screen.waitFor((f) => (f !== before ? f : undefined), 'the next page of the help');
			read += page;
		}
		for (const row of rows) expect(read).toContain(row.description);
		await screen.press('3');
		await screen.waitFor(
			(f) =>
				f.includes('Keys of Vector') && f.includes('pick the vector index shown among those of the account'),
			'help follows the pane',
		);
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes('Keys of Vector') && f.includes('Vector index'), 'help closed');
	});

	it('shows in the bottom line the keys that work now', async () => {
		const { screen } = session;
		await screen.press('2');
		const keyLine = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';
		await screen.waitFor(
			(f) => keyLine(f).includes('v reveal') && keyLine(f).includes('enter use/detail'),
			'Accounts keys',
		);
		expect(keyLine(screen.frame())).toContain('q quit');
		await screen.press('3', 'i');
		await screen.waitFor(
			(f) => keyLine(f).startsWith('↑↓ select  enter show  t type id'),
			'the list of indexes',
		);
		await screen.press('t');
		await screen.waitFor((f) => keyLine(f).startsWith('enter apply  esc cancel'), 'text field keys only');
		// The text field takes every key: q is typed, it does not quit.
		await screen.press('q');
		await screen.waitFor((f) => /Vector index id: \S*q/.test(f), 'q typed into the field');
		await screen.press(keys.esc);
		await screen.waitFor((f) => keyLine(f).includes('i index'), 'pane keys again');
	});

	it('refreshes at once with r', async () => {
		const { screen } = session;
		await screen.press('1');
		await screen.waitFor((f) => f.includes('Period series'), 'Overview');
		const answeredAt = () => screen.runtime.polls.getSnapshot().entries.mqStats?.updatedAt ?? 0;
		// Long interval: only r can bring a new poll within the wait. A poll timed before the change
		// may still come; once one has answered after it, the next is a minute away.
		const changedAt = Date.now();
		screen.runtime.scheduler.setIntervalMs(60_000);
		const before = await waitUntil(() => (answeredAt() > changedAt ? answeredAt() : undefined));
		await screen.press('r');
		await screen.waitFor(() => answeredAt() > before, 'a new poll');
	});
});

describe('a bug in a listener of the poll store', () => {
	it('is shown in the status line while the monitor keeps polling and drawing', async () => {
		const session = await startSession({ columns: 120, rows: 24 });
		try {
			const { screen } = session;
			const { polls } = screen.runtime;
			await screen.waitFor((f) => f.includes('Period series'), 'Overview');
			// Its notifications are coalesced: a throw there would come out of a timer and end the process.
			polls.subscribe(() => {
				throw new Error('listener \x1b[31mbroke');
			});
			const line = await screen.waitFor(
				(f) => f.split('\n').find((l) => l.includes('mqtop bug:')),
				'the fault in the status line',
			);
			// Sanitised like everything else, and the key line still at the bottom.
			expect(line).toContain('✗ mqtop bug: listener \\x1b[31mbroke');
			expect(line).toContain('the monitor keeps running');
			expect(screen.frame().trimEnd().split('\n').at(-1)).toContain('? help');
			// Polling and drawing go on.
			const seen = polls.getSnapshot().entries.mqStats?.updatedAt ?? 0;
			await waitUntil(
				() => ((polls.getSnapshot().entries.mqStats?.updatedAt ?? 0) > seen ? true : undefined),
				10_000,
				'a poll after the fault',
			);
			await screen.waitFor((f) => /\(\d+ times\)/.test(f), 'the fault counted as it repeats');
		} finally {
			await session.close();
		}
	});
});

describe('a bug in a listener of the callback receiver', () => {
	it('is shown in the status line with the request it cost, and the receiver goes on', async () => {
		// As the monitor has it: the receiver starts first and reports to the monitor's faults.
		const faults = new Faults();
		const receiver = await startReceiver({
			currentSigningKey: currentKey,
			onEvent: (event) => {
				if (event.seq === 1) throw new Error('feed broke');
			},
			onError: faults.report,
		});
		const session = await startSession({ columns: 160, rows: 24, faults });
		try {
			const { screen } = session;
			await screen.waitFor((f) => f.includes('Period series'), 'Overview');
			expect((await sendSigned(receiver.url, '/', 'one')).status).toBe(200);
			const line = await screen.waitFor(
				(f) => f.split('\n').find((l) => l.includes('mqtop bug:')),
				'the fault in the status line',
			);
			expect(line).toContain('✗ mqtop bug: request 1 was answered but not recorded in full: feed broke');
			expect((await sendSigned(receiver.url, '/', 'two')).status).toBe(200);
			await waitUntil(
				() => (receiver.store.getSnapshot().counters.total === 2 ? true : undefined),
				10_000,
				'the second request',
			);
		} finally {
			await session.close();
			await receiver.close();
		}
	});
});

describe('the header', () => {
	it('masks a password given in the service URL', async () => {
		// Port 9 on loopback: nothing answers, which the header does not need.
		const url = 'http://ops:hunter2@127.0.0.1:9';
		const client = new MqClient(
			{
				queueUrl: url,
				managementUrl: url,
				token: 't',
				email: 'e',
				apiKey: 'k',
				dialect: resolveDialect(undefined),
				timeoutMs: 1000,
			},
			{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
		);
		const screen = mountTui(client, { embedded: false }, { columns: 120, rows: 20 });
		try {
			const header = await screen.waitFor(
				(f) => f.split('\n')[0]?.includes('127.0.0.1:9') && f.split('\n')[0],
				'header',
			);
			expect(header).toContain('http://');
			expect(header).toContain('@127.0.0.1:9');
			expect(screen.frame()).not.toContain('hunter2');
		} finally {
			screen.unmount();
		}
	});
});

describe('a history that cannot write', () => {
	// /dev/full takes no write: ENOSPC, as a full disk answers.
	it.skipIf(!existsSync('/dev/full'))(
		'is said in the status line as a problem of the machine, beside a bug, while requests are still answered',
		async () => {
			const dir = await mkdtemp(path.join(tmpdir(), 'mqtop-full-history-'));
			await symlink('/dev/full', path.join(dir, 'requests.bin'));
			// As the monitor has it: the receiver reports bugs and history failures to the monitor's faults.
			const faults = new Faults();
			const receiver = await startReceiver({
				currentSigningKey: currentKey,
				historyDir: dir,
				onEvent: (event) => {
					if (event.seq === 2) throw new Error('feed broke');
				},
				onError: faults.report,
				onHistoryError: faults.warn,
			});
			const session = await startSession({ columns: 200, rows: 24, faults });
			try {
				const { screen } = session;
				await screen.waitFor((f) => f.includes('Period series'), 'Overview');
				expect((await sendSigned(receiver.url, '/', 'one')).status).toBe(200);
				const problem = await screen.waitFor(
					(f) => f.split('\n').find((l) => l.includes('did not keep')),
					'the history failure in the status line',
				);
				expect(problem).toContain(
					`△ the history in ${dir} did not keep 1 request for replay: ENOSPC: no space left on device`,
				);
				expect(problem).not.toContain('mqtop bug');
				// A bug as well: each has a line, and the key line stays at the bottom.
				expect((await sendSigned(receiver.url, '/', 'two')).status).toBe(200);
				const frame = await screen.waitFor(
					(f) => (f.includes('mqtop bug: request 2') && f.includes('did not keep') ? f : undefined),
					'both lines',
				);
				expect(frame.trimEnd().split('\n').at(-1)).toContain('? help');
			} finally {
				await session.close();
				await receiver.close();
				await rm(dir, { recursive: true, force: true });
			}
		},
	);
});
