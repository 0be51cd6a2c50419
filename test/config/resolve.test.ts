import { describe, expect, it } from 'vitest';
import { defaultDialect, dialectPresets } from '../../source/api/dialect.js';
import type { ConfigFile } from '../../source/config/file.js';
import {
	atLocalServer,
	formatSource,
	type ResolveInputs,
	resolveConnection,
} from '../../source/config/resolve.js';

const config: ConfigFile = {
	defaultProfile: 'prod',
	profiles: {
		prod: {
			queueUrl: 'https://q.prod.example',
			token: 'tok_profile',
			managementUrl: 'https://m.prod.example',
			email: 'ops@example.com',
			apiKey: 'key_profile',
			headerPrefix: 'Upstash-',
		},
		staging: { queueUrl: 'https://q.staging.example', token: 'tok_staging' },
	},
};

const inputs = (over: Partial<ResolveInputs>): ResolveInputs => ({
	config,
	configPath: '/cfg/config.json',
	env: {},
	flags: {},
	...over,
});

describe('resolveConnection', () => {
	it('takes a flag over the environment over the profile over the default', () => {
		const all = resolveConnection(
			inputs({
				env: { MQTOP_TOKEN: 'tok_env', MQTOP_EMAIL: 'env@example.com' },
				flags: { token: 'tok_flag' },
			}),
		);
		expect(all.values.token).toBe('tok_flag');
		expect(formatSource(all.sources.token)).toBe('flag --token');
		expect(all.values.email).toBe('env@example.com');
		expect(formatSource(all.sources.email)).toBe('env MQTOP_EMAIL');
		expect(all.values.apiKey).toBe('key_profile');
		expect(formatSource(all.sources.apiKey)).toBe('profile prod');
		expect(all.values.headerPrefix).toBe('Upstash-');
		expect(all.values.tokenParam).toBe('mq_token');
		expect(formatSource(all.sources.tokenParam)).toBe('default');
		expect(all.sources.currentSigningKey).toEqual({ kind: 'unset' });
		expect(all.dialect).toEqual({
			headerPrefix: 'Upstash-',
			tokenParam: 'mq_token',
			productSegment: 'mq',
			issuer: 'Svc',
			partnerWord: 'partner',
		});
		expect(all.preset).toBeUndefined();
		expect(all.local).toBe(false);
	});

	it('gives the five dialect names of a preset, each still settable on its own', () => {
		const deployed = resolveConnection(
			inputs({
				config: { profiles: { up: { queueUrl: 'https://q.example', dialect: 'deployed' } } },
				flags: { profile: 'up' },
			}),
		);
		expect(deployed.preset).toBe('deployed');
		expect(deployed.dialect).toEqual({
			headerPrefix: 'Upstash-',
			tokenParam: 'qstash_token',
			productSegment: 'qstash',
			issuer: 'Upstash',
			partnerWord: 'vercel',
		});
		expect(formatSource(deployed.sources.issuer)).toBe('preset deployed');
		expect(formatSource(deployed.sources.dialect)).toBe('profile up');
		// A name given on its own wins over the preset, wherever each came from.
		const mixed = resolveConnection(
			inputs({ env: { MQTOP_DIALECT: 'deployed' }, flags: { productSegment: 'mq' } }),
		);
		expect(mixed.dialect).toMatchObject({
			headerPrefix: 'Upstash-',
			productSegment: 'mq',
			partnerWord: 'vercel',
		});
		expect(formatSource(mixed.sources.productSegment)).toBe('flag --product-segment');
		expect(() => resolveConnection(inputs({ flags: { dialect: 'vendor' } }))).toThrow(
			/--dialect: .*neutral, deployed/,
		);
	});

	it('chooses the profile by flag, then MQTOP_PROFILE, then defaultProfile, then local', () => {
		expect(
			resolveConnection(inputs({ env: { MQTOP_PROFILE: 'prod' }, flags: { profile: 'staging' } })),
		).toMatchObject({
			profile: 'staging',
			profileSource: { kind: 'flag' },
			values: { token: 'tok_staging' },
		});
		expect(resolveConnection(inputs({ env: { MQTOP_PROFILE: 'staging' } }))).toMatchObject({
			profile: 'staging',
			profileSource: { kind: 'env', name: 'MQTOP_PROFILE' },
		});
		expect(resolveConnection(inputs({}))).toMatchObject({ profile: 'prod', profileSource: { kind: 'file' } });
		const none = resolveConnection(inputs({ config: { profiles: {} } }));
		expect(none).toMatchObject({ profile: 'local', profileSource: { kind: 'default' }, local: true });
		expect(formatSource(none.sources.queueUrl)).toBe('local server');
	});

	it('treats explicit addresses without a profile as a remote connection', () => {
		const env = { MQTOP_QUEUE_URL: 'http://127.0.0.1:8080', MQTOP_TOKEN: 'tok_env' };
		const resolved = resolveConnection(inputs({ config: { profiles: {} }, env }));
		expect(resolved.local).toBe(false);
		expect(resolved.values).toMatchObject({ queueUrl: 'http://127.0.0.1:8080', token: 'tok_env' });
	});

	it('gives explicit credentials to the local server and lets it supply the rest', () => {
		const resolved = resolveConnection(
			inputs({ config: { profiles: {} }, env: { MQTOP_TOKEN: 'tok_mine' } }),
		);
		expect(resolved.local).toBe(true);
		expect(resolved.values.token).toBe('tok_mine');
		expect(formatSource(resolved.sources.token)).toBe('env MQTOP_TOKEN');
		expect(formatSource(resolved.sources.apiKey)).toBe('local server');
	});

	it("takes the running local server's addresses, credentials and dialect, unless given explicitly", () => {
		const server = {
			queueUrl: 'http://127.0.0.1:8080',
			managementUrl: 'http://127.0.0.1:8080',
			token: 'tok_server',
			email: 'local@example.org',
			apiKey: 'key_server',
			currentSigningKey: 'sig_current',
			nextSigningKey: 'sig_next',
			dialect: dialectPresets.deployed,
		};
		const none = inputs({ config: { profiles: {} } });
		const found = atLocalServer(resolveConnection(none), server);
		expect(found).toMatchObject({ local: true, dialect: dialectPresets.deployed, preset: 'deployed' });
		expect(found.values).toMatchObject({
			queueUrl: server.queueUrl,
			token: 'tok_server',
			dialect: 'deployed',
		});
		expect(formatSource(found.sources.queueUrl)).toBe('local server');
		expect(formatSource(found.sources.headerPrefix)).toBe('local server');
		expect(formatSource(found.sources.dialect)).toBe('local server');

		const given = atLocalServer(
			resolveConnection({ ...none, env: { MQTOP_TOKEN: 'tok_mine', MQTOP_HEADER_PREFIX: 'X-' } }),
			server,
		);
		expect(given.values.token).toBe('tok_mine');
		expect(given.values.apiKey).toBe('key_server');
		// A dialect name given explicitly keeps the whole dialect the configuration's.
		expect(given.dialect).toEqual({ ...defaultDialect, headerPrefix: 'X-' });
		expect(formatSource(given.sources.tokenParam)).toBe('default');
	});

	it('ignores empty variables and refuses bad values, naming where they came from', () => {
		expect(resolveConnection(inputs({ env: { MQTOP_TOKEN: '' } })).values.token).toBe('tok_profile');
		expect(() => resolveConnection(inputs({ env: { MQTOP_QUEUE_URL: 'nope' } }))).toThrow(
			/MQTOP_QUEUE_URL: .*http/,
		);
		expect(() => resolveConnection(inputs({ flags: { headerPrefix: 'a b' } }))).toThrow(/--header-prefix/);
	});

	it('names the known profiles when the chosen one does not exist', () => {
		expect(() => resolveConnection(inputs({ flags: { profile: 'prd' } }))).toThrow(
			/no profile named "prd" \(chosen by flag --profile\); \/cfg\/config\.json has: prod, staging/,
		);
	});
});
