/**
 * The one message-queue account of the local service: its credentials and the user resource
 * (docs/protocol/statistics.md#accounts: every field present, limits from PlanLimits).
 */
import { randomUUID } from 'node:crypto';
import type { MqUser } from '../../api/schemas.js';
import { randomId } from '../../signing/keys.js';
import type { PlanLimits } from './limits.js';

export interface AccountCredentials {
	/** Bearer token of the messaging API. */
	token: string;
	/** Basic auth user name of the management API. */
	email: string;
	/** Basic auth password of the management API. */
	apiKey: string;
	accountId: string;
}

/** A new messaging token. */
export function newAccountToken(): string {
	return `mq_local_${randomId(32)}`;
}

export function resolveCredentials(given: Partial<AccountCredentials>): AccountCredentials {
	return {
		token: given.token ?? newAccountToken(),
		email: given.email ?? 'local@mqtop.localhost',
		apiKey: given.apiKey ?? randomId(32),
		accountId: given.accountId ?? randomUUID(),
	};
}

export function userResource(
	credentials: AccountCredentials,
	limits: PlanLimits,
	createdAtMs: number,
): MqUser {
	const created = Math.floor(createdAtMs / 1000);
	return {
		customer_id: credentials.email,
		id: credentials.accountId,
		password: credentials.apiKey,
		token: credentials.token,
		active: true,
		state: 'active',
		modifying_state: '',
		last_plan_upgrade_time: created,
		...limits,
		type: 'paid',
		reserved_type: '',
		reserved_price: 0,
		prod_pack_enabled: false,
		prometheus_enabled: 'false',
		region: 'us-east-1',
		budget: 0,
		created_by: credentials.email,
		creation_time: created,
	};
}
