/**
 * What a pane shows in place of its view when the connection lacks the settings of an API it
 * needs: which settings, and the three ways to give each (flag, environment, config file key).
 */
import { Box, Text } from 'ink';
import { envName, flagName, type SettingKey } from '../../../config/settings.js';
import { sanitize } from '../../../text/sanitize.js';
import { useTheme } from '../../theme/theme.js';
import { Table } from '../table/table-view.js';

export interface SettingsNeededProps {
	/** The pane, e.g. `Overview`. */
	pane: string;
	/** The API it needs, e.g. `management`. */
	api: string;
	keys: readonly SettingKey[];
	/** Where the settings were read from: the config file, and the profile of it in use. */
	origin?: { configPath: string; profile?: string | undefined } | undefined;
	/** Panes that work without these settings, to point at. */
	working?: readonly string[];
	width: number;
	height: number;
}

interface Row {
	key: SettingKey;
}

const columns = [
	{ header: 'setting', cell: (r: Row) => r.key, minWidth: 13 },
	{ header: 'flag', cell: (r: Row) => `--${flagName(r.key)}`, minWidth: 12 },
	{ header: 'environment', cell: (r: Row) => envName(r.key), minWidth: 12 },
	{ header: 'config file key', cell: (r: Row) => `"${r.key}"`, minWidth: 10 },
];

const list = (words: readonly string[]) =>
	words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Where in the config file the keys go. */
function configText(origin: SettingsNeededProps['origin']): string {
	if (!origin) return 'A flag wins over the environment, and the environment over the config file.';
	const file = sanitize(origin.configPath);
	if (origin.profile === undefined)
		return `The config file is ${file}: put the keys in a profile (under "profiles") and choose it with --profile, MQTOP_PROFILE or "defaultProfile".`;
	const profile = sanitize(origin.profile);
	return `The config file is ${file}: put the keys in the profile "${profile}" in use (under "profiles"), or choose another with --profile.`;
}

export function SettingsNeeded(props: SettingsNeededProps) {
	const theme = useTheme();
	const { keys, origin } = props;
	const are = keys.length === 1 ? 'is' : 'are';
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold color={theme.color('warn')} wrap="wrap">
				The {props.pane} pane needs the {props.api} API, and it is not configured:
			</Text>
			<Text wrap="wrap">
				{list(keys)} {are} not set. Give {keys.length === 1 ? 'it' : 'them'} in any of these ways, then start
				mqtop again:
			</Text>
			<Text> </Text>
			<Table
				columns={columns}
				rows={keys.map((key) => ({ key }))}
				width={props.width}
				height={keys.length + 1}
			/>
			<Text> </Text>
			<Text wrap="wrap" dimColor>
				{configText(origin)}
			</Text>
			{props.working && props.working.length > 0 ? (
				<Text wrap="wrap" dimColor>
					{list(props.working)} work without {keys.length === 1 ? 'it' : 'them'}.
				</Text>
			) : null}
		</Box>
	);
}
