import type { UrlGroup } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** The URL Groups, where the service lists them. */
export const groupsEndpoint = defineEndpoint<UrlGroup[]>({
	key: 'groups',
	api: 'messaging',
	label: 'URL Groups',
	params: () => '',
	fetch: (client, _params, signal) => client.listGroups(signal),
});
