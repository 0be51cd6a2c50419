/**
 * `/` in the lists that had no filter (Messages, Workflows, Groups), through the TUI against the
 * embedded local service at 80x24 and 200x50: the rows narrow to those whose text as shown
 * matches, the title says which filter and how many of how many, and Esc clears it.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../../source/api/dialect.js';
import { type Sink, startSink } from '../../local/helpers.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../../support/workflow-app.js';
import { keys, type Screen, type Session, startSession } from '../harness.js';

/** The rows of the table under the header `header`: the lines up to a blank one or the status line. */
function tableRows(frame: string, header: RegExp): string[] {
	const lines = frame.split('\n');
	const at = lines.findIndex((line) => header.test(line));
	if (at < 0) return [];
	const rows: string[] = [];
	for (const line of lines.slice(at + 1)) {
		if (line.trim() === '' || /^[●✗○] /.test(line)) break;
		rows.push(line);
	}
	return rows;
}

/** Filters the pane on screen by `text`: `/`, Ctrl-U (the field keeps the filter typed last), the text, Enter. */
async function filterBy(screen: Screen, text: string): Promise<void> {
	await screen.press('/');
	await screen.waitFor((f) => f.includes('Filter / '), 'the filter field');
	await screen.press('\x15', text, keys.enter);
}

describe.each([
	[80, 24],
	[200, 50],
])('/ filters every list at %ix%i', (columns, rows) => {
	let session: Session;
	let sink: Sink;
	let app: WorkflowApp;

	beforeAll(async () => {
		session = await startSession({
			service: { dialect: dialectPresets.deployed },
			pane: 'messages',
			columns,
			rows,
		});
		sink = await startSink();
		const { service } = session.fixture;
		const route = (name: string) =>
			serve(async (context) => {
				await context.run(name, () => ({ done: name }));
			}, serveOptions(service)).handler;
		app = await startWorkflowApp({ '/order': route('reserve'), '/refund': route('pay back') });
	});

	afterAll(async () => {
		await session.close();
		await Promise.all([sink.close(), app.close()]);
	});

	it('Messages: by what a row shows (its destination), the title says so, esc clears', async () => {
		const { screen, fixture } = session;
		const ids: Record<string, string> = {};
		for (const path of ['orders', 'payments', 'orders'])
			for (const published of [await fixture.client.publish({ destination: `${sink.url}/${path}` })]) {
				if (published.kind !== 'url') throw new Error('expected a URL publish');
				const id = published.result.messageId;
				ids[id] = path;
				screen.runtime.tracked.track(id, 'publish');
			}
		const header = /^ +state +message id/;
		await screen.waitFor((f) => tableRows(f, header).length === 3, 'the three messages');
		await filterBy(screen, 'payments');
		const filtered = await screen.waitFor(
			(f) => (f.includes('filter /payments/i: 1 of 3') ? f : undefined),
			'the filter in the title',
		);
		const shown = tableRows(filtered, header);
		expect(shown).toHaveLength(1);
		const payment = Object.keys(ids).find((id) => ids[id] === 'payments')!;
		expect(shown[0]).toContain(payment);
		await screen.press(keys.esc);
		const all = await screen.waitFor(
			(f) => (f.includes('· / filters') && tableRows(f, header).length === 3 ? f : undefined),
			'the filter cleared',
		);
		expect(all).not.toContain('filter /payments/i');
	});

	it('Workflows: by the workflow a run is of', async () => {
		const { screen, fixture } = session;
		const workflow = new WorkflowClient({
			baseUrl: fixture.service.queueUrl,
			token: fixture.service.token,
			retry: false,
		});
		await workflow.trigger({ url: `${app.url}/order`, workflowRunId: 'order-1' });
		await workflow.trigger({ url: `${app.url}/refund`, workflowRunId: 'refund-1' });
		await screen.press('9');
		const header = /^ +state +run id/;
		await screen.waitFor(
			(f) => tableRows(f, header).filter((row) => row.includes('success')).length === 2,
			'both runs done',
		);
		await filterBy(screen, 'refund');
		const filtered = await screen.waitFor(
			(f) => (f.includes('filter /refund/i: 1 of 2') ? f : undefined),
			'the filter in the title',
		);
		const shown = tableRows(filtered, header);
		expect(shown).toHaveLength(1);
		expect(shown[0]).toContain('wfr_refund-1');
		// A typed text that is no regular expression is matched as text, and the title says so.
		await filterBy(screen, '[x');
		await screen.waitFor((f) => f.includes('filter "[x": 0 of 2'), 'matched as text');
		expect(screen.frame()).toContain('No run matches the filter');
		await screen.press(keys.esc);
		await screen.waitFor((f) => tableRows(f, header).length === 2, 'the filter cleared');
	});

	it('Groups: by name, moving among the rows it keeps', async () => {
		const { screen, fixture } = session;
		for (const name of ['orders', 'payments', 'payouts'])
			await fixture.client.groups.addEndpoints(name, [{ url: `${sink.url}/${name}` }]);
		await screen.press('7');
		const header = /^ *group +endpoints/;
		await screen.waitFor((f) => tableRows(f, header).length === 3, 'the three groups');
		await filterBy(screen, '^pay');
		const filtered = await screen.waitFor(
			(f) => (f.includes('filter /^pay/i: 2 of 3') ? f : undefined),
			'the filter in the title',
		);
		expect(tableRows(filtered, header).map((row) => row.trim().split(/\s+/)[0])).toEqual([
			'payments',
			'payouts',
		]);
		// The selection moves among the kept rows only: down once is the last of them.
		await screen.press('j', 'j');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('URL Group payouts'), 'the second kept group open');
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('filter /^pay/i'), 'back on the filtered list');
		await screen.press(keys.esc);
		await screen.waitFor((f) => tableRows(f, header).length === 3, 'the filter cleared');
	});
});
