/** `mqtop group ls|show|add|rm|headers`: URL Groups (topics) and their endpoints. */

import type { Liberal } from '../../api/liberal.js';
import { groupNameRule, isGroupName, isHttpUrl } from '../../api/publish-options.js';
import { mergeHeaderValues } from '../../api/publish-settings.js';
import { type EndpointReference, type GroupHeaders, UrlGroup } from '../../api/schemas.js';
import { missing, orMissing, text } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { checkedName } from '../common.js';
import { type CommandSpec, defineGroup } from '../define.js';
import type { Output } from '../output.js';
import { parseHeaderArgument } from '../publish-flags.js';
import { extraPairs, warnIssues } from '../reading.js';

function groupName(args: ParsedArgs): string {
	const name = args.positionals[0]!;
	if (!isGroupName(name))
		throw new UsageError(`${JSON.stringify(name)} is not a URL Group name (${groupNameRule})`);
	return name;
}

function headerLines(headers: GroupHeaders | undefined): [string, string][] {
	return Object.entries(headers ?? {}).map(([name, value]) => [
		`header ${sanitize(name)}`,
		sanitize(Array.isArray(value) ? value.join(', ') : value),
	]);
}

function printGroup(out: Output, group: Liberal<typeof UrlGroup>): void {
	out.pairs([
		['group', sanitize(group.name)],
		['created', orMissing(group.createdAt, formatTime)],
		['updated', orMissing(group.updatedAt, formatTime)],
		...headerLines(group.headers),
		...extraPairs(UrlGroup, group),
	]);
	out.line();
	if (group.endpoints === undefined) return void out.line(`endpoints ${missing}`);
	if (group.endpoints.length === 0) return void out.line('no endpoints');
	out.table(
		[{ header: 'endpoint' }, { header: 'url' }],
		group.endpoints.map((e) => [e.name ? sanitize(e.name) : { text: missing, style: 'dim' }, text(e.url)]),
	);
}

const listOffered =
	'Listing and reading groups is not in every deployment; where it is missing the service answers 404 or 405.';

export const groupLs: CommandSpec = {
	name: 'group ls',
	summary: 'list the URL Groups',
	usage: '',
	description: [listOffered],
	arguments: { min: 0, max: 0 },
	api: 'queue',
	async run({ out, connect }) {
		const { client } = await connect();
		const { data: groups, issues } = await client.groups.list();
		warnIssues(out, 'group ls', issues);
		if (out.json) return void out.document(groups);
		if (groups.length === 0) return void out.line('no URL Groups');
		out.table(
			[
				{ header: 'group' },
				{ header: 'endpoints', align: 'right' },
				{ header: 'headers', align: 'right' },
				{ header: 'updated' },
			],
			groups.map((g) => [
				sanitize(g.name),
				orMissing(g.endpoints, (endpoints) => String(endpoints.length)),
				String(Object.keys(g.headers ?? {}).length),
				orMissing(g.updatedAt, formatTime),
			]),
		);
	},
};

export const groupShow: CommandSpec = {
	name: 'group show',
	summary: 'a URL Group with its endpoints and default headers',
	usage: '<name>',
	description: [listOffered],
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const name = groupName(args);
		const { client } = await connect();
		const { data: group, issues } = await client.groups.read(name);
		warnIssues(out, 'group show', issues);
		if (out.json) out.document(group);
		else printGroup(out, group);
		return undefined;
	},
};

/** The endpoints of `group add`: each url, named by the --endpoint-name in the same place. */
function endpointsToAdd(args: ParsedArgs): { name?: string; url: string }[] {
	const urls = args.positionals.slice(1);
	const names = args.strings('endpoint-name');
	for (const url of urls)
		if (!isHttpUrl(url)) throw new UsageError(`${JSON.stringify(url)} is not an http(s) URL`);
	if (names.length > 0 && names.length !== urls.length)
		throw new UsageError(
			`give one --endpoint-name for each url (${urls.length}), in the same order, or none`,
		);
	return urls.map((url, i) =>
		names[i] === undefined ? { url } : { name: checkedName(names[i], '--endpoint-name'), url },
	);
}

