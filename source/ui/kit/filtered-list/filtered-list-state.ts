/**
 * A list the service filters and pages, and the form of its filters. The form has one field
 * per filter the listing takes, typed as the commands take them (api/filter-settings.ts); it
 * only edits text, and what it sends is checked there, so the TUI refuses what the CLI refuses.
 */
import { type FilterInputField, filterInputFields } from '../../../api/filter-settings.js';
import {
	createForm,
	type FieldSpec,
	type FormAction,
	type FormState,
	formReducer,
} from '../form/form-state.js';
import {
	initialRowFilter,
	isRowFilterAction,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../row-filter/row-filter-state.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../tail-list/tail-list-state.js';

export type FilterForm = FormState<FilterInputField>;
/** What was typed into each field, as typed. */
export type FilterTexts = Partial<Record<FilterInputField, string>>;

const specs: Record<FilterInputField, Omit<FieldSpec<FilterInputField>, 'id'>> = {
	state: { label: 'state', placeholder: 'DELIVERED, FAILED, RETRY, IN_PROGRESS, … (commas for several)' },
	messageId: { label: 'message id', placeholder: 'msg_…' },
	url: { label: 'destination URL', placeholder: 'https://… as published (commas between URLs)' },
	group: { label: 'URL Group', placeholder: 'group name (commas for several)' },
	label: { label: 'label', placeholder: 'label (commas for several)' },
	status: { label: 'response status', placeholder: '500, or 404,429' },
	from: { label: 'from', placeholder: '15m or 2h (ago), 2026-01-31T09:00, unix ms, now' },
	to: { label: 'to', placeholder: 'the same forms; empty: until now' },
};

/** A form of `fields` (in the order filterInputFields lists them), filled with what was typed last. */
export function filterForm(fields: readonly FilterInputField[], texts: FilterTexts = {}): FilterForm {
	const shown = filterInputFields.filter((f) => fields.includes(f));
	return createForm(
		shown.map((id) => ({ id, ...specs[id] })),
		texts,
		undefined,
		'apply',
	);
}

/** What the form holds, without the fields left empty. */
export function filterTexts(form: FilterForm): FilterTexts {
	return Object.fromEntries(Object.entries(form.values).filter(([, v]) => (v as string).trim() !== ''));
}

/**
 * A list the service filters and pages (the dead letters, the delivery logs): the filter as
 * typed and as sent, the page shown with the cursors of those before it, the selected row and
 * its detail, and the filter form while it is open; and `/` and the order over the page shown
 * (RowFilterState). Panes keep it inside their own state.
 */
export interface FilteredListState<F> extends TailListState, RowFilterState {
	/** The filter as typed, for the form. */
	texts: FilterTexts;
	/** The filter as the service gets it (the fields' filter; `filter` is `/`'s, over the page). */
	query: F;
	/** The cursor of the page shown; undefined is the first page. */
	cursor: string | undefined;
	/** The cursors of the pages before it, for going back. */
	previous: readonly (string | undefined)[];
	form: FilterForm | undefined;
}

export type FilteredListAction<F> =
	| TailListAction
	| RowFilterAction
	| { type: 'form/open'; form: FilterForm }
	| { type: 'form/action'; action: FormAction<FilterInputField> }
	| { type: 'form/close' }
	| { type: 'filter/apply'; texts: FilterTexts; filter: F }
	| { type: 'page/next'; cursor: string }
	| { type: 'page/previous' };

export function initialFilteredList<F>(query: F): FilteredListState<F> {
	return {
		...initialTailList,
		...initialRowFilter,
		texts: {},
		query,
		cursor: undefined,
		previous: [],
		form: undefined,
	};
}

/** Another page: its first row selected, no detail open. */
function toPage<S extends FilteredListState<unknown>>(
	state: S,
	cursor: string | undefined,
	previous: S['previous'],
): S {
	return { ...state, cursor, previous, selected: undefined, detail: false, detailScroll: 0 };
}

/** `/` over the page shows other rows (another filter, or none): from the first. */
export const fromFirstRow = <S extends TailListState>(state: S): S => ({ ...state, selected: undefined });

export function filteredListReducer<F, S extends FilteredListState<F>>(
	state: S,
	action: FilteredListAction<F>,
): S {
	switch (action.type) {
		case 'form/open':
			return { ...state, form: action.form };
		case 'form/action':
			return state.form ? { ...state, form: formReducer(state.form, action.action) } : state;
		case 'form/close':
			return state.form ? { ...state, form: undefined } : state;
		case 'filter/apply':
			// Another filter shows other rows: from the first page, nothing open.
			return { ...toPage(state, undefined, []), texts: action.texts, query: action.filter, form: undefined };
		case 'page/next':
			return toPage(state, action.cursor, [...state.previous, state.cursor]);
		case 'page/previous':
			return state.previous.length === 0
				? state
				: toPage(state, state.previous.at(-1), state.previous.slice(0, -1));
		default:
			if (isRowFilterAction(action)) return rowFilterReducer(state, action, fromFirstRow);
			return tailListReducer(state, action);
	}
}
