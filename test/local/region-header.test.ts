/**
 * A service that runs as one region of several (`mqtop serve --regions`) names its region on
 * every request it sends: deliveries and callbacks alike, and a message cannot forward another
 * region's name in its place (docs/protocol/regions.md#the-region-header).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture;
let sink: Sink;

beforeAll(async () => {
	fx = await startFixture({ region: 'US-EAST-1' });
	sink = await startSink();
});

afterAll(async () => {
	await sink?.close();
	await fx?.close();
});

describe('the Region header', () => {
	it('is on deliveries and callbacks, and a forwarded one does not shadow it', async () => {
		await fx.client.publish({
			destination: `${sink.url}/hook`,
			body: 'hi',
			options: { forwardHeaders: { 'svc-REGION': 'EU-CENTRAL-1' }, callback: `${sink.url}/callback` },
		});
		const got = await sink.waitFor(2);
		const delivery = got.find((r) => r.url === '/hook');
		const callback = got.find((r) => r.url === '/callback');
		expect(delivery?.headers['svc-region']).toBe('US-EAST-1');
		expect(callback?.headers['svc-region']).toBe('US-EAST-1');
	});
});
