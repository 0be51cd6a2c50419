/**
 * The Publish pane's sends: a publish from the form, a batch of workflow runs, the webhook
 * address to copy. Checks what was typed, shows the request, sends exactly that with the typed
 * client, and hands the new message ids to the Messages pane. The only place of the pane that
 * speaks HTTP or reads files.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { prefixed } from '../../../api/dialect.js';
import { logsPageLimit } from '../../../api/logs-api.js';
import type { WorkflowTriggerItem } from '../../../api/schemas.js';
import { parseTriggerItems } from '../../../api/trigger-input.js';
import { batchTriggerRequest } from '../../../api/workflows-api.js';
import { sanitize } from '../../../text/sanitize.js';
import type { PaneContext } from '../../contract/pane.js';
import { describePollError } from '../../data/describe-error.js';
import type { ReducerStore } from '../../data/store.js';
import { commands } from '../../keys/commands.js';
import type { FormAction } from '../../kit/form/form-state.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import { askToSend, refusedReadOnly, sendConfirmed } from '../../kit/request-flow/request-flow-state.js';
import { publishBindings } from './bindings.js';
import { osc52 } from './clipboard.js';
import { checkPublishForm, type PublishField, webhookAddress } from './publish-form.js';
import type { PendingSend, PublishAction, PublishState, TriggeredRun } from './publish-state.js';
import { matchRunMessages, type StartedRun } from './run-messages.js';
import { checkItemForm, fileForm, type ItemField, itemForm } from './trigger-items.js';

/** The largest JSON file of trigger items read. */
export const maxItemsFileBytes = 4 * 1024 * 1024;

export class PublishController extends RequestController<PublishState, PublishAction, PendingSend> {
	readonly store: ReducerStore<PublishState, PublishAction>;
	/** Message ids already given to triggered runs, so a later batch never takes them again. */
	private readonly runMessages = new Set<string>();
	/** Writes to the terminal the view is drawn on (the clipboard's escape sequence goes there). */
	private write: (data: string) => void = () => {};

	/** Nothing open (a question, a field, an item's form, the file prompt) has the keys. */
	private readonly idle = () => {
		const { state } = this;
		return !state.confirm && !state.editing && !state.item && !state.file;
	};

	/** Its keys: the form's view, and the batch trigger's, each while it is shown and idle. */
	readonly commands = [
		...commands(
			publishBindings,
			'publish',
			{
				'publish.edit': () => this.edit(),
				'publish.send': () => this.submit(),
				'publish.trigger': () => this.showView('trigger'),
				'secrets.reveal': () => this.ctx.shell.dispatch({ type: 'reveal/toggle' }),
				'clipboard.copy': () => this.copyWebhook(this.write),
			},
			() => this.idle() && this.state.view === 'publish',
		),
		...commands(
			publishBindings,
			'publish.trigger',
			{
				'nav.up': () => this.moveItem(-1),
				'nav.down': () => this.moveItem(1),
				'nav.pageUp': () => this.moveItem(-10),
				'nav.pageDown': () => this.moveItem(10),
				'trigger.add': () => this.addItem(),
				'trigger.load': () => this.loadFile(),
				'trigger.remove': () => this.removeItem(),
				'trigger.send': () => this.submitBatch(),
				'trigger.back': () => this.showView('publish'),
			},
			() => this.idle() && this.state.view === 'trigger',
		),
	];

	constructor(protected override readonly ctx: PaneContext<PublishState, PublishAction>) {
		super(ctx);
		this.store = ctx.store;
	}

	/** The terminal the view is drawn on. */
	drawnOn(write: (data: string) => void): void {
		this.write = write;
	}

	/** The form checked as it is now. */
	check() {
		return checkPublishForm(this.state.form.values, this.ctx.client.settings.dialect);
	}

	webhookUrl(): string | undefined {
		return webhookAddress(this.ctx.client, this.check());
	}

	// The publish form

	edit(): void {
		this.dispatch({ type: 'edit', editing: true });
	}

	formAction(action: FormAction<PublishField>): void {
		this.dispatch({ type: 'form/action', action });
	}

	close(): void {
		this.dispatch({ type: 'close' });
	}

	/** Shows the publish request when every field is right; otherwise the errors stay next to the fields. */
	submit(): void {
		if (refusedReadOnly(this.sender, 'publishing')) {
			this.dispatch({ type: 'close' });
			return;
		}
		this.dispatch({ type: 'form/action', action: { type: 'submitted' } });
		const { request, errors } = this.check();
		if (!request) {
			const count = Object.keys(errors).length;
			this.dispatch({
				type: 'request/notice',
				notice: { tone: 'error', text: `${count} field${count === 1 ? '' : 's'} to fix; nothing was sent` },
			});
			return;
		}
		const { method, path, headers } = this.ctx.client.describePublish(request);
		const title = `publish to ${request.destination}`;
		askToSend(this.sender, 'publishing', {
			kind: 'publish',
			title,
			// Shown as the client sends it; sent by the client's publish, which reads its answer.
			request: {
				operation: title,
				method,
				path,
				headers,
				body: typeof request.body === 'string' ? request.body : '',
			},
			publish: request,
		});
	}

	// The batch trigger

	showView(view: 'publish' | 'trigger'): void {
		this.dispatch({ type: 'view', view });
	}

	addItem(): void {
		this.dispatch({ type: 'item/open', form: itemForm() });
	}

	itemAction(action: FormAction<ItemField>): void {
		this.dispatch({ type: 'item/action', action });
	}

	submitItem(): void {
		const form = this.state.item;
		if (!form) return;
		this.dispatch({ type: 'item/action', action: { type: 'submitted' } });
		const { item } = checkItemForm(form.values);
		if (item) this.dispatch({ type: 'item/add', item });
	}

