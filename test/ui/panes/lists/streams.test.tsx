/**
 * `/` and `o`/`O` in the lists that follow what happens (Messages, Workflows, Dead letters,
 * Logs), through the TUI against the embedded local service at 80x24 and 200x50: the rows
 * really reorder by the column's value and narrow, the title says so, Esc clears, and the
 * selected row stays selected as the order changes. Where the service filters (Dead letters,
 * Logs), its filter (F) and `/` over the page work together.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../../../source/api/dialect.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { waitUntil } from '../../../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../../../support/workflow-app.js';
import { keys, type Session, selectedLine, startSession } from '../../harness.js';
import { checkFilterAndOrder, sortBy } from './order.js';

describe.each([
	[80, 24],
	[200, 50],
])('filter and order of the followed lists at %ix%i', (columns, rows) => {
	let session: Session;
	let sink: Sink;
	let down: Sink;
	let app: WorkflowApp;

	beforeAll(async () => {
		sink = await startSink();
		down = await startSink((_r, _i, res) => {
			res.statusCode = 500;
			res.end('down');
		});
		session = await startSession({
			service: { dialect: dialectPresets.deployed },
			columns,
			rows,
			pane: 'overview',
		});
		const { service } = session.fixture;
		const route = (name: string) =>
			serve(async (context) => {
				await context.run(name, () => ({ done: name }));
			}, serveOptions(service)).handler;
		app = await startWorkflowApp({ '/zulu': route('z'), '/alfa': route('a'), '/mike': route('m') });
	});
	afterAll(async () => {
		await session?.close();
		await Promise.all([sink?.close(), down?.close(), app?.close()]);
	});

	async function show(pane: string): Promise<void> {
		await session.screen.press(':', ...pane, keys.enter);
		await session.screen.waitFor(() => session.screen.runtime.ui.getSnapshot().pane === pane, pane);
	}

	it('Messages: by destination, the selected message kept selected as they reorder', async () => {
		const { screen, fixture } = session;
		for (const path of ['/zeta', '/alpha', '/mid']) {
			const published = await fixture.client.publish({ destination: `${sink.url}${path}` });
			if (published.kind !== 'url') throw new Error('expected a URL publish');
			screen.runtime.tracked.track(published.result.messageId, 'publish');
		}
		await show('messages');
		const names = ['/zeta', '/alpha', '/mid'];
		await checkFilterAndOrder(screen, {
			names,
			column: 'destination',
			ascending: ['/alpha', '/mid', '/zeta'],
			filter: 'lpha|mid',
			kept: ['/alpha', '/mid'],
		});
		// Newest first: /mid, /alpha, /zeta. The second selected, sorted: still /alpha, now first.
		await screen.press('j');
		await screen.waitFor(() => selectedLine(screen)?.includes('/alpha'), 'the second row selected');
		await sortBy(screen, 'destination');
		await screen.waitFor(
			(f) =>
				f
					.split('\n')
					.find((l) => names.some((n) => l.includes(n)))
					?.includes('/alpha'),
			'/alpha first',
		);
		expect(selectedLine(screen)).toContain('/alpha');
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes('sorted by'), 'cleared');
	});

	it('Workflows: by the workflow a run is of', async () => {
		const { screen, fixture } = session;
		const workflow = new WorkflowClient({
			baseUrl: fixture.service.queueUrl,
			token: fixture.service.token,
			retry: false,
		});
		for (const name of ['mike', 'zulu', 'alfa'])
			await workflow.trigger({ url: `${app.url}/${name}`, workflowRunId: `${name}-run` });
		await show('workflows');
		await screen.waitFor((f) => (f.match(/success/g) ?? []).length >= 3, 'the three runs done');
		await checkFilterAndOrder(screen, {
			names: ['wfr_mike-run', 'wfr_zulu-run', 'wfr_alfa-run'],
			column: 'workflow',
			ascending: ['wfr_alfa-run', 'wfr_mike-run', 'wfr_zulu-run'],
			filter: 'zulu|alfa',
			kept: ['wfr_zulu-run', 'wfr_alfa-run'],
		});
	});

	it('Dead letters: / narrows the page and o sorts it, beside the service’s filter (F)', async () => {
		const { screen, fixture } = session;
		for (const path of ['/yak', '/bee', '/owl']) {
			const published = await fixture.client.publish({
				destination: `${down.url}${path}`,
				options: { retries: 0 },
			});
			if (published.kind !== 'url') throw new Error('expected a URL publish');
			const id = published.result.messageId;
			await waitUntil(
				() => fixture.service.context.dlq.snapshot().some((l) => l.message.id === id) || undefined,
			);
		}
		await show('dlq');
		await checkFilterAndOrder(screen, {
			names: ['/yak', '/bee', '/owl'],
			column: 'destination',
			ascending: ['/bee', '/owl', '/yak'],
			// Whole words: a random message id holds two letters such as `ya` often enough to match.
			filter: '(yak|owl)',
			kept: ['/yak', '/owl'],
		});
		// F still opens the service's filter.
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the service filter form');
		await screen.press(keys.esc);
	});

	it('Logs: the service keeps the DELIVERED entries (F), / and o over its page', async () => {
		const { screen } = session;
		await show('logs');
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the delivery logs'), 'the service filter form');
		await screen.press('DELIVERED', keys.enter);
		await screen.waitFor((f) => f.includes('filter state DELIVERED'), 'the service filter');
		await checkFilterAndOrder(screen, {
			names: ['/zeta', '/alpha', '/mid'],
			column: 'destination',
			ascending: ['/alpha', '/mid', '/zeta'],
			filter: 'eta|lpha',
			kept: ['/zeta', '/alpha'],
		});
	});
});
