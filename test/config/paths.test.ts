import { describe, expect, it } from 'vitest';
import { cacheDirPath, configFilePath, dataDirPath } from '../../source/config/paths.js';

describe('configFilePath', () => {
	it('uses XDG_CONFIG_HOME on Linux, else ~/.config', () => {
		expect(
			configFilePath({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x/cfg' }, homedir: '/home/a' }),
		).toBe('/x/cfg/mqtop/config.json');
		expect(configFilePath({ platform: 'linux', env: {}, homedir: '/home/a' })).toBe(
			'/home/a/.config/mqtop/config.json',
		);
		// The XDG spec ignores a relative value.
		expect(configFilePath({ platform: 'linux', env: { XDG_CONFIG_HOME: 'rel' }, homedir: '/home/a' })).toBe(
			'/home/a/.config/mqtop/config.json',
		);
	});

	it('uses ~/Library/Preferences on macOS and %APPDATA% on Windows', () => {
		expect(configFilePath({ platform: 'darwin', env: {}, homedir: '/Users/a' })).toBe(
			'/Users/a/Library/Preferences/mqtop/config.json',
		);
		expect(
			configFilePath({
				platform: 'win32',
				env: { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' },
				homedir: 'C:\\Users\\a',
			}),
		).toBe('C:\\Users\\a\\AppData\\Roaming\\mqtop\\config.json');
		expect(configFilePath({ platform: 'win32', env: {}, homedir: 'C:\\Users\\a' })).toBe(
			'C:\\Users\\a\\AppData\\Roaming\\mqtop\\config.json',
		);
	});

	it('lets MQTOP_CONFIG name the file directly', () => {
		expect(
			configFilePath({
				platform: 'linux',
				env: { MQTOP_CONFIG: '/etc/mq.json', XDG_CONFIG_HOME: '/x' },
				homedir: '/h',
			}),
		).toBe('/etc/mq.json');
	});
});

describe('dataDirPath', () => {
	it('uses XDG_DATA_HOME on Linux, else ~/.local/share', () => {
		expect(dataDirPath({ platform: 'linux', env: { XDG_DATA_HOME: '/x/data' }, homedir: '/home/a' })).toBe(
			'/x/data/mqtop',
		);
		expect(dataDirPath({ platform: 'linux', env: { XDG_DATA_HOME: 'rel' }, homedir: '/home/a' })).toBe(
			'/home/a/.local/share/mqtop',
		);
	});

	it('uses Application Support on macOS and %LOCALAPPDATA% on Windows', () => {
		expect(dataDirPath({ platform: 'darwin', env: {}, homedir: '/Users/a' })).toBe(
			'/Users/a/Library/Application Support/mqtop',
		);
		expect(
			dataDirPath({ platform: 'win32', env: { LOCALAPPDATA: 'D:\\Local' }, homedir: 'C:\\Users\\a' }),
		).toBe('D:\\Local\\mqtop');
	});

	it('lets MQTOP_DATA_DIR name the directory directly', () => {
		expect(
			dataDirPath({
				platform: 'linux',
				env: { MQTOP_DATA_DIR: '/srv/mq', XDG_DATA_HOME: '/x' },
				homedir: '/h',
			}),
		).toBe('/srv/mq');
	});
});

describe('cacheDirPath', () => {
	it('follows each platform: XDG_CACHE_HOME (absolute only), ~/.cache, Caches, LOCALAPPDATA', () => {
		expect(cacheDirPath({ platform: 'linux', env: { XDG_CACHE_HOME: '/x/cache' }, homedir: '/home/a' })).toBe(
			'/x/cache/mqtop',
		);
		expect(cacheDirPath({ platform: 'linux', env: { XDG_CACHE_HOME: 'rel' }, homedir: '/home/a' })).toBe(
			'/home/a/.cache/mqtop',
		);
		expect(cacheDirPath({ platform: 'darwin', env: {}, homedir: '/Users/a' })).toBe(
			'/Users/a/Library/Caches/mqtop',
		);
		expect(cacheDirPath({ platform: 'win32', env: { LOCALAPPDATA: 'C:\\L' }, homedir: 'C:\\Users\\a' })).toBe(
			'C:\\L\\mqtop\\Cache',
		);
	});
});