	loadFile(): void {
		this.dispatch({ type: 'file/open', form: fileForm() });
	}

	fileAction(action: FormAction<'path'>): void {
		this.dispatch({ type: 'file/action', action });
	}

	/** Reads the items of the typed JSON file; a bad file is refused with the reason and adds nothing. */
	async submitFile(): Promise<void> {
		const form = this.state.file;
		if (!form) return;
		this.dispatch({ type: 'file/action', action: { type: 'submitted' } });
		const path = form.values.path.trim();
		if (!path) return this.dispatch({ type: 'file/refused', error: 'give the path of a JSON file' });
		const parsed = await readItems(path);
		if ('error' in parsed) return this.dispatch({ type: 'file/refused', error: parsed.error });
		const count = parsed.items.length;
		this.dispatch({
			type: 'file/loaded',
			items: parsed.items,
			notice: { tone: 'ok', text: `loaded ${count} item${count === 1 ? '' : 's'} from ${sanitize(path)}` },
		});
	}

	moveItem(delta: number): void {
		this.dispatch({ type: 'items/move', delta });
	}

	removeItem(): void {
		this.dispatch({ type: 'items/remove' });
	}

	/** Shows the batch request of the items. */
	submitBatch(): void {
		if (refusedReadOnly(this.sender, 'triggering workflow runs')) return;
		const items = [...this.state.items];
		if (items.length === 0) {
			this.dispatch({
				type: 'request/notice',
				notice: { tone: 'info', text: 'no items yet: a adds one, l loads a file' },
			});
			return;
		}
		askToSend(this.sender, 'triggering workflow runs', {
			kind: 'trigger',
			title: `trigger ${items.length} workflow run${items.length === 1 ? '' : 's'}`,
			request: batchTriggerRequest(items),
			items,
		});
	}

	/** Sends the confirmed request, exactly as shown; the pane shows what came back. */
	override async send(): Promise<void> {
		let started: { at: number; runs: TriggeredRun[] } | undefined;
		await sendConfirmed(this.sender, async (pending) => {
			if (pending.kind === 'publish') {
				const response = await this.ctx.client.publish(pending.publish);
				const results = response.kind === 'url' ? [response.result] : response.results;
				for (const result of results) this.ctx.tracked.track(result.messageId, 'publish');
				this.dispatch({
					type: 'published',
					published: { at: Date.now(), destination: pending.publish.destination, results },
				});
			} else {
				const { data: results } = await this.ctx.client.workflows.triggerMany(pending.items);
				const at = Date.now();
				const runs = results.map((result, i) => ({
					destination: pending.items[i]?.destination ?? '',
					result,
				}));
				this.dispatch({ type: 'triggered', triggered: { at, runs } });
				started = { at, runs };
			}
			return undefined;
		});
		if (started) await this.findRunMessages(started.at, started.runs);
	}

	/** Finds the messages of the new runs in the delivery logs, and tracks them (see run-messages.ts). */
	private async findRunMessages(at: number, runs: readonly TriggeredRun[]): Promise<void> {
		const started: StartedRun[] = runs
			.filter((r) => !r.result.deduplicated)
			.map((r) => ({
				runId: r.result.workflowRunId,
				destination: r.destination,
				// Without the service's creation time, the time it answered bounds it.
				createdAt: r.result.workflowCreatedAt ?? at,
			}));
		if (started.length === 0) return;
		try {
			const { data: page } = await this.ctx.client.logs.list({
				filter: { state: 'CREATED' },
				count: logsPageLimit,
			});
			const header = prefixed(this.ctx.client.settings.dialect, 'Workflow-RunId');
			const messages = matchRunMessages(started, page.logs, header, this.runMessages);
			for (const run of started) {
				const id = messages.get(run.runId);
				if (!id) continue;
				this.runMessages.add(id);
				this.ctx.tracked.track(id, 'trigger');
			}
			const missing = started.length - messages.size;
			this.dispatch({
				type: 'runs/found',
				at,
				messages,
				...(missing > 0
					? { note: `${missing} run${missing === 1 ? '' : 's'} not found in the delivery logs` }
					: {}),
			});
		} catch (error) {
			const text = describePollError(error, 'messaging');
			const note =
				text.status === 404 || text.status === 405
					? 'this service lists no delivery logs, so the Messages pane cannot follow these runs (run ids only)'
					: `the runs' messages were not found: ${text.message}`;
			this.dispatch({ type: 'runs/found', at, messages: new Map(), note });
		}
	}

	// The webhook address

	/** Copies the webhook address through the terminal (OSC 52) with `write`. */
	copyWebhook(write: (data: string) => void): void {
		const url = this.webhookUrl();
		if (!url) {
			this.dispatch({
				type: 'request/notice',
				notice: { tone: 'info', text: 'no webhook address yet: fill in a valid destination (e edits)' },
			});
			return;
		}
		write(osc52(url));
		this.dispatch({
			type: 'request/notice',
			notice: {
				tone: 'ok',
				text: 'copied the webhook address (OSC 52: the terminal must allow clipboard access)',
			},
		});
	}
}

async function readItems(path: string): Promise<{ items: WorkflowTriggerItem[] } | { error: string }> {
	const label = sanitize(path);
	try {
		const file = resolve(path);
		const info = await stat(file);
		if (!info.isFile()) return { error: `${label} is not a file` };
		if (info.size > maxItemsFileBytes)
			return { error: `${label} is ${info.size} bytes; at most ${maxItemsFileBytes} are read` };
		return parseTriggerItems(await readFile(file, 'utf8'), label);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT') return { error: `${label}: no such file` };
		if (code === 'EACCES') return { error: `${label}: permission denied` };
		return { error: `${label}: ${sanitize((error as Error).message)}` };
	}
}
