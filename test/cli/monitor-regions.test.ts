/**
 * The monitor on a local server of several regions (`mqtop serve --regions`): the panes show the
 * default region, or the one `--region` names (its queue, account and keys), the Overview gets
 * every region, and the monitor's receiver verifies each region's keys; a region the server does
 * not run is refused, saying which it runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseBackend } from '../../source/cli/monitor-backend.js';
import { resolveConnection } from '../../source/config/resolve.js';
import { conformant } from '../support/conformance.js';
import { assertBuilt, baseEnv, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

interface RegionInfo {
	region: string;
	queueUrl: string;
	accountId: string;
	currentSigningKey: string;
}

let home: string;
let served: Served;
let dataDir: string;
beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-monitor-regions-'));
	served = await startServe(baseEnv(home), ['--regions', 'eu-central-1,us-east-1']);
	dataDir = path.join(home, 'data', 'mqtop');
});
afterAll(async () => {
	await served?.stop();
	await rm(home, { recursive: true, force: true });
});

const local = resolveConnection({ config: { profiles: {} }, configPath: '/c.json', env: {}, flags: {} });
const choice = (region?: string) => ({
	dataDir,
	configPath: '/c.json',
	throwaway: false,
	demo: false,
	port: 0,
	region,
});

describe('the monitor on a server of several regions', () => {
	it('shows the default region, or the one --region names, and knows them all', async () => {
		const [eu, us] = (served.info as unknown as { regions: RegionInfo[] }).regions as [
			RegionInfo,
			RegionInfo,
		];
		const first = await chooseBackend(local, choice());
		expect(first.client.settings.queueUrl).toBe(eu.queueUrl);
		expect(first.regions?.map((r) => [r.region, r.shown])).toEqual([
			['eu-central-1', true],
			['us-east-1', false],
		]);

		const other = await chooseBackend(local, choice('US_EAST_1'));
		expect(other.client.settings.queueUrl).toBe(us.queueUrl);
		expect(other.embedded?.accountId).toBe(us.accountId);
		expect(other.keys?.current).toBe(us.currentSigningKey);
		expect(other.regionKeys).toMatchObject({ shown: 'us-east-1', others: [{ name: 'eu-central-1' }] });
		expect((await conformant(other.client).listUsers())[0]?.id).toBe(us.accountId);
		expect(other.regions?.find((r) => r.shown)?.region).toBe('us-east-1');

		await expect(chooseBackend(local, choice('ap-south-1'))).rejects.toThrow(
			'the local server runs the regions eu-central-1, us-east-1',
		);
	});
});
