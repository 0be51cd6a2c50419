import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { defaultDialect } from '../../../source/api/dialect.js';
import { startLocalService } from '../../../source/local/service.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { mountTui, type Screen } from '../harness.js';

describe('connection state', () => {
	it('shows the error and when it retries while the service is down, and recovers when it is back', async () => {
		const first = await startLocalService();
		const { port } = new URL(first.managementUrl);
		const same = {
			port: Number(port),
			token: first.token,
			email: first.email,
			apiKey: first.apiKey,
			accountId: first.accountId,
		};
		const client = new MqClient(
			{
				queueUrl: first.queueUrl,
				managementUrl: first.managementUrl,
				token: first.token,
				email: first.email,
				apiKey: first.apiKey,
				dialect: defaultDialect,
				timeoutMs: 2000,
			},
			{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
		);
		const screen = mountTui(
			client,
			{ embedded: true, accountId: first.accountId },
			{ backoff: { baseMs: 100, maxMs: 300 } },
		);
		try {
			await screen.waitFor((f) => f.includes('management ok') && f.includes('Today'), 'connected');
			await first.close();
			const down = await screen.waitFor(
				(f) => (f.includes('✗ management: read usage stats failed: cannot connect') ? f : undefined),
				'the error in the status line',
			);
			expect(down).toContain('ECONNREFUSED');
			expect(down).toMatch(/retry in \ds/);
			expect(down).toContain('is the service running and the URL right?');
			// The last good data stays on screen while the service is away.
			expect(down).toContain('Today');
			await screen.waitFor((f) => /\((\d+) failures\)/.test(f), 'consecutive failures counted');
			const back = await startLocalService(same);
			try {
				await screen.waitFor((f) => f.includes('management ok') && !f.includes('✗'), 'recovered');
			} finally {
				await back.close();
			}
		} finally {
			screen.unmount();
		}
	});

	describe('wrong credentials', () => {
		let fixture: Fixture;
		let screen: Screen;

		beforeAll(async () => {
			fixture = await startFixture();
		});
		afterAll(async () => {
			screen?.unmount();
			await fixture.close();
		});

		it('says which credential the management API refused', async () => {
			const wrong = new MqClient(
				{ ...fixture.client.settings, apiKey: 'not-the-key' },
				{ retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
			);
			screen = mountTui(wrong, { embedded: false, accountId: fixture.service.accountId });
			const frame = await screen.waitFor(
				(f) => (f.includes('HTTP 401') ? f : undefined),
				'the 401 in the status line',
			);
			expect(frame).toContain(
				'management API refused the management e-mail or API key (HTTP 401: wrong email or API key)',
			);
			expect(frame).toContain(`mqtop ${fixture.service.managementUrl}`);
		});
	});
});
