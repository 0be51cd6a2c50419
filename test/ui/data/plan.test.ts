import { describe, expect, it } from 'vitest';
import type { paneIds } from '../../../source/ui/contract/panes.js';
import { initialUiState } from '../../../source/ui/contract/shell-state.js';
import { pollRequests, requestParams, visibleEndpoints } from '../../../source/ui/data/plan.js';

describe('pollRequests', () => {
	it('polls only what the visible pane shows', () => {
		const ids = { accountId: 'acct', vectorIndexId: 'vec', searchIndexId: 'srch' };
		const on = (pane: (typeof paneIds)[number]) =>
			pollRequests({ ...initialUiState(ids), pane, period: '3h' });
		expect(on('overview')).toEqual([{ endpoint: 'mqStats', accountId: 'acct', period: '3h' }]);
		expect(on('accounts')).toEqual([{ endpoint: 'users' }]);
		expect(on('vector')).toEqual([{ endpoint: 'vectorStats', indexId: 'vec', period: '3h' }]);
		expect(on('search')).toEqual([{ endpoint: 'searchIndex', indexId: 'srch' }]);
		expect(on('groups')).toEqual([{ endpoint: 'groups' }]);
		// A service that answered the listing with 404/405 is not asked again.
		expect(pollRequests({ ...initialUiState(ids), pane: 'groups', groupsListed: false })).toEqual([]);
		for (const pane of ['callbacks', 'publish'] as const) expect(on(pane)).toEqual([]);
	});

	it('polls the events listing on the Messages pane until the service says it has none, and the ids shown', () => {
		const state = initialUiState({ pane: 'messages' });
		expect(pollRequests(state)).toEqual([{ endpoint: 'events' }]);
		expect(pollRequests(state, { messageIds: ['msg_a', 'msg_b'] })).toEqual([
			{ endpoint: 'events' },
			{ endpoint: 'message', messageId: 'msg_a' },
			{ endpoint: 'message', messageId: 'msg_b' },
		]);
		expect(pollRequests(state, { eventsUnlisted: true, messageIds: ['msg_a'] })).toEqual([
			{ endpoint: 'message', messageId: 'msg_a' },
		]);
		expect(pollRequests({ ...state, pane: 'callbacks' }, { messageIds: ['msg_a'] })).toEqual([]);
		expect(visibleEndpoints(state)).toEqual(['events', 'message']);
	});

	it('lists the accounts first when the Overview has no account, and polls nothing without an index id', () => {
		expect(pollRequests(initialUiState())).toEqual([{ endpoint: 'users' }]);
		expect(pollRequests(initialUiState({ pane: 'vector' }))).toEqual([]);
		expect(pollRequests(initialUiState({ pane: 'search' }))).toEqual([]);
	});

	it('gives requests for other parameters other identities', () => {
		const a = requestParams({ endpoint: 'mqStats', accountId: 'a', period: '1h' });
		const b = requestParams({ endpoint: 'mqStats', accountId: 'a', period: '3h' });
		expect(a).not.toBe(b);
	});
});
