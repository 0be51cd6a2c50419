/** `mqtop publish <destination>`: publish a message to a URL or a URL Group. */
import type { PublishResult } from '../../api/schemas.js';
import { sanitize } from '../../text/sanitize.js';
import { defineCommand } from '../define.js';
import {
	bodyFlagSpecs,
	checkDestination,
	headerFlagSpecs,
	headersFromArgs,
	publishFlagSpecs,
	publishOptionsFromArgs,
	readBodyArgs,
} from '../publish-flags.js';
import { warnIssues } from '../reading.js';

export const publishCommand = defineCommand({
	name: 'publish',
	summary: 'publish a message to a URL or a URL Group',
	usage: '<destination>',
	description: [
		'The destination is a full http(s) URL (kept exactly as given) or a URL Group name. The body comes ' +
			'from --body, --body-file, or standard input when it is piped. Every value is checked before ' +
			'anything is sent.',
	],
	examples: [
		'mqtop publish https://example.com/hook --body \'{"ok":true}\' --content-type application/json --retries 5',
		'echo hello | mqtop publish my-group --delay 30s --label nightly --json',
		"mqtop publish https://example.com/hook --flow-control-key k --flow-control 'rate=10,parallelism=2,period=1m'",
	],
	arguments: { min: 1, max: 1 },
	flags: { ...bodyFlagSpecs, ...publishFlagSpecs, ...headerFlagSpecs },
	api: 'queue',
	async run({ args, out, io, resolved, connect }) {
		const destination = args.positionals[0]!;
		checkDestination(destination);
		const options = publishOptionsFromArgs(args, resolved.dialect);
		const headers = headersFromArgs(args);
		const body = await readBodyArgs(args, io);
		const { client } = await connect();
		const response = await client.publish({ destination, body, options, headers });
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
