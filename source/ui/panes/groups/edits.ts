/**
 * The Groups pane's forms and what they send: pure checks of what was typed, with the shared
 * parsers (isGroupName, isHttpUrl, Name: value lines), turned into the exact request.
 */

import {
	addGroupEndpointsRequest,
	deleteGroupRequest,
	removeGroupEndpointsRequest,
	setGroupHeadersRequest,
} from '../../../api/groups-api.js';
import { groupNameRule, isGroupName, isHttpUrl } from '../../../api/publish-options.js';
import { mergeHeaderValues, parseHeaderLine, SettingError } from '../../../api/publish-settings.js';
import type { EndpointReference, GroupHeaders } from '../../../api/schemas.js';
import { createForm, type FieldSpec, type FormState, numberedLines } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import type { PendingRequest } from '../../kit/request-flow/request-flow-state.js';
import type { GroupMember } from './endpoints.js';

export type GroupFormKind = 'add' | 'remove' | 'headers' | 'name';
export type GroupField = 'group' | 'name' | 'url' | 'by' | 'endpoints' | 'headers';

/** An edit ready to send through the kit's request flow: what it does, in words (its title), and the request. */
export interface GroupEdit extends PendingRequest {
	/** The group the view should show afterwards (undefined when it was deleted). */
	group: string | undefined;
	/** The endpoints a removal names. */
	removes?: readonly EndpointReference[];
}

export interface GroupCheck {
	errors: FormErrors<GroupField>;
	edit: GroupEdit | undefined;
}

const groupField: FieldSpec<GroupField> = {
	id: 'group',
	label: 'group',
	placeholder: 'letters, digits, -, _, .',
};

const fields: Record<GroupFormKind, readonly FieldSpec<GroupField>[]> = {
	add: [
		groupField,
		{ id: 'name', label: 'endpoint name', placeholder: 'optional' },
		{ id: 'url', label: 'endpoint URL', placeholder: 'https://…' },
	],
	remove: [
		groupField,
		{ id: 'by', label: 'identify by', kind: 'choice', choices: ['name', 'url'] },
		{ id: 'endpoints', label: 'endpoints', kind: 'lines', placeholder: 'one name or URL per line' },
	],
	headers: [
		groupField,
		{
			id: 'headers',
			label: 'default headers',
			kind: 'lines',
			placeholder: "one 'Name: value' per line; a name may repeat; empty clears them",
		},
	],
	name: [groupField],
};

export const groupFormTitles: Record<GroupFormKind, string> = {
	add: 'Add an endpoint (a new group name creates the group)',
	remove: 'Remove endpoints (removing the last one deletes the group)',
	headers: 'Set the default headers of every publish to the group',
	name: 'The URL Group to edit (this service does not list its groups)',
};

/**
 * The endpoints as the removal form lists them: by name, or by URL. An endpoint without a name
 * is listed by its URL either way, so the check says it cannot be identified by name.
 */
export function endpointLines(endpoints: readonly GroupMember[], by: string): string {
	return endpoints
		.map((e) => (by === 'name' ? (e.name ?? e.url) : e.url) ?? '')
		.filter((line) => line !== '')
		.join('\n');
}

/** Default headers as `Name: value` lines, one per value. */
export function headerLines(headers: GroupHeaders | undefined): string {
	return Object.entries(headers ?? {})
		.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`))
		.join('\n');
}

export function groupForm(
	kind: GroupFormKind,
	start: { group?: string; marked?: readonly GroupMember[]; headers?: GroupHeaders } = {},
): FormState<GroupField> {
	const marked = start.marked ?? [];
	const by = marked.length > 0 && marked.every((e) => e.name) ? 'name' : 'url';
	const values: Partial<Record<GroupField, string>> = { group: start.group ?? '' };
	if (kind === 'remove') Object.assign(values, { by, endpoints: endpointLines(marked, by) });
	if (kind === 'headers') values.headers = headerLines(start.headers);
	const focus: GroupField =
		!start.group || kind === 'name'
			? 'group'
			: kind === 'add'
				? 'url'
				: kind === 'remove'
					? 'endpoints'
					: 'headers';
	return createForm(fields[kind], values, focus);
}

const nameRule = `use ${groupNameRule}`;

/** Checks a group form; `edit` is set only when every field is right. */
export function checkGroupForm(
	kind: GroupFormKind,
	values: Readonly<Record<GroupField, string>>,
): GroupCheck {
	const errors: FormErrors<GroupField> = {};
	const group = values.group.trim();
	if (!group) errors.group = 'give the URL Group name';
	else if (!isGroupName(group)) errors.group = `not a URL Group name: ${nameRule}`;
	let edit: GroupEdit | undefined;
	if (kind === 'add') {
		const name = values.name.trim();
		const url = values.url.trim();
		if (name && !isGroupName(name)) errors.name = `not an endpoint name: ${nameRule}`;
		if (!url) errors.url = 'give the endpoint URL';
		else if (!isHttpUrl(url)) errors.url = 'expected an http:// or https:// URL';
		const endpoint = name ? { name, url } : { url };
		edit = {
			title: `add ${name || url} to ${group}`,
			request: addGroupEndpointsRequest(group, [endpoint]),
			group,
		};
	} else if (kind === 'remove') {
		const numbered = numberedLines(values.endpoints);
		const lines = numbered.map((l) => l.text);
		const byUrl = values.by === 'url';
		const bad = numbered.find((l) => (byUrl ? !isHttpUrl(l.text) : !isGroupName(l.text)));
		if (lines.length === 0) errors.endpoints = `give at least one endpoint ${byUrl ? 'URL' : 'name'}`;
		else if (bad)
			errors.endpoints = `line ${bad.number}: ${byUrl ? 'expected an http:// or https:// URL' : `not an endpoint name (${nameRule}); to give URLs, identify by url`}`;
		const endpoints: EndpointReference[] = lines.map((line) => (byUrl ? { url: line } : { name: line }));
		const count = `${lines.length} endpoint${lines.length === 1 ? '' : 's'}`;
		edit = {
			title: `remove ${count} from ${group}`,
			request: removeGroupEndpointsRequest(group, endpoints),
			group,
			removes: endpoints,
		};
	} else if (kind === 'headers') {
		const pairs: [string, string][] = [];
		for (const line of numberedLines(values.headers)) {
			try {
				pairs.push(parseHeaderLine(line.text));
			} catch (error) {
				if (!(error instanceof SettingError)) throw error;
				errors.headers ??= `line ${line.number}: ${error.message}`;
			}
		}
		const headers = mergeHeaderValues(pairs);
		const count = Object.keys(headers).length;
		edit = {
			title:
				count === 0
					? `clear the default headers of ${group}`
					: `set ${count} default header${count === 1 ? '' : 's'} of ${group}`,
			request: setGroupHeadersRequest(group, headers),
			group,
		};
	}
	return { errors, edit: Object.keys(errors).length === 0 ? edit : undefined };
}

export function clearHeadersEdit(group: string): GroupEdit {
	return {
		title: `clear the default headers of ${group}`,
		request: setGroupHeadersRequest(group, {}),
		group,
	};
}

export function deleteGroupEdit(group: string): GroupEdit {
	return { title: `delete the URL Group ${group}`, request: deleteGroupRequest(group), group: undefined };
}
