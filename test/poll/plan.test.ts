import { describe, expect, it } from 'vitest';
import { pollRequests, requestParams } from '../../source/poll/plan.js';
import type { paneIds } from '../../source/ui/state/panes.js';
import { initialUiState } from '../../source/ui/state/ui-state.js';

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
		for (const pane of ['messages', 'callbacks', 'publish'] as const) expect(on(pane)).toEqual([]);
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
