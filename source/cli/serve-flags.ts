/**
 * `mqtop serve`'s flags that become start options after a check of their own: the plan limits
 * (`--limits`, `--limit`) and the dimensions of the indexes made at start.
 */
import { readFile } from 'node:fs/promises';
import {
	LimitsError,
	type PlanLimits,
	parseLimitAssignment,
	parsePlanLimits,
} from '../local/account/limits.js';
import { maxDimension } from '../local/indexes/vector/store.js';
import { sanitize } from '../text/sanitize.js';
import { UsageError } from './args.js';

/**
 * The plan limits asked for: a JSON file (`--limits`), then single `--limit name=value` flags
 * over it. Everything not named keeps the default of a generous paid plan.
 */
export async function planLimits(
	file: string | undefined,
	assignments: string[],
): Promise<Partial<PlanLimits>> {
	const limits: Partial<PlanLimits> = {};
	try {
		if (file !== undefined) {
			let text: string;
			try {
				text = await readFile(file, 'utf8');
			} catch (error) {
				throw new LimitsError(`cannot read ${file}: ${(error as Error).message}`);
			}
			let json: unknown;
			try {
				json = JSON.parse(text);
			} catch (error) {
				throw new LimitsError(`${file} is not valid JSON (${(error as Error).message})`);
			}
			Object.assign(limits, parsePlanLimits(json, `${file}: `));
		}
		for (const assignment of assignments) {
			const [name, value] = parseLimitAssignment(assignment);
			limits[name] = value;
		}
	} catch (error) {
		if (error instanceof LimitsError) throw new UsageError(`--limits/--limit: ${sanitize(error.message)}`);
		throw error;
	}
	return limits;
}

/** A dimension flag as a start option; 1 to 4096. */
export function dimensionFlag<K extends string>(
	text: string | undefined,
	flag: string,
	key: K,
): Partial<Record<K, number>> {
	if (text === undefined) return {};
	const n = Number(text);
	if (!/^\d+$/.test(text) || n < 1 || n > maxDimension)
		throw new UsageError(
			`${flag} must be a whole number from 1 to ${maxDimension}, got ${JSON.stringify(text)}`,
		);
	return { [key]: n } as Partial<Record<K, number>>;
}
