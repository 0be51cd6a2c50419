/**
 * What the Groups pane shows of URL Groups: pure, over a liberal reading of them, every network
 * string sanitised; what the service left out is "—".
 */
import type { GroupHeaders } from '../../../api/schemas.js';
import { orMissing, text } from '../../../format/missing.js';
import { formatInteger } from '../../../format/number.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Column } from '../../kit/table/table-view.js';
import type { Group, GroupMember } from './endpoints.js';

const headerCount = (headers: GroupHeaders | undefined) => Object.keys(headers ?? {}).length;

export const groupColumns: Column<Group>[] = [
	{ header: 'group', cell: (g) => sanitize(g.name), minWidth: 8, maxWidth: 40 },
	{
		header: 'endpoints',
		cell: (g) => orMissing(g.endpoints?.length, formatInteger),
		value: (g) => g.endpoints?.length,
		align: 'right',
	},
	{
		header: 'headers',
		cell: (g) => formatInteger(headerCount(g.headers)),
		value: (g) => headerCount(g.headers),
		align: 'right',
	},
	{
		header: 'updated',
		cell: (g) => orMissing(g.updatedAt, formatClock),
		value: (g) => g.updatedAt,
		minWidth: 8,
	},
	{ header: 'first endpoint', cell: (g) => text(g.endpoints?.[0]?.url), minWidth: 10 },
];

export const endpointColumns: Column<GroupMember>[] = [
	{
		header: 'name',
		cell: (e) => (e.name ? sanitize(e.name) : '-'),
		value: (e) => e.name && sanitize(e.name),
		minWidth: 4,
		maxWidth: 30,
	},
	{ header: 'url', cell: (e) => text(e.url), minWidth: 10 },
];

/** Default headers as `Name: value` lines to show, one per value. */
export function headerDisplay(headers: GroupHeaders | undefined): string[] {
	return Object.entries(headers ?? {}).flatMap(([name, value]) =>
		(Array.isArray(value) ? value : [value]).map((v) => `${sanitize(name)}: ${sanitize(v)}`),
	);
}
