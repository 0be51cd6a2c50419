/** A live tracker's state as the health rules read it, from counts per 2-second poll ending at `now`. */
import { initialLiveState, type LiveState } from '../../../source/ui/data/live/tracker.js';

export type LiveChange = Partial<LiveState> & {
	/** Counts of each poll, oldest first; the last ends 2 s before `now`. */
	counts?: Partial<Record<'delivered' | 'retried' | 'failed', number[]>>;
};

const stepMs = 2000;

export function liveAt(now: number, change: LiveChange): LiveState {
	const { counts, ...rest } = change;
	const series = (values: number[] | undefined) => ({
		samples: (values ?? []).map((count, i) => ({
			at: now - (values!.length - i) * stepMs,
			spanMs: stepMs,
			count,
			estimate: false,
		})),
		source: 'logs' as const,
	});
	return {
		...initialLiveState,
		logs: 'listed',
		rates: {
			...initialLiveState.rates,
			delivered: series(counts?.delivered),
			retried: series(counts?.retried),
			failed: series(counts?.failed),
		},
		...rest,
	} as LiveState;
}
