/**
 * Flow control: the keys with their wait lists and counters
 * (docs/protocol/flow-control.md#key-resource), pause and resume, pinning parallelism or rate
 * over what messages ask for, resetting the rate window (docs/protocol/flow-control.md#operations),
 * and the account's global parallelism (docs/protocol/flow-control.md#global-parallelism).
 */
import { DurationError, parseDuration } from './duration.js';
import { withQuery } from './filters.js';
import {
	FlowControlKey,
	FlowControlKeys,
	GlobalParallelism,
	prepareFlowControlKeys,
} from './messaging-schemas.js';
import { pathSegment } from './paths.js';
import { type ApiRequest, type Messaging, read } from './transport.js';

export interface PinSettings {
	parallelism?: number;
	rate?: number;
	/** Seconds. */
	period?: number;
}

export interface UnpinSettings {
	parallelism?: boolean;
	rate?: boolean;
}

/** A rate period to pin, as typed (`1m`, `30s`, `90`): whole seconds, at least one. */
export function pinPeriodSeconds(text: string): number {
	const ms = parseDuration(text);
	if (ms < 1000 || ms % 1000 !== 0) throw new DurationError('whole seconds, at least 1s');
	return ms / 1000;
}

/** What a pin sets, in words: `parallelism 3, period 60s`. */
export function describePin(pin: PinSettings): string {
	return [
		pin.parallelism !== undefined ? `parallelism ${pin.parallelism}` : '',
		pin.rate !== undefined ? `rate ${pin.rate}` : '',
		pin.period !== undefined ? `period ${pin.period}s` : '',
	]
		.filter(Boolean)
		.join(', ');
}

/** What an unpin frees, in words: `parallelism and rate`. */
export function describeUnpin(which: UnpinSettings): string {
	if (which.parallelism && which.rate) return 'parallelism and rate';
	return which.rate ? 'rate' : 'parallelism';
}

type KeyAction = 'pause' | 'resume' | 'resetRate';

const actionWords: Record<KeyAction, string> = {
	pause: 'pause',
	resume: 'resume',
	resetRate: 'reset the rate of',
};

export function flowControlActionRequest(key: string, action: KeyAction): ApiRequest {
	return {
		operation: `${actionWords[action]} flow-control key ${key}`,
		method: 'POST',
		path: `/v2/flowControl/${pathSegment(key)}/${action}`,
	};
}

function numbers(settings: object): [string, string][] {
	return Object.entries(settings)
		.filter(([, value]) => value !== undefined)
		.map(([name, value]) => [name, String(value)]);
}

export function pinFlowControlRequest(key: string, settings: PinSettings): ApiRequest {
	return {
		operation: `pin flow-control key ${key}`,
		method: 'POST',
		path: withQuery(`/v2/flowControl/${pathSegment(key)}/pin`, numbers(settings)),
	};
}

export function unpinFlowControlRequest(key: string, settings: UnpinSettings): ApiRequest {
	return {
		operation: `unpin flow-control key ${key}`,
		method: 'POST',
		path: withQuery(`/v2/flowControl/${pathSegment(key)}/unpin`, numbers(settings)),
	};
}

export class FlowControlApi {
	constructor(private readonly messaging: Messaging) {}

	/** Every key, or those whose name contains `search`. */
	list(search?: string, signal?: AbortSignal) {
		const path = withQuery('/v2/flowControl', search ? [['search', search]] : []);
		return read(
			this.messaging,
			'list flow-control keys',
			path,
			FlowControlKeys,
			signal,
			prepareFlowControlKeys,
		);
	}

	get(key: string, signal?: AbortSignal) {
		const path = `/v2/flowControl/${pathSegment(key)}`;
		return read(this.messaging, `read flow-control key ${key}`, path, FlowControlKey, signal);
	}

	async pause(key: string): Promise<void> {
		await this.messaging.send(flowControlActionRequest(key, 'pause'));
	}

	async resume(key: string): Promise<void> {
		await this.messaging.send(flowControlActionRequest(key, 'resume'));
	}

	async resetRate(key: string): Promise<void> {
		await this.messaging.send(flowControlActionRequest(key, 'resetRate'));
	}

	async pin(key: string, settings: PinSettings): Promise<void> {
		await this.messaging.send(pinFlowControlRequest(key, settings));
	}

	async unpin(key: string, settings: UnpinSettings): Promise<void> {
		await this.messaging.send(unpinFlowControlRequest(key, settings));
	}

	globalParallelism(signal?: AbortSignal) {
		return read(
			this.messaging,
			'read global parallelism',
			'/v2/globalParallelism',
			GlobalParallelism,
			signal,
		);
	}
}
