/** `mqtop webhook-url <destination>`: the ingestion address to give a webhook sender. */
import { MqClient } from '../../api/client.js';
import { ConfigError, localProfile } from '../../config/file.js';
import { maskQueryParam, maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { missingSettings } from '../connect.js';
import { defineCommand } from '../define.js';
import { checkDestination, publishFlagSpecs, publishOptionsFromArgs } from '../publish-flags.js';

export const webhookUrlCommand = defineCommand({
	name: 'webhook-url',
	summary: 'print the address a webhook sender posts to, with publish settings in its query',
	usage: '<destination>',
	description: [
		'The address carries the token (masked here unless --reveal; --json always prints the full address), ' +
			'so treat it as a secret. Publish flags become query parameters of the address. Nothing is sent.',
	],
	examples: ['mqtop webhook-url https://example.com/hook --retries 5 --delay 10s --json'],
	arguments: { min: 1, max: 1 },
	flags: publishFlagSpecs,
	secrets: true,
	async run({ args, out, resolved, config, reveal }) {
		const destination = args.positionals[0]!;
		checkDestination(destination);
		const options = publishOptionsFromArgs(args, resolved.dialect);
		if (resolved.local)
			throw new ConfigError(
				`the "${localProfile}" profile's service lives only while a command runs, so its address would not work; ` +
					'point a profile at `mqtop serve` or a deployment',
			);
		const problem = missingSettings(resolved, 'queue', config.path);
		if (problem) throw new ConfigError(problem);
		const client = new MqClient({
			queueUrl: resolved.values.queueUrl!,
			token: resolved.values.token!,
			managementUrl: '',
			email: '',
			apiKey: '',
			dialect: resolved.dialect,
		});
		const url = client.webhookUrl(destination, options);
		if (out.json) return void out.document({ url });
		out.line(sanitize(reveal ? url : maskUrlCredentials(maskQueryParam(url, resolved.dialect.tokenParam))));
	},
});
