/**
 * Going back from the request preview of a publish returns to the form as it was: still in edit
 * mode, so the next Tab moves to the next field instead of switching panes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishController } from '../../../../source/ui/panes/publish/controller.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { controllerOf, keys, type Session, startSession } from '../../harness.js';

const ctrlS = '\x13';

describe('the publish preview', () => {
	let session: Session;
	let sink: Sink;
	beforeAll(async () => {
		session = await startSession({ columns: 120, rows: 40, pane: 'publish' });
		sink = await startSink((_req, _i, res) => {
			res.writeHead(200).end();
		});
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it.each([
		['n', 'n'],
		['Esc', keys.esc],
	])('goes back to editing the form with %s, and Tab then moves between fields', async (_name, back) => {
		const { screen } = session;
		const publish = controllerOf<PublishController>(screen, 'publish');
		await screen.waitFor((f) => f.includes('Publish a message'), 'Publish');
		if (!publish.state.editing) await screen.press('e');
		await screen.waitFor(() => publish.state.editing, 'editing');
		if (publish.state.form.values.destination === '') await screen.press(`${sink.url}/hook`);
		await screen.press(ctrlS);
		await screen.waitFor((f) => f.includes('send this request'), 'the preview');
		await screen.press(back);
		await screen.waitFor((f) => !f.includes('send this request'), 'back from the preview');
		expect(publish.state.editing).toBe(true);
		const focus = publish.state.form.focus;
		await screen.press(keys.tab);
		await screen.waitFor(() => publish.state.form.focus !== focus, 'the next field focused');
		expect(screen.runtime.ui.getSnapshot().pane).toBe('publish');
		expect(screen.frame()).toContain('editing: tab/↑↓ move');
	});
});
