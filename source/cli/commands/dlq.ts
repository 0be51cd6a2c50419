/** `mqtop dlq`: the dead letter queue, one page at a time. */
import { sanitize } from '../../text/sanitize.js';
import { statusStyle } from '../../text/style.js';
import { defineCommand } from '../define.js';
import { formatTime, missing, orMissing, text } from '../format.js';
import { warnIssues } from '../reading.js';

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
		const { data: page, issues } = await client.readDlq(args.string('cursor'));
		warnIssues(out, 'dlq', issues);
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
					// The reference's records have no dlqId; without one a record cannot be acted on.
					text(m.dlqId),
					sanitize(m.messageId),
					{
						text: m.responseStatus === undefined ? missing : String(m.responseStatus),
						style: statusStyle(m.responseStatus),
					},
					orMissing(m.createdAt, formatTime),
					text(m.url),
				]),
			);
		if (page.cursor) out.line(out.style.dim(`more: mqtop dlq --cursor ${sanitize(page.cursor)}`));
	},
});
