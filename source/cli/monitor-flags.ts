/**
 * The monitor's own flags (`mqtop [flags]`): in one place for its help and for `mqtop --help`,
 * which lists them all.
 */
import { notifyModes } from '../config/health.js';
import type { FlagSpecs } from './args.js';
import { defaultLocalPort } from './local-server.js';

export const monitorFlags: FlagSpecs = {
	demo: { type: 'boolean', description: 'run demo traffic against a throwaway in-memory local service' },
	ephemeral: { type: 'boolean', description: 'run a throwaway in-memory local service (keeps nothing)' },
	refresh: {
		type: 'string',
		value: '<duration>',
		description: 'poll interval of the visible pane (default 2s)',
	},
	'read-only': { type: 'boolean', description: 'disable every edit in every pane' },
	notify: {
		type: 'string',
		value: '<how>',
		choices: notifyModes,
		description: `announce the health line turning red: ${notifyModes.join(', ')} (default: the config file's health.notify, else off)`,
	},
	port: {
		type: 'string',
		value: '<port>',
		description: `port of the local server the monitor runs when none runs (default ${defaultLocalPort})`,
	},
	region: {
		type: 'string',
		value: '<name>',
		description:
			'with a local server of several regions (mqtop serve --regions): the region the panes show (default the first)',
	},
	'receiver-port': {
		type: 'string',
		value: '<port>',
		description:
			'port of the callback receiver (default: the one it had last time, kept in the data directory; a free one the first time)',
	},
	'forward-to': {
		type: 'string',
		value: '<url>',
		description: 'the receiver forwards verified requests to the app there (R replays one in Callbacks)',
	},
};
