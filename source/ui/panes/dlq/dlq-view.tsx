import { Text } from 'ink';
import { useMemo } from 'react';
import type { DeadLetter } from '../../../api/dlq-api.js';
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
import type { DlqController } from './controller.js';
import { dlqColumns, dlqDetail } from './dlq-model.js';
import type { DlqAction, DlqState } from './dlq-state.js';

/** The dead letter queue, one page at a time, filtered by the service; retry and delete from the keyboard. */
export function DlqView(props: PaneViewProps) {
	const { width } = props;
	const ui = useUi();
	const theme = useTheme();
	const { client, readOnly } = useRuntime();
	const { state, controller } = usePane<DlqState, DlqAction, DlqController>();
	const now = useNow(60_000, !ui.frozen);
	const page = controller.list.page();
	const letters = page?.messages;
	const columns = useMemo(() => dlqColumns(now), [now]);
	const selected = useListRows(controller.list, dlqDetail, props, columns);

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;

	const which = state.detail ? 'this one' : 'the marked (or selected)';
	const whichShort = state.detail ? 'this one' : 'the marked';
	const hint = (
		<Text dimColor wrap="truncate-end">
			{readOnly
				? 'read-only: retry and delete are off · F filters · enter opens · l its logs'
				: firstFitting(
						[
							`R retries, D deletes ${which} · space marks, * marks all the filter matches · l its logs`,
							`R retries, D deletes ${which} · space marks, * all matches · l logs`,
							`R retries, D deletes ${whichShort} · space marks, * all matches · l logs`,
						],
						width,
					)}
		</Text>
	);
	const count = letters?.length ?? 0;
	const marks = state.all
		? ' · all the filter matches marked'
		: state.marked.length > 0
			? ` · ${state.marked.length} marked`
			: '';
	const isMarked = (l: DeadLetter) => state.all || (l.dlqId !== undefined && state.marked.includes(l.dlqId));
	return (
		<FilteredListScreen
			list={controller.list}
			size={props}
			formTitle="Filter the dead letters"
			heading={[
				{ text: page ? `${count} dead letter${count === 1 ? '' : 's'}` : 'Dead letters', bold: true },
				{ text: `${marks}${pagingText(controller.list)}`, dim: true },
			]}
			prompt={<PromptLine width={width} notice={state.notice} hint={hint} />}
			empty="The dead letter queue is empty: every message was delivered, or is still being tried."
			columns={columns}
			selected={selected}
			mark={(l) => `${l === selected.current ? '›' : ' '}${isMarked(l) ? '●' : ' '}`}
			detailTitle={(letter) => (
				<>
					Dead letter {sanitize(letter.dlqId ?? letter.messageId)}{' '}
					<Text color={theme.color(statusTone(letter.responseStatus) ?? 'muted')}>
						{letter.responseStatus === undefined ? 'no answer' : `status ${letter.responseStatus}`}
					</Text>
				</>
			)}
		/>
	);
}
