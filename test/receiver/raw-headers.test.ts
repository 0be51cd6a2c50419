import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDialect, resolveDialect } from '../../source/api/dialect.js';
import { signatureHeaderName } from '../../source/receiver/delivery-headers.js';
import { headerFromRaw, headersFromRaw } from '../../source/receiver/raw-headers.js';

describe('headerFromRaw', () => {
	it('is the one header headersFromRaw gives, repeated ones joined', () => {
		const raw = ['Content-Type', 'a/b', 'SVC-SIGNATURE', 't1', 'X', 'y', 'svc-signature', 't2'];
		expect(headerFromRaw(raw, 'svc-signature')).toBe('t1, t2');
		expect(headerFromRaw(raw, 'content-type')).toBe('a/b');
		expect(headerFromRaw(raw, 'content-length')).toBeUndefined();
		expect(signatureHeaderName(resolveDialect({ headerPrefix: 'Acme-' }))).toBe('acme-signature');
		expect(headerFromRaw(raw, signatureHeaderName(defaultDialect))).toBe('t1, t2');
		const name = fc.constantFrom(
			'content-type',
			'Content-Type',
			'content-length',
			'X-Other',
			'SVC-Signature',
		);
		fc.assert(
			fc.property(fc.array(fc.tuple(name, fc.string())), (pairs) => {
				const flat = pairs.flat();
				const all = headersFromRaw(flat);
				for (const wanted of ['content-type', 'content-length', 'x-other', 'svc-signature']) {
					expect(headerFromRaw(flat, wanted)).toBe(all[wanted]);
				}
			}),
		);
	});
});
