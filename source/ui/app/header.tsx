/**
 * The header line: the health badge and its reason, then who is connected to what (the
 * receiver, demo traffic, read-only). Both have longer and shorter forms; the line takes the
 * longest pair that fits the width, so that neither the reason nor the service's URL is cut
 * where a shorter form of the other would leave room.
 */
import { Text } from 'ink';
import { memo } from 'react';
import { textWidth, truncate } from '../../format/text.js';
import { maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { useRuntime } from '../contract/context.js';
import { healthStale, staleText } from '../data/health/stale.js';
import { useSelector } from '../kit/hooks/use-selector.js';
import { useTheme } from '../theme/theme.js';
import { badgeWidth, HealthBadge, headerHealth, healthSummary } from './health.js';

/** Who is connected to what, in one of its forms. */
export interface Connection {
	/** `embedded local service`, `local`, or the service's URL. */
	where: string;
	/** The URLs after it, and whose state it is. */
	detail: string;
	demo: string;
	receiver: string;
	readOnly: boolean;
}

export const connectionText = (c: Connection) =>
	`mqtop ${c.where}${c.detail ? ` ${c.detail}` : ''}${c.demo}${c.receiver}${c.readOnly ? ' · read-only' : ''}`;

/**
 * The pair of forms that fits `width`: the whole reason with the whole connection first; then
 * the connection without the receiver (the Callbacks pane shows it), the reason's first part,
 * the connection's short forms (`mqtop local <url>`, then its host and port); at last the
 * reason cut to what is left.
 */
export function fitHeader(
	width: number,
	before: number,
	reasons: readonly string[],
	hint: string,
	forms: readonly Connection[],
): { reason: string; connection: Connection } {
	const fixed = (reason: string) => before + textWidth(reason) + hint.length + ' │ '.length;
	// [reason form, connection form], in the order tried: the reason whole as long as the URL stays whole.
	const pairs: [number, number][] = [
		[0, 0],
		[0, 1],
		[0, 2],
		[1, 1],
		[1, 2],
		[0, 3],
		[2, 2],
		[1, 3],
		[2, 3],
		[3, 2],
		[3, 3],
		[4, 3],
		[5, 3],
	];
	for (const [r, c] of pairs) {
		const reason = reasons[r];
		const connection = forms[c];
		if (reason === undefined || connection === undefined) continue;
		if (fixed(reason) + textWidth(connectionText(connection)) <= width) return { reason, connection };
	}
	const connection = forms.at(-1)!;
	const reason = reasons.at(-1)!;
	const room = width - before - hint.length - ' │ '.length - textWidth(connectionText(connection));
	return { reason: truncate(reason, Math.max(12, room)), connection };
}

export const Header = memo(function Header(props: { width: number }) {
	const { client, connection, readOnly, health, polls } = useRuntime();
	const summary = useSelector(health, healthSummary, (s) => `${s.colour} ${s.more} ${s.reason}`);
	const stale = useSelector(
		polls,
		(state) => {
			const found = healthStale(state);
			return found && staleText(found);
		},
		(text) => text ?? '',
	);
	const shown = headerHealth(summary, stale);
	// A URL may carry a password (https://user:pass@host); the header is always on screen.
	const managementUrl = sanitize(maskUrlCredentials(client.settings.managementUrl));
	const queueUrl = sanitize(maskUrlCredentials(client.settings.queueUrl));
	const local = connection.localServer;
	const oneUrl = managementUrl === queueUrl || !managementUrl || !queueUrl;
	const whose =
		local?.kind === 'running'
			? ' (mqtop serve)'
			: local?.kind === 'own'
				? ` · state in ${sanitize(local.dataDir)}`
				: '';
	const common = { readOnly, demo: connection.demo ? ' · demo traffic' : '' };
	const receiver = connection.receiverUrl ? ` · receiver ${sanitize(connection.receiverUrl)}` : '';
	// A deployment may be given one API only: it is named by the URL it has.
	const full: Connection = connection.embedded
		? {
				...common,
				where: local ? 'local server' : 'embedded local service',
				detail: `${oneUrl ? `at ${managementUrl}` : `management ${managementUrl} · messaging ${queueUrl}`}${whose}`,
				receiver,
			}
		: {
				...common,
				where: managementUrl || queueUrl,
				detail: oneUrl ? '' : `messaging ${queueUrl}${whose}`,
				receiver,
			};
	const short: Connection = connection.embedded
		? {
				...common,
				where: 'local',
				detail: managementUrl || queueUrl,
				demo: connection.demo ? ' · demo' : '',
				receiver: '',
			}
		: { ...common, where: managementUrl || queueUrl, detail: '', demo: '', receiver: '' };
	const { reason, connection: chosen } = fitHeader(
		props.width,
		badgeWidth(shown.colour),
		shown.reasons,
		shown.hint,
		[
			full,
			{ ...full, receiver: '' },
			short,
			{ ...short, detail: short.detail.replace(/^https?:\/\//, ''), demo: '' },
		],
	);
	const theme = useTheme();
	return (
		<Text wrap="truncate-end">
			<HealthBadge health={shown} reason={reason} />
			<Text bold color={theme.color('accent')}>
				mqtop
			</Text>
			<Text> {chosen.where}</Text>
			{chosen.detail ? <Text dimColor> {chosen.detail}</Text> : null}
			{chosen.demo ? <Text color={theme.color('special')}>{chosen.demo}</Text> : null}
			{chosen.receiver ? <Text dimColor>{chosen.receiver}</Text> : null}
			{chosen.readOnly ? <Text color={theme.color('warn')}> · read-only</Text> : null}
		</Text>
	);
});
