/** The health line's badge in the header, and the overlay (`!`) that says why it is coloured so. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { describeRule } from '../../config/health.js';
import { sanitize } from '../../text/sanitize.js';
import { useRuntime } from '../contract/context.js';
import type { HealthColour, HealthReport, RuleResult } from '../data/health/evaluate.js';
import { useSelector } from '../kit/hooks/use-selector.js';
import { Overlay } from '../kit/overlay/overlay-view.js';
import { wordWrap } from '../kit/text/wrap.js';
import { type Theme, type Tone, useTheme } from '../theme/theme.js';

const badges: Record<HealthColour, { text: string; tone: Tone | undefined }> = {
	green: { text: ' OK ', tone: 'ok' },
	yellow: { text: ' WARN ', tone: 'warn' },
	red: { text: ' RED ', tone: 'error' },
	unknown: { text: ' … ', tone: undefined },
};

/** What the header says of the health: the colour and the first reason, as text that changes only when shown so. */
export function healthSummary(report: HealthReport): { colour: HealthColour; reason: string; more: number } {
	const firing = report.results.filter((r) => r.state === 'firing');
	if (firing.length > 0)
		return { colour: report.colour, reason: sanitize(firing[0]!.reason), more: firing.length - 1 };
	if (report.colour === 'unknown') return { colour: 'unknown', reason: 'health: waiting for data', more: 0 };
	const unknown = report.results.filter((r) => r.state === 'unknown').length;
	return {
		colour: report.colour,
		reason: unknown > 0 ? `healthy · ${unknown} rule${unknown === 1 ? '' : 's'} without data` : 'healthy',
		more: 0,
	};
}

function Badge(props: { colour: HealthColour; theme: Theme }) {
	const { text, tone } = badges[props.colour];
	const colour = props.theme.color(tone);
	return (
		<Text backgroundColor={colour} color={colour ? 'black' : undefined} inverse={!colour} bold>
			{text}
		</Text>
	);
}

/** What the header says of the health: its colour, and the forms of its reason, longest first. */
export interface HeaderHealth {
	colour: HealthColour;
	/** The reason with `(+n more)`, then shorter (its first part, `in 5m` for `in the last 5m`), longest first. */
	reasons: string[];
	/** ` · ! why` where the overlay has more to say. */
	hint: string;
	/** The health rests on old answers (the server does not answer): said, and the colour shown as unknown. */
	stale: boolean;
}

/** The forms of the header's health, from the report and whether the answers it rests on are stale. */
export function headerHealth(
	summary: ReturnType<typeof healthSummary>,
	stale: string | undefined,
): HeaderHealth {
	const more = summary.more > 0 ? ` (+${summary.more} more)` : '';
	const first = summary.reason.split(' · ')[0]!;
	const brief = first.replace(' in the last ', ' in ');
	const reasons = [...new Set([summary.reason, first, brief])].map((reason) => `${reason}${more}`);
	if (stale !== undefined) {
		// The colour of the last answers is not the colour of now: said as what it was.
		const was =
			summary.colour === 'green' || summary.colour === 'unknown'
				? ''
				: ` · was ${badges[summary.colour].text.trim()}`;
		return {
			colour: 'unknown',
			reasons: [...reasons.map((r) => `${stale}${was}: ${r}`), `${stale}${was}`, stale],
			hint: '',
			stale: true,
		};
	}
	const hint = summary.colour === 'green' || summary.colour === 'unknown' ? '' : ' · ! why';
	return { colour: summary.colour, reasons, hint, stale: false };
}

/** The cells the badge takes before the reason. */
export const badgeWidth = (colour: HealthColour) => badges[colour].text.length + 1;

/** The badge and the reason chosen to fit, for the start of the header line. */
export function HealthBadge(props: { health: HeaderHealth; reason: string }) {
	const theme = useTheme();
	const { colour, hint, stale } = props.health;
	const tone = stale ? 'warn' : badges[colour].tone;
	return (
		<Text>
			<Badge colour={colour} theme={theme} />
			<Text
				color={colour === 'green' ? undefined : theme.color(tone)}
				dimColor={colour === 'unknown' && !stale}
			>
				{' '}
				{props.reason}
			</Text>
			<Text dimColor>{hint} │ </Text>
		</Text>
	);
}

const stateWords: Record<RuleResult['state'], string> = { firing: 'FIRING', ok: 'ok', unknown: 'no data' };

function ruleTone(result: RuleResult): Tone | undefined {
	if (result.state === 'firing') return result.rule.level === 'red' ? 'error' : 'warn';
	return result.state === 'ok' ? 'ok' : undefined;
}

/** Every rule with its state and reason, where the rules come from, and how red is announced. */
export function HealthOverlay(props: { width: number; height: number }) {
	const { health } = useRuntime();
	const theme = useTheme();
	const report = useSelector(
		health,
		(r) => r,
		(r) => r.results.map((x) => `${x.state} ${x.reason}`).join('\n'),
	);
	const inner = Math.max(10, props.width - 4);
	const stateWidth = 9;
	const lines: { key: string; node: ReactNode }[] = [];
	for (const [i, result] of report.results.entries()) {
		const tone = ruleTone(result);
		lines.push({
			key: `rule ${i}`,
			node: (
				<Text wrap="truncate-end">
					<Text bold color={theme.color(tone)} dimColor={result.state === 'unknown'}>
						{stateWords[result.state].padEnd(stateWidth)}
					</Text>
					<Text bold={result.state === 'firing'}>{describeRule(result.rule)}</Text>
				</Text>
			),
		});
		for (const [j, text] of wordWrap(sanitize(result.reason), inner - stateWidth).entries())
			lines.push({
				key: `reason ${i} ${j}`,
				node: (
					<Text wrap="truncate-end">
						{' '.repeat(stateWidth)}
						<Text dimColor>{text}</Text>
					</Text>
				),
			});
	}
	// The footer is wrapped, never cut: what it says is how to change the rules and how red is told.
	const footer = [
		`Rules: ${health.options.source}. Change them in the config file's "health" section (README, "The health line").`,
		health.options.notify.describe,
	].flatMap((text) => wordWrap(text, inner));
	// Border, title and closing line; where the rules do not all fit, one line says so.
	const room = Math.max(1, props.height - 4 - footer.length);
	const shown = lines.length <= room ? lines : lines.slice(0, Math.max(0, room - 1));
	const hidden = lines.length - shown.length;
	return (
		<Overlay
			width={props.width}
			height={props.height}
			borderColor={theme.color(badges[report.colour].tone ?? 'accent')}
		>
			<Text bold wrap="truncate-end">
				Health <Badge colour={report.colour} theme={theme} />
			</Text>
			{shown.map((line) => (
				<Box key={line.key} flexShrink={0}>
					{line.node}
				</Box>
			))}
			{hidden > 0 ? (
				<Text dimColor wrap="truncate-end">
					{`… ${hidden} more line${hidden === 1 ? '' : 's'}: a taller terminal shows ${hidden === 1 ? 'it' : 'them'}`}
				</Text>
			) : null}
			{footer.map((text, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: lines of a wrapped text are positions
				<Text key={i} dimColor wrap="truncate-end">
					{text}
				</Text>
			))}
			<Text dimColor>! or esc closes this</Text>
		</Overlay>
	);
}
