/**
 * The names of `mqtop serve --regions` (pure): checked as given, and spelt as the Region header
 * and the SDK's migration-mode variables spell them.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../source/cli/args.js';
import {
	parseRegions,
	regionEnvPrefix,
	regionHeaderValue,
	regionNamed,
	regionPort,
} from '../../source/cli/regions.js';

describe('--regions', () => {
	it('takes names in order, the first the default, case and spaces aside', () => {
		expect(parseRegions(undefined)).toBeUndefined();
		expect(parseRegions(' EU-Central-1, us-east-1')).toEqual(['eu-central-1', 'us-east-1']);
	});

	it.each([
		['eu,,us', 'separated by commas'],
		['eu,eu', 'names eu twice'],
		['eu central', 'is no region name'],
		['-eu', 'is no region name'],
		[Array.from({ length: 9 }, (_, i) => `r${i}`).join(','), 'at most 8 regions'],
	])('refuses %j: %s', (text, said) => {
		expect(() => parseRegions(text)).toThrow(UsageError);
		expect(() => parseRegions(text)).toThrow(said);
	});

	it('spells a region as the header and the variables do, and reads it back', () => {
		expect(regionHeaderValue('us-east-1')).toBe('US-EAST-1');
		expect(regionEnvPrefix('us-east-1')).toBe('US_EAST_1');
		expect(regionNamed('US-EAST-1', ['eu-central-1', 'us-east-1'])).toBe('us-east-1');
		expect(regionNamed('eu_central_1', ['eu-central-1', 'us-east-1'])).toBe('eu-central-1');
		expect(regionNamed('ap-south-1', ['eu-central-1'])).toBeUndefined();
	});

	it('gives each region the port after the one before, or any free one', () => {
		expect([0, 1, 2].map((i) => regionPort(8080, i))).toEqual([8080, 8081, 8082]);
		expect([0, 1].map((i) => regionPort(0, i))).toEqual([0, 0]);
	});
});
