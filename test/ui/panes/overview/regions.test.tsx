/**
 * The Overview of a local server of several regions (`mqtop serve --regions`): above the
 * account's usage, one line gives each region's deliveries and failures of the last minutes and
 * its dead letters, the region the panes show marked. Two real regions (local services), the TUI
 * through ink-testing-library, at 200x50 and 80x24.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TuiRegion } from '../../../../source/ui/contract/connection.js';
import { type Fixture, type Sink, startFixture, startSink } from '../../../local/helpers.js';
import { mountTui } from '../../harness.js';

let eu: Fixture;
let us: Fixture;
let sink: Sink;

const region = (name: string, fixture: Fixture, shown: boolean): TuiRegion => ({
	region: name,
	settings: fixture.client.settings,
	accountId: fixture.service.accountId,
	shown,
});

beforeAll(async () => {
	eu = await startFixture({ region: 'EU-CENTRAL-1' });
	us = await startFixture({ region: 'US-EAST-1' });
	sink = await startSink();
	// The US region delivers three messages and dead-letters one; the EU region has no traffic.
	for (let i = 0; i < 3; i++) await us.client.publish({ destination: `${sink.url}/us`, body: `m${i}` });
	await us.client.publish({ destination: 'http://127.0.0.1:9/refused', body: 'x', options: { retries: 0 } });
	await sink.waitFor(3);
});

afterAll(async () => {
	await sink?.close();
	await eu?.close();
	await us?.close();
});

function mount(columns: number, rows: number) {
	return mountTui(
		eu.client,
		{
			embedded: true,
			accountId: eu.service.accountId,
			regions: [region('eu-central-1', eu, true), region('us-east-1', us, false)],
		},
		{ columns, rows, pane: 'overview' },
	);
}

describe('Overview with several regions', () => {
	it("shows each region's traffic and which one the panes show, at 200x50", async () => {
		const screen = mount(200, 50);
		try {
			const line = await screen.waitFor(
				(frame) =>
					frame
						.split('\n')
						.find(
							(l) =>
								l.includes('Regions, last 5 min') && /us-east-1 {2}3 delivered · 1 failed · DLQ 1/.test(l),
						),
				'the regions line with the US traffic',
			);
			expect(line).toContain('▶eu-central-1  0 delivered · 0 failed · DLQ 0');
			// The account's usage is still there below it.
			await screen.waitFor((frame) => frame.includes(`Account ${eu.service.accountId}`), 'the account title');
		} finally {
			screen.unmount();
		}
	});

	it('says the same in compact words at 80x24', async () => {
		const screen = mount(80, 24);
		try {
			const line = await screen.waitFor(
				(frame) => frame.split('\n').find((l) => l.includes('us-east-1 3 ok 1 failed DLQ 1')),
				'the compact regions line',
			);
			expect(line).toContain('Regions 5m: ▶eu-central-1 0 ok 0 failed DLQ 0 │ us-east-1');
			expect(line!.length).toBeLessThanOrEqual(80);
		} finally {
			screen.unmount();
		}
	});
});
