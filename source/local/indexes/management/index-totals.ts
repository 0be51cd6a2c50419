/**
 * The account's totals over its vector indexes or its search databases (GET
 * /v2/vector/index/stats, GET /v2/search/stats; docs/protocol/vector.md#account-totals): the
 * records and bytes each holds now, and its requests, bandwidth, cost and reranks of the current
 * UTC month, summed. One pass over the indexes (at most the 64 made plus the four made at start).
 */
import type { IndexTotals } from '../../../api/index-totals.js';
import type { IndexMonthTotals } from './index-usage.js';

export function accountTotals(indexes: readonly IndexMonthTotals[]): IndexTotals {
	const sum = (field: keyof IndexMonthTotals) => indexes.reduce((total, index) => total + index[field], 0);
	return {
		record_count: sum('records'),
		request: sum('requests'),
		bandwidth: sum('bandwidth'),
		storage: sum('storage'),
		billing: sum('cost'),
		rerank_count: sum('reranks'),
	};
}
