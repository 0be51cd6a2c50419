import { describe, expect, it } from 'vitest';
import type { AnyPane } from '../../../source/ui/contract/pane.js';
import { initialShellState, type ShellState } from '../../../source/ui/contract/shell-state.js';
import type { LogListing } from '../../../source/ui/data/endpoints.js';
import type { PollState } from '../../../source/ui/data/poll-store.js';
import type { TrackedState } from '../../../source/ui/data/tracked-messages.js';
import { mqStatsEndpoint } from '../../../source/ui/panes/overview/endpoints.js';
import { panes } from '../../../source/ui/registry.js';

const ids = { accountId: 'acct', vectorIndexId: 'vec', searchIndexId: 'srch' };
const module = (id: string) => panes.find((p) => p.id === id) as AnyPane;

/** The requests of a pane's poll plan, as endpoint and parameters. */
function plan(
	id: string,
	options: {
		shell?: Partial<ShellState>;
		state?: (state: never) => unknown;
		polls?: PollState;
		tracked?: TrackedState;
		connection?: Partial<typeof ids>;
	} = {},
) {
	const pane = module(id);
	const initial = pane.initial({
		connection: { embedded: true, ...(options.connection ?? ids) },
		receiverUrl: undefined,
	});
	const view = {
		shell: {
			...initialShellState({ pane: id, accountId: (options.connection ?? ids).accountId }),
			...options.shell,
		},
		state: options.state ? options.state(initial as never) : initial,
		polls: options.polls ?? { entries: {}, keyed: {} },
		tracked: options.tracked ?? { messages: [] },
		now: Date.now(),
	};
	return (pane.polls?.(view) ?? []).map((r) => ({ endpoint: r.endpoint.key, params: r.params }));
}

describe('the poll plan of each pane', () => {
	it('polls only what the visible pane shows', () => {
		const period = { shell: { period: '3h' as const } };
		expect(plan('overview', period)).toEqual([{ endpoint: 'mqStats', params: 'acct 3h' }]);
		expect(plan('accounts', period)).toEqual([{ endpoint: 'users', params: '' }]);
		expect(plan('vector', period)).toEqual([
			{ endpoint: 'vectorIndexes', params: '' },
			{ endpoint: 'vectorStats', params: 'vec 3h' },
			{ endpoint: 'vectorOverview', params: 'vec' },
		]);
		expect(plan('search', period)).toEqual([
			{ endpoint: 'searchIndexList', params: '' },
			{ endpoint: 'searchIndex', params: 'srch' },
			{ endpoint: 'searchOverview', params: 'srch' },
		]);
		expect(plan('groups', period)).toEqual([{ endpoint: 'groups', params: '' }]);
		// A service that answered the listing with 404/405 is not asked again.
		expect(plan('groups', { state: (s: { listed: boolean }) => ({ ...s, listed: false }) })).toEqual([]);
		for (const pane of ['callbacks', 'publish']) expect(plan(pane, period)).toEqual([]);
	});

	it('polls the delivery logs on the Messages pane until the service says it has none, and the ids shown', () => {
		const tracked: TrackedState = {
			messages: ['msg_a', 'msg_b'].map((id) => ({ id, origin: 'typed' as const, since: 1 })),
		};
		const shown = (s: object) => ({ ...s, shown: ['msg_a', 'msg_b'] });
		expect(plan('messages')).toEqual([{ endpoint: 'logs', params: '100' }]);
		expect(plan('messages', { tracked, state: shown })).toEqual([
			{ endpoint: 'logs', params: '100' },
			{ endpoint: 'message', params: 'msg_a' },
			{ endpoint: 'message', params: 'msg_b' },
		]);
		const unlisted: LogListing = { listed: false, status: 404 };
		const polls: PollState = {
			entries: { logs: { api: 'messaging', params: '100', data: unlisted } },
			keyed: {},
		};
		expect(plan('messages', { tracked, state: (s: object) => ({ ...s, shown: ['msg_a'] }), polls })).toEqual([
			{ endpoint: 'message', params: 'msg_a' },
		]);
		expect(plan('callbacks', { tracked, state: shown })).toEqual([]);
		const view = {
			shell: initialShellState({ pane: 'messages' }),
			state: module('messages').initial({ connection: { embedded: true }, receiverUrl: undefined }),
			polls: { entries: {}, keyed: {} },
			tracked: { messages: [] },
			now: 0,
		};
		expect(
			module('messages')
				.statusEndpoints?.(view)
				.map((e) => e.key),
		).toEqual(['logs', 'message']);
	});

	it('lists the accounts first when the Overview has no account, and only the indexes without an index id', () => {
		expect(plan('overview', { connection: {} })).toEqual([{ endpoint: 'users', params: '' }]);
		expect(plan('vector', { connection: {} })).toEqual([{ endpoint: 'vectorIndexes', params: '' }]);
		expect(plan('search', { connection: {} })).toEqual([{ endpoint: 'searchIndexList', params: '' }]);
	});

	it('gives requests for other parameters other identities', () => {
		const a = mqStatsEndpoint.params({ accountId: 'a', period: '1h' });
		const b = mqStatsEndpoint.params({ accountId: 'a', period: '3h' });
		expect(a).not.toBe(b);
	});
});
