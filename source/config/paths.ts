/**
 * Where the config file and the data directory live on each platform. Pure: the caller passes the platform, the
 * environment and the home directory, so every branch is testable on any machine.
 */
import path from 'node:path';

export interface PathInputs {
	platform: NodeJS.Platform;
	env: Readonly<Record<string, string | undefined>>;
	homedir: string;
}

/**
 * `MQTOP_CONFIG` names the file directly. Otherwise: Windows `%APPDATA%\mqtop\config.json`;
 * elsewhere `$XDG_CONFIG_HOME/mqtop/config.json` when it is set (an absolute path, as the XDG
 * spec requires), then macOS `~/Library/Preferences/mqtop/config.json`, then
 * `~/.config/mqtop/config.json`.
 */
export function configFilePath({ platform, env, homedir }: PathInputs): string {
	const explicit = env.MQTOP_CONFIG?.trim();
	if (explicit) return explicit;
	if (platform === 'win32') {
		const appData = env.APPDATA?.trim() || path.win32.join(homedir, 'AppData', 'Roaming');
		return path.win32.join(appData, 'mqtop', 'config.json');
	}
	const xdg = env.XDG_CONFIG_HOME?.trim();
	if (xdg && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, 'mqtop', 'config.json');
	if (platform === 'darwin')
		return path.posix.join(homedir, 'Library', 'Preferences', 'mqtop', 'config.json');
	return path.posix.join(homedir, '.config', 'mqtop', 'config.json');
}

/**
 * Where the local server keeps its state (and the receiver its history). `MQTOP_DATA_DIR`
 * names the directory directly. Otherwise: Windows `%LOCALAPPDATA%\mqtop`; elsewhere
 * `$XDG_DATA_HOME/mqtop` when it is set (an absolute path), then macOS
 * `~/Library/Application Support/mqtop`, then `~/.local/share/mqtop`.
 */
export function dataDirPath({ platform, env, homedir }: PathInputs): string {
	const explicit = env.MQTOP_DATA_DIR?.trim();
	if (explicit) return explicit;
	if (platform === 'win32') {
		const local = env.LOCALAPPDATA?.trim() || path.win32.join(homedir, 'AppData', 'Local');
		return path.win32.join(local, 'mqtop');
	}
	const xdg = env.XDG_DATA_HOME?.trim();
	if (xdg && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, 'mqtop');
	if (platform === 'darwin') return path.posix.join(homedir, 'Library', 'Application Support', 'mqtop');
	return path.posix.join(homedir, '.local', 'share', 'mqtop');
}

/**
 * Where mqtop keeps what it can make again (V8's compiled code of the monitor, cli/code-cache.ts).
 * Windows `%LOCALAPPDATA%\mqtop\Cache`; elsewhere `$XDG_CACHE_HOME/mqtop` when it is set (an
 * absolute path), then macOS `~/Library/Caches/mqtop`, then `~/.cache/mqtop`.
 */
export function cacheDirPath({ platform, env, homedir }: PathInputs): string {
	if (platform === 'win32') {
		const local = env.LOCALAPPDATA?.trim() || path.win32.join(homedir, 'AppData', 'Local');
		return path.win32.join(local, 'mqtop', 'Cache');
	}
	const xdg = env.XDG_CACHE_HOME?.trim();
	if (xdg && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, 'mqtop');
	if (platform === 'darwin') return path.posix.join(homedir, 'Library', 'Caches', 'mqtop');
	return path.posix.join(homedir, '.cache', 'mqtop');
}
