import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { scrollStart } from '../../../format/layout.js';
import { formatInteger } from '../../../format/number.js';
import { runTimeline } from '../../../format/run-timeline.js';
import { layoutTimeline } from '../../../format/timeline-layout.js';
import { stateWord } from '../../../format/workflow-run.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf, keyedEntry } from '../../data/poll-store.js';
import { detailScreenHeight, detailScrolls } from '../../kit/detail-view/detail-view.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { useThrottledStore } from '../../kit/hooks/use-throttled-store.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import { filterField, filterSegment, useArrangedRows } from '../../kit/row-filter/row-filter-view.js';
import { ListScreen } from '../../kit/tail-list/list-screen.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { useTheme } from '../../theme/theme.js';
import type { WorkflowsController } from './controller.js';
import { runEndpoint, runsEndpoint } from './endpoints.js';
import { RunTimelineScreen } from './run-timeline-view.js';
import { runColumns, runExtras, runFacts, runRows, stateTone, stepDetail } from './workflows-model.js';
import type { WorkflowsAction, WorkflowsState } from './workflows-state.js';

/** Answers are drawn at most this often. */
export const workflowsRefreshMs = 200;

/** Workflow runs newest first, followed live; Enter opens a run's steps, c cancels a running one. */
export function WorkflowsView(props: PaneViewProps) {
	const ui = useUi();
	const runtime = useRuntime();
	const theme = useTheme();
	const { state, dispatch, controller } = usePane<WorkflowsState, WorkflowsAction, WorkflowsController>();
	const polls = useThrottledStore(runtime.polls, workflowsRefreshMs, ui.frozen);
	const listHeight = Math.max(1, props.height - 3);

	// The list polls as many runs as it shows.
	useEffect(() => {
		dispatch({ type: 'room', rows: listHeight });
	}, [dispatch, listHeight]);

	const entry = entryOf(polls, runsEndpoint);
	const runs = entry?.data ?? [];
	const running = runs.some((run) => run.workflowState === 'RUN_STARTED');
	// Durations of runs in progress tick once a second.
	const now = useNow(1000, running && !ui.frozen);
	const columns = useMemo(() => runColumns(), []);
	const all = useMemo(() => runRows(runs, now), [runs, now]);
	const { rows, filter } = useArrangedRows(all, columns, state);
	const ids = useMemo(() => rows.map((row) => row.id), [rows]);
	const index = selectedIndex(ids, state.selected);
	const start = scrollStart(index, rows.length, listHeight);
	const current = rows[index];

	// The open run as polled on its own, else as the list has it.
	const openId = state.detail ? (state.selected ?? current?.id) : undefined;
	const openRun = openId
		? (keyedEntry(polls, runEndpoint, openId)?.data ?? rows.find((row) => row.id === openId)?.run)
		: undefined;
	// Its steps on a time line; the step selected there, open on Enter.
	const timeline = useMemo(() => (openRun ? runTimeline(openRun, now) : undefined), [openRun, now]);
	const layout = useMemo(
		() => (timeline ? layoutTimeline(timeline, props.width) : undefined),
		[timeline, props.width],
	);
	const stepCount = timeline?.steps.length ?? 0;
	const openStep = timeline?.steps[Math.min(state.step, stepCount - 1)];
	const detailLines = useMemo(
		() => (openRun && state.stepOpen && openStep ? stepDetail(openRun, openStep.index, props.width) : []),
		[openRun, state.stepOpen, openStep, props.width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(props.height));

	controller.drawn({ rows, listHeight, scrolls, stepCount, openId, columns });

	if (state.confirm)
		return (
			<ConfirmRequest flow={state} host={runtime.client.settings.queueUrl} size={props} answer={controller} />
		);

	const hint = (
		<Text dimColor wrap="truncate-end">
			{runtime.readOnly
				? 'read-only: cancelling is off · enter opens a run'
				: 'enter opens a run · c cancels the selected run (asks first)'}
		</Text>
	);
	const field = filterField(state.filter, dispatch);
	const prompt = (
		<PromptLine
			width={props.width}
			field={state.filtering ? field : undefined}
			notice={state.notice}
			hint={hint}
		/>
	);

	const shown = rows.slice(start, start + listHeight);
	const position =
		rows.length > listHeight
			? ` · ${start + 1}-${start + shown.length} of ${formatInteger(rows.length)}`
			: '';
	const counts = ['RUN_STARTED', 'RUN_SUCCESS', 'RUN_FAILED', 'RUN_CANCELED']
		.map((s) => [stateWord(s), all.filter((r) => r.summary.state === s).length] as const)
		.filter(([, n]) => n > 0)
		.map(([word, n]) => `${n} ${word}`)
		.join(', ');
	const runTitle = openRun ? (
		<>
			Workflow run {sanitize(openRun.workflowRunId)}{' '}
			<Text color={theme.color(stateTone(openRun.workflowState))}>
				{sanitize(stateWord(openRun.workflowState))}
			</Text>
		</>
	) : null;
	if (state.detail && openRun && layout && !state.stepOpen)
		return (
			<RunTimelineScreen
				title={runTitle}
				prompt={prompt}
				facts={runFacts(openRun, now, props.width)}
				extras={runExtras(openRun, props.width)}
				layout={layout}
				selected={state.step}
				width={props.width}
				height={props.height}
			/>
		);
	return (
		<ListScreen
			size={props}
			detail={
				state.detail && openRun
					? {
							title: (
								<>
									{runTitle} · step {sanitize(openStep?.name ?? '')}
								</>
							),
							lines: detailLines,
							scroll: state.detailScroll,
						}
					: undefined
			}
			heading={[
				{ text: `${formatInteger(all.length)} workflow run${all.length === 1 ? '' : 's'}`, bold: true },
				{ text: counts ? ` (${counts})` : '', dim: true },
				filterSegment(filter, rows.length, all.length, state.order),
				{
					text: `${position} · ${state.selected === undefined ? 'following the newest' : 'g: back to the newest'}`,
					dim: true,
				},
			]}
			prompt={prompt}
			instead={
				entry?.data === undefined ? (
					<EndpointState entry={entry} what="workflow runs" />
				) : rows.length === 0 && filter ? (
					<Text dimColor>No run matches the filter (/ changes it, esc clears it).</Text>
				) : rows.length === 0 ? (
					<Box flexDirection="column">
						<Text dimColor>
							No workflow runs yet. A run appears here when a workflow SDK route, a trigger
						</Text>
						<Text dimColor>(mqtop trigger, or t on the Publish pane) or the demo starts one.</Text>
					</Box>
				) : undefined
			}
			columns={columns}
			rows={shown}
			selected={index - start}
		/>
	);
}
