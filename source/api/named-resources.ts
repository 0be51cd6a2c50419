/**
 * A kind of named resource the messaging API lists, reads, deletes, pauses and resumes alike
 * (queues, schedules): `GET <collection>`, `GET <collection>/<name>`, `DELETE <collection>/<name>`,
 * `POST <collection>/<name>/pause` and `/resume`.
 */
import type { z } from 'zod';
import { pathSegment } from './paths.js';
import { type ApiRequest, type Messaging, read } from './transport.js';

export interface ResourceKind<List extends z.ZodType, Item extends z.ZodType> {
	/** e.g. `queue`, as operations name one: `pause queue orders`. */
	noun: string;
	/** e.g. `queues`: `list queues`. */
	plural: string;
	/** e.g. `/v2/queues`. */
	collection: string;
	list: List;
	item: Item;
}

/** The requests that delete, pause and resume one resource of a kind. */
export interface ResourceActions {
	delete(name: string): ApiRequest;
	pause(name: string): ApiRequest;
	resume(name: string): ApiRequest;
}

export function resourceActions({ noun, collection }: ResourceKind<z.ZodType, z.ZodType>): ResourceActions {
	const action = (name: string, verb: 'pause' | 'resume'): ApiRequest => ({
		operation: `${verb} ${noun} ${name}`,
		method: 'POST',
		path: `${collection}/${pathSegment(name)}/${verb}`,
	});
	return {
		delete: (name) => ({
			operation: `delete ${noun} ${name}`,
			method: 'DELETE',
			path: `${collection}/${pathSegment(name)}`,
		}),
		pause: (name) => action(name, 'pause'),
		resume: (name) => action(name, 'resume'),
	};
}

/** The calls on the resources of a kind. */
export class NamedResourcesApi<List extends z.ZodType, Item extends z.ZodType> {
	readonly #actions: ResourceActions;

	constructor(
		protected readonly messaging: Messaging,
		private readonly kind: ResourceKind<List, Item>,
	) {
		this.#actions = resourceActions(kind);
	}

	list(signal?: AbortSignal) {
		const { plural, collection, list } = this.kind;
		return read(this.messaging, `list ${plural}`, collection, list, signal);
	}

	get(name: string, signal?: AbortSignal) {
		const { noun, collection, item } = this.kind;
		return read(this.messaging, `read ${noun} ${name}`, `${collection}/${pathSegment(name)}`, item, signal);
	}

	async delete(name: string): Promise<void> {
		await this.messaging.send(this.#actions.delete(name));
	}

	async pause(name: string): Promise<void> {
		await this.messaging.send(this.#actions.pause(name));
	}

	async resume(name: string): Promise<void> {
		await this.messaging.send(this.#actions.resume(name));
	}
}
