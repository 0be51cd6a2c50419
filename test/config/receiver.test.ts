import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfigFile } from '../../source/config/file.js';
import { parseKeyPair, resolveReceiverSettings } from '../../source/config/receiver.js';

describe('the receiver settings', () => {
	it('take flags over MQTOP_* variables over the config file', () => {
		const section = parseConfigFile(
			JSON.stringify({
				receiver: {
					forwardTo: 'http://localhost:3000/api',
					publicUrl: 'https://tunnel.example/hook',
					keyPairs: [{ name: 'eu', currentSigningKey: 'sig_eu1', nextSigningKey: 'sig_eu2' }],
				},
			}),
			'/c.json',
		).receiver;
		expect(resolveReceiverSettings({ section, env: {}, flags: {} })).toEqual({
			forwardTo: 'http://localhost:3000/api',
			forwardRejected: false,
			publicUrl: 'https://tunnel.example/hook',
			keyPairs: [{ name: 'eu', currentSigningKey: 'sig_eu1', nextSigningKey: 'sig_eu2' }],
		});
		const overridden = resolveReceiverSettings({
			section,
			env: { MQTOP_FORWARD_TO: 'http://localhost:4000' },
			flags: { url: 'https://other.example/x', keyPairs: ['us=sig_us1'], forwardRejected: true },
		});
		expect(overridden).toEqual({
			forwardTo: 'http://localhost:4000',
			forwardRejected: true,
			publicUrl: 'https://other.example/x',
			keyPairs: [{ name: 'us', currentSigningKey: 'sig_us1' }],
		});
		expect(
			resolveReceiverSettings({ section, env: {}, flags: { forwardTo: 'http://localhost:5000' } }).forwardTo,
		).toBe('http://localhost:5000');
	});

	it('say what is wrong with a key pair, a URL or a repeated name', () => {
		expect(parseKeyPair('eu-central-1=sig_a, sig_b')).toEqual({
			name: 'eu-central-1',
			currentSigningKey: 'sig_a',
			nextSigningKey: 'sig_b',
		});
		expect(() => parseKeyPair('sig_a')).toThrow(/--key-pair "sig_a": expected <name>=<current key>/);
		expect(() => parseKeyPair('eu=')).toThrow(ConfigError);
		expect(() => parseKeyPair('eu=a,b,c')).toThrow(ConfigError);
		expect(() =>
			resolveReceiverSettings({ section: undefined, env: {}, flags: { forwardTo: 'localhost:3000' } }),
		).toThrow(/--forward-to: expected an http/);
		expect(() =>
			resolveReceiverSettings({ section: undefined, env: {}, flags: { keyPairs: ['a=sig_1', 'a=sig_2'] } }),
		).toThrow(/key pair "a" is given twice/);
		expect(() => parseConfigFile(JSON.stringify({ receiver: { forward: 'x' } }), '/c.json')).toThrow(
			/receiver/,
		);
	});
});
