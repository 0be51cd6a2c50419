/**
 * The panes on answers of the deployed service that are odd: each documented answer with any one
 * field that identifies nothing left out still renders in its pane; answers with random such
 * fields left out or mistyped (fast-check) never cost a pane its data; an answer that does not
 * fit at all leaves the last good data on screen, and the status line names the field.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../fixtures/deployed/answers.js';
import {
	edited,
	optionalPaths,
	pathText,
	randomEdits,
	randomlyEdited,
} from '../../fixtures/deployed/catalog.js';
import { documentedAnswers } from '../../support/deployed-service.js';
import { waitUntil } from '../../support/wait.js';
import { type DeployedSession, lineOf, mountTui, startDeployedSession } from '../harness.js';
import { markField, type PaneCase, paneCases } from './cases.js';

let session: DeployedSession;
let mark = 0;
let shownCase: PaneCase | undefined;

beforeAll(async () => {
	session = await startDeployedSession({ columns: 160, rows: 45 });
});
afterAll(() => session.close());

/** `answer` with the next mark at the case's place; the mark is returned too. */
function marked(c: PaneCase, answer: unknown): { answer: unknown; mark: number } {
	mark++;
	try {
		return { answer: edited(answer, [...c.markAt, markField], mark), mark };
	} catch {
		// The place of the mark was edited away (a list emptied): the answer itself, unmarked.
		return { answer, mark: Number.NaN };
	}
}

/**
 * Gives the pane of `c` this answer and waits until the pane's data is this answer (its mark)
 * and a frame drawn after that shows what the pane always shows, with no API failing.
 */
async function expectShown(c: PaneCase, answer: unknown, what: string): Promise<void> {
	const { screen, service } = session;
	if (shownCase !== c) {
		session.service.answers = documentedAnswers();
		await c.open(screen);
		shownCase = c;
	}
	const given = marked(c, answer);
	service.answers[c.route] = given.answer;
	const givenAt = Date.now();
	screen.runtime.scheduler.refresh();
	const polls = () => screen.runtime.polls.getSnapshot();
	await waitUntil(
		() => {
			const failure = c.failure(polls());
			if (failure && failure.at >= givenAt)
				throw new Error(`${what}: the ${c.pane} pane's answer failed: ${failure.message}\n${screen.frame()}`);
			const record = c.marked(polls());
			// Without a place for the mark, any answer read after this one was given will do.
			return Number.isNaN(given.mark) || record?.[markField] === given.mark ? true : undefined;
		},
		8000,
		() => `${what}: the ${c.pane} pane never read the answer; last frame:\n${screen.frame()}`,
	);
	// Drawn since it was read: a frame that reads as the last one is not written again.
	const after = screen.commits();
	await screen.waitFor(
		(frame) =>
			screen.commits() > after && c.shows.every((text) => frame.includes(text)) && !frame.includes('✗'),
		`${what}: the ${c.pane} pane showing its data`,
	);
}

describe('documented answers with one field left out', () => {
	for (const c of paneCases) {
		it(`the ${c.pane} pane shows ${c.route} with any one non-identity field left out`, async () => {
			const documented = JSON.parse(JSON.stringify(documentedAnswers()[c.route])) as unknown;
			await expectShown(c, documented, `${c.route} as documented`);
			const paths = optionalPaths(c.schema, documented);
			expect(paths.length).toBeGreaterThan(0);
			for (const path of paths)
				await expectShown(c, edited(documented, path), `${c.route} without ${pathText(path)}`);
		}, 120_000);
	}
});

describe('answers with random fields left out or mistyped (property)', () => {
	it('never cost a pane its data', async () => {
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...paneCases), randomEdits, async (c, edits) => {
				const documented = documentedAnswers()[c.route];
				const paths = optionalPaths(c.schema, documented);
				const answer = randomlyEdited(documented, paths, edits);
				await expectShown(c, answer, `${c.route} edited ${JSON.stringify(edits)}`);
			}),
			{ numRuns: 80 },
		);
	}, 300_000);
});

describe('an answer that does not fit at all', () => {
	it('leaves the last good data on screen, and the status line names the field, sanitised', async () => {
		const accounts = paneCases.find((c) => c.route === 'users')!;
		await expectShown(accounts, documentedAnswers().users, 'users as documented');
		const { screen, service } = session;
		service.answers.users = [{ customer_id: 'x', state: '\u001b[31mactive' }];
		screen.runtime.scheduler.refresh();
		const frame = await screen.waitFor(
			(f) => (f.includes('✗ management') ? f : undefined),
			'the failure in the status line',
		);
		expect(frame).toContain(`Account ${ids.account}`);
		expect(lineOf(frame, '✗ management:')).toMatch(
			/✗ management: list users: the answer does not fit: \[0\]\.id: missing \(expected a string\).* · showing the data of \d\d:\d\d:\d\d/,
		);
		expect(frame).not.toContain('\u001b[31m');

		service.answers.users = { error: 'maintenance \u001b]0;pwned\u0007' };
		screen.runtime.scheduler.refresh();
		const root = await screen.waitFor(
			(f) => (f.includes('(root)') ? f : undefined),
			'the root named in the status line',
		);
		expect(lineOf(root, '✗ management:')).toContain('(root): expected a list of objects with "id", got');
		expect(root).not.toContain('\u001b]0;');
		expect(root).toContain(`Account ${ids.account}`);
		service.answers.users = documentedAnswers().users;
		await expectShown(accounts, documentedAnswers().users, 'users as documented again');
	});
});

describe('a page of dead letters that does not fit at all', () => {
	it('keeps the last good page on screen, and the status line names the field', async () => {
		const dlq = paneCases.find((c) => c.route === 'dlq')!;
		await expectShown(dlq, documentedAnswers().dlq, 'dlq as documented');
		const { screen, service } = session;
		service.answers.dlq = { messages: { messageId: ids.message } };
		screen.runtime.scheduler.refresh();
		const frame = await screen.waitFor(
			(f) => (f.includes('✗ messaging') ? f : undefined),
			'the failure in the status line',
		);
		expect(lineOf(frame, '✗ messaging:')).toMatch(
			/list dead letters: the answer does not fit: messages: .* · showing the data of/,
		);
		expect(frame).toContain('2 dead letters');
		expect(frame).toContain(ids.message.slice(0, 30));
		service.answers.dlq = documentedAnswers().dlq;
		await expectShown(dlq, documentedAnswers().dlq, 'dlq as documented again');
	});
});

describe('the Overview on a deployment', () => {
	it('takes its account from a list whose records have nothing but their id', async () => {
		const { service } = session;
		service.answers.users = [{ id: ids.account }];
		const screen = mountTui(session.client, { embedded: false }, { columns: 120, rows: 30 });
		try {
			await screen.waitFor(
				(f) => f.includes(`Account ${ids.account} · period 1h`) && f.includes('Month   200 requests'),
				'the Overview of the only account',
			);
		} finally {
			screen.unmount();
			service.answers = documentedAnswers();
			shownCase = undefined;
		}
	});
});
