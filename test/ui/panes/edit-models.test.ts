/** The pure checks behind the Groups and Publish forms, and how triggered runs find their messages. */
import { describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { defaultDialect, resolveDialect } from '../../../source/api/dialect.js';
import type { DeliveryEvent } from '../../../source/api/schemas.js';
import { parseTriggerItems } from '../../../source/api/trigger-input.js';
import { previewLines, previewRequest } from '../../../source/ui/kit/confirm/request-preview.js';
import { hardWrap } from '../../../source/ui/kit/text/wrap.js';
import {
	checkGroupForm,
	endpointLines,
	groupForm,
	headerLines,
} from '../../../source/ui/panes/groups/edits.js';
import {
	checkPublishForm,
	publishForm,
	webhookAddress,
} from '../../../source/ui/panes/publish/publish-form.js';
import { matchRunMessages } from '../../../source/ui/panes/publish/run-messages.js';
import { checkItemForm } from '../../../source/ui/panes/publish/trigger-items.js';

describe('group forms', () => {
	it('prefills the removal with the marked endpoints, by name when all have one', () => {
		const marked = [{ name: 'eu', url: 'https://eu.example/h' }, { url: 'https://us.example/h' }];
		const form = groupForm('remove', { group: 'orders', marked });
		expect(form.values).toMatchObject({
			group: 'orders',
			by: 'url',
			endpoints: 'https://eu.example/h\nhttps://us.example/h',
		});
		expect(groupForm('remove', { group: 'orders', marked: [marked[0]!] }).values.by).toBe('name');
		expect(endpointLines(marked, 'name')).toBe('eu\nhttps://us.example/h');
		expect(headerLines({ 'X-A': ['1', '2'], 'X-B': 'b' })).toBe('X-A: 1\nX-A: 2\nX-B: b');
	});

	it('builds the exact requests, and refuses what the service would', () => {
		const remove = checkGroupForm('remove', {
			group: 'orders',
			name: '',
			url: '',
			by: 'url',
			endpoints: 'https://a.example/x\n\nhttps://b.example/y',
			headers: '',
		});
		expect(remove.edit?.request).toEqual({
			operation: 'remove endpoints from orders',
			method: 'DELETE',
			path: '/v2/topics/orders/endpoints',
			json: { endpoints: [{ url: 'https://a.example/x' }, { url: 'https://b.example/y' }] },
		});
		const values = {
			group: 'orders',
			name: '',
			url: '',
			by: 'name',
			endpoints: 'eu\nhttps://x',
			headers: '',
		};
		expect(checkGroupForm('remove', values).errors.endpoints).toMatch(/^line 2: not an endpoint name/);
		const headers = checkGroupForm('headers', { ...values, headers: 'X-A: 1\nx-a: 2\nX-B:' });
		expect(headers.edit?.request.json).toEqual({ headers: { 'X-A': ['1', '2'], 'X-B': '' } });
		expect(checkGroupForm('headers', { ...values, headers: '' }).edit?.title).toBe(
			'clear the default headers of orders',
		);
		expect(checkGroupForm('headers', { ...values, headers: 'ok: 1\n\nbad' }).errors.headers).toMatch(
			/^line 3: /,
		);
		const add = checkGroupForm('add', { ...values, group: 'a b', name: 'n/1', url: 'ftp://x' });
		expect(add.errors).toEqual({
			group: expect.stringMatching(/^not a URL Group name/),
			name: expect.stringMatching(/^not an endpoint name/),
			url: 'expected an http:// or https:// URL',
		});
		expect(add.edit).toBeUndefined();
		expect(checkGroupForm('add', { ...values, group: '', url: '' }).errors).toEqual({
			group: 'give the URL Group name',
			url: 'give the endpoint URL',
		});
	});
});

describe('the publish form', () => {
	const form = publishForm('http://127.0.0.1:9/');
	const values = (change: Partial<Record<keyof typeof form.values, string>>) => ({
		...form.values,
		...change,
	});

	it('defaults the callbacks to the receiver', () => {
		expect(form.values.callback).toBe('http://127.0.0.1:9/callback');
		expect(form.values.failureCallback).toBe('http://127.0.0.1:9/failure');
		expect(publishForm(undefined).values.callback).toBe('');
	});

	it('turns every field into publish options with the service decoder', () => {
		const check = checkPublishForm(
			values({
				destination: 'https://example.com/h',
				method: 'PUT',
				body: 'b',
				contentType: 'text/plain',
				delay: '1m',
				retries: '2',
				retryDelay: 'pow(2, retried) * 100',
				timeout: '5s',
				forward: 'X-A: 1\nX-B: 2',
				dedupId: 'd1',
				flowKey: 'k',
				flowValue: 'rate=1, period=1m',
				labels: 'x, ,y',
			}),
			defaultDialect,
		);
		expect(check.errors).toEqual({});
		expect(check.request).toEqual({
			destination: 'https://example.com/h',
			body: 'b',
			options: {
				method: 'PUT',
				delayMs: 60_000,
				retries: 2,
				retryDelay: 'pow(2, retried) * 100',
				timeoutMs: 5000,
				callback: 'http://127.0.0.1:9/callback',
				failureCallback: 'http://127.0.0.1:9/failure',
				forwardHeaders: { 'x-a': '1', 'x-b': '2' },
				deduplicationId: 'd1',
				flowControl: { key: 'k', rate: 1, periodMs: 60_000 },
				labels: ['x', 'y'],
				contentType: 'text/plain',
			},
		});
		expect(
			checkPublishForm(values({ destination: 'orders', notBefore: '2026-01-01T00:00:00Z' }), defaultDialect)
				.request?.options,
		).toMatchObject({ notBefore: 1767225600 });
	});

	it('says what is wrong with each field at once, and makes no request', () => {
		const check = checkPublishForm(
			values({
				destination: 'file:///etc/passwd',
				delay: '5 min',
				notBefore: 'tomorrow',
				retries: '-1',
				retryDelay: 'process.exit()',
				callback: 'ftp://x',
				forward: 'X-A: 1\nnope',
				flowValue: 'rate=1',
			}),
			defaultDialect,
		);
		expect(check.request).toBeUndefined();
		expect(check.errors).toEqual({
			destination: expect.stringMatching(/^neither an http\(s\) URL nor a URL Group name/),
			delay: expect.stringMatching(/^invalid duration/),
			notBefore: 'give a delay or a not-before time, not both',
			retries: expect.stringMatching(/^expected a non-negative integer/),
			retryDelay: expect.any(String),
			callback: expect.stringMatching(/^expected an http/),
			forward: expect.stringMatching(/^line 2: expected 'Name: value'/),
			flowValue: 'needs Svc-Flow-Control-Key',
		});
		expect(checkPublishForm(values({ destination: '' }), defaultDialect).errors.destination).toBe(
			'give a URL or a URL Group name',
		);
		expect(
			checkPublishForm(values({ destination: 'g', notBefore: 'soon' }), defaultDialect).errors.notBefore,
		).toMatch(/unix seconds or an ISO date/);
	});

	it('makes the webhook address of the destination and settings, with the dialect', () => {
		const dialect = resolveDialect({ headerPrefix: 'Acme-', tokenParam: 'acme_token' });
		const client = new MqClient({
			queueUrl: 'http://127.0.0.1:1',
			token: 'tok',
			managementUrl: '',
			email: '',
			apiKey: '',
			dialect,
		});
		const check = checkPublishForm(values({ destination: 'orders', retries: '5', callback: '' }), dialect);
		expect(webhookAddress(client, check)).toBe(
			'http://127.0.0.1:1/v2/publish/orders?acme-retries=5&acme-failure-callback=http%3A%2F%2F127.0.0.1%3A9%2Ffailure&acme_token=tok',
		);
		expect(webhookAddress(client, checkPublishForm(values({ destination: '' }), dialect))).toBeUndefined();
	});
});

describe('trigger items', () => {
	it('checks an item typed in the form', () => {
		expect(
			checkItemForm({ destination: 'https://w.example/', body: 'b', headers: 'Svc-Workflow-RunId: r1' }).item,
		).toEqual({
			destination: 'https://w.example/',
			body: 'b',
			headers: { 'Svc-Workflow-RunId': 'r1' },
		});
		expect(checkItemForm({ destination: 'w', body: '', headers: 'A: 1\na: 2' }).errors).toEqual({
			destination: 'expected an http:// or https:// URL',
			headers: 'line 2: a is given twice',
		});
	});

	it('reads a JSON file of items, or says clearly why not', () => {
		expect(parseTriggerItems('[{"destination":"https://w.example/"}]', 'f.json')).toEqual({
			items: [{ destination: 'https://w.example/' }],
		});
		expect(parseTriggerItems('[{"destination": ', 'f.json')).toEqual({
			error: expect.stringMatching(/^f\.json is not valid JSON: /),
		});
		expect(parseTriggerItems('{"destination":"x"}', 'f.json')).toEqual({
			error: expect.stringMatching(/^f\.json: items/),
		});
		expect(parseTriggerItems('[{"destination":"x","headers":{"a":1}}]', 'f.json')).toEqual({
			error: 'f.json: items[0].headers.a must be a string, not a number',
		});
		// A JSON body is sent as its serialisation, as mqtop trigger and the workflow SDK send it.
		expect(parseTriggerItems('[{"destination":"x","body":{"order":7}}]', 'f.json')).toEqual({
			items: [{ destination: 'x', body: '{"order":7}' }],
		});
		expect(parseTriggerItems('[]', 'f.json')).toEqual({ error: 'f.json: no items to trigger' });
	});
});

describe('matchRunMessages', () => {
	const event = (messageId: string, url: string, time: number, extra: object = {}): DeliveryEvent => ({
		messageId,
		url,
		time,
		state: 'CREATED',
		...extra,
	});

	it('gives the runs of one URL its events of that moment in order, oldest first', () => {
		const runs = [
			{ runId: 'r1', destination: 'https://a/', createdAt: 1000 },
			{ runId: 'r2', destination: 'https://b/', createdAt: 1000 },
			{ runId: 'r3', destination: 'https://a/', createdAt: 1000 },
		];
		// Newest first, as the service lists them, with other traffic in between.
		const events = [
			{ ...event('m9', 'https://a/', 1001), state: 'DELIVERED' as const },
			event('m4', 'https://a/', 1001),
			event('m3', 'https://b/', 1000),
			event('m2', 'https://a/', 1000),
			event('m0', 'https://a/', 990),
		];
		expect(matchRunMessages(runs, events, 'Svc-Workflow-RunId')).toEqual(
			new Map([
				['r1', 'm2'],
				['r2', 'm3'],
				['r3', 'm4'],
			]),
		);
		// Messages already given to earlier runs are not given again.
		expect(matchRunMessages(runs.slice(0, 1), events, 'Svc-Workflow-RunId', new Set(['m2']))).toEqual(
			new Map([['r1', 'm4']]),
		);
	});

	it('uses the run id header when a deployment lists it with the event', () => {
		const runs = [
			{ runId: 'r1', destination: 'https://a/', createdAt: 1000 },
			{ runId: 'r2', destination: 'https://a/', createdAt: 1000 },
		];
		const events = [
			event('m2', 'https://a/', 1000, { header: { 'svc-workflow-runid': ['r1'] } }),
			event('m1', 'https://a/', 1000, { header: { 'Svc-Workflow-RunId': ['r2'] } }),
		];
		expect(matchRunMessages(runs, events, 'Svc-Workflow-RunId')).toEqual(
			new Map([
				['r2', 'm1'],
				['r1', 'm2'],
			]),
		);
	});
});

describe('request previews', () => {
	it('shows method, path, headers and the body exactly as sent, wrapped', () => {
		const preview = previewRequest({
			operation: 'x',
			method: 'PATCH',
			path: '/v2/topics/g',
			json: { headers: {} },
		});
		expect(previewLines(preview, 80)).toEqual([
			'PATCH /v2/topics/g',
			'Content-Type: application/json',
			'',
			'{"headers":{}}',
		]);
		expect(
			previewLines({ method: 'DELETE', path: '/v2/topics/g', headers: [], body: undefined }, 80),
		).toEqual(['DELETE /v2/topics/g', '(no body)']);
		expect(hardWrap('abcdef\ngh', 4)).toEqual(['abcd', 'ef', 'gh']);
	});
});
