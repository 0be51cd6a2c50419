/** What the Groups pane shows of URL Groups: pure, over UrlGroup, every network string sanitised. */
import type { GroupHeaders, UrlGroup } from '../../../api/schemas.js';
import { formatInteger } from '../../../format/number.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Column } from '../../kit/table/view.js';

type Endpoint = UrlGroup['endpoints'][number];

const headerCount = (headers: GroupHeaders | undefined) => Object.keys(headers ?? {}).length;

export const groupColumns: Column<UrlGroup>[] = [
	{ header: 'group', cell: (g) => sanitize(g.name), minWidth: 8, maxWidth: 40 },
	{ header: 'endpoints', cell: (g) => formatInteger(g.endpoints.length), align: 'right' },
	{ header: 'headers', cell: (g) => formatInteger(headerCount(g.headers)), align: 'right' },
	{ header: 'updated', cell: (g) => formatClock(g.updatedAt), minWidth: 8 },
	{ header: 'first endpoint', cell: (g) => sanitize(g.endpoints[0]?.url ?? ''), minWidth: 10 },
];

export const endpointColumns: Column<Endpoint>[] = [
	{ header: 'name', cell: (e) => (e.name ? sanitize(e.name) : '-'), minWidth: 4, maxWidth: 30 },
	{ header: 'url', cell: (e) => sanitize(e.url), minWidth: 10 },
];

/** Default headers as `Name: value` lines to show, one per value. */
export function headerDisplay(headers: GroupHeaders | undefined): string[] {
	return Object.entries(headers ?? {}).flatMap(([name, value]) =>
		(Array.isArray(value) ? value : [value]).map((v) => `${sanitize(name)}: ${sanitize(v)}`),
	);
}
