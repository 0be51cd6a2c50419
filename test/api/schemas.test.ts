import { describe, expect, it } from 'vitest';
import {
	CallbackBody,
	describeZodError,
	FailureCallbackBody,
	MqStats,
	MqUsers,
	WorkflowTriggerItems,
} from '../../source/api/schemas.js';

const point = (y: number | null) => ({ x: '2026-11-21 12:00:00.000 +0000 UTC', y });

describe('schemas', () => {
	it('lets unknown fields pass through', () => {
		const parsed = CallbackBody.parse({
			status: 200,
			body: '',
			retried: 0,
			maxRetries: 3,
			sourceMessageId: 'msg_1',
			url: 'http://127.0.0.1/x',
			method: 'POST',
			somethingNew: { nested: true },
		});
		expect(parsed).toHaveProperty('somethingNew', { nested: true });
	});

	it('names the field path of a wrong type', () => {
		const result = MqUsers.safeParse([{ id: 'u1', max_retries: 'many' }]);
		expect(result.success).toBe(false);
		if (!result.success) {
			const text = describeZodError(result.error);
			expect(text).toContain('[0].max_retries');
			expect(text).toContain('[0].token');
		}
	});

	it('accepts a null y on the newest point and rejects a bad timestamp', () => {
		const stats = {
			days: ['Sunday'],
			daily_requests: [{ ...point(1), workflow_message: 0, workflow_run: 0 }],
			daily_billings: [point(0)],
			daily_bandwidths: [point(0)],
			daily_used: [point(1), point(null)],
			daily_used_workflow: [],
			daily_qstash_messages: [{ id: 'delivered', data_points: [point(2)] }],
			daily_workflow_messages: [],
			dlq_message_count: 0,
			daily_bandwidth_used: [],
			total_monthly_billing: 0.5,
		};
		expect(MqStats.safeParse(stats).success).toBe(true);
		const bad = MqStats.safeParse({ ...stats, daily_used: [{ x: 'noon', y: 1 }] });
		expect(bad.success).toBe(false);
		if (!bad.success)
			expect(describeZodError(bad.error)).toMatch(/^daily_used\[0\]\.x: expected a timestamp/);
	});

	it('requires dlqId on a failure callback and a destination on a trigger item', () => {
		const base = {
			status: 500,
			body: '',
			retried: 3,
			maxRetries: 3,
			sourceMessageId: 'm',
			url: 'http://h/',
			method: 'POST',
		};
		expect(FailureCallbackBody.safeParse(base).success).toBe(false);
		expect(FailureCallbackBody.safeParse({ ...base, dlqId: '1-1' }).success).toBe(true);
		expect(WorkflowTriggerItems.safeParse([{ body: 'x' }]).success).toBe(false);
	});
});
