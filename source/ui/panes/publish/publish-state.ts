/**
 * What the Publish pane is doing, as a pure reducer: the publish form, the batch trigger's
 * items and their forms, the request waiting for confirmation, and what the last send
 * returned. A refused send keeps everything that was typed.
 */
import type { PublishRequest } from '../../../api/client.js';
import type { Liberal } from '../../../api/liberal.js';
import type { PublishResult, WorkflowTriggerItem, WorkflowTriggerResult } from '../../../api/schemas.js';
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer, formScope } from '../../kit/form/form-state.js';
import type { Notice } from '../../kit/notice-line/notice-line-view.js';
import {
	idleRequestFlow,
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	withRequestFlow,
} from '../../kit/request-flow/request-flow-state.js';
import type { PublishField } from './publish-form.js';
import type { ItemField } from './trigger-items.js';

/** A publish (its request as the client sends it, shown) or a batch of workflow runs, waiting for a yes. */
export type PendingSend =
	| (PendingRequest & { kind: 'publish'; publish: PublishRequest })
	| (PendingRequest & { kind: 'trigger'; items: WorkflowTriggerItem[] });

export interface Published {
	at: number;
	destination: string;
	results: readonly Liberal<typeof PublishResult>[];
}

export interface TriggeredRun {
	destination: string;
	/** The run as the service answered it: its id, and what else it said. */
	result: Liberal<typeof WorkflowTriggerResult>;
	/** The message the run became, once found (see run-messages.ts). */
	messageId?: string;
}

export interface Triggered {
	at: number;
	runs: readonly TriggeredRun[];
	/** Why some runs have no message id, when that is known. */
	note?: string;
}

export interface PublishState extends RequestFlow<PendingSend> {
	view: 'publish' | 'trigger';
	form: FormState<PublishField>;
	/** The publish form has the keys. */
	editing: boolean;
	/** A trigger item being typed. */
	item: FormState<ItemField> | undefined;
	/** The path of a JSON file of items being typed, and why the last one was refused. */
	file: FormState<'path'> | undefined;
	fileError: string | undefined;
	items: readonly WorkflowTriggerItem[];
	itemCursor: number;
	/** Why the last send was refused, shown over what was typed. */
	failure: string | undefined;
	published: Published | undefined;
	triggered: Triggered | undefined;
}

export type PublishAction =
	| { type: 'view'; view: 'publish' | 'trigger' }
	| { type: 'edit'; editing: boolean }
	| { type: 'form/action'; action: FormAction<PublishField> }
	| { type: 'item/open'; form: FormState<ItemField> }
	| { type: 'item/action'; action: FormAction<ItemField> }
	| { type: 'item/add'; item: WorkflowTriggerItem }
	| { type: 'file/open'; form: FormState<'path'> }
	| { type: 'file/action'; action: FormAction<'path'> }
	| { type: 'file/refused'; error: string }
	| { type: 'file/loaded'; items: readonly WorkflowTriggerItem[]; notice: Notice }
	| { type: 'close' }
	| { type: 'items/move'; delta: number }
	| { type: 'items/remove' }
	| RequestFlowAction<PendingSend>
	| { type: 'published'; published: Published }
	| { type: 'triggered'; triggered: Triggered }
	| { type: 'runs/found'; at: number; messages: ReadonlyMap<string, string>; note?: string };

export function initialPublishState(form: FormState<PublishField>): PublishState {
	return {
		view: 'publish',
		form,
		editing: false,
		item: undefined,
		file: undefined,
		fileError: undefined,
		items: [],
		itemCursor: 0,
		...idleRequestFlow,
		failure: undefined,
		published: undefined,
		triggered: undefined,
	};
}

/** The view inside the pane that has the keys. */
export function publishScope(state: PublishState): Scope | undefined {
	if (state.confirm) return 'confirm';
	const form = state.file ?? state.item ?? (state.editing ? state.form : undefined);
	if (form) return formScope(form);
	return state.view === 'trigger' ? 'publish.trigger' : undefined;
}

/** What an answer does to what was typed: a refusal gives the publish form its keys back. */
function answered(
	next: PublishState,
	action: RequestFlowAction<PendingSend>,
	state: PublishState,
): PublishState {
	switch (action.type) {
		// The form keeps its edit mode under the preview: n or Esc goes back to editing it.
		case 'request/confirm':
			return { ...next, failure: undefined };
		case 'request/failed':
			return {
				...next,
				notice: state.notice,
				failure: action.message,
				editing: state.confirm?.kind === 'publish',
			};
		default:
			return next;
	}
}

function ownReducer(
	state: PublishState,
	action: Exclude<PublishAction, RequestFlowAction<PendingSend>>,
): PublishState {
	switch (action.type) {
		case 'view':
			return state.view === action.view
				? state
				: { ...state, view: action.view, failure: undefined, notice: undefined };
		case 'edit':
			return state.editing === action.editing
				? state
				: { ...state, editing: action.editing, notice: undefined };
		case 'form/action': {
			const form = formReducer(state.form, action.action);
			if (form === state.form) return state;
			// A notice about the form (fields to fix) is outdated by the next edit.
			return { ...state, form, ...(action.action.type === 'submitted' ? {} : { notice: undefined }) };
		}
		case 'item/open':
			return { ...state, item: action.form, notice: undefined };
		case 'item/action':
			return state.item ? { ...state, item: formReducer(state.item, action.action) } : state;
		case 'item/add':
			return {
				...state,
				item: undefined,
				items: [...state.items, action.item],
				itemCursor: state.items.length,
				failure: undefined,
			};
		case 'file/open':
			return { ...state, file: action.form, fileError: undefined, notice: undefined };
		case 'file/action':
			return state.file
				? { ...state, file: formReducer(state.file, action.action), fileError: undefined }
				: state;
		case 'file/refused':
			return { ...state, fileError: action.error };
		case 'file/loaded':
			return {
				...state,
				file: undefined,
				fileError: undefined,
				items: [...state.items, ...action.items],
				failure: undefined,
				notice: action.notice,
			};
		case 'close':
			return { ...state, editing: false, item: undefined, file: undefined, fileError: undefined };
		case 'items/move': {
			const next = Math.min(
				Math.max(0, state.itemCursor + action.delta),
				Math.max(0, state.items.length - 1),
			);
			return next === state.itemCursor ? state : { ...state, itemCursor: next };
		}
		case 'items/remove': {
			if (state.items.length === 0) return state;
			const items = state.items.filter((_, i) => i !== state.itemCursor);
			return { ...state, items, itemCursor: Math.min(state.itemCursor, Math.max(0, items.length - 1)) };
		}
		case 'published':
			return {
				...state,
				failure: undefined,
				editing: false,
				published: action.published,
			};
		case 'triggered':
			return { ...state, failure: undefined, triggered: action.triggered };
		case 'runs/found': {
			const triggered = state.triggered;
			if (!triggered || triggered.at !== action.at) return state;
			const runs = triggered.runs.map((run) => {
				const messageId = action.messages.get(run.result.workflowRunId);
				return messageId && !run.result.deduplicated ? { ...run, messageId } : run;
			});
			return { ...state, triggered: { ...triggered, runs, ...(action.note ? { note: action.note } : {}) } };
		}
	}
}

/** The publish form, the items and what came back; the kit's request flow, with what an answer does to them. */
export const publishReducer = withRequestFlow<PendingSend, PublishState, PublishAction>(ownReducer, answered);
