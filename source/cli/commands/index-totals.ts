/**
 * `mqtop vector totals` and `mqtop search totals`: the account's totals over all its vector
 * indexes or all its search databases, as the management API sums them
 * (docs/protocol/vector.md#account-totals).
 */
import type { IndexKind } from '../../api/index-access.js';
import { IndexTotals } from '../../api/index-totals.js';
import { formatBytes } from '../../format/bytes.js';
import { orMissing } from '../../format/missing.js';
import { formatMoney, formatNumber } from '../../format/number.js';
import type { CommandSpec } from '../define.js';
import { extraPairs, warnIssues } from '../reading.js';

const plural: Record<IndexKind, string> = { vector: 'vector indexes', search: 'search databases' };

function totalsCommand(kind: IndexKind): CommandSpec {
	return {
		name: `${kind} totals`,
		summary: `the account's totals over all its ${plural[kind]}: records, requests, bandwidth, storage, billing`,
		usage: '',
		description: [
			'Records and storage are what the indexes hold now; requests, bandwidth, billing and reranks are of the current month.',
			'With --json: the totals as the service answered them.',
		],
		examples: [`mqtop ${kind} totals`, `mqtop ${kind} totals --json | jq .request`],
		arguments: { min: 0, max: 0 },
		api: 'management',
		async run({ out, connect }) {
			const { client } = await connect();
			const { data, issues } = await client.management.indexTotals(kind);
			warnIssues(out, `${kind} totals`, issues);
			if (out.json) return void out.document(data);
			const num = (value: number | undefined) => orMissing(value, formatNumber);
			const bytes = (value: number | undefined) => orMissing(value, formatBytes);
			out.pairs([
				['records', num(data.record_count)],
				['storage', bytes(data.storage)],
				['requests this month', num(data.request)],
				['bandwidth this month', bytes(data.bandwidth)],
				['billing this month', orMissing(data.billing, formatMoney)],
				['reranks this month', num(data.rerank_count)],
				...extraPairs(IndexTotals, data),
			]);
			return undefined;
		},
	};
}

export const vectorTotals = totalsCommand('vector');
export const searchTotals = totalsCommand('search');
