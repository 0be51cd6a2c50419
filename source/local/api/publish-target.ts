/**
 * Splits the raw target after `/v2/publish/` into the destination and the service's own query
 * parameters (docs/protocol/publish.md#destinations). The destination is kept exactly as given, its
 * own query included. Sent as it is (`/v2/publish/https://host/a?x=1&svc-retries=3`), its query and
 * ours are one, so the configuration parameters (names starting with the lowercased header prefix)
 * and the token parameter are taken out of it; percent-encoded as one segment
 * (`/v2/publish/https%3A%2F%2Fhost%2Fa%3Fx%3D1?svc-retries=3`, as mqtop's client sends it) it is
 * taken whole, and only the configuration and token parameters after it are ours.
 */
import type { Dialect } from '../../api/dialect.js';
import { groupNameRule, isGroupName } from '../../api/publish-options.js';
import { type DeliveryTarget, deliveryTarget } from '../delivery/target.js';

export type PublishTarget =
	| {
			kind: 'url';
			url: string;
			target: DeliveryTarget;
			config: Map<string, string>;
			token: string | undefined;
	  }
	| { kind: 'group'; name: string; config: Map<string, string>; token: string | undefined };

export class TargetError extends Error {
	override name = 'TargetError';
}

function decodePair(segment: string): [string, string] | undefined {
	const [pair] = new URLSearchParams(segment);
	return pair;
}

export function parsePublishTarget(rest: string, dialect: Dialect): PublishTarget {
	const queryAt = rest.indexOf('?');
	let path = queryAt < 0 ? rest : rest.slice(0, queryAt);
	const segments = queryAt < 0 ? [] : rest.slice(queryAt + 1).split('&');
	if (/^https?%3a/i.test(path)) {
		try {
			path = decodeURIComponent(path);
		} catch {
			throw new TargetError(`invalid destination ${JSON.stringify(path)}: bad percent-encoding`);
		}
	}
	const prefix = dialect.headerPrefix.toLowerCase();
	const tokenParam = dialect.tokenParam.toLowerCase();
	const config = new Map<string, string>();
	const kept: string[] = [];
	let token: string | undefined;
	for (const segment of segments) {
		if (segment === '') continue;
		const pair = decodePair(segment);
		const name = pair?.[0].toLowerCase() ?? '';
		if (pair && name === tokenParam) token = pair[1];
		else if (pair && name.startsWith(prefix)) config.set(name, pair[1]);
		else kept.push(segment);
	}
	if (/^https?:/i.test(path)) {
		// Other parameters (a webhook sender may add its own) go on to the destination.
		const url = kept.length > 0 ? `${path}${path.includes('?') ? '&' : '?'}${kept.join('&')}` : path;
		// Parsed once: the message's attempts go to this target (delivery/target.ts).
		const target = deliveryTarget(url);
		if (!target) throw new TargetError(`invalid destination ${JSON.stringify(url)}: not a valid URL`);
		return { kind: 'url', url, target, config, token };
	}
	let name: string;
	try {
		name = decodeURIComponent(path);
	} catch {
		name = path;
	}
	if (!isGroupName(name)) {
		throw new TargetError(
			`invalid destination ${JSON.stringify(name)}: expected an http:// or https:// URL or a URL Group name (${groupNameRule})`,
		);
	}
	return { kind: 'group', name, config, token };
}
