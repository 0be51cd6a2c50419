import type { Liberal } from '../../../api/liberal.js';
import type { UrlGroup } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A URL Group as read: its `name`, and whatever else the service sent. */
export type Group = Liberal<typeof UrlGroup>;
/** A member of a URL Group as read (the service calls it an endpoint): a URL, a name, or (oddly) neither. */
export type GroupMember = NonNullable<Group['endpoints']>[number];

/** The URL Groups, where the service lists them. */
export const groupsEndpoint = defineEndpoint<Group[]>({
	key: 'groups',
	api: 'messaging',
	label: 'URL Groups',
	params: () => '',
	fetch: (client, _params, signal) => client.groups.list(signal),
});
