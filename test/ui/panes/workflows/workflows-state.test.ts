import { describe, expect, it } from 'vitest';
import {
	initialWorkflowsState,
	leaveWorkflows,
	type WorkflowsState,
	workflowsReducer,
} from '../../../../source/ui/panes/workflows/workflows-state.js';

const open: WorkflowsState = { ...initialWorkflowsState, selected: 'wfr_a', detail: true };

describe('the Workflows pane: a step chosen on the time line of the open run', () => {
	it('moves the selection within the steps, and opens the selected step only in an open run', () => {
		expect(workflowsReducer(open, { type: 'step/move', delta: 3, count: 5 }).step).toBe(3);
		expect(workflowsReducer(open, { type: 'step/move', delta: 9, count: 5 }).step).toBe(4);
		expect(workflowsReducer({ ...open, step: 2 }, { type: 'step/move', delta: -9, count: 5 }).step).toBe(0);
		expect(workflowsReducer(open, { type: 'step/open' })).toMatchObject({ stepOpen: true, detailScroll: 0 });
		expect(workflowsReducer(initialWorkflowsState, { type: 'step/open' }).stepOpen).toBe(false);
	});

	it('goes back from the step to the time line, then to the list; another run starts at its first step', () => {
		const step: WorkflowsState = { ...open, step: 3, stepOpen: true, detailScroll: 4 };
		const line = workflowsReducer(step, { type: 'back' });
		expect(line).toMatchObject({ detail: true, stepOpen: false, step: 3, detailScroll: 0 });
		expect(workflowsReducer(line, { type: 'back' }).detail).toBe(false);
		expect(workflowsReducer({ ...line, detail: false }, { type: 'detail/open' })).toMatchObject({
			detail: true,
			step: 0,
			stepOpen: false,
		});
		expect(leaveWorkflows(step)).toMatchObject({ detail: false, stepOpen: false });
	});
});
