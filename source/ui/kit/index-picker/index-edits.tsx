/**
 * What the list of indexes draws of their edits as the Vector and Search panes give them: the
 * question their controller asked (IndexDataController's askCreateIndex and askDeleteIndex, from
 * the list's keys), drawn as the exact request to the management API, and what the last edit did.
 */
import type { IndexKind } from '../../../api/index-access.js';
import type { IndexDataState } from '../index-data/index-data-state.js';
import { type ConfirmAnswer, ConfirmRequest } from '../request-flow/request-flow-view.js';
import type { IndexEdits } from './index-picker-view.js';

export function indexEdits(
	kind: IndexKind,
	answer: ConfirmAnswer,
	state: IndexDataState,
	size: { width: number; height: number },
): IndexEdits {
	// The data view draws the questions about records; this one, those asked from the list.
	const question =
		state.confirm && !state.open ? (
			<ConfirmRequest flow={state} host={state.confirm.host} size={size} answer={answer} />
		) : null;
	return { kind, question, notice: state.open ? undefined : state.notice };
}
