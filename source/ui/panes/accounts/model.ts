/** The Accounts table and the detail of one account: pure, over MqUser. */
import type { MqUser } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { formatCount, formatInteger, formatMoney } from '../../../format/number.js';
import { formatUnixSeconds } from '../../../format/time.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import type { KeyValue } from '../../kit/key-values/view.js';
import type { Column } from '../../kit/table/view.js';

export function accountState(user: MqUser): string {
	const state = sanitize(user.state);
	return user.modifying_state ? `${state} (${sanitize(user.modifying_state)})` : state;
}

export function accountType(user: MqUser): string {
	return user.reserved_type ? `${user.type} ${sanitize(user.reserved_type)}` : user.type;
}

const count = (n: number) => (n === 0 ? 'none' : formatInteger(n));

/** The columns of the users table; secrets masked unless `reveal`. */
export function accountColumns(reveal: boolean): Column<MqUser>[] {
	return [
		{ header: 'id', cell: (u) => sanitize(u.id), minWidth: 8, maxWidth: 36 },
		{ header: 'customer', cell: (u) => sanitize(u.customer_id), minWidth: 8, maxWidth: 30 },
		{ header: 'state', cell: accountState, minWidth: 6 },
		{ header: 'type', cell: accountType, minWidth: 4 },
		{ header: 'region', cell: (u) => u.region, minWidth: 9 },
		{ header: 'req/day', cell: (u) => formatCount(u.max_requests_per_day), align: 'right', minWidth: 7 },
		{ header: 'req/s', cell: (u) => formatCount(u.max_requests_per_second), align: 'right', minWidth: 5 },
		{ header: 'msg size', cell: (u) => formatBytes(u.max_message_size), align: 'right', minWidth: 8 },
		{ header: 'token', cell: (u) => maskSecret(u.token, reveal), minWidth: 8, maxWidth: 48 },
		{ header: 'password', cell: (u) => maskSecret(u.password, reveal), minWidth: 8, maxWidth: 48 },
	];
}

/** Every field of one account, formatted, with secrets masked unless `reveal`. */
export function accountDetail(user: MqUser, reveal: boolean): KeyValue[] {
	const secret = reveal ? ('highlight' as const) : undefined;
	return [
		{ label: 'customer', value: sanitize(user.customer_id), wide: true },
		{ label: 'created by', value: sanitize(user.created_by), wide: true },
		{ label: 'token', value: maskSecret(user.token, reveal), tone: secret, wide: true },
		{ label: 'password', value: maskSecret(user.password, reveal), tone: secret, wide: true },
		{ label: 'created', value: formatUnixSeconds(user.creation_time) },
		{ label: 'state', value: accountState(user), tone: user.active ? 'ok' : 'error' },
		{ label: 'active', value: user.active ? 'yes' : 'no' },
		{ label: 'type', value: accountType(user) },
		{ label: 'reserved price', value: formatMoney(user.reserved_price) },
		{ label: 'region', value: user.region },
		{ label: 'budget', value: user.budget === 0 ? 'no limit' : `$${formatInteger(user.budget)}` },
		{ label: 'plan upgrade', value: formatUnixSeconds(user.last_plan_upgrade_time) },
		{ label: 'enterprise', value: user.enterprise?.enabled ? 'yes' : 'no' },
		{ label: 'prod pack', value: user.prod_pack_enabled ? 'on' : 'off' },
		{ label: 'prometheus', value: user.prometheus_enabled === 'true' ? 'on' : 'off' },
		{ label: 'message size', value: formatBytes(user.max_message_size) },
		{ label: 'requests/day', value: formatInteger(user.max_requests_per_day) },
		{ label: 'requests/day hard', value: formatInteger(user.max_requests_per_day_hard) },
		{ label: 'requests/s', value: formatInteger(user.max_requests_per_second) },
		{ label: 'rate limit', value: formatInteger(user.rate_limit) },
		{ label: 'endpoints/group', value: formatInteger(user.max_endpoints_per_topic) },
		{ label: 'URL Groups', value: count(user.max_topics) },
		{ label: 'queues', value: count(user.max_queues) },
		{ label: 'schedules', value: count(user.max_schedules) },
		{ label: 'retries', value: formatInteger(user.max_retries) },
		{ label: 'max delay', value: `${formatInteger(user.max_delay)} s` },
		{ label: 'timeout', value: `${formatInteger(user.timeout)} s` },
		{ label: 'parallelism', value: formatInteger(user.max_parallelism) },
		{ label: 'global parallel', value: formatInteger(user.max_global_parallelism) },
		{ label: 'DLQ size', value: formatInteger(user.max_dlq_size) },
		{ label: 'DLQ retention', value: `${formatInteger(user.max_dlq_retention_time_milis / 1000)} s` },
		{ label: 'events size', value: formatInteger(user.max_events_size) },
		{ label: 'retention', value: formatInteger(user.retention) },
		{ label: 'completions/day', value: formatInteger(user.max_completions_per_day) },
		{ label: 'completions/min', value: formatInteger(user.max_completions_per_minute) },
		{ label: 'tokens/day', value: formatInteger(user.max_completion_tokens_per_day) },
		{ label: 'tokens/min', value: formatInteger(user.max_completion_tokens_per_minute) },
	];
}
