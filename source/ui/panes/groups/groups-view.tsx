import { Box, Text } from 'ink';
import { UrlGroup } from '../../../api/schemas.js';
import { extraPairs } from '../../../format/missing.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { EndpointState } from '../../kit/endpoint-state/endpoint-state-view.js';
import { FormScreen } from '../../kit/form/form-screen.js';
import { LiveLine } from '../../kit/live-line/live-line-view.js';
import { NoticeLine } from '../../kit/notice-line/notice-line-view.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import { filterField, filterSegment, useRowFilter } from '../../kit/row-filter/row-filter-view.js';
import { Table } from '../../kit/table/table-view.js';
import type { GroupsController } from './controller.js';
import { checkGroupForm, groupFormTitles } from './edits.js';
import { groupsEndpoint } from './endpoints.js';
import { endpointColumns, groupColumns, headerDisplay } from './groups-model.js';
import type { GroupsAction, GroupsState } from './groups-state.js';

export function GroupsView(props: PaneViewProps) {
	const polls = usePolls();
	const { client } = useRuntime();
	const { state, controller, dispatch } = usePane<GroupsState, GroupsAction, GroupsController>();
	const filter = useRowFilter(state.filter, state.filtering);
	const endpointFilter = useRowFilter(state.endpointRows.filter, state.endpointRows.filtering);
	const { width, height } = props;

	if (state.confirm)
		return <ConfirmRequest flow={state} host={client.settings.queueUrl} size={props} answer={controller} />;
	if (state.form) {
		const { errors } = checkGroupForm(state.form.kind, state.form.state.values);
		const failure = state.failure
			? `${state.failure} · nothing changed; edit and send again, or esc`
			: undefined;
		return (
			<FormScreen
				title={groupFormTitles[state.form.kind]}
				failure={failure}
				form={state.form.state}
				errors={errors}
				size={props}
				controls={controller.formControls}
			/>
		);
	}
	if (!state.listed) {
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				<Text bold wrap="truncate-end">
					{state.typed ? `URL Group ${sanitize(state.typed)}` : 'URL Groups'}
					<Text dimColor> · this service does not list its groups (GET /v2/topics answered 404/405)</Text>
				</Text>
				<Text wrap="truncate-end">
					{state.typed
						? 'Its endpoints and headers are not shown. a adds an endpoint, x removes endpoints by name or URL, h sets and c clears the default headers, D deletes it; g types another name.'
						: 'Press g to type a group name; then a, x, h, c and D edit it.'}
				</Text>
				<NoticeLine notice={state.notice} />
			</Box>
		);
	}
	const entry = entryOf(polls, groupsEndpoint);
	const groups = entry?.data;
	if (!groups) return <EndpointState entry={entry} what="URL Groups" />;
	const current = controller.current();
	const group = current?.group;
	const notice = state.notice ? 1 : 0;
	const shown = controller.shown() ?? [];
	const field = state.filtering ? (
		<PromptLine width={width} field={filterField(state.filter, dispatch)} hint={null} />
	) : null;
	const heading = (
		<LiveLine
			width={width}
			segments={[
				{ text: `${groups.length} URL Group${groups.length === 1 ? '' : 's'}`, bold: true },
				filterSegment(filter, shown.length, groups.length, state.order),
				{ text: ' · enter opens one, to mark endpoints for removal', dim: true },
			]}
		/>
	);
	if (groups.length > 0 && shown.length === 0)
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				{heading}
				{field}
				<Text dimColor>No URL Group matches the filter (/ changes it, esc clears it).</Text>
				<NoticeLine notice={state.notice} />
			</Box>
		);
	if (groups.length === 0 || !group)
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				<Text>No URL Groups yet. a adds an endpoint to a new group.</Text>
				<NoticeLine notice={state.notice} />
			</Box>
		);
	if (controller.isOpen()) {
		const headers = headerDisplay(group.headers);
		const endpoints = group.endpoints ?? [];
		const shownEndpoints = controller.shownEndpoints();
		const extras = extraPairs(UrlGroup, group);
		const shownHeaders = Math.min(headers.length, Math.max(1, Math.floor((height - 6) / 3)));
		const tableHeight = Math.max(
			2,
			height -
				4 -
				Math.max(1, shownHeaders) -
				notice -
				(extras.length > 0 ? 1 : 0) -
				(state.endpointRows.filtering ? 1 : 0),
		);
		return (
			<Box flexDirection="column" width={width} height={height} overflowY="hidden">
				<Text bold wrap="truncate-end">
					URL Group {sanitize(group.name)}
					<Text dimColor>
						{' '}
						· {endpoints.length} endpoint{endpoints.length === 1 ? '' : 's'} · {state.marked.length} marked
						(space) · esc back
					</Text>
				</Text>
				<LiveLine
					width={width}
					segments={[
						filterSegment(endpointFilter, shownEndpoints.length, endpoints.length, state.endpointRows.order),
					]}
				/>
				{state.endpointRows.filtering ? (
					<PromptLine width={width} field={filterField(state.endpointRows.filter, dispatch)} hint={null} />
				) : null}
				<Text dimColor wrap="truncate-end">
					Default headers{headers.length > shownHeaders ? ` (${shownHeaders} of ${headers.length})` : ''}:
					{headers.length === 0 ? ' none' : ''}
				</Text>
				{headers.slice(0, shownHeaders).map((line) => (
					<Text key={line} wrap="truncate-end">
						{'  '}
						{line}
					</Text>
				))}
				{extras.length > 0 ? (
					<Text dimColor wrap="truncate-end">
						Fields mqtop does not know: {extras.map(([name, value]) => `${name} ${value}`).join(' · ')}
					</Text>
				) : null}
				<Table
					columns={endpointColumns}
					rows={shownEndpoints}
					width={width}
					height={tableHeight}
					selected={Math.min(state.endpointCursor, shownEndpoints.length - 1)}
					mark={(e) => (e.url !== undefined && state.marked.includes(e.url) ? '●' : ' ')}
				/>
				<NoticeLine notice={state.notice} />
			</Box>
		);
	}
	const selected = Math.max(
		0,
		shown.findIndex((g) => g.name === group.name),
	);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			{heading}
			{field}
			<Table
				columns={groupColumns}
				rows={shown}
				width={width}
				height={Math.max(2, height - 1 - notice - (field ? 1 : 0))}
				selected={selected}
			/>
			<NoticeLine notice={state.notice} />
		</Box>
	);
}
