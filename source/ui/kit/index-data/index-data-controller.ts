/**
 * The work of browsing an index's data outside React, for the Vector and Search panes: the
 * form checked by the pane's plane (./plane.ts), the reads sent with the typed data-plane
 * clients at the index's own endpoint (its read-only token; in read-only mode no other), pages
 * of a range forward and back, and a delete shown as its exact request, then sent with the
 * index token and the list read again. The only place of those panes that sends a request.
 */
import type { MqClient } from '../../../api/client.js';
import { type IndexAccess, indexNouns, readIndexAccess } from '../../../api/index-access.js';
import { deleteIndexRequest } from '../../../api/index-admin.js';
import { describeSendError } from '../../data/describe-error.js';
import { type Command, commands, type ViewSize } from '../../keys/commands.js';
import { detailScreenHeight, detailScrolls } from '../detail-view/detail-view.js';
import type { FormAction } from '../form/form-state.js';
import type { FormErrors } from '../form/form-view.js';
import { readNewIndex } from '../index-picker/new-index.js';
import { type RequestContext, RequestController } from '../request-flow/request-controller.js';
import type { Perform } from '../request-flow/request-flow-state.js';
import { askToSend, refusedReadOnly } from '../request-flow/request-flow-state.js';
import type { indexDataBindings } from './bindings.js';
import {
	type DataPending,
	type IndexDataAction,
	type IndexDataState,
	indexDataScope,
} from './index-data-state.js';
import type { DataPlane } from './plane.js';
import { recordLines } from './record-lines.js';

/** The data view's keys as its pane declares them (indexDataBindings in the pane's data scope). */
export type IndexDataBindings = ReturnType<typeof indexDataBindings<string>>;

/** Rows a page key moves: those under the view's heading, prompt and the list's header. */
const page = (size: ViewSize) => Math.max(1, size.height - 4);

/** What the controller runs on: a pane's context has all of it. */
export interface IndexDataContext<S, A> extends RequestContext<S, A> {
	client: MqClient;
}

/** Marks a pending request as an edit of the indexes themselves, not of an index's records. */
const indexEdit = Symbol('index edit');

export class IndexDataController<
	S extends IndexDataState<Id, Spec> & { indexId: string | undefined },
	A,
	Id extends string,
	Spec,
