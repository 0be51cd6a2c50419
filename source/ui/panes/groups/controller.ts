/**
 * The Groups pane's edits: opens forms and checks them; the kit's request flow shows the
 * request, sends it with the typed client, reports the answer and refreshes the list.
 */

import type { PaneContext } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import type { ReducerStore } from '../../data/store.js';
import { commands, type ViewSize } from '../../keys/commands.js';
import { paneFormControls } from '../../kit/form/pane-form.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { filterOf, rowArranger } from '../../kit/row-filter/row-filter.js';
import type { RowFilterAction } from '../../kit/row-filter/row-filter-state.js';
import { groupsBindings } from './bindings.js';
import {
	checkGroupForm,
	clearHeadersEdit,
	deleteGroupEdit,
	type GroupEdit,
	type GroupField,
	type GroupFormKind,
	groupForm,
} from './edits.js';
import { type Group, type GroupMember, groupsEndpoint } from './endpoints.js';
import { endpointColumns, groupColumns } from './groups-model.js';
import type { GroupForm, GroupsAction, GroupsState } from './groups-state.js';

/** Rows a page key moves: those the list shows under its heading and the table's header. */
const page = (size: ViewSize) => Math.max(1, size.height - 4);

const editNames: Record<Exclude<GroupFormKind, 'name'>, string> = {
	add: 'adding endpoints',
	remove: 'removing endpoints',
	headers: 'setting default headers',
};

export class GroupsController extends RequestController<GroupsState, GroupsAction, GroupEdit> {
	readonly store: ReducerStore<GroupsState, GroupsAction>;
	private readonly unsubscribe: (() => void)[] = [];
	private readonly arrangeGroups = rowArranger<Group>();
	private readonly arrangeEndpoints = rowArranger<GroupMember>();

	/** Its keys, while no form or question has them; a page is the rows the list shows. */
	readonly commands = commands(
		groupsBindings,
		'groups',
		{
			'nav.up': () => this.move(-1),
			'nav.down': () => this.move(1),
			'nav.pageUp': (_, size) => this.move(-page(size)),
			'nav.pageDown': (_, size) => this.move(page(size)),
			'nav.open': () => this.open(),
			'nav.back': () => this.back(),
			'select.mark': () => this.mark(),
			'group.add': () => this.openForm('add'),
			'group.remove': () => this.openForm('remove'),
			'group.headers': () => this.openForm('headers'),
			'group.clearHeaders': () => this.clearHeaders(),
			'group.delete': () => this.deleteGroup(),
			'group.name': () => this.openForm('name'),
			'filter.edit': () => this.dispatch({ type: 'filter/open' }),
			'sort.next': () => this.reorder({ type: 'order/step', headers: this.sortHeaders(), step: 1 }),
			'sort.previous': () => this.reorder({ type: 'order/step', headers: this.sortHeaders(), step: -1 }),
			'sort.reverse': () => this.reorder({ type: 'order/reverse', headers: this.sortHeaders() }),
		},
		() => !this.state.form && !this.state.confirm,
	);

	constructor(protected override readonly ctx: PaneContext<GroupsState, GroupsAction>) {
		super(ctx);
		this.store = ctx.store;
		this.unsubscribe.push(
			// A deployment without the listing answers 404 or 405: the pane then works on a typed name.
			ctx.polls.subscribe(() => {
				const status = entryOf(ctx.polls.getSnapshot(), groupsEndpoint)?.failure?.status;
				if (status === 404 || status === 405) this.dispatch({ type: 'unlisted' });
			}),
		);
	}

	/** The listed groups, or undefined where the service lists none (or has not answered yet). */
	groups(): Group[] | undefined {
		return this.state.listed ? entryOf(this.ctx.polls.getSnapshot(), groupsEndpoint)?.data : undefined;
	}

	/** The listed groups the filter keeps (every one without a filter), in the order chosen. */
	shown(): readonly Group[] | undefined {
		const groups = this.groups();
		const { filter, order } = this.state;
		return groups && this.arrangeGroups(groups, groupColumns, filterOf(filter), order);
	}

	/** The open group's endpoints its filter keeps, in the order chosen. */
	shownEndpoints(): readonly GroupMember[] {
		const endpoints = this.current()?.group?.endpoints ?? [];
		const { filter, order } = this.state.endpointRows;
		return this.arrangeEndpoints(endpoints, endpointColumns, filterOf(filter), order);
	}

	/** The columns of the list shown, which the sort keys step through. */
	private sortHeaders(): string[] {
		return (this.isOpen() ? endpointColumns : groupColumns).map((c) => c.header);
	}

	/**
	 * Another order of the list shown (the groups, or the open group's endpoints), the selected
	 * row kept selected where the new order puts it.
	 */
	reorder(action: Extract<RowFilterAction, { type: 'order/step' | 'order/reverse' }>): void {
		if (!this.isOpen()) {
			const current = this.current();
			if (current) this.dispatch({ type: 'select', name: current.name });
			this.dispatch(action);
			return;
		}
		const endpoint = this.shownEndpoints()[this.state.endpointCursor];
		this.dispatch(action);
		const shown = this.shownEndpoints();
		const at = endpoint ? shown.indexOf(endpoint) : -1;
		if (at >= 0)
			this.dispatch({ type: 'endpoint/move', delta: at - this.state.endpointCursor, count: shown.length });
	}

