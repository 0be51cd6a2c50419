/** The run a request names, found in the store, with the error that says why it cannot be used. */
import { invalid, notFound } from '../errors.js';
import type { RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';

/** The run of that id while it is in progress; undefined when it ended or never was. */
export function runInProgress(runs: WorkflowRunStore, runId: string | undefined): RunRecord | undefined {
	const run = runId === undefined ? undefined : runs.get(runId);
	return run?.state === 'RUN_STARTED' ? run : undefined;
}

/** The run of that id; not found when there is none. */
export function knownRun(runs: WorkflowRunStore, runId: string): RunRecord {
	const run = runs.get(runId);
	if (!run) throw notFound(`workflow run ${JSON.stringify(runId)} not found`);
	return run;
}

/** The run in progress of that id; not found when there is none, invalid when it has ended. */
export function runningRun(runs: WorkflowRunStore, runId: string): RunRecord {
	const run = knownRun(runs, runId);
	if (run.state !== 'RUN_STARTED')
		throw invalid(`workflow run ${JSON.stringify(runId)} has already ended (${run.state})`);
	return run;
}
