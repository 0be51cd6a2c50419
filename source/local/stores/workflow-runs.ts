/**
 * Workflow run ids of the account, so a trigger with an existing id is answered with the
 * existing run instead of starting it again. Bounded: the oldest ids are forgotten first.
 */
export interface WorkflowRun {
	id: string;
	createdAt: number;
}

export class WorkflowRuns {
	private readonly runs = new Map<string, WorkflowRun>();

	constructor(private readonly capacity = 100_000) {}

	get(id: string): WorkflowRun | undefined {
		return this.runs.get(id);
	}

	add(run: WorkflowRun): void {
		if (this.runs.size >= this.capacity) {
			const oldest = this.runs.keys().next().value as string;
			this.runs.delete(oldest);
		}
		this.runs.set(run.id, run);
	}
}
