/**
 * Signing keys (docs/protocol/signatures.md#keys): read them, or rotate next into current
 * (docs/protocol/signatures.md#rotation).
 */
import { generateSigningKey } from '../../signing/keys.js';
import type { ServiceContext } from '../context.js';
import { ok, type Reply } from '../http/reply.js';

export function getKeys(ctx: ServiceContext): Reply {
	return ok({ current: ctx.keys.current, next: ctx.keys.next });
}

export function rotateKeys(ctx: ServiceContext): Reply {
	ctx.keys.current = ctx.keys.next;
	ctx.keys.next = generateSigningKey();
	ctx.saveAccount();
	return getKeys(ctx);
}
