/**
 * The work a filtered, paged list does outside React, for the pane that keeps it: open, edit
 * and apply the filter form (checked as the commands check their flags), and page with the
 * cursors the service answers. The page shown is the poll store's answer for the filter and
 * page asked for now, never an older one.
 */
import type { MqClient } from '../../../api/client.js';
import type { FilterCheck, FilterInputField } from '../../../api/filter-settings.js';
import { filterQuery, withQuery } from '../../../api/filters.js';
import type { Reading } from '../../../api/liberal.js';
import { defineEndpoint, type Endpoint, type PollRequest, pollRequest } from '../../data/endpoints.js';
import { type EndpointEntry, entryOf, type PollStore } from '../../data/poll-store.js';
import type { CommandHandlers } from '../../keys/commands.js';
import type { FormAction } from '../form/form-state.js';
import type { Notice } from '../notice-line/notice-line-view.js';
import { type RowCommand, rowCommands } from '../row-filter/commands.js';
import { filterOf, rowArranger } from '../row-filter/row-filter.js';
import type { Column } from '../table/table-view.js';
import { type TailCommand, tailNavigationOf } from '../tail-list/navigation.js';
import { selectedIndex } from '../tail-list/selection.js';
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

/**
 * The endpoint of one page of a listing the service filters: `count` records a page at most,
 * the filter and the cursor as the listing takes them, the query kept as pageParams writes it.
 */
export function pageEndpoint<P, F extends object>(options: {
	key: string;
	/** For the status line, e.g. `dead letters`. */
	label: string;
	count: number;
	list(
		client: MqClient,
		query: { filter: F; count: number; cursor?: string },
		signal: AbortSignal,
	): Promise<Reading<P>>;
}): Endpoint<P, PageQuery<F>> {
	const { key, label, count, list } = options;
	return defineEndpoint<P, PageQuery<F>>({
		key,
		api: 'messaging',
		label,
		params: pageParams,
		fetch: (client, { filter, cursor }, signal) =>
			list(client, { filter, count, ...(cursor ? { cursor } : {}) }, signal),
	});
}

/** The poll of the page the list shows now: its filter and its cursor. */
export function pageRequest<P, F>(
	endpoint: Endpoint<P, PageQuery<F>>,
	state: FilteredListState<F>,
): PollRequest {
	return pollRequest(endpoint, { filter: state.query, cursor: state.cursor });
}

/** What the list runs on: a pane's context has it. */
export interface FilteredListContext<F> {
	/** The pane's store: its state holds the list, its actions include the list's and a notice. */
	store: {
		getSnapshot(): FilteredListState<F>;
		dispatch(action: FilteredListAction<F> | { type: 'notice'; notice: Notice }): void;
	};
	polls: PollStore;
}

/** A page as the listings answer it: with a cursor while more pages follow. */
export interface Page {
	cursor?: string | undefined;
}

export interface FilteredListOptions<F, P extends Page, Row> {
	endpoint: Endpoint<P, PageQuery<F>>;
	/** The filter fields the listing takes, in the form. */
	fields: readonly FilterInputField[];
	check(texts: FilterTexts, now: number): FilterCheck<F>;
	rowsOf(page: P): readonly Row[];
	/** The keys rows are selected by, in their order. */
	keysOf(rows: readonly Row[]): string[];
	/** What the rows are, e.g. `dead letters`, for the notices. */
	what: string;
	/** One of them, e.g. `dead letter`, for what an empty page says. */
	one: string;
}

/** The keys every filtered list has: move, open, page, filter, and the first row of the page. */
export type ListCommand = TailCommand | RowCommand | 'filter.fields' | 'page.next' | 'page.previous';

/** Rows of the table's body: the heading, the prompt and the table's header take three. */
export const listRows = (height: number) => Math.max(1, height - 3);

export class FilteredList<F, P extends Page = Page, Row = unknown> {
	private readonly arrange = rowArranger<Row>();
	/** The columns the page was last shown with: what `/` reads and `o` sorts by. */
	private columns: readonly Column<Row>[] = [];
	/** The scroll positions of the open detail, as last drawn. */
	private scrolls = 1;

