import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfigFile, parseConfigFile, permissionWarning } from '../../source/config/file.js';

describe('parseConfigFile', () => {
	it('reads profiles', () => {
		const config = parseConfigFile(
			JSON.stringify({
				defaultProfile: 'prod',
				profiles: { prod: { queueUrl: 'https://q.example.com', token: 'tok_1', headerPrefix: 'Upstash-' } },
			}),
			'/c.json',
		);
		expect(config.profiles.prod?.queueUrl).toBe('https://q.example.com');
		expect(config.defaultProfile).toBe('prod');
	});

	it('names the file and the field path of a mistake', () => {
		const bad = (value: unknown) => () => parseConfigFile(JSON.stringify(value), '/home/a/c.json');
		expect(bad({ profiles: { prod: { queueUrl: 'ftp://x' } } })).toThrow(
			/config file \/home\/a\/c\.json: profiles\.prod\.queueUrl: expected an http/,
		);
		expect(bad({ profiles: { prod: { queueURL: 'https://x' } } })).toThrow(/profiles\.prod.*queueURL/);
		expect(bad({ profiles: { prod: { token: 'has space' } } })).toThrow(/profiles\.prod\.token/);
		expect(bad({ defaultProfile: 'nope', profiles: {} })).toThrow(/defaultProfile: no profile named "nope"/);
		expect(bad({ profiles: { local: {} } })).toThrow(/profiles\.local: the name "local" is reserved/);
		expect(() => parseConfigFile('{"profiles":', '/c.json')).toThrow(
			/config file \/c\.json is not valid JSON/,
		);
		expect(() => parseConfigFile('{}', '/c.json')).not.toThrow();
	});

	it('raises ConfigError', () => {
		expect(() => parseConfigFile('[]', '/c.json')).toThrow(ConfigError);
	});
});

describe('permissions of the config file', () => {
	let dir: string;
	beforeAll(async () => {
		dir = await mkdtemp(path.join(tmpdir(), 'mqtop-config-'));
	});
	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it('warns when group or others may read it, not when only the owner may', async () => {
		const file = path.join(dir, 'config.json');
		await writeFile(file, JSON.stringify({ profiles: { prod: { token: 'tok_secret' } } }));
		await chmod(file, 0o644);
		const open = await loadConfigFile(file, 'linux');
		expect(open.warnings).toHaveLength(1);
		expect(open.warnings[0]).toContain('mode 644');
		expect(open.warnings[0]).toContain(`chmod 600 ${file}`);
		await chmod(file, 0o600);
		const closed = await loadConfigFile(file, 'linux');
		expect(closed.warnings).toEqual([]);
		expect(closed.config.profiles.prod?.token).toBe('tok_secret');
	});

	it('is fine without a file, and reports an unreadable one', async () => {
		const missing = await loadConfigFile(path.join(dir, 'none.json'), 'linux');
		expect(missing).toMatchObject({ exists: false, config: { profiles: {} }, warnings: [] });
		await expect(loadConfigFile(dir, 'linux')).rejects.toThrow(/cannot read config file .*EISDIR/);
	});

	it('checks modes on POSIX only', () => {
		expect(permissionWarning('/c', 0o100640, 'linux')).toContain('mode 640');
		expect(permissionWarning('/c', 0o100600, 'darwin')).toBeUndefined();
		expect(permissionWarning('C:\\c', 0o100666, 'win32')).toBeUndefined();
	});
});
