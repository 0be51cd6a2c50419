/**
 * The regions of `mqtop serve --regions` (docs/protocol/regions.md): their names as the flag
 * gives them (`eu-central-1`), as deliveries carry them (`EU-CENTRAL-1` in the Region header),
 * as the official SDK's migration mode names their variables (`EU_CENTRAL_1_QSTASH_URL`), and
 * where each keeps its state and listens. Pure.
 */
import path from 'node:path';
import { UsageError } from './args.js';

/** The most regions one server runs (the deployed service has two). */
export const maxRegions = 8;

const regionName = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** `--regions a,b`: the names in order (the first the default), checked; undefined without the flag. */
export function parseRegions(text: string | undefined): string[] | undefined {
	if (text === undefined) return undefined;
	const names = text.split(',').map((name) => name.trim().toLowerCase());
	if (names.some((name) => name === ''))
		throw new UsageError(`--regions takes names separated by commas, got ${JSON.stringify(text)}`);
	for (const name of names)
		if (!regionName.test(name) || name.length > 32)
			throw new UsageError(
				`--regions: ${JSON.stringify(name)} is no region name (letters, digits and dashes, e.g. eu-central-1)`,
			);
	const twice = names.find((name, at) => names.indexOf(name) !== at);
	if (twice !== undefined) throw new UsageError(`--regions names ${twice} twice`);
	if (names.length > maxRegions) throw new UsageError(`--regions takes at most ${maxRegions} regions`);
	return names;
}

/** The region as the Region header of a delivery names it: `US-EAST-1`. */
export function regionHeaderValue(region: string): string {
	return region.toUpperCase();
}

/** The prefix of the region's variables in the SDK's migration mode: `US_EAST_1`. */
export function regionEnvPrefix(region: string): string {
	return region.toUpperCase().replaceAll('-', '_');
}

/** Where a region keeps its state: a directory of its own under the data directory. */
export function regionDataDir(dataDir: string, region: string): string {
	return path.join(dataDir, 'regions', region);
}

/** The port of the region at `index`: the given one and those after it; 0 (any free port) for each. */
export function regionPort(port: number, index: number): number {
	return port === 0 ? 0 : port + index;
}

/** Which region a header value (`us-east-1`, `US_EAST_1`) names, of those known; undefined for none. */
export function regionNamed(value: string | undefined, regions: readonly string[]): string | undefined {
	if (value === undefined) return undefined;
	const wanted = regionEnvPrefix(value.trim());
	return regions.find((region) => regionEnvPrefix(region) === wanted);
}
