/**
 * The Overview's line for a local server of several regions (`mqtop serve --regions`): each
 * region's deliveries and failures of the last minutes and its dead letters, the region the panes
 * show marked, so that an on-call person mid-migration sees at one glance where the traffic goes
 * (docs/protocol/regions.md). Shown above the account's usage; nothing for a single region.
 */
import { Box, Text } from 'ink';
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { orMissing } from '../../../format/missing.js';
import { formatInteger } from '../../../format/number.js';
import { textWidth, truncate } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import { useRuntime } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { type RegionReading, RegionTrafficPoller, trafficMinutes } from '../../data/region-traffic.js';

const none: readonly RegionReading[] = [];
const noStore = { subscribe: () => () => {}, getSnapshot: () => none };

/** One region as the line says it: in full, or compact for a narrow terminal. Pure. */
export function regionText(reading: RegionReading, compact: boolean): string {
	const name = `${reading.shown ? '▶' : ' '}${sanitize(reading.region)}`;
	if (reading.error !== undefined)
		return `${name} ${compact ? 'unreachable' : `unreachable (${reading.error})`}`;
	const t = reading.traffic;
	if (!t) return `${name} …`;
	const n = (value: number | undefined) => orMissing(value, formatInteger);
	return compact
		? `${name} ${n(t.delivered)} ok ${n(t.failed)} failed DLQ ${n(t.deadLetters)}`
		: `${name}  ${n(t.delivered)} delivered · ${n(t.failed)} failed · DLQ ${n(t.deadLetters)}`;
}

/** The whole line at `width`: the compact form when the full one does not fit. Pure. */
export function regionsLine(readings: readonly RegionReading[], width: number): string {
	const line = (compact: boolean) =>
		compact
			? `Regions ${trafficMinutes}m: ${readings.map((r) => regionText(r, true)).join(' │')}`
			: `Regions, last ${trafficMinutes} min: ${readings.map((r) => regionText(r, false)).join('  │ ')}`;
	const full = line(false);
	return textWidth(full) <= width ? full : truncate(line(true), width);
}

function RegionsLine({ width }: { width: number }) {
	const { connection, refreshMs } = useRuntime();
	const regions = connection.regions;
	const [poller] = useState(() =>
		regions && regions.length > 1 ? new RegionTrafficPoller(regions, refreshMs) : undefined,
	);
	useEffect(() => {
		poller?.start();
		return () => poller?.stop();
	}, [poller]);
	const store = poller?.store ?? noStore;
	const readings = useSyncExternalStore(store.subscribe, store.getSnapshot);
	if (!poller) return null;
	return (
		<Text bold wrap="truncate-end">
			{regionsLine(readings, width)}
		</Text>
	);
}

/** The pane's view with the regions' line above it, when the server runs several regions. */
export function withRegions(View: ComponentType<PaneViewProps>): ComponentType<PaneViewProps> {
	return function WithRegions(props: PaneViewProps) {
		const regions = useRuntime().connection.regions;
		if (!regions || regions.length < 2) return <View {...props} />;
		return (
			<Box flexDirection="column" width={props.width} height={props.height}>
				<RegionsLine width={props.width} />
				<View width={props.width} height={Math.max(0, props.height - 1)} />
			</Box>
		);
	};
}
