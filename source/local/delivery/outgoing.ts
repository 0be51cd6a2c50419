/**
 * The headers of an outgoing request (docs/protocol/delivery.md#headers-added): the message's own
 * headers plus User-Agent, the signature over the exact body sent, the message id, the retry count,
 * the group and endpoint names for group messages, the schedule of a scheduled message, the
 * publisher's address, the hop count of loop detection (messages/hops.ts), and the region of a
 * service that runs as one of several (docs/protocol/regions.md). A forwarded header never shadows
 * one the service sets, whatever its spelling.
 */
import { type Dialect, prefixed } from '../../api/dialect.js';
import { signRequest } from '../../signing/jwt.js';
import { hopsHeader } from '../messages/hops.js';
import type { StoredMessage } from '../messages/message.js';

export const userAgent = 'mqtop-local-service';

/** Builds outgoing headers for one dialect; the names are worked out once, not per request. */
export class OutgoingHeaders {
	private readonly signature: string;
	private readonly messageId: string;
	private readonly retried: string;
	private readonly topicName: string;
	private readonly endpointName: string;
	private readonly callerIp: string;
	private readonly scheduleId: string;
	private readonly hops: string;
	private readonly region: string;
	private readonly reserved: Set<string>;

	constructor(
		private readonly dialect: Dialect,
		/** The region's name as the header carries it (`US-EAST-1`); undefined: no header. */
		private readonly regionName?: string,
	) {
		this.signature = prefixed(dialect, 'Signature');
		this.messageId = prefixed(dialect, 'Message-Id');
		this.retried = prefixed(dialect, 'Retried');
		this.topicName = prefixed(dialect, 'Topic-Name');
		this.endpointName = prefixed(dialect, 'Endpoint-Name');
		this.callerIp = prefixed(dialect, 'Caller-Ip');
		this.scheduleId = prefixed(dialect, 'Schedule-Id');
		this.hops = hopsHeader(dialect);
		this.region = prefixed(dialect, 'Region');
		this.reserved = new Set(
			[
				'User-Agent',
				this.signature,
				this.messageId,
				this.retried,
				this.topicName,
				this.endpointName,
				this.callerIp,
				this.scheduleId,
				this.hops,
				this.region,
			].map((name) => name.toLowerCase()),
		);
	}

	build(
		message: StoredMessage,
		body: Buffer,
		signingKey: string,
		nowSeconds: number,
	): Record<string, string> {
		const headers: Record<string, string> = {};
		for (const name in message.header) {
			if (!this.reserved.has(name.toLowerCase())) headers[name] = message.header[name]!.join(', ');
		}
		headers['User-Agent'] = userAgent;
		headers[this.signature] = signRequest({
			key: signingKey,
			issuer: this.dialect.issuer,
			url: message.url,
			body,
			now: nowSeconds,
		});
		headers[this.messageId] = message.id;
		headers[this.retried] = String(message.retried);
		if (message.topicName !== undefined) headers[this.topicName] = message.topicName;
		if (message.endpointName !== undefined) headers[this.endpointName] = message.endpointName;
		if (message.callerIp) headers[this.callerIp] = message.callerIp;
		if (message.scheduleId !== undefined) headers[this.scheduleId] = message.scheduleId;
		headers[this.hops] = String(message.hops + 1);
		if (this.regionName !== undefined) headers[this.region] = this.regionName;
		return headers;
	}
}
