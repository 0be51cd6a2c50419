/**
 * What a command says about an answer it read liberally: the odd fields, one line each on
 * stderr (so `--json` output stays clean), and the fields mqtop does not know, in detail output.
 */

import { describeIssue, type FieldIssue } from '../api/liberal.js';
import { sanitize } from '../text/sanitize.js';
import type { Output } from './output.js';

export { extraPairs } from '../format/missing.js';

/** Issues listed at most; a broken series could otherwise flood the terminal. */
const shownIssues = 8;

export function warnIssues(out: Output, operation: string, issues: readonly FieldIssue[]): void {
	if (issues.length === 0) return;
	const count = issues.length === 1 ? 'one field' : `${issues.length} fields`;
	const lines = issues.slice(0, shownIssues).map((issue) => `  ${sanitize(describeIssue(issue))}`);
	if (issues.length > shownIssues) lines.push(`  and ${issues.length - shownIssues} more`);
	out.warn(
		`${operation}: ${count} of the answer could not be read as expected (shown as "—" or as they came):\n${lines.join('\n')}`,
	);
}
