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
 * A platform's base directory of one kind (config, data, cache) and where mqtop's lies in it:
 * Windows `%<windows>%` (`<home>\<windowsHome>` when unset); elsewhere `$<xdg>` when it is set (an
 * absolute path, as the XDG spec requires), then macOS `~/<darwin>`, then `~/<other>`.
 */
interface BaseDirectory {
	windows: string;
	windowsHome: string[];
	xdg: string;
	darwin: string[];
	other: string[];
}

function inBase(
	{ platform, env, homedir }: PathInputs,
	base: BaseDirectory,
	under: string[],
	windowsUnder = under,
): string {
	if (platform === 'win32') {
		const dir = env[base.windows]?.trim() || path.win32.join(homedir, ...base.windowsHome);
		return path.win32.join(dir, ...windowsUnder);
	}
	const xdg = env[base.xdg]?.trim();
	if (xdg && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, ...under);
	return path.posix.join(homedir, ...(platform === 'darwin' ? base.darwin : base.other), ...under);
}

/**
 * `MQTOP_CONFIG` names the file directly. Otherwise: Windows `%APPDATA%\mqtop\config.json`;
 * elsewhere `$XDG_CONFIG_HOME/mqtop/config.json` when it is set (an absolute path), then macOS
 * `~/Library/Preferences/mqtop/config.json`, then `~/.config/mqtop/config.json`.
 */
export function configFilePath(inputs: PathInputs): string {
	const explicit = inputs.env.MQTOP_CONFIG?.trim();
	if (explicit) return explicit;
	const base = {
		windows: 'APPDATA',
		windowsHome: ['AppData', 'Roaming'],
		xdg: 'XDG_CONFIG_HOME',
		darwin: ['Library', 'Preferences'],
		other: ['.config'],
	};
	return inBase(inputs, base, ['mqtop', 'config.json']);
}

/** The local application data of Windows: the data and the cache directories are both in it. */
const localAppData = { windows: 'LOCALAPPDATA', windowsHome: ['AppData', 'Local'] };

/**
 * Where the local server keeps its state (and the receiver its history). `MQTOP_DATA_DIR`
 * names the directory directly. Otherwise: Windows `%LOCALAPPDATA%\mqtop`; elsewhere
 * `$XDG_DATA_HOME/mqtop` when it is set (an absolute path), then macOS
 * `~/Library/Application Support/mqtop`, then `~/.local/share/mqtop`.
 */
export function dataDirPath(inputs: PathInputs): string {
	const explicit = inputs.env.MQTOP_DATA_DIR?.trim();
	if (explicit) return explicit;
	const base = {
		...localAppData,
		xdg: 'XDG_DATA_HOME',
		darwin: ['Library', 'Application Support'],
		other: ['.local', 'share'],
	};
	return inBase(inputs, base, ['mqtop']);
}

/**
 * Where mqtop keeps what it can make again (V8's compiled code of the monitor, cli/code-cache.ts).
 * Windows `%LOCALAPPDATA%\mqtop\Cache`; elsewhere `$XDG_CACHE_HOME/mqtop` when it is set (an
 * absolute path), then macOS `~/Library/Caches/mqtop`, then `~/.cache/mqtop`.
 */
export function cacheDirPath(inputs: PathInputs): string {
	const base = { ...localAppData, xdg: 'XDG_CACHE_HOME', darwin: ['Library', 'Caches'], other: ['.cache'] };
	return inBase(inputs, base, ['mqtop'], ['mqtop', 'Cache']);
}