> extends RequestController<S, A, DataPending> {
	/** Each ask's number: an answer to an older one (another index, a page left) is dropped. */
	private asked = 0;
	private cached: { key: string; access: Promise<IndexAccess> } | undefined;

	constructor(
		protected override readonly ctx: IndexDataContext<S, A>,
		readonly plane: DataPlane<Id, Spec>,
	) {
		super(ctx);
	}

	/**
	 * The data view's keys (`bindings` in its `scope`), while it is shown and has them (no form,
	 * no question): ask, move or scroll the record in full, page, delete the selected record.
	 */
	protected dataCommands(bindings: IndexDataBindings, scope: string): Command[] {
		const move = (delta: number, size: ViewSize) =>
			this.state.detail ? this.scrollDetail(delta, this.detailScrolls(size)) : this.select(delta);
		return commands(
			bindings,
			scope,
			{
				'data.ask': () => this.openForm(),
				'nav.up': (_, size) => move(-1, size),
				'nav.down': (_, size) => move(1, size),
				'nav.pageUp': (_, size) => move(-page(size), size),
				'nav.pageDown': (_, size) => move(page(size), size),
				'nav.open': () => this.openDetail(),
				'nav.back': () => this.back(),
				'data.next': () => this.nextPage(),
				'data.previous': () => this.previousPage(),
				'data.delete': () => this.deleteSelected(),
			},
			() => this.showsData() && indexDataScope(this.state, scope) === scope,
		);
	}

	/** Whether the data view is drawn: it is open over an index the pane shows. */
	protected showsData(): boolean {
		return this.state.open && this.state.indexId !== undefined;
	}

	/** How far the selected record in full scrolls in a view of `size`. */
	private detailScrolls(size: ViewSize): number {
		const record = this.state.result?.records[this.state.selected];
		const lines = record ? recordLines(record, size.width).length : 0;
		return detailScrolls(lines, detailScreenHeight(size.height));
	}

	private data(action: IndexDataAction<Id, Spec>): void {
		this.dispatch(action as A);
	}

	/** The index's endpoint and tokens, read once per index from the management API. */
	private access(indexId: string): Promise<IndexAccess> {
		const key = `${indexId} ${this.ctx.readOnly}`;
		if (this.cached?.key !== key) {
			const access = readIndexAccess(this.ctx.client, this.plane.kind, indexId, {
				readOnly: this.ctx.readOnly,
			});
			this.cached = { key, access };
			// A failure is not kept: the next ask reads the resource again.
			access.catch(() => {
				if (this.cached?.access === access) this.cached = undefined;
			});
		}
		return this.cached.access;
	}

	open(): void {
		this.data({ type: 'data/open' });
	}

	back(): void {
		this.data({ type: 'data/back' });
	}

	openForm(): void {
		this.data({ type: 'data/form', fields: this.plane.fields });
	}

	// The form's controls (FormControls).

	formAction(action: FormAction<Id>): void {
		this.data({ type: 'data/form-action', action });
	}

	closeForm(): void {
		this.data({ type: 'data/form-close' });
	}

	check(): { errors: FormErrors<Id>; spec?: Spec } {
		const form = this.state.form;
		return form ? this.plane.check(form.values) : { errors: {} };
	}

	submitForm(): void {
		if (!this.state.form) return;
		this.data({ type: 'data/form-action', action: { type: 'submitted' } });
		const { spec } = this.check();
		if (spec === undefined) return;
		if (this.plane.deletes(spec)) void this.askDelete(spec);
		else void this.read(spec, undefined, []);
	}

	// Reads

	private async read(spec: Spec, cursor: string | undefined, previous: readonly string[]): Promise<void> {
		const indexId = this.state.indexId;
		if (!indexId) return;
		const number = ++this.asked;
		const words = this.plane.words(spec);
		this.data({ type: 'data/ask', ask: { spec, words, ...(cursor ? { cursor } : {}) }, previous });
		try {
			const access = await this.access(indexId);
			const result = await this.plane.read(this.ctx.client, access, spec, cursor);
			if (number === this.asked) this.data({ type: 'data/answer', result });
		} catch (error) {
			if (number === this.asked) this.data({ type: 'data/failed', message: describeSendError(error) });
		}
	}

	/** The read shown, asked again (after a delete, or with r). */
	again(): void {
		const { ask, previous } = this.state;
		if (ask) void this.read(ask.spec, ask.cursor, previous);
	}

	nextPage(): void {
		const { ask, result, previous } = this.state;
		if (!ask || !result?.nextCursor || this.state.loading) return;
		void this.read(ask.spec, result.nextCursor, [...previous, ask.cursor ?? '']);
	}

	previousPage(): void {
		const { ask, previous } = this.state;
		if (!ask || previous.length === 0 || this.state.loading) return;
		void this.read(ask.spec, previous.at(-1) || undefined, previous.slice(0, -1));
	}

	select(delta: number): void {
		this.data({ type: 'data/select', delta });
	}

	openDetail(): void {
		this.data({ type: 'data/detail' });
	}

	scrollDetail(delta: number, count: number): void {
		this.data({ type: 'data/scroll', delta, count });
	}

	// Deletes

	/** The selected record, deleted by its id where it was read. */
	deleteSelected(): void {
		const record = this.state.result?.records[this.state.selected];
		const ask = this.state.ask;
		if (!record || !ask) return void this.info('no record is selected');
		void this.askDelete(this.plane.deleteOne(record.id, ask.spec));
	}

	/** Shows the delete as its exact request, to the index's own endpoint; nothing is sent yet. */
	private async askDelete(spec: Spec): Promise<void> {
		const indexId = this.state.indexId;
		const what = 'deleting records';
		if (!indexId || refusedReadOnly(this.sender, what) || this.state.busy) return;
		try {
			const access = await this.access(indexId);
			askToSend(this.sender, what, { ...this.plane.deleteRequest(spec), host: access.endpoint, spec });
		} catch (error) {
			this.data({ type: 'data/failed', message: describeSendError(error) });
		}
	}

	// Indexes, from the list they are picked in: made or deleted through the management API.

	/** Shows the request that makes the index typed (new-index.ts), or says what is wrong with it. */
	askCreateIndex(typed: string): boolean {
		const what = `making ${this.plane.kind === 'vector' ? 'vector indexes' : 'search databases'}`;
		if (refusedReadOnly(this.sender, what) || this.state.busy) return true;
		const reading = readNewIndex(this.plane.kind, typed);
		if ('error' in reading) {
			this.dispatch({ type: 'request/notice', notice: { tone: 'error', text: reading.error } });
			return false;
		}
		askToSend(this.sender, what, {
			...reading,
			host: this.ctx.client.settings.managementUrl,
			spec: indexEdit,
		});
		return true;
	}

	/** Shows the request that deletes the index with everything in it. */
	askDeleteIndex(id: string, name: string | undefined): void {
		const noun = indexNouns[this.plane.kind];
		const request = deleteIndexRequest(this.plane.kind, id);
		askToSend(this.sender, `deleting ${noun}s`, {
			title: `delete ${noun} ${name ? `${name} (${id})` : id} and everything in it`,
			request,
			done: `deleted ${noun} ${name ?? id}`,
			host: this.ctx.client.settings.managementUrl,
			spec: indexEdit,
		});
	}

	/** The confirmed delete, with the index token; then the list shown is read again. */
	protected override readonly perform: Perform<DataPending> = async (pending) => {
		if (pending.spec === indexEdit) {
			await this.ctx.client.send(pending.request);
			return `done: ${pending.done ?? pending.title}`;
		}
		const indexId = this.state.indexId;
		if (!indexId) throw new Error('no index is shown');
		const access = await this.access(indexId);
		const deleted = await this.plane.delete(this.ctx.client, access, pending.spec as Spec);
		this.again();
		return `deleted ${deleted} record${deleted === 1 ? '' : 's'}${pending.done ? ` (${pending.done})` : ''}`;
	};
}