	/** The group the edits apply to: the selected one, or the typed name where nothing is listed. */
	current(): { name: string; group: Group | undefined } | undefined {
		const groups = this.shown();
		if (!this.state.listed)
			return this.state.typed ? { name: this.state.typed, group: undefined } : undefined;
		if (!groups || groups.length === 0) return undefined;
		const group = groups.find((g) => g.name === this.state.selected) ?? groups[0]!;
		return { name: group.name, group };
	}

	/** The detail of the selected group is open, and the group still exists. */
	isOpen(): boolean {
		const current = this.current();
		return this.state.open && current?.group !== undefined && current.name === this.state.selected;
	}

	// Navigation

	move(delta: number): void {
		const current = this.current();
		if (this.isOpen()) {
			this.dispatch({ type: 'endpoint/move', delta, count: this.shownEndpoints().length });
			return;
		}
		const groups = this.shown() ?? [];
		if (groups.length === 0) return;
		const at = Math.max(
			0,
			groups.findIndex((g) => g.name === current?.name),
		);
		const next = groups[Math.min(groups.length - 1, Math.max(0, at + delta))]!;
		this.dispatch({ type: 'select', name: next.name });
	}

	open(): void {
		const current = this.current();
		if (!current?.group) return;
		this.dispatch({ type: 'select', name: current.name });
		this.dispatch({ type: 'open' });
	}

	back(): void {
		this.dispatch({ type: 'back' });
	}

	mark(): void {
		const endpoint = this.shownEndpoints()[this.state.endpointCursor];
		if (this.isOpen() && endpoint?.url) this.dispatch({ type: 'mark', url: endpoint.url });
	}

	// Forms

	openForm(kind: GroupFormKind): void {
		if (kind !== 'name' && refusedReadOnly(this.sender, editNames[kind])) return;
		const current = this.current();
		const marked = this.isOpen()
			? (current?.group?.endpoints?.filter((e) => e.url !== undefined && this.state.marked.includes(e.url)) ??
				[])
			: [];
		const form = groupForm(kind, {
			...(current ? { group: current.name } : {}),
			marked,
			...(current?.group?.headers ? { headers: current.group.headers } : {}),
		});
		this.dispatch({ type: 'form/open', form: { kind, state: form, marked } });
	}

	/** The form's keys (its FormScreen's controls). */
	readonly formControls = paneFormControls<GroupField, GroupForm>({
		dispatch: (action) => this.dispatch(action),
		open: () => this.state.form,
		submit: (form) => this.useForm(form),
	});

	/** Goes to the group a name form names; for an edit, the request to confirm when it is right. */
	private useForm(form: GroupForm): void {
		if (form.kind === 'name') {
			const { errors } = checkGroupForm('name', form.state.values);
			if (errors.group) return;
			this.chooseName(form.state.values.group.trim());
			return;
		}
		const checked = checkGroupForm(form.kind, form.state.values).edit;
		if (!checked) return;
		const edit = form.kind === 'remove' ? this.lastEndpoints(checked) : checked;
		askToSend(this.sender, editNames[form.kind], edit);
	}

	/** A removal of every endpoint the list shows deletes the group: say so before it is sent. */
	private lastEndpoints(edit: GroupEdit): GroupEdit {
		const group = this.groups()?.find((g) => g.name === edit.group);
		const refs = edit.removes ?? [];
		const all =
			group?.endpoints?.every((e) =>
				refs.some((r) => (r.url !== undefined ? r.url === e.url : r.name === e.name)),
			) ?? false;
		return all
			? { ...edit, title: `${edit.title}: its last endpoints, so the group is deleted`, group: undefined }
			: edit;
	}

	private chooseName(name: string): void {
		if (!this.state.listed) {
			this.dispatch({ type: 'typed', name });
			return;
		}
		this.dispatch({ type: 'form/close' });
		if (this.groups()?.some((g) => g.name === name)) this.dispatch({ type: 'select', name });
		else this.info(`no URL Group is named ${name}; a adds an endpoint, which creates it`);
	}

	// Edits without a form

	clearHeaders(): void {
		this.confirmWithoutForm('clearing default headers', clearHeadersEdit);
	}

	deleteGroup(): void {
		this.confirmWithoutForm('deleting groups', deleteGroupEdit);
	}

	private confirmWithoutForm(what: string, make: (name: string) => GroupEdit): void {
		if (refusedReadOnly(this.sender, what)) return;
		const current = this.current();
		if (!current) {
			this.info('no URL Group selected');
			return;
		}
		askToSend(this.sender, what, make(current.name));
	}

	override dispose(): void {
		super.dispose();
		for (const off of this.unsubscribe) off();
	}
}
