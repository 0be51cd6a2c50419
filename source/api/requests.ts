/**
 * The requests that change state, built apart from sending them, so that what a person
 * confirms is exactly what the client then sends: method, path and JSON body.
 */
import { apiPath } from './paths.js';
import type { EndpointReference, GroupHeaders, WorkflowTriggerItem } from './schemas.js';

export interface JsonRequest {
	operation: string;
	method: 'POST' | 'PATCH' | 'DELETE';
	/** Relative to the messaging API host. */
	path: string;
	/** Sent as JSON with `Content-Type: application/json` when given. */
	json?: unknown;
}

export function addGroupEndpointsRequest(
	name: string,
	endpoints: readonly { url: string; name?: string }[],
): JsonRequest {
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
): JsonRequest {
	return {
		operation: `remove endpoints from ${name}`,
		method: 'DELETE',
		path: apiPath`/v2/topics/${name}/endpoints`,
		json: { endpoints },
	};
}

export function setGroupHeadersRequest(name: string, headers: GroupHeaders): JsonRequest {
	return {
		operation: `set default headers of ${name}`,
		method: 'PATCH',
		path: apiPath`/v2/topics/${name}`,
		json: { headers },
	};
}

export function deleteGroupRequest(name: string): JsonRequest {
	return { operation: `delete URL Group ${name}`, method: 'DELETE', path: apiPath`/v2/topics/${name}` };
}

export function batchTriggerRequest(items: readonly WorkflowTriggerItem[]): JsonRequest {
	return { operation: 'trigger workflow runs', method: 'POST', path: '/v2/batch/trigger', json: items };
}
