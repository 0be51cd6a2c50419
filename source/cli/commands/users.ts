/** `mqtop users`: the message-queue accounts of the management API. */
import type { Liberal } from '../../api/liberal.js';
import type { MqUser } from '../../api/schemas.js';
import { formatBytes } from '../../format/bytes.js';
import { orMissing, text } from '../../format/missing.js';
import { formatUnixSeconds } from '../../format/time.js';
import { defineCommand } from '../define.js';
import { maskFields } from '../mask-fields.js';
import { warnIssues } from '../reading.js';

type User = Liberal<typeof MqUser>;

const secretFields = ['password', 'token', 'read_only_token'] as const satisfies (keyof User)[];

function stateText(user: User): string {
	const state = text(user.state);
	return user.modifying_state ? `${state} (${text(user.modifying_state)})` : state;
}

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
		const reading = await client.management.users();
		warnIssues(out, 'users', reading.issues);
		const users = reading.data.map((user) => maskFields(user, secretFields, reveal));
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
				text(user.id),
				text(user.customer_id),
				{
					text: stateText(user),
					...(user.active === undefined ? {} : { style: user.active ? 'green' : 'yellow' }),
				},
				user.reserved_type ? `${text(user.type)} ${text(user.reserved_type)}` : text(user.type),
				text(user.region),
				orMissing(user.max_message_size, formatBytes),
				orMissing(user.creation_time, formatUnixSeconds),
				{ text: text(user.token), style: 'dim' },
			]),
		);
	},
});
