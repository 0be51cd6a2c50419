/**
 * What the monitor polls whatever pane is on screen: the statistics of the account (the
 * accounts first, to pick one), the delivery logs since the last poll, and the queues and
 * schedules when a health rule reads them. Bounded: at most four requests a refresh, the slow
 * ones every 15 s, none to a listing the service said it does not have. Pure.
 */

import type { StatsPeriod } from '../../../api/schemas.js';
import type { HealthMetric } from '../../../config/health.js';
import { type PollRequest, pollRequest, usersEndpoint } from '../endpoints.js';
import {
	type LogsParams,
	liveLogsEndpoint,
	mqStatsEndpoint,
	queueLagsEndpoint,
	scheduleRunsEndpoint,
} from './endpoints.js';
import type { LiveState } from './tracker.js';

export interface LivePlanInput {
	accountId: string | undefined;
	period: StatsPeriod;
	state: LiveState;
	/** The measures of the health rules in force. */
	metrics: ReadonlySet<HealthMetric>;
	/** Where the next poll of the logs starts, and how far back the first one reads (the tracker's). */
	logs: LogsParams;
}

export function livePolls(input: LivePlanInput): PollRequest[] {
	const requests: PollRequest[] = [
		input.accountId
			? pollRequest(mqStatsEndpoint, { accountId: input.accountId, period: input.period })
			: pollRequest(usersEndpoint),
	];
	if (input.state.logs !== 'unlisted') requests.push(pollRequest(liveLogsEndpoint, input.logs));
	if (input.metrics.has('queueLagGrowth') && input.state.queueListing !== 'unlisted')
		requests.push(pollRequest(queueLagsEndpoint));
	if (input.metrics.has('scheduleFailed') && input.state.scheduleListing !== 'unlisted')
		requests.push(pollRequest(scheduleRunsEndpoint));
	return requests;
}
