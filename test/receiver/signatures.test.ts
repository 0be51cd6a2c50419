/**
 * What a receiver remembers of signatures: the ids it verified lately, bounded in time and in
 * count, and the keys it reads again, one read for the requests that wait for it.
 */
import { describe, expect, it } from 'vitest';
import { SeenSignatures } from '../../source/receiver/seen-signatures.js';
import { type KeyPair, SigningKeys } from '../../source/receiver/signing-keys.js';

describe('SeenSignatures', () => {
	it('names the request that carried a signature first, until the signature expires', () => {
		const seen = new SeenSignatures(5);
		expect(seen.note({ jti: 'a', exp: 100 }, 1, 50)).toBeUndefined();
		expect(seen.note({ jti: 'b', exp: 200 }, 2, 50)).toBeUndefined();
		expect(seen.note({ jti: 'a', exp: 100 }, 3, 60)).toBe(1);
		// Past its expiry and the clock tolerance it is forgotten (and would be rejected as expired).
		expect(seen.note({ jti: 'a', exp: 100 }, 4, 106)).toBeUndefined();
		expect(seen.note({ jti: 'b', exp: 200 }, 5, 106)).toBe(2);
		// No id: nothing to tell it by.
		expect(seen.note({ exp: 200 }, 6, 106)).toBeUndefined();
		expect(seen.note({ exp: 200 }, 7, 106)).toBeUndefined();
	});

	it('keeps at most 65,536 signatures, letting the oldest go first', () => {
		const seen = new SeenSignatures(0);
		for (let i = 0; i <= 65_536; i++) seen.note({ jti: `j${i}`, exp: 1000 }, i + 1, 0);
		expect(seen.note({ jti: 'j0', exp: 1000 }, 1, 0)).toBeUndefined();
		expect(seen.note({ jti: 'j2', exp: 1000 }, 1, 0)).toBe(3);
	});
});

describe('SigningKeys', () => {
	it('reads the keys once for the requests that wait together, and not again for those that came before', async () => {
		let reads = 0;
		let keys: KeyPair = { current: 'k1', next: 'k2' };
		const changed: KeyPair[] = [];
		const signing = new SigningKeys(
			keys,
			async () => {
				reads++;
				return keys;
			},
			(pair) => changed.push(pair),
		);
		keys = { current: 'k3', next: 'k4' };
		const arrived = Date.now();
		await Promise.all([signing.refresh(arrived), signing.refresh(arrived), signing.refresh(arrived - 10)]);
		expect(reads).toBe(1);
		expect(signing.current).toBe('k3');
		expect(changed).toEqual([{ current: 'k3', next: 'k4' }]);
		// A request that came after that read began waits for another, a quarter second later at least.
		const later = Date.now() + 1;
		while (Date.now() < later) await new Promise((resolve) => setTimeout(resolve, 1));
		await signing.refresh(later);
		expect(reads).toBe(2);
		expect(changed).toHaveLength(1);
	});

	it('keeps the keys it has when they cannot be read', async () => {
		const signing = new SigningKeys({ current: 'k1', next: undefined }, async () => {
			throw new Error('down');
		});
		await signing.refresh(Date.now());
		expect(signing.current).toBe('k1');
		const fixed = new SigningKeys({ current: 'k1', next: undefined }, undefined);
		expect(fixed.readable).toBe(false);
		await fixed.refresh(Date.now());
	});
});
