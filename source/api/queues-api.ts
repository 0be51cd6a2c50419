/**
 * Queues (docs/protocol/queues.md#order-and-parallelism): ordered delivery with at most
 * `parallelism` messages of a queue in progress, paused and resumed as a whole
 * (docs/protocol/queues.md#pause-and-resume).
 */
import { Queue, Queues } from './messaging-schemas.js';
import { type PublishAnswer, readPublishAnswer } from './publish-answer.js';
import {
	type ApiRequest,
	type Messaging,
	type PublishLike,
	publishShapedPath,
	read,
	resourceActionRequest,
	segment,
} from './transport.js';

export interface QueueSettings {
	/** Messages of the queue in progress at once; default 1. */
	parallelism?: number;
	paused?: boolean;
}

export function upsertQueueRequest(name: string, settings: QueueSettings): ApiRequest {
	return {
		operation: `create or update queue ${name}`,
		method: 'POST',
		path: '/v2/queues',
		json: { queueName: name, parallelism: settings.parallelism ?? 1, paused: settings.paused ?? false },
	};
}

export const deleteQueueRequest = (name: string) =>
	resourceActionRequest('queue', '/v2/queues', name, 'delete');
export const pauseQueueRequest = (name: string) =>
	resourceActionRequest('queue', '/v2/queues', name, 'pause');
export const resumeQueueRequest = (name: string) =>
	resourceActionRequest('queue', '/v2/queues', name, 'resume');

export class QueuesApi {
	constructor(private readonly messaging: Messaging) {}

	list(signal?: AbortSignal) {
		return read(this.messaging, 'list queues', '/v2/queues', Queues, signal);
	}

	get(name: string, signal?: AbortSignal) {
		return read(this.messaging, `read queue ${name}`, `/v2/queues/${segment(name)}`, Queue, signal);
	}

	async upsert(name: string, settings: QueueSettings = {}): Promise<void> {
		await this.messaging.send(upsertQueueRequest(name, settings));
	}

	async delete(name: string): Promise<void> {
		await this.messaging.send(deleteQueueRequest(name));
	}

	async pause(name: string): Promise<void> {
		await this.messaging.send(pauseQueueRequest(name));
	}

	async resume(name: string): Promise<void> {
		await this.messaging.send(resumeQueueRequest(name));
	}

	/** Enqueues a message with every publish option; a missing queue is created with parallelism 1. */
	async enqueue(queueName: string, request: PublishLike): Promise<PublishAnswer> {
		const described = this.messaging.describePublish(request);
		const operation = `enqueue to ${queueName}`;
		const sent: ApiRequest = {
			operation,
			method: 'POST',
			path: publishShapedPath(described.path, `/v2/enqueue/${segment(queueName)}/`),
			headers: described.headers,
			body: request.body ?? '',
		};
		return readPublishAnswer(operation, await this.messaging.send(sent), request.destination);
	}
}
