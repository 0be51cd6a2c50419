/** What the edit controllers run on: the runtime's client and stores, and whether edits are allowed. */
import type { MqClient } from '../../api/client.js';
import { describePollError } from '../data/describe-error.js';
import type { PollStore } from '../data/poll-store.js';
import type { PollScheduler } from '../data/scheduler.js';
import type { ReducerStore } from '../data/store.js';
import type { TrackedMessages } from '../data/tracked-messages.js';
import type { FocusStore } from './focus.js';
import type { UiAction, UiState } from './shell-state.js';

export interface EditContext {
	client: MqClient;
	ui: ReducerStore<UiState, UiAction>;
	polls: PollStore;
	scheduler: PollScheduler;
	focus: FocusStore;
	tracked: TrackedMessages;
	readOnly: boolean;
	/** Where the callback receiver listens, when one runs. */
	receiverUrl: string | undefined;
}

/** A refused or failed request as one sanitised line, with what to do when there is a hint. */
export function describeSendError(error: unknown): string {
	const text = describePollError(error, 'messaging');
	return text.hint ? `${text.message} (${text.hint})` : text.message;
}

/** What a key says in read-only mode. */
export function readOnlyNotice(what: string) {
	return { tone: 'info' as const, text: `read-only: ${what} is disabled; nothing was sent` };
}
