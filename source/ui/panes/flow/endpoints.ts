import type { Liberal } from '../../../api/liberal.js';
import type {
	FlowControlKey as FlowControlKeySchema,
	GlobalParallelism as GlobalParallelismSchema,
} from '../../../api/messaging-schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A flow-control key as read: its name, and whatever else the service sent. */
export type FlowKey = Liberal<typeof FlowControlKeySchema>;
export type GlobalParallelism = Liberal<typeof GlobalParallelismSchema>;

/** The flow-control keys in use (or paused, or pinned), with their wait lists and counters. */
export const flowKeysEndpoint = defineEndpoint<FlowKey[]>({
	key: 'flowControlKeys',
	api: 'messaging',
	label: 'flow control',
	params: () => '',
	fetch: (client, _params, signal) => client.flowControl.list(undefined, signal),
});

/** The account's deliveries in progress against its global parallelism. */
export const globalParallelismEndpoint = defineEndpoint<GlobalParallelism>({
	key: 'globalParallelism',
	api: 'messaging',
	label: 'global parallelism',
	params: () => '',
	fetch: (client, _params, signal) => client.flowControl.globalParallelism(signal),
});
