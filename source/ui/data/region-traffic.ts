/**
 * The traffic of each region of a local server that runs several (`mqtop serve --regions`,
 * docs/protocol/regions.md): what each delivered and failed in the last minutes and what waits
 * in its dead letter queue, read from each region's usage statistics, for the Overview's one
 * glance mid-migration. The reading of an answer is pure; the poller reads every region in turn.
 */
import { MqClient } from '../../api/client.js';
import type { ConnectionSettings } from '../../api/connection.js';
import { sanitize } from '../../text/sanitize.js';
import type { UsageStats } from './live/endpoints.js';
import { readStats, type StatsCounter } from './live/stats-counters.js';
import { Store } from './store.js';

/** One region of a server that runs several: how to reach it, and whether the panes show it. */
export interface TuiRegion {
	region: string;
	settings: ConnectionSettings;
	accountId: string;
	shown: boolean;
}

/** The minutes the counts cover (the newest points of the hour's per-minute series). */
export const trafficMinutes = 5;

export interface RegionTraffic {
	delivered: number | undefined;
	failed: number | undefined;
	deadLetters: number | undefined;
}

export interface RegionReading {
	region: string;
	shown: boolean;
	traffic?: RegionTraffic;
	/** Why the region could not be read (it stopped, say). */
	error?: string;
}

/** What a region's statistics say of its last minutes. */
export function regionTraffic(stats: UsageStats): RegionTraffic {
	const reading = readStats(stats, '', 0);
	const recent = (counter: StatsCounter) => {
		const tail = reading.tails[counter];
		const newest = tail?.at(-1);
		if (!tail || !newest) return undefined;
		const spacing = reading.spacingMs ?? 60_000;
		const since = newest.x - (trafficMinutes - 1) * spacing;
		return tail.filter((point) => point.x >= since).reduce((sum, point) => sum + (point.y ?? 0), 0);
	};
	return { delivered: recent('delivered'), failed: recent('failed'), deadLetters: reading.deadLetters };
}

const noRetry = { retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } };

/** Reads every region's statistics every `refreshMs` until stopped. */
export class RegionTrafficPoller {
	readonly store: Store<readonly RegionReading[]>;
	private readonly clients: { region: TuiRegion; client: MqClient }[];
	private timer: ReturnType<typeof setTimeout> | undefined;
	private stopped = false;
	private readonly abort = new AbortController();

	constructor(
		regions: readonly TuiRegion[],
		private readonly refreshMs: number,
	) {
		this.clients = regions.map((region) => ({ region, client: new MqClient(region.settings, noRetry) }));
		this.store = new Store(regions.map(({ region, shown }) => ({ region, shown })));
	}

	start(): void {
		void this.poll();
	}

	stop(): void {
		this.stopped = true;
		this.abort.abort();
		if (this.timer) clearTimeout(this.timer);
	}

	private async poll(): Promise<void> {
		const readings = await Promise.all(
			this.clients.map(async ({ region, client }): Promise<RegionReading> => {
				const base = { region: region.region, shown: region.shown };
				try {
					const { data } = await client.management.mqStats(region.accountId, '1h', this.abort.signal);
					return { ...base, traffic: regionTraffic(data) };
				} catch (error) {
					return { ...base, error: sanitize(error instanceof Error ? error.message : String(error)) };
				}
			}),
		);
		if (this.stopped) return;
		this.store.set(readings);
		this.timer = setTimeout(() => void this.poll(), this.refreshMs);
		this.timer.unref?.();
	}
}
