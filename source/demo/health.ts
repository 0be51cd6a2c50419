/**
 * The health rules `mqtop --demo` watches when the config file names none. The demo's traffic
 * goes to destinations that are broken on purpose, so it dead-letters steadily (about 170 in five
 * minutes): under the defaults, red at the first dead letter, a newcomer's first screen would be
 * an alarm about the demo itself. Here dead letters turn the line yellow, and red only well
 * beyond the demo's own pace; every other rule is the default's.
 */
import { defaultHealthRules, type HealthRule } from '../config/health.js';

/** Dead letters in five minutes that the demo's own traffic does not reach. */
export const demoDeadLetterAlarm = 300;

export const demoHealthRules: readonly HealthRule[] = defaultHealthRules.flatMap((rule): HealthRule[] =>
	rule.metric === 'deadLetters' && rule.level === 'red'
		? [
				{ ...rule, level: 'yellow' },
				{ ...rule, above: demoDeadLetterAlarm },
			]
		: [rule],
);
