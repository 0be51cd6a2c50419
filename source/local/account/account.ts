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

/**
 * How a new token is made: `local` is mqtop's own `mq_local_…`; `deployed` is the deployed
 * service's shape, base64 of `{"UserID", "Password"}`, which the official workflow SDK decodes
 * for the user id of a webhook URL (docs/protocol/authentication.md#token-shape).
 */
export type TokenShape = 'local' | 'deployed';

export function resolveCredentials(
	given: Partial<AccountCredentials>,
	shape: TokenShape = 'local',
): AccountCredentials {
	const accountId = given.accountId ?? randomUUID();
	return {
		token: given.token ?? newToken(shape, accountId),
		email: given.email ?? 'local@mqtop.localhost',
		apiKey: given.apiKey ?? randomId(32),
		accountId,
	};
}

/**
 * The token that replaces `old` when it is rotated: of the same shape, and in the deployed shape
 * for the same user id, so that webhook URLs made before stay the account's.
 */
export function rotatedToken(old: string, accountId: string): string {
	const userId = tokenUserId(old);
	return userId === undefined ? newToken('local', accountId) : newToken('deployed', userId);
}

function newToken(shape: TokenShape, userId: string): string {
	if (shape === 'local') return `mq_local_${randomId(32)}`;
	return Buffer.from(JSON.stringify({ UserID: userId, Password: randomId(32) })).toString('base64');
}

/**
 * The user id a token of the deployed shape carries (its `UserID`), or undefined for a token
 * of another shape. Read as the SDK reads it: base64, then JSON.
 */
export function tokenUserId(token: string): string | undefined {
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
	try {
		const payload: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
		const userId = (payload as { UserID?: unknown } | null)?.UserID;
		return typeof userId === 'string' && userId !== '' ? userId : undefined;
	} catch {
		return undefined;
	}
}

/** The user id of the account: the token's own when it has one, else the account id. */
export function accountUserId(credentials: AccountCredentials): string {
	return tokenUserId(credentials.token) ?? credentials.accountId;
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
