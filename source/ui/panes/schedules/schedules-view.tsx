import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../../kit/detail-view/detail-view.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { FormScreen } from '../../kit/form/form-screen.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { NoticeLine } from '../../kit/notice-line/notice-line-view.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import {
	filterField,
	filterSegment,
	SegmentText,
	useRowFilter,
} from '../../kit/row-filter/row-filter-view.js';
import { Table } from '../../kit/table/table-view.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import type { SchedulesController } from './controller.js';
import { schedulesEndpoint } from './endpoints.js';
import { scheduleColumns, scheduleDetail, scheduleSummary } from './schedules-model.js';
import type { SchedulesAction, SchedulesState } from './schedules-state.js';

export function SchedulesView(props: PaneViewProps) {
	const ui = useUi();
	const polls = usePolls();
	const { client, readOnly } = useRuntime();
	const { state, dispatch, controller } = usePane<SchedulesState, SchedulesAction, SchedulesController>();
	const { width, height } = props;
	const entry = entryOf(polls, schedulesEndpoint);
	const all = entry?.data ?? [];
	const idle = !state.form && !state.confirm && !state.filtering;
	// Countdowns to the next runs tick once a second.
	const now = useNow(1000, idle && !ui.frozen && all.length > 0);
	const columns = useMemo(() => scheduleColumns(now), [now]);
	const filter = useRowFilter(state.filter, state.filtering);
	const schedules = controller.shown(columns) ?? [];
	const ids = useMemo(() => schedules.map((s) => s.scheduleId), [schedules]);
	const index = selectedIndex(ids, state.selected);
	const current = schedules[index];
	const notice = state.notice ? 1 : 0;
	const field = state.filtering ? 1 : 0;
	const listHeight = Math.max(2, height - 1 - notice - field);
	const detailLines = useMemo(
		() => (state.detail && current ? scheduleDetail(current, now, width) : []),
		[state.detail, current, now, width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(height));
	controller.drawn({ listHeight: listHeight - 1, scrolls });

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;
	if (state.form) {
		const errors = controller.check()?.errors ?? {};
		const failure = state.failure
			? `${state.failure} · nothing changed; edit and send again, or esc`
			: undefined;
		return (
			<FormScreen
				title={
					<>
						New schedule
						<Text dimColor>
							{' '}
							· every run publishes with these options · an existing schedule id updates it
						</Text>
					</>
				}
				failure={failure}
				form={state.form}
				errors={errors}
				size={props}
				controls={controller.formControls}
			/>
		);
	}
	if (!entry?.data) return <EndpointState entry={entry} what="schedules" />;
	if (state.detail && current)
		return (
			<DetailScreen
				title={`Schedule ${sanitize(current.scheduleId)}`}
				prompt={
					<PromptLine width={width} notice={state.notice} hint={<Text dimColor>{keysHint(readOnly)}</Text>} />
				}
				lines={detailLines}
				scroll={state.detailScroll}
				width={width}
				height={height}
			/>
		);
	if (all.length === 0)
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				<Text>No schedules yet.{readOnly ? '' : ' n creates one.'}</Text>
				<NoticeLine notice={state.notice} />
			</Box>
		);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{scheduleSummary(all)}
				<SegmentText segment={filterSegment(filter, schedules.length, all.length, state.order)} />
				<Text dimColor> · times are your local time · enter: next runs, last run, options</Text>
			</Text>
			{state.filtering ? (
				<PromptLine width={width} field={filterField(state.filter, dispatch)} hint={null} />
			) : null}
			{schedules.length === 0 ? (
				<Box height={listHeight}>
					<Text dimColor>No schedule matches the filter (/ changes it, esc clears it).</Text>
				</Box>
			) : (
				<Table columns={columns} rows={schedules} width={width} height={listHeight} selected={index} />
			)}
			<NoticeLine notice={state.notice} />
		</Box>
	);
}

function keysHint(readOnly: boolean): string {
	return readOnly ? 'read-only: p, u and D are disabled' : 'p pauses · u resumes · D deletes';
}
