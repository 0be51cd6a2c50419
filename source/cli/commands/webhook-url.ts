/** `mqtop webhook-url <destination>`: the ingestion address to give a webhook sender. */
import { maskQueryParam, maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { defineCommand } from '../define.js';
import { checkDestination, publishFlagSpecs, publishOptionsFromArgs } from '../publish-flags.js';

export const webhookUrlCommand = defineCommand({
	name: 'webhook-url',
	summary: 'print the address a webhook sender posts to, with publish settings in its query',
	usage: '<destination>',
	description: [
		'The address carries the token (masked here unless --reveal; --json always prints the full address), ' +
			'so treat it as a secret. Publish flags become query parameters of the address. Nothing is sent.',
		'With nothing configured it is an address of the local server (`mqtop serve`), which works while that ' +
			'server runs.',
	],
	examples: ['mqtop webhook-url https://example.com/hook --retries 5 --delay 10s --json'],
	arguments: { min: 1, max: 1 },
	flags: publishFlagSpecs,
	api: 'queue',
	secrets: true,
	async run({ args, out, resolved, reveal, connect }) {
		const destination = args.positionals[0]!;
		checkDestination(destination);
		const options = publishOptionsFromArgs(args, resolved.dialect);
		const { client } = await connect();
		const url = client.webhookUrl(destination, options);
		if (out.json) return void out.document({ url });
		const { tokenParam } = client.settings.dialect;
		out.line(sanitize(reveal ? url : maskUrlCredentials(maskQueryParam(url, tokenParam))));
	},
});
