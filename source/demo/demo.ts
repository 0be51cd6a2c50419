/**
 * Everything `mqtop --demo` adds to the embedded local service: destinations with their
 * behaviours, message traffic, runs of a multi-step workflow, and vector and search traffic.
 */
import type { MqClient } from '../api/client.js';
import type { LocalServiceInfo } from '../local/service.js';
import { startDemoDestinations } from './destinations.js';
import { localIndexConnections, startIndexTraffic } from './index-traffic.js';
import { startOpsTraffic } from './ops-traffic.js';
import { startDemoTraffic } from './traffic.js';
import { startDemoWorkflow } from './workflow.js';

export interface DemoOptions {
	client: MqClient;
	service: Pick<LocalServiceInfo, 'indexes'>;
	/** Where callbacks (and some deliveries) go: the receiver the monitor shows. */
	receiverUrl: string;
	onError?: (error: unknown) => void;
}

export interface Demo {
	stop(): Promise<void>;
}

export async function startDemo(options: DemoOptions): Promise<Demo> {
	const destinations = await startDemoDestinations();
	const onError = options.onError ?? (() => {});
	const workflow = await startDemoWorkflow({ client: options.client, destinations, onError });
	const traffic = await startDemoTraffic({
		client: options.client,
		destinations,
		receiverUrl: options.receiverUrl,
		workflowUrl: workflow.url,
		onError,
	});
	const ops = await startOpsTraffic({ client: options.client, destinations, onError });
	const indexes = await startIndexTraffic({
		...(await localIndexConnections(options.service, options.client)),
		onError,
	});
	return {
		async stop() {
			await Promise.allSettled([traffic.stop(), indexes.stop(), ops.stop()]);
			await Promise.allSettled([workflow.close(), destinations.close()]);
		},
	};
}
