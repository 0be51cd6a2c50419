/**
 * The work a filtered, paged list does outside React, for the pane that keeps it: open, edit
 * and apply the filter form (checked as the commands check their flags), and page with the
 * cursors the service answers. The page shown is the poll store's answer for the filter and
 * page asked for now, never an older one.
 */
import type { FilterCheck, FilterInputField } from '../../../api/filter-settings.js';
import { filterQuery, withQuery } from '../../../api/filters.js';
import type { Endpoint } from '../../data/endpoints.js';
import { entryOf, type PollStore } from '../../data/poll-store.js';
import type { FormAction } from '../form/form-state.js';
import type { Notice } from '../notice-line/notice-line-view.js';
import {
	type FilteredListAction,
	type FilteredListState,
	type FilterTexts,
	filterForm,
	filterTexts,
} from './filtered-list-state.js';

/** Which page of which records: the filter goes to the service, the cursor continues a listing. */
export interface PageQuery<F> {
	filter: F;
	cursor: string | undefined;
}

/** The query of a page, as the poll store records it: another filter or page is another request. */
export function pageParams(query: PageQuery<object>): string {
	const cursor: [string, string][] = query.cursor ? [['cursor', query.cursor]] : [];
	return withQuery('', [...filterQuery(query.filter), ...cursor]);
}

export interface FilteredListOptions<F, P> {
	/** The pane's store: its state holds the list, its actions include the list's and a notice. */
	store: {
		getSnapshot(): FilteredListState<F>;
		dispatch(action: FilteredListAction<F> | { type: 'notice'; notice: Notice }): void;
	};
	polls: PollStore;
	endpoint: Endpoint<P, PageQuery<F>>;
	/** The filter fields the listing takes, in the form. */
	fields: readonly FilterInputField[];
	check(texts: FilterTexts, now: number): FilterCheck<F>;
	cursorOf(page: P): string | undefined;
	/** What the rows are, e.g. `dead letters`, for the notices. */
	what: string;
}

export class FilteredList<F, P> {
	constructor(private readonly options: FilteredListOptions<F, P>) {}

	private get state(): FilteredListState<F> {
		return this.options.store.getSnapshot();
	}

	private notice(text: string): void {
		this.options.store.dispatch({ type: 'notice', notice: { tone: 'info', text } });
	}

	/** The page shown, when the answer is for the filter and page asked for now. */
	page(): P | undefined {
		const { endpoint, polls } = this.options;
		const entry = entryOf(polls.getSnapshot(), endpoint);
		const { filter, cursor } = this.state;
		return entry?.dataParams === endpoint.params({ filter, cursor }) ? entry.data : undefined;
	}

	openFilter(): void {
		this.options.store.dispatch({
			type: 'form/open',
			form: filterForm(this.options.fields, this.state.texts),
		});
	}

	formAction(action: FormAction<FilterInputField>): void {
		this.options.store.dispatch({ type: 'form/action', action });
	}

	closeFilter(): void {
		this.options.store.dispatch({ type: 'form/close' });
	}

	/** The problems of the form's fields, as it is now. */
	formErrors(): FilterCheck<F>['errors'] {
		const form = this.state.form;
		return form ? this.options.check(filterTexts(form), Date.now()).errors : {};
	}

	/** Applies the typed filter when every field is right; otherwise the errors show under the fields. */
	applyFilter(): void {
		const form = this.state.form;
		if (!form) return;
		this.formAction({ type: 'submitted' });
		const texts = filterTexts(form);
		const { filter, errors } = this.options.check(texts, Date.now());
		if (Object.keys(errors).length > 0) return;
		// The same filter again keeps the page, the selection and what else hangs on them (marks).
		if (JSON.stringify(filter) === JSON.stringify(this.state.filter)) this.closeFilter();
		else this.options.store.dispatch({ type: 'filter/apply', texts, filter });
	}

	nextPage(): void {
		const page = this.page();
		const cursor = page === undefined ? undefined : this.options.cursorOf(page);
		if (cursor) this.options.store.dispatch({ type: 'page/next', cursor });
		else
			this.notice(
				page === undefined ? `the ${this.options.what} are still loading` : 'this is the last page',
			);
	}

	previousPage(): void {
		if (this.state.previous.length > 0) this.options.store.dispatch({ type: 'page/previous' });
		else this.notice('this is the first page');
	}
}
