/** Which health rules a monitor run watches, and how the health overlay names where they come from. */
import { defaultHealthRules, type HealthSettings, type NotifyMode } from '../config/health.js';
import { demoHealthRules } from '../demo/health.js';

export interface MonitorHealth {
	settings: HealthSettings;
	/** Where the rules come from, in words, for the health overlay. */
	source: string;
}

/** The config file's rules; else the demo's under --demo, else the defaults. `notify` (the flag) wins over the file's. */
export function monitorHealth(options: {
	fromFile: HealthSettings | undefined;
	demo: boolean;
	configPath: string;
	notify: NotifyMode | undefined;
}): MonitorHealth {
	const { fromFile, demo, configPath } = options;
	const notify = options.notify ?? fromFile?.notify ?? 'off';
	if (fromFile?.rulesFrom === 'file')
		return { settings: { ...fromFile, notify }, source: `config file ${configPath}` };
	if (demo)
		return {
			settings: { rules: demoHealthRules, rulesFrom: 'defaults', notify },
			source: "the demo's (the defaults turn red at the first dead letter)",
		};
	return { settings: { rules: defaultHealthRules, rulesFrom: 'defaults', notify }, source: 'the defaults' };
}
