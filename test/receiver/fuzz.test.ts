/**
 * Property-based fuzzing of the receiver as users run it (`mqtop listen --json`, the built CLI in
 * a child process): random and forged signatures over random bodies. Every forged request is
 * rejected (401, and its line says not verified), and afterwards the process is alive and still
 * accepts a genuine callback.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../source/signing/jwt.js';
import { builtFile } from './built.js';
import { callbackBody, craftToken, currentKey, nextKey, send, sendSigned, waitFor } from './helpers.js';

let child: ChildProcessWithoutNullStreams;
const lines: string[] = [];
let base = '';

beforeAll(async () => {
	const clean = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !name.startsWith('MQTOP_')),
	);
	child = spawn(
		process.execPath,
		[
			builtFile('cli/main.js'),
			'listen',
			'--json',
			'--current-signing-key',
			currentKey,
			'--next-signing-key',
			nextKey,
		],
		{ env: clean },
	);
	createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
	child.stderr.resume();
	base = (JSON.parse(await waitFor('the listening line', () => lines[0])) as { listening: string }).listening;
});

afterAll(async () => {
	if (child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('close', resolve));
	child.kill('SIGTERM');
	await exited;
});

const printable = fc.string({
	unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ '),
	maxLength: 80,
});

const body = fc.oneof(
	fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
	fc
		.record({ retried: fc.nat(9), maxRetries: fc.nat(9), status: fc.integer({ min: 100, max: 599 }) })
		.map((o) => Buffer.from(JSON.stringify(callbackBody(o)))),
	fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
);

const claims = fc.record({
	iss: fc.oneof(fc.constant('Svc'), printable),
	sub: printable,
	iat: fc.integer(),
	nbf: fc.integer(),
	exp: fc.integer(),
	jti: printable,
	body: printable,
});

const now = () => Math.floor(Date.now() / 1000);

/** A signature that must not verify for `payload`, and what kind of forgery it is. */
const forgery = (payload: Buffer) =>
	fc.oneof(
		printable.map((token) => ({ kind: 'random text', token })),
		fc
			.tuple(printable, printable, printable)
			.map(([a, b, c]) => ({ kind: 'random three parts', token: `${a}.${b}.${c}`.replace(/ /g, '') })),
		fc
			.record({ alg: fc.constantFrom('none', 'HS512', 'RS256', 'hs256', ''), claims, signature: printable })
			.map((t) => ({
				kind: `alg ${t.alg}`,
				token: craftToken({ alg: t.alg, typ: 'JWT' }, t.claims, t.signature.replace(/ /g, '')),
			})),
		printable
			.filter((key) => key !== currentKey && key !== nextKey)
			.map((key) => ({
				kind: 'another key',
				token: signRequest({ key, issuer: 'Svc', url: `${base}/cb`, body: payload }),
			})),
		fc.uint8Array({ minLength: 1, maxLength: 40 }).map((other) => ({
			kind: 'another body',
			token: signRequest({
				key: currentKey,
				issuer: 'Svc',
				url: `${base}/cb`,
				body: Buffer.concat([payload, Buffer.from(other)]),
			}),
		})),
		fc.constantFrom(-100_000, 100_000).map((shift) => ({
			kind: shift < 0 ? 'expired' : 'not yet valid',
			token: signRequest({
				key: nextKey,
				issuer: 'Svc',
				url: `${base}/cb`,
				body: payload,
				now: now() + shift,
			}),
		})),
		printable
			.filter((issuer) => issuer !== 'Svc')
			.map((issuer) => ({
				kind: 'another issuer',
				token: signRequest({ key: currentKey, issuer, url: `${base}/cb`, body: payload }),
			})),
	);

describe('the receiver under forged requests', () => {
	it('rejects every forged request and stays alive', async () => {
		await fc.assert(
			fc.asyncProperty(
				body.chain((payload) => forgery(payload).map((forged) => ({ payload, forged }))),
				fc.boolean(),
				async ({ payload, forged }, withHeader) => {
					const before = lines.length;
					const answer = await send(`${base}/cb`, {
						body: payload,
						headers: withHeader ? { 'Svc-Signature': forged.token } : {},
					});
					expect(answer.status, forged.kind).toBe(401);
					const line = await waitFor('its line', () => (lines.length > before ? lines.at(-1) : undefined));
					expect(JSON.parse(line).verified, forged.kind).toBe(false);
				},
			),
			{ numRuns: 300 },
		);
		expect(child.exitCode).toBeNull();
		const genuine = await sendSigned(base, '/cb', JSON.stringify(callbackBody()));
		expect(genuine.status).toBe(200);
		const last = await waitFor('the genuine line', () => {
			const parsed = JSON.parse(lines.at(-1)!);
			return parsed.verified ? parsed : undefined;
		});
		expect(last).toMatchObject({ kind: 'callback', verified: true });
	});
});
