/**
 * The reshaping the area clients apply before reading liberally: the older logs path, older
 * cursors, the wrapped flow-control page and batch answers that must stay aligned with items.
 */
import { describe, expect, it } from 'vitest';
import { readLiberal } from '../../source/api/liberal.js';
import {
	BatchResults,
	DlqDeleted,
	FlowControlKeys,
	LogsPage,
	prepareBatchResults,
	prepareFlowControlKeys,
	prepareLogsPage,
	preparePage,
} from '../../source/api/messaging-schemas.js';
import * as answers from '../fixtures/deployed/answers.js';

describe('messaging reads', () => {
	it('reads the older /v2/events page as a logs page, with a numeric cursor as text', () => {
		const { data, issues } = readLiberal(
			LogsPage,
			prepareLogsPage({ ...answers.eventsPage, cursor: 1768478400000 }),
		);
		expect(issues).toEqual([]);
		expect(data?.logs.map((entry) => entry.state)).toEqual(['IN_PROGRESS', 'CREATED']);
		expect(data?.cursor).toBe('1768478400000');
	});

	it('reads an empty cursor as the end of the listing', () => {
		expect(readLiberal(LogsPage, prepareLogsPage({ logs: [], cursor: '' })).data?.cursor).toBeUndefined();
		expect(readLiberal(DlqDeleted, preparePage({ deleted: 2, cursor: null })).data).toEqual({ deleted: 2 });
	});

	it('keeps the other log entries when one lacks its message id, and says so', () => {
		const { data, issues } = readLiberal(
			LogsPage,
			prepareLogsPage({ logs: [{ state: 'DELIVERED' }, ...answers.logEntries] }),
		);
		expect(data?.logs).toHaveLength(2);
		expect(issues).toEqual([expect.objectContaining({ path: 'logs[0].messageId', kind: 'missing' })]);
	});

	it('reads flow-control keys as an array or wrapped in {flowControls}', () => {
		const plain = readLiberal(FlowControlKeys, prepareFlowControlKeys(answers.flowControlKeys)).data;
		const wrapped = readLiberal(FlowControlKeys, prepareFlowControlKeys(answers.flowControlKeysWrapped)).data;
		expect(wrapped).toEqual(plain);
		expect(plain?.[0]?.waitListSize).toBe(31);
	});

	it('keeps batch answers aligned with their items when one is odd', () => {
		const { data, issues } = readLiberal(
			BatchResults,
			prepareBatchResults([{ messageId: 'msg_1' }, 'odd', [{ messageId: 'msg_2' }, { messageId: 'msg_3' }]]),
		);
		expect(data).toHaveLength(3);
		expect(data?.[0]?.result?.messageId).toBe('msg_1');
		expect(data?.[1]?.result).toBeUndefined();
		expect(data?.[2]?.results?.map((r) => r.messageId)).toEqual(['msg_2', 'msg_3']);
		expect(issues).toHaveLength(1);
	});
});
