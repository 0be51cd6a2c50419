/**
 * Workflow run ids of the account, so a trigger with an existing id is answered with the
 * existing run instead of starting it again. Bounded: the oldest ids are forgotten first.
 */
import { discard, type RecordSink } from './record-sink.js';

export interface WorkflowRun {
	id: string;
	createdAt: number;
}

export class WorkflowRuns {
	private readonly runs = new Map<string, WorkflowRun>();

	constructor(
		private readonly capacity = 100_000,
		private readonly sink: RecordSink<WorkflowRun> = discard(),
	) {}

	get(id: string): WorkflowRun | undefined {
		return this.runs.get(id);
	}

	add(run: WorkflowRun): void {
		if (this.runs.size >= this.capacity) {
			const oldest = this.runs.keys().next().value as string;
			this.runs.delete(oldest);
			this.sink.delete(oldest);
		}
		this.runs.set(run.id, run);
		this.sink.put(run.id, run);
	}

	/** Puts back runs that were kept, oldest first (their sink is not told). */
	restore(runs: readonly WorkflowRun[]): void {
		for (const run of [...runs].sort((a, b) => a.createdAt - b.createdAt)) this.runs.set(run.id, run);
	}
}
