/** `mqtop publish <destination>`: publish a message to a URL or a URL Group. */
import type { PublishResult } from '../../api/schemas.js';
import { sanitize } from '../../text/sanitize.js';
import { defineCommand } from '../define.js';
import { checkDestination, messageFlagSpecs, messageFromArgs } from '../publish-flags.js';
import { warnIssues } from '../reading.js';

export const publishCommand = defineCommand({
	name: 'publish',
	summary: 'publish a message to a URL or a URL Group',
	usage: '<destination>',
	description: [
		'The destination is a full http(s) URL (kept exactly as given) or a URL Group name. The body comes ' +
			'from --body, --body-file, or standard input when it is piped. Every value is checked before ' +
			'anything is sent.',
		'With --queue the message is enqueued: it waits its turn in that queue, delivered in order with at ' +
			"most the queue's parallelism in progress, and not while the queue is paused.",
	],
	examples: [
		'mqtop publish https://example.com/hook --body \'{"ok":true}\' --content-type application/json --retries 5',
		'echo hello | mqtop publish my-group --delay 30s --label nightly --json',
		"mqtop publish https://example.com/hook --flow-control-key k --flow-control 'rate=10,parallelism=2,period=1m'",
		'mqtop publish https://example.com/email --queue emails --body-file mail.json --json',
	],
	arguments: { min: 1, max: 1 },
	flags: messageFlagSpecs,
	api: 'queue',
	async run({ args, out, io, resolved, connect }) {
		const destination = args.positionals[0]!;
		checkDestination(destination);
		const { queueName, request } = await messageFromArgs(args, io, resolved.dialect, destination);
		const { client } = await connect();
		const response = queueName
			? await client.queues.enqueue(queueName, request)
			: await client.publish(request);
		warnIssues(out, 'publish', response.issues);
		const results: PublishResult[] = response.kind === 'url' ? [response.result] : response.results;
		if (out.json) return void out.document(response.kind === 'url' ? response.result : response.results);
		if (results.length === 0) return void out.line(`${sanitize(destination)}: the group has no endpoints`);
		out.table(
			[{ header: 'message' }, { header: 'url' }, { header: '' }],
			results.map((r) => [
				sanitize(r.messageId),
				sanitize(r.url ?? destination),
				r.deduplicated ? { text: 'deduplicated: already published', style: 'yellow' } : '',
			]),
		);
	},
});
