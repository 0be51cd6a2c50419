/**
 * URL Group operations: add endpoints (docs/protocol/url-groups.md#add-endpoints), remove them
 * (docs/protocol/url-groups.md#remove-endpoints), list and read groups
 * (docs/protocol/url-groups.md#list-and-read), set their default headers
 * (docs/protocol/url-groups.md#default-headers) and delete one (docs/protocol/url-groups.md#delete).
 */

import { z } from 'zod';
import { headerValueRule, isHeaderName, isHeaderValue } from '../../api/header-syntax.js';
import { groupNameRule, isGroupName, isHttpUrl } from '../../api/publish-options.js';
import { GroupHeaders } from '../../api/schemas.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { groupResource } from '../stores/group-store.js';

const AddBody = z.object({
	endpoints: z
		.array(z.object({ url: z.string(), name: z.string().optional() }))
		.min(1, 'give at least one endpoint'),
});

const RemoveBody = z.object({
	endpoints: z
		.array(z.object({ url: z.string().optional(), name: z.string().optional() }))
		.min(1, 'give at least one endpoint'),
});

const PatchBody = z.object({ headers: GroupHeaders });

function groupName(req: Request): string {
	const name = req.params.name ?? '';
	if (!isGroupName(name))
		throw invalid(`invalid URL Group name ${JSON.stringify(name)}: use ${groupNameRule}`);
	return name;
}

function jsonBody<T extends z.ZodType>(req: Request, schema: T, what: string): Promise<z.infer<T>> {
	return readJsonBody(req.raw, schema, what);
}

function unknownGroup(name: string) {
	return notFound(`URL Group ${JSON.stringify(name)} not found`);
}

export async function addEndpoints(ctx: ServiceContext, req: Request): Promise<Reply> {
	const name = groupName(req);
	const body = await jsonBody(req, AddBody, 'add endpoints');
	for (const [i, endpoint] of body.endpoints.entries()) {
		if (!isHttpUrl(endpoint.url))
			throw invalid(
				`endpoints[${i}].url: expected an http:// or https:// URL, got ${JSON.stringify(endpoint.url)}`,
			);
		if (endpoint.name !== undefined && !isGroupName(endpoint.name))
			throw invalid(`endpoints[${i}].name: use ${groupNameRule}`);
	}
	const endpoints = body.endpoints.map((e) => (e.name ? { name: e.name, url: e.url } : { url: e.url }));
	const result = ctx.groups.add(name, endpoints, ctx.clock.now());
	if (!result.ok) {
		throw invalid(
			result.reason === 'too-many-groups'
				? `cannot create URL Group ${JSON.stringify(name)}: the plan allows ${ctx.limits.max_topics} URL Groups (max_topics)`
				: `URL Group ${JSON.stringify(name)} would have ${result.count} endpoints: the plan allows ${ctx.limits.max_endpoints_per_topic} (max_endpoints_per_topic)`,
		);
	}
	return empty();
}

export async function removeEndpoints(ctx: ServiceContext, req: Request): Promise<Reply> {
	const name = groupName(req);
	const body = await jsonBody(req, RemoveBody, 'remove endpoints');
	for (const [i, e] of body.endpoints.entries())
		if (!e.name && !e.url) throw invalid(`endpoints[${i}]: give a name or a url`);
	if (!ctx.groups.get(name)) throw unknownGroup(name);
	const unmatched = ctx.groups.remove(name, body.endpoints, ctx.clock.now());
	if (unmatched.length > 0) {
		const described = unmatched.map((r) => JSON.stringify(r.name ?? r.url)).join(', ');
		throw notFound(`URL Group ${JSON.stringify(name)} has no endpoint ${described}; nothing was removed`);
	}
	return empty();
}

export function listGroups(ctx: ServiceContext): Reply {
	return ok(ctx.groups.list().map(groupResource));
}

export function getGroup(ctx: ServiceContext, req: Request): Reply {
	const name = groupName(req);
	const group = ctx.groups.get(name);
	if (!group) throw unknownGroup(name);
	return ok(groupResource(group));
}

export async function setHeaders(ctx: ServiceContext, req: Request): Promise<Reply> {
	const name = groupName(req);
	const body = await jsonBody(req, PatchBody, 'set default headers');
	const headers: Record<string, string[]> = {};
	for (const [header, value] of Object.entries(body.headers)) {
		const values = Array.isArray(value) ? value : [value];
		if (!isHeaderName(header)) throw invalid(`headers: ${JSON.stringify(header)} is not a valid header name`);
		if (!values.every(isHeaderValue)) throw invalid(`headers.${header}: ${headerValueRule}`);
		headers[header] = values;
	}
	if (!ctx.groups.setHeaders(name, headers, ctx.clock.now())) throw unknownGroup(name);
	return empty();
}

export function deleteGroup(ctx: ServiceContext, req: Request): Reply {
	const name = groupName(req);
	if (!ctx.groups.delete(name)) throw unknownGroup(name);
	return empty();
}
