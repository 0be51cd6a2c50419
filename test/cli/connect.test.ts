import { describe, expect, it } from 'vitest';
import { dialectPresets } from '../../source/api/dialect.js';
import { describeCredentials, localStartOptions, missingSettings } from '../../source/cli/connect.js';
import { resolveConnection } from '../../source/config/resolve.js';

const resolve = (env: Record<string, string>, flags: Record<string, string> = {}) =>
	resolveConnection({ config: { profiles: {} }, configPath: '/c.json', env, flags });

describe('connecting', () => {
	it('names every missing setting and how to set it', () => {
		const remote = resolve({ MQTOP_QUEUE_URL: 'http://127.0.0.1:1' });
		expect(missingSettings(remote, 'queue', '/c.json')).toBe(
			'not configured for the messaging API: token is not set; set --token, or MQTOP_TOKEN, or choose a profile of /c.json with --profile',
		);
		expect(missingSettings(remote, 'management', '/c.json')).toMatch(
			/managementUrl, email, apiKey are not set/,
		);
		expect(missingSettings(resolve({}), 'management', '/c.json')).toBeUndefined();
	});

	it('says which credential was used, and where it came from', () => {
		const resolved = resolve(
			{ MQTOP_MANAGEMENT_URL: 'http://127.0.0.1:1', MQTOP_EMAIL: 'a@b' },
			{ apiKey: 'k' },
		);
		expect(describeCredentials(resolved, 'management')).toBe(
			'the management API credentials: email (from env MQTOP_EMAIL) and apiKey (from flag --api-key)',
		);
	});

	it('hands explicit credentials and the dialect names given to the embedded local service', () => {
		// Only the names given: the others are those the data directory kept (else the defaults).
		const resolved = resolve({ MQTOP_TOKEN: 'tok_mine', MQTOP_HEADER_PREFIX: 'Upstash-' });
		expect(localStartOptions(resolved)).toEqual({ dialect: { headerPrefix: 'Upstash-' }, token: 'tok_mine' });
		expect(localStartOptions(resolve({}))).toEqual({ dialect: {} });
		expect(localStartOptions(resolve({ MQTOP_DIALECT: 'deployed' })).dialect).toEqual(
			dialectPresets.deployed,
		);
	});
});
