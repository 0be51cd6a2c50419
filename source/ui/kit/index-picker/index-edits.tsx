/**
 * The edits of the list of indexes (IndexEdits) as the Vector and Search panes give them: their
 * controller asks (IndexDataController's askCreateIndex and askDeleteIndex) and answers the
 * question, their state holds it, drawn as the exact request to the management API.
 */
import type { IndexKind } from '../../../api/index-access.js';
import type { IndexDataState } from '../index-data/index-data-state.js';
import { type ConfirmAnswer, ConfirmRequest } from '../request-flow/request-flow-view.js';
import type { IndexEdits } from './index-picker-view.js';

interface EditingController extends ConfirmAnswer {
	askCreateIndex(typed: string): boolean;
	askDeleteIndex(id: string, name: string | undefined): void;
}

export function indexEdits(
	kind: IndexKind,
	controller: EditingController,
	state: IndexDataState,
	size: { width: number; height: number },
): IndexEdits {
	// The data view draws the questions about records; this one, those asked from the list.
	const question =
		state.confirm && !state.open ? (
			<ConfirmRequest flow={state} host={state.confirm.host} size={size} answer={controller} />
		) : null;
	return {
		kind,
		create: (typed) => controller.askCreateIndex(typed),
		delete: (id, name) => controller.askDeleteIndex(id, name),
		question,
		notice: state.open ? undefined : state.notice,
	};
}
