/**
 * URL Groups: named sets of endpoints with default headers. Adding endpoints creates a group
 * (docs/protocol/url-groups.md#add-endpoints); removing its last endpoint deletes it
 * (docs/protocol/url-groups.md#remove-endpoints).
 */
import type { UrlGroup } from '../../api/schemas.js';
import { discard, type RecordSink } from './record-sink.js';

export interface Endpoint {
	name?: string;
	url: string;
}

export interface Group {
	name: string;
	createdAt: number;
	updatedAt: number;
	endpoints: Endpoint[];
	headers: Record<string, string[]> | undefined;
}

export type AddResult =
	| { ok: true }
	| { ok: false; reason: 'too-many-groups' | 'too-many-endpoints'; count: number };

export interface Reference {
	name?: string | undefined;
	url?: string | undefined;
}

export class GroupStore {
	private readonly groups = new Map<string, Group>();

	constructor(
		private readonly limits: { max_topics: number; max_endpoints_per_topic: number },
		private readonly sink: RecordSink<Group> = discard(),
	) {}

	get(name: string): Group | undefined {
		return this.groups.get(name);
	}

	list(): Group[] {
		return [...this.groups.values()].sort((a, b) => a.name.localeCompare(b.name));
	}

	/**
	 * Adds endpoints; an endpoint whose name exists gets the new url, one equal to an existing
	 * endpoint is kept once. Nothing changes when a limit would be exceeded.
	 */
	add(name: string, additions: Endpoint[], now: number): AddResult {
		const existing = this.groups.get(name);
		if (!existing && this.groups.size >= this.limits.max_topics)
			return { ok: false, reason: 'too-many-groups', count: this.groups.size + 1 };
		const endpoints = [...(existing?.endpoints ?? [])];
		for (const addition of additions) {
			const named = addition.name ? endpoints.findIndex((e) => e.name === addition.name) : -1;
			if (named >= 0) endpoints[named] = addition;
			else if (!endpoints.some((e) => e.url === addition.url && e.name === addition.name))
				endpoints.push(addition);
		}
		if (endpoints.length > this.limits.max_endpoints_per_topic)
			return { ok: false, reason: 'too-many-endpoints', count: endpoints.length };
		this.save({
			name,
			createdAt: existing?.createdAt ?? now,
			updatedAt: now,
			endpoints,
			headers: existing?.headers,
		});
		return { ok: true };
	}

	/**
	 * Removes every endpoint matching a reference (all given fields equal). Returns the
	 * references that match nothing, in which case nothing was removed.
	 */
	remove(name: string, references: Reference[], now: number): Reference[] {
		const group = this.groups.get(name);
		if (!group) return references;
		const matches = (e: Endpoint, r: Reference) =>
			(r.name === undefined || e.name === r.name) && (r.url === undefined || e.url === r.url);
		const unmatched = references.filter((r) => !group.endpoints.some((e) => matches(e, r)));
		if (unmatched.length > 0) return unmatched;
		const endpoints = group.endpoints.filter((e) => !references.some((r) => matches(e, r)));
		if (endpoints.length === 0) this.delete(name);
		else this.save({ ...group, endpoints, updatedAt: now });
		return [];
	}

	setHeaders(name: string, headers: Record<string, string[]>, now: number): boolean {
		const group = this.groups.get(name);
		if (!group) return false;
		this.save({ ...group, headers, updatedAt: now });
		return true;
	}

	delete(name: string): boolean {
		if (!this.groups.delete(name)) return false;
		this.sink.delete(name);
		return true;
	}

	/** Puts back groups that were kept (their sink is not told). */
	restore(groups: readonly Group[]): void {
		for (const group of groups) this.groups.set(group.name, group);
	}

	private save(group: Group): void {
		this.groups.set(group.name, group);
		this.sink.put(group.name, group);
	}
}

export function groupResource(group: Group): UrlGroup {
	const out: UrlGroup = {
		name: group.name,
		createdAt: group.createdAt,
		updatedAt: group.updatedAt,
		endpoints: group.endpoints.map((e) => (e.name ? { name: e.name, url: e.url } : { url: e.url })),
	};
	if (group.headers) out.headers = group.headers;
	return out;
}