	/** The handlers of the keys every filtered list has (the pane binds them with its own). */
	readonly commands: CommandHandlers<ListCommand> = {
		...tailNavigationOf((size) => ({
			list: () => this.ctx.store.getSnapshot(),
			dispatch: (action) => this.ctx.store.dispatch(action),
			keys: this.options.keysOf(this.shown() ?? []),
			listHeight: listRows(size.height),
			scrolls: this.scrolls,
		})),
		...rowCommands({
			dispatch: (action) => this.ctx.store.dispatch(action),
			columns: () => this.columns,
			keep: () => this.ctx.store.dispatch({ type: 'select', key: this.selectedKey() }),
		}),
		'filter.fields': () => this.openFilter(),
		'page.next': () => this.nextPage(),
		'page.previous': () => this.previousPage(),
	};

	constructor(
		private readonly ctx: FilteredListContext<F>,
		readonly options: FilteredListOptions<F, P, Row>,
	) {}

	get state(): FilteredListState<F> {
		return this.ctx.store.getSnapshot();
	}

	get store(): FilteredListContext<F>['store'] {
		return this.ctx.store;
	}

	/** The poll store the page is read from: a view of the list subscribes to it. */
	get polls(): PollStore {
		return this.ctx.polls;
	}

	private notice(text: string): void {
		this.ctx.store.dispatch({ type: 'notice', notice: { tone: 'info', text } });
	}

	/** The poll entry of the page, for what went wrong while there is none. */
	entry(): EndpointEntry<P> | undefined {
		return entryOf(this.ctx.polls.getSnapshot(), this.options.endpoint);
	}

	/** The page shown, when the answer is for the filter and page asked for now. */
	page(): P | undefined {
		const entry = this.entry();
		const { query, cursor } = this.state;
		return entry?.dataParams === this.options.endpoint.params({ filter: query, cursor })
			? entry.data
			: undefined;
	}

	/** The rows of the page shown; undefined until the page asked for has come. */
	rows(): readonly Row[] | undefined {
		const page = this.page();
		return page && this.options.rowsOf(page);
	}

	/**
	 * The rows of the page as shown: those `/` keeps, in the order chosen, over `columns` (the
	 * view's, kept for the keys: give the same array while they do not change). Worked out again
	 * only when the page, the columns, the filter or the order change.
	 */
	shown(columns?: readonly Column<Row>[]): readonly Row[] | undefined {
		if (columns) this.columns = columns;
		const rows = this.rows();
		return rows && this.arrange(rows, this.columns, filterOf(this.state.filter), this.state.order);
	}

	/** How far the open detail scrolls, as drawn: the keys scroll it so far. */
	drawnDetail(scrolls: number): void {
		this.scrolls = scrolls;
	}

	private selectedKey(): string | undefined {
		const keys = this.options.keysOf(this.shown() ?? []);
		return keys[selectedIndex(keys, this.state.selected)];
	}

	/** The selected row of the page as shown: the one kept selected, or the first. */
	selected(): Row | undefined {
		const rows = this.shown() ?? [];
		return rows[selectedIndex(this.options.keysOf(rows), this.state.selected)];
	}

	openFilter(): void {
		this.ctx.store.dispatch({
			type: 'form/open',
			form: filterForm(this.options.fields, this.state.texts),
		});
	}

	formAction(action: FormAction<FilterInputField>): void {
		this.ctx.store.dispatch({ type: 'form/action', action });
	}

	closeFilter(): void {
		this.ctx.store.dispatch({ type: 'form/close' });
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
		if (JSON.stringify(filter) === JSON.stringify(this.state.query)) this.closeFilter();
		else this.ctx.store.dispatch({ type: 'filter/apply', texts, filter });
	}

	nextPage(): void {
		const page = this.page();
		const cursor = page?.cursor;
		if (cursor) this.ctx.store.dispatch({ type: 'page/next', cursor });
		else
			this.notice(
				page === undefined ? `the ${this.options.what} are still loading` : 'this is the last page',
			);
	}

	previousPage(): void {
		if (this.state.previous.length > 0) this.ctx.store.dispatch({ type: 'page/previous' });
		else this.notice('this is the first page');
	}
}
