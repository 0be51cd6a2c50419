/** `mqtop config`: the resolved connection settings and where each came from. */
import { dialectPresetNames, presetOf } from '../../api/dialect.js';
import { localProfile } from '../../config/file.js';
import { atLocalServer, formatSource, type Resolved } from '../../config/resolve.js';
import { type SettingKey, secretKeys, settingKeys } from '../../config/settings.js';
import { maskSecret, maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { defineCommand } from '../define.js';

/**
 * The dialect in words: the preset chosen (and which names were set over it), or the preset
 * the five names happen to match, or that they are set one by one.
 */
export function describeDialect(resolved: Resolved): { preset: string | null; text: string } {
	const { preset } = resolved;
	// Names that came with the preset (or with the local server's dialect) are not set on their own.
	const own = (['headerPrefix', 'tokenParam', 'productSegment', 'issuer', 'partnerWord'] as const).filter(
		(key) => !['preset', 'default', 'local'].includes(resolved.sources[key].kind),
	);
	if (preset) {
		const from = formatSource(resolved.sources.dialect);
		return {
			preset,
			text: `${preset} (from ${from})${own.length > 0 ? `, with ${own.join(', ')} set on their own` : ''}`,
		};
	}
	const matching = presetOf(resolved.dialect);
	if (matching) return { preset: null, text: `the names of the ${matching} preset, set one by one` };
	return { preset: null, text: `names set one by one; presets: ${dialectPresetNames.join(', ')}` };
}

const urlKeys: ReadonlySet<SettingKey> = new Set(['queueUrl', 'managementUrl']);

/** A value as shown: secrets, and a `user:password@` in a URL, masked unless `reveal`. */
function shownValue(key: SettingKey, value: string, reveal: boolean): string {
	if (reveal) return value;
	if (secretKeys.has(key)) return maskSecret(value);
	return urlKeys.has(key) ? maskUrlCredentials(value) : value;
}

/** Setting name -> shown value and source. */
export function describeSettings(resolved: Resolved, reveal: boolean) {
	return Object.fromEntries(
		settingKeys.map((key) => {
			const value = resolved.values[key];
			return [
				key,
				{
					value: value === undefined ? null : shownValue(key, value, reveal),
					source: formatSource(resolved.sources[key]),
				},
			];
		}),
	);
}

export const configCommand = defineCommand({
	name: 'config',
	summary: 'show the connection settings in effect and where each came from',
	usage: '',
	description: [
		'Profiles live in one JSON file (see "file" below): {"defaultProfile": "prod", "profiles": {"prod": ' +
			'{"queueUrl": "...", "token": "...", "managementUrl": "...", "email": "...", "apiKey": "...", ' +
			'"dialect": "deployed"}}}. ' +
			'Keep it private (chmod 600): it holds secrets. The profile "local", used when nothing is ' +
			'configured, is the local server that `mqtop serve` (or the monitor) runs for the data directory: ' +
			'while it runs, its address, credentials and dialect are shown as coming from "local server".',
	],
	arguments: { min: 0, max: 0 },
	secrets: true,
	async run({ out, resolved: configured, config, reveal, dataDir, localServer }) {
		const server = configured.local ? await localServer() : undefined;
		const resolved = server ? atLocalServer(configured, server) : configured;
		const settings = describeSettings(resolved, reveal);
		// The default "local" profile is not in use when addresses were given explicitly.
		const profile = resolved.local || resolved.profile !== localProfile ? resolved.profile : null;
		if (out.json) {
			out.document({
				file: { path: config.path, exists: config.exists },
				profiles: Object.keys(config.config.profiles),
				profile: { name: profile, source: formatSource(resolved.profileSource) },
				local: resolved.local,
				localServer: resolved.local
					? { dataDir, running: server !== undefined, ...(server ? { queueUrl: server.queueUrl } : {}) }
					: null,
				dialect: { preset: resolved.preset ?? null, names: resolved.dialect },
				settings,
			});
			return;
		}
		const names = Object.keys(config.config.profiles);
		out.pairs([
			['file', `${sanitize(config.path)}${config.exists ? '' : ' (not found)'}`],
			['profiles', [...names, `${localProfile} (built in)`].join(', ')],
			[
				'profile',
				profile === null
					? 'none: the addresses come from flags or the environment'
					: `${sanitize(profile)} (from ${formatSource(resolved.profileSource)})`,
			],
			[
				'connection',
				server
					? { text: sanitize(`the local server at ${server.queueUrl} (state in ${dataDir})`), style: 'cyan' }
					: resolved.local
						? {
								text: sanitize(`none: no local server runs for ${dataDir}; start one with \`mqtop serve\``),
								style: 'yellow',
							}
						: sanitize(
								maskUrlCredentials(resolved.values.queueUrl ?? resolved.values.managementUrl ?? '', reveal),
							),
			],
			['dialect', sanitize(describeDialect(resolved).text)],
		]);
		out.line();
		out.table(
			[{ header: 'setting' }, { header: 'value' }, { header: 'from' }],
			Object.entries(settings).map(([key, { value, source }]) => [
				key,
				value === null ? { text: '-', style: 'dim' } : sanitize(value),
				{ text: source, style: 'dim' },
			]),
		);
	},
});
