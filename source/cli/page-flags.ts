/**
 * `--count` and `--cursor` of the commands that list a page at a time (`mqtop dlq`, `mqtop
 * logs`, `mqtop workflows dlq list`): the flags and the check of the page size, said once.
 */
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';

/** The largest page the listings answer. */
const largestPage = 100;

/** The flags; `rows` is what a page holds (`entries`), `prefix` the action they go with (`list: `). */
export function pageFlags(rows: string, prefix = ''): FlagSpecs {
	return {
		count: { type: 'string', value: '<n>', description: `${prefix}${rows} per page, 1 to ${largestPage}` },
		cursor: {
			type: 'string',
			value: '<cursor>',
			description: `${prefix}the next page, as printed by the previous one`,
		},
	};
}

/** The page size `--count` asks for, if given: a whole number from 1 to 100, else bad usage. */
export function readPageCount(args: ParsedArgs): number | undefined {
	const text = args.string('count');
	if (text === undefined) return undefined;
	if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > largestPage)
		throw new UsageError(
			`--count: expected a whole number from 1 to ${largestPage}, got ${JSON.stringify(text)}`,
		);
	return Number(text);
}
