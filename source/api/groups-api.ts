/**
 * URL Groups (topics): list and read them, add and remove endpoints (adding to a new name
 * creates the group, removing the last endpoint deletes it), set their default headers, delete
 * them. The requests that change state are built apart, so that what a person confirms is what
 * is sent.
 */
import { apiPath } from './paths.js';
import { type EndpointReference, type GroupHeaders, UrlGroup, UrlGroups } from './schemas.js';
import { type ApiRequest, type Messaging, read } from './transport.js';

export function addGroupEndpointsRequest(
	name: string,
	endpoints: readonly { url: string; name?: string }[],
): ApiRequest {
	return {
		operation: `add endpoints to ${name}`,
		method: 'POST',
		path: apiPath`/v2/topics/${name}/endpoints`,
		json: { endpoints },
	};
}

export function removeGroupEndpointsRequest(
	name: string,
	endpoints: readonly EndpointReference[],
): ApiRequest {
	return {
		operation: `remove endpoints from ${name}`,
		method: 'DELETE',
		path: apiPath`/v2/topics/${name}/endpoints`,
		json: { endpoints },
	};
}

export function setGroupHeadersRequest(name: string, headers: GroupHeaders): ApiRequest {
	return {
		operation: `set default headers of ${name}`,
		method: 'PATCH',
		path: apiPath`/v2/topics/${name}`,
		json: { headers },
	};
}

export function deleteGroupRequest(name: string): ApiRequest {
	return { operation: `delete URL Group ${name}`, method: 'DELETE', path: apiPath`/v2/topics/${name}` };
}

export class GroupsApi {
	constructor(private readonly messaging: Messaging) {}

	list(signal?: AbortSignal) {
		return read(this.messaging, 'list URL Groups', '/v2/topics', UrlGroups, signal);
	}

	read(name: string, signal?: AbortSignal) {
		return read(this.messaging, `read URL Group ${name}`, apiPath`/v2/topics/${name}`, UrlGroup, signal);
	}

	async addEndpoints(name: string, endpoints: { url: string; name?: string }[]): Promise<void> {
		await this.messaging.send(addGroupEndpointsRequest(name, endpoints));
	}

	async removeEndpoints(name: string, endpoints: EndpointReference[]): Promise<void> {
		await this.messaging.send(removeGroupEndpointsRequest(name, endpoints));
	}

	async setHeaders(name: string, headers: GroupHeaders): Promise<void> {
		await this.messaging.send(setGroupHeadersRequest(name, headers));
	}

	async delete(name: string): Promise<void> {
		await this.messaging.send(deleteGroupRequest(name));
	}
}
