/** The header line: who is connected to what, the period, the health badge and the clock. */
import { Text } from 'ink';
import { memo } from 'react';
import { maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { useRuntime } from '../contract/context.js';
import { useTheme } from '../theme/theme.js';
import { HealthBadge } from './health.js';

export const Header = memo(function Header(props: { width: number }) {
	const { client, connection, readOnly } = useRuntime();
	// A URL may carry a password (https://user:pass@host); the header is always on screen.
	const managementUrl = maskUrlCredentials(client.settings.managementUrl);
	const queueUrl = maskUrlCredentials(client.settings.queueUrl);
	const local = connection.localServer;
	// A deployment may be given one API only: it is named by the URL it has.
	const where = !connection.embedded
		? sanitize(managementUrl || queueUrl)
		: local
			? 'local server'
			: 'embedded local service';
	const urls =
		managementUrl === queueUrl || !managementUrl || !queueUrl
			? connection.embedded
				? `at ${sanitize(managementUrl)}`
				: ''
			: connection.embedded
				? `management ${sanitize(managementUrl)} · messaging ${sanitize(queueUrl)}`
				: `messaging ${sanitize(queueUrl)}`;
	const whose =
		local?.kind === 'running'
			? ' (mqtop serve)'
			: local?.kind === 'own'
				? ` · state in ${sanitize(local.dataDir)}`
				: '';
	const theme = useTheme();
	return (
		<Text wrap="truncate-end">
			<HealthBadge width={props.width} />
			<Text bold color={theme.color('accent')}>
				mqtop
			</Text>
			<Text> {where}</Text>
			{urls ? (
				<Text dimColor>
					{' '}
					{urls}
					{whose}
				</Text>
			) : null}
			{connection.demo ? <Text color={theme.color('special')}> · demo traffic</Text> : null}
			{connection.receiverUrl ? <Text dimColor> · receiver {connection.receiverUrl}</Text> : null}
			{readOnly ? <Text color={theme.color('warn')}> · read-only</Text> : null}
		</Text>
	);
});
