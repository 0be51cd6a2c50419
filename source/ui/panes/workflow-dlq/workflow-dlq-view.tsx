import { Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { statusTone } from '../../kit/delivery/record.js';
import { FilteredListScreen, pagingText, useListRows } from '../../kit/filtered-list/screen.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import { firstFitting } from '../../kit/text/wrap.js';
import { useTheme } from '../../theme/theme.js';
import type { WorkflowDlqController } from './controller.js';
import { workflowDlqColumns, workflowDlqDetail } from './workflow-dlq-model.js';
import type { WorkflowDlqAction, WorkflowDlqState } from './workflow-dlq-state.js';

/** The workflow DLQ, one page at a time, filtered by the service; each edit shows its request first. */
export function WorkflowDlqView(props: PaneViewProps) {
	const { width } = props;
	const ui = useUi();
	const theme = useTheme();
	const { client, readOnly } = useRuntime();
	const { state, controller } = usePane<WorkflowDlqState, WorkflowDlqAction, WorkflowDlqController>();
	const now = useNow(60_000, !ui.frozen);
	const page = controller.list.page();
	const columns = useMemo(() => workflowDlqColumns(now), [now]);
	const selected = useListRows(controller.list, workflowDlqDetail, props, columns);

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;

	const hint = (
		<Text dimColor wrap="truncate-end">
			{readOnly
				? 'read-only: edits are off · F filters · enter opens · w runs'
				: firstFitting(
						[
							'u resume (from the failed step) · R restart · D delete · c failure callback again · w runs',
							'u resume · R restart · D delete · c failure callback again · w runs',
						],
						width,
					)}
		</Text>
	);
	const count = page?.messages.length ?? 0;
	return (
		<FilteredListScreen
			list={controller.list}
			size={props}
			formTitle="Filter the failed runs"
			heading={[
				{ text: page ? `${count} failed run${count === 1 ? '' : 's'}` : 'Failed runs', bold: true },
				{ text: pagingText(controller.list), dim: true },
			]}
			prompt={<PromptLine width={width} notice={state.notice} hint={hint} />}
			empty="No failed workflow run is in the dead letter queue."
			columns={columns}
			selected={selected}
			mark={(l) => (l === selected.current ? '›' : ' ')}
			detailTitle={(letter) => (
				<>
					Failed run {sanitize(letter.workflowRunId ?? letter.dlqId)}{' '}
					<Text color={theme.color(statusTone(letter.responseStatus) ?? 'muted')}>
						{letter.responseStatus === undefined ? 'no answer' : `status ${letter.responseStatus}`}
					</Text>
				</>
			)}
		/>
	);
}