export const groupAdd: CommandSpec = {
	name: 'group add',
	summary: 'add endpoints to a URL Group (a new name creates the group)',
	usage: '<name> <url>...',
	description: [
		'Each url is an endpoint of the group: every publish to the group is delivered to each of them. ' +
			'--endpoint-name names the url in the same place: give one for each url, in the same order, or none.',
	],
	examples: [
		'mqtop group add orders https://eu.example.com/orders https://us.example.com/orders',
		'mqtop group add orders https://eu.example.com/orders --endpoint-name eu --json',
	],
	arguments: { min: 2, max: Number.MAX_SAFE_INTEGER },
	flags: {
		'endpoint-name': {
			type: 'string',
			multiple: true,
			value: '<name>',
			description: 'the name of the url in the same place',
		},
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const name = groupName(args);
		const endpoints = endpointsToAdd(args);
		const { client } = await connect();
		await client.groups.addEndpoints(name, endpoints);
		if (out.json) return void out.document({ group: name, added: endpoints });
		out.line(`added ${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'} to ${sanitize(name)}`);
	},
};

export const groupRm: CommandSpec = {
	name: 'group rm',
	summary: 'remove endpoints from a URL Group (removing the last one deletes the group)',
	usage: '<name>',
	description: [
		'Each --endpoint-name and --endpoint-url names one endpoint. If any of them matches no endpoint, the ' +
			'service removes nothing and the command fails.',
	],
	examples: ['mqtop group rm orders --endpoint-name eu --endpoint-url https://us.example.com/orders'],
	arguments: { min: 1, max: 1 },
	flags: {
		'endpoint-name': { type: 'string', multiple: true, value: '<name>', description: 'an endpoint by name' },
		'endpoint-url': { type: 'string', multiple: true, value: '<url>', description: 'an endpoint by URL' },
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const name = groupName(args);
		const endpoints: EndpointReference[] = [
			...args.strings('endpoint-name').map((n) => ({ name: n })),
			...args.strings('endpoint-url').map((url) => ({ url })),
		];
		if (endpoints.length === 0)
			throw new UsageError('name at least one endpoint: --endpoint-name or --endpoint-url');
		if (endpoints.some((e) => (e.name ?? e.url) === ''))
			throw new UsageError('an endpoint name or url is not empty');
		const { client } = await connect();
		await client.groups.removeEndpoints(name, endpoints);
		if (out.json) return void out.document({ group: name, removed: endpoints });
		out.line(
			`removed ${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'} from ${sanitize(name)}`,
		);
	},
};

/** Repeated `-H` values of one name become an array, as the service accepts. */
export function groupHeadersFromArgs(values: readonly string[]): GroupHeaders {
	return mergeHeaderValues(values.map((text) => parseHeaderArgument(text, '--header')));
}

export const groupHeaders: CommandSpec = {
	name: 'group headers',
	summary: 'set (replace) the default headers of a URL Group, or --clear them',
	usage: "<name> -H 'Name: value' ...",
	description: ['The headers apply to every publish to the group; a publish can override them name by name.'],
	examples: [
		"mqtop group headers orders -H 'Svc-Retries: 5' -H 'X-Team: payments'",
		'mqtop group headers orders --clear',
	],
	arguments: { min: 1, max: 1 },
	flags: {
		header: {
			type: 'string',
			short: 'H',
			multiple: true,
			value: "'Name: value'",
			description: 'a default header',
		},
		clear: { type: 'boolean', description: 'remove every default header' },
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const name = groupName(args);
		const given = args.strings('header');
		if (given.length > 0 && args.boolean('clear')) throw new UsageError('give -H or --clear, not both');
		if (given.length === 0 && !args.boolean('clear'))
			throw new UsageError("give -H 'Name: value' or --clear");
		const headers = groupHeadersFromArgs(given);
		const { client } = await connect();
		await client.groups.setHeaders(name, headers);
		if (out.json) return void out.document({ group: name, headers });
		const count = Object.keys(headers).length;
		out.line(
			count === 0
				? `cleared the default headers of ${sanitize(name)}`
				: `set ${count} default header${count === 1 ? '' : 's'} of ${sanitize(name)}`,
		);
	},
};

export const groupCommand = defineGroup('group', 'URL Groups: ls, show, add and rm (endpoints), headers', [
	groupLs,
	groupShow,
	groupAdd,
	groupRm,
	groupHeaders,
]);
