/**
 * A subcommand that does one thing to one named resource, e.g. `mqtop queues pause <name>`:
 * the name checked before connecting, one call of the typed client, and a line (or one JSON
 * document) that says what was done. The service's refusal (an unknown name) is exit code 1.
 */
import type { MqClient } from '../api/client.js';
import { sanitize } from '../text/sanitize.js';
import type { ParsedArgs } from './args.js';
import { nameArgument } from './common.js';
import type { CommandSpec } from './define.js';

export interface ResourceAction {
	/** As typed after `mqtop`, e.g. `queues pause`. */
	command: string;
	summary: string;
	/** The argument's name in the usage line, e.g. `name`. */
	argument: string;
	description?: string[];
	flags?: CommandSpec['flags'];
	/** Reads and checks the name (and any flags) before anything is sent. */
	read?: (args: ParsedArgs) => string;
	run(client: MqClient, name: string, args: ParsedArgs): Promise<unknown>;
	/** What was done, as a line (the name sanitised here) and as JSON. */
	done(name: string, args: ParsedArgs): { text: string; json: unknown };
}

export function resourceAction(action: ResourceAction): CommandSpec {
	return {
		name: action.command,
		summary: action.summary,
		usage: `<${action.argument}>`,
		...(action.description ? { description: action.description } : {}),
		...(action.flags ? { flags: action.flags } : {}),
		arguments: { min: 1, max: 1 },
		api: 'queue',
		async run({ args, out, connect }) {
			const name = action.read ? action.read(args) : nameArgument(args, action.argument);
			const done = action.done(name, args);
			const { client } = await connect();
			await action.run(client, name, args);
			if (out.json) out.document(done.json);
			else out.line(sanitize(done.text));
			return undefined;
		},
	};
}
