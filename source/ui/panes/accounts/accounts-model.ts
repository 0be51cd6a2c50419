/**
 * The Accounts table and the detail of one account: pure, over a liberal reading of an account.
 * What the service left out is shown as "—"; a value nobody listed (a new plan, a new region)
 * as it came; fields mqtop does not know at the end of the detail.
 */
import { MqUser } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { orMissing, text } from '../../../format/missing.js';
import { formatCount, formatInteger, formatMoney } from '../../../format/number.js';
import { formatUnixSeconds } from '../../../format/time.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Account } from '../../data/endpoints.js';
import { extraKeyValues } from '../../kit/key-values/extra.js';
import type { KeyValue } from '../../kit/key-values/key-values-view.js';
import type { Column } from '../../kit/table/table-view.js';

export function accountState(user: Account): string {
	const state = text(user.state);
	return user.modifying_state ? `${state} (${sanitize(user.modifying_state)})` : state;
}

export function accountType(user: Account): string {
	const type = text(user.type);
	return user.reserved_type ? `${type} ${sanitize(user.reserved_type)}` : type;
}

const count = (n: number | undefined) => orMissing(n, (v) => (v === 0 ? 'none' : formatInteger(v)));
const integer = (n: number | undefined) => orMissing(n, formatInteger);
const secret = (value: string | undefined, reveal: boolean) => orMissing(value, (v) => maskSecret(v, reveal));
const yesNo = (value: boolean | undefined, yes = 'yes', no = 'no') => orMissing(value, (v) => (v ? yes : no));

/** The columns of the users table; secrets masked unless `reveal`. */
export function accountColumns(reveal: boolean): Column<Account>[] {
	return [
		{ header: 'id', cell: (u) => sanitize(u.id), minWidth: 8, maxWidth: 36 },
		{ header: 'customer', cell: (u) => text(u.customer_id), minWidth: 8, maxWidth: 30 },
		{ header: 'state', cell: accountState, minWidth: 6 },
		{ header: 'type', cell: accountType, minWidth: 4 },
		{ header: 'region', cell: (u) => text(u.region), minWidth: 9 },
		{
			header: 'req/day',
			cell: (u) => orMissing(u.max_requests_per_day, formatCount),
			value: (u) => u.max_requests_per_day,
			align: 'right',
			minWidth: 7,
		},
		{
			header: 'req/s',
			cell: (u) => orMissing(u.max_requests_per_second, formatCount),
			value: (u) => u.max_requests_per_second,
			align: 'right',
			minWidth: 5,
		},
		{
			header: 'msg size',
			cell: (u) => orMissing(u.max_message_size, formatBytes),
			value: (u) => u.max_message_size,
			align: 'right',
			minWidth: 8,
		},
		{ header: 'token', cell: (u) => secret(u.token, reveal), minWidth: 8, maxWidth: 48 },
		{ header: 'password', cell: (u) => secret(u.password, reveal), minWidth: 8, maxWidth: 48 },
	];
}

/**
 * Every field of one account, formatted, with secrets masked unless `reveal`; unknown fields
 * last. What the neutral interface lists is always shown ("—" when missing); the fields only some
 * deployments send, only when sent (docs/protocol/statistics.md#accounts).
 */
export function accountDetail(user: Account, reveal: boolean): KeyValue[] {
	const tone = reveal ? ('highlight' as const) : undefined;
	const seconds = (n: number | undefined) => orMissing(n, (v) => `${formatInteger(v)} s`);
	const sent = (value: unknown, item: KeyValue): KeyValue[] => (value === undefined ? [] : [item]);
	return [
		{ label: 'customer', value: text(user.customer_id), wide: true },
		{ label: 'created by', value: text(user.created_by), wide: true },
		{ label: 'token', value: secret(user.token, reveal), tone, wide: true },
		...sent(user.read_only_token, {
			label: 'read-only token',
			value: secret(user.read_only_token, reveal),
			tone,
			wide: true,
		}),
		{ label: 'password', value: secret(user.password, reveal), tone, wide: true },
		{ label: 'created', value: orMissing(user.creation_time, formatUnixSeconds) },
		{
			label: 'state',
			value: accountState(user),
			tone: user.active === undefined ? undefined : user.active ? 'ok' : 'error',
		},
		{ label: 'active', value: yesNo(user.active) },
		{ label: 'type', value: accountType(user) },
		{ label: 'reserved price', value: orMissing(user.reserved_price, formatMoney) },
		{ label: 'region', value: text(user.region) },
		{
			label: 'budget',
			value: orMissing(user.budget, (b) => (b === 0 ? 'no limit' : `$${formatInteger(b)}`)),
		},
		{ label: 'plan upgrade', value: orMissing(user.last_plan_upgrade_time, formatUnixSeconds) },
		...sent(user.enterprise, { label: 'enterprise', value: yesNo(user.enterprise?.enabled) }),
		...sent(user.deletion_time, {
			label: 'deleted',
			value: orMissing(user.deletion_time, formatUnixSeconds),
		}),
		{ label: 'prod pack', value: yesNo(user.prod_pack_enabled, 'on', 'off') },
		{
			label: 'prometheus',
			value: orMissing(user.prometheus_enabled, (v) =>
				v === 'true' ? 'on' : v === 'false' ? 'off' : sanitize(v),
			),
		},
		{ label: 'message size', value: orMissing(user.max_message_size, formatBytes) },
		...sent(user.max_bandwidth_per_second, {
			label: 'bandwidth/s',
			value: orMissing(user.max_bandwidth_per_second, (v) => `${formatBytes(v)}/s`),
		}),
		{ label: 'requests/day', value: integer(user.max_requests_per_day) },
		{ label: 'requests/day hard', value: integer(user.max_requests_per_day_hard) },
		{ label: 'requests/s', value: integer(user.max_requests_per_second) },
		{ label: 'rate limit', value: integer(user.rate_limit) },
		{ label: 'endpoints/group', value: integer(user.max_endpoints_per_topic) },
		{ label: 'URL Groups', value: count(user.max_topics) },
		{ label: 'queues', value: count(user.max_queues) },
		{ label: 'schedules', value: count(user.max_schedules) },
		{ label: 'retries', value: integer(user.max_retries) },
		{ label: 'max delay', value: seconds(user.max_delay) },
		{ label: 'timeout', value: seconds(user.timeout) },
		{ label: 'parallelism', value: integer(user.max_parallelism) },
		{ label: 'global parallel', value: integer(user.max_global_parallelism) },
		{ label: 'DLQ size', value: integer(user.max_dlq_size) },
		{
			label: 'DLQ retention',
			value: seconds(
				user.max_dlq_retention_time_milis === undefined
					? undefined
					: user.max_dlq_retention_time_milis / 1000,
			),
		},
		{ label: 'events size', value: integer(user.max_events_size) },
		// Its unit is not documented (docs/protocol/limits.md#plan-limits): read in seconds, as the local
		// service sends it (7 days).
		{ label: 'retention', value: seconds(user.retention) },
		{ label: 'completions/day', value: integer(user.max_completions_per_day) },
		{ label: 'completions/min', value: integer(user.max_completions_per_minute) },
		{ label: 'tokens/day', value: integer(user.max_completion_tokens_per_day) },
		{ label: 'tokens/min', value: integer(user.max_completion_tokens_per_minute) },
		...extraKeyValues(MqUser, user),
	];
}
