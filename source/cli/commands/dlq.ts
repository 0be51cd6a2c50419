/** `mqtop dlq`: the dead letter queue, one page at a time. */
import { sanitize } from '../../text/sanitize.js';
import { statusStyle } from '../../text/style.js';
import { defineCommand } from '../define.js';
import { formatTime } from '../format.js';

export const dlqCommand = defineCommand({
	name: 'dlq',
	summary: 'list the dead letter queue (messages whose retries ran out)',
	usage: '',
	arguments: { min: 0, max: 0 },
	flags: {
		cursor: {
			type: 'string',
			value: '<cursor>',
			description: 'the next page, as printed by the previous one',
		},
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const { client } = await connect();
		const page = await client.listDlq(args.string('cursor'));
		if (out.json) return void out.document(page);
		if (page.messages.length === 0) out.line('the dead letter queue is empty');
		else
			out.table(
				[
					{ header: 'dlq id' },
					{ header: 'message' },
					{ header: 'status', align: 'right' },
					{ header: 'created' },
					{ header: 'url' },
				],
				page.messages.map((m) => [
					sanitize(m.dlqId),
					sanitize(m.messageId),
					{
						text: m.responseStatus === undefined ? '-' : String(m.responseStatus),
						style: statusStyle(m.responseStatus),
					},
					formatTime(m.createdAt),
					sanitize(m.url),
				]),
			);
		if (page.cursor) out.line(out.style.dim(`more: mqtop dlq --cursor ${sanitize(page.cursor)}`));
	},
});
