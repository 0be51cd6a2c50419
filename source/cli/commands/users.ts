/** `mqtop users`: the message-queue accounts of the management API. */
import type { MqUser } from '../../api/schemas.js';
import { sanitize } from '../../text/sanitize.js';
import { defineCommand } from '../define.js';
import { formatBytes, formatUnixSeconds, maskFields } from '../format.js';

const secretFields = ['password', 'token'] as const satisfies (keyof MqUser)[];

export const usersCommand = defineCommand({
	name: 'users',
	summary: 'list the message-queue accounts',
	usage: '',
	arguments: { min: 0, max: 0 },
	api: 'management',
	secrets: true,
	examples: ['mqtop users --json | jq -r ".[].id"'],
	async run({ out, connect, reveal }) {
		const { client } = await connect();
		const users = (await client.listUsers()).map((user) => maskFields(user, secretFields, reveal));
		if (out.json) return void out.document(users);
		if (users.length === 0) return void out.line('no accounts');
		out.table(
			[
				{ header: 'id' },
				{ header: 'customer' },
				{ header: 'state' },
				{ header: 'plan' },
				{ header: 'region' },
				{ header: 'max message', align: 'right' },
				{ header: 'created' },
				{ header: 'token' },
			],
			users.map((user) => [
				sanitize(user.id),
				sanitize(user.customer_id),
				{
					text: sanitize(user.modifying_state ? `${user.state} (${user.modifying_state})` : user.state),
					style: user.active ? 'green' : 'yellow',
				},
				sanitize(user.reserved_type ? `${user.type} ${user.reserved_type}` : user.type),
				sanitize(user.region),
				formatBytes(user.max_message_size),
				formatUnixSeconds(user.creation_time),
				{ text: sanitize(user.token), style: 'dim' },
			]),
		);
	},
});
