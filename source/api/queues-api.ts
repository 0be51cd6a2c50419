/**
 * Queues (docs/protocol/queues.md#order-and-parallelism): ordered delivery with at most
 * `parallelism` messages of a queue in progress, paused and resumed as a whole
 * (docs/protocol/queues.md#pause-and-resume).
 */
import { Queue, Queues } from './messaging-schemas.js';
import { NamedResourcesApi, resourceActions } from './named-resources.js';
import { pathSegment } from './paths.js';
import { type PublishAnswer, readPublishAnswer } from './publish-answer.js';
import { type ApiRequest, type Messaging, type PublishLike, publishShapedPath } from './transport.js';

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

const queues = { noun: 'queue', plural: 'queues', collection: '/v2/queues', list: Queues, item: Queue };

/** The requests that delete, pause and resume a queue (the panes send them, as the client does). */
export const {
	delete: deleteQueueRequest,
	pause: pauseQueueRequest,
	resume: resumeQueueRequest,
} = resourceActions(queues);

export class QueuesApi extends NamedResourcesApi<typeof Queues, typeof Queue> {
	constructor(messaging: Messaging) {
		super(messaging, queues);
	}

	async upsert(name: string, settings: QueueSettings = {}): Promise<void> {
		await this.messaging.send(upsertQueueRequest(name, settings));
	}

	/** Enqueues a message with every publish option; a missing queue is created with parallelism 1. */
	async enqueue(queueName: string, request: PublishLike): Promise<PublishAnswer> {
		const described = this.messaging.describePublish(request);
		const operation = `enqueue to ${queueName}`;
		const sent: ApiRequest = {
			operation,
			method: 'POST',
			path: publishShapedPath(described.path, `/v2/enqueue/${pathSegment(queueName)}/`),
			headers: described.headers,
			body: request.body ?? '',
		};
		return readPublishAnswer(operation, await this.messaging.send(sent), request.destination);
	}
}
