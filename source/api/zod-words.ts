/**
 * Zod's issues in mqtop's own words: `items[0].destination is missing`, `items[0].headers.x
 * must be a string, not a number`, `retries must be at most 5`. A message the schema gave
 * itself (a refinement's, a setting's) is kept as written. Pure.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Zod's own messages start so; a schema's own message is anything else. */
const zodDefault = /^(Invalid input|Invalid option|Too small|Too big|Unrecognized keys?|Invalid)\b/;

const typeWords: Record<string, string> = {
	string: 'a string',
	number: 'a number',
	int: 'a whole number',
	boolean: 'true or false',
	array: 'an array',
	object: 'an object',
	record: 'an object',
	bigint: 'a whole number',
	null: 'null',
	undefined: 'absent',
	date: 'a date',
};

/** What zod's message says it got (`received number`), in words. */
function received(issue: Issue): string | undefined {
	const got = /received (\w+)/.exec(issue.message)?.[1];
	if (got === undefined) return undefined;
	return got === 'null' ? 'null' : (typeWords[got] ?? got);
}

function quoted(values: readonly unknown[]): string {
	return values.map((value) => JSON.stringify(value)).join(', ');
}

function bound(
	issue: Issue & { origin?: string; inclusive?: boolean },
	limit: unknown,
	least: boolean,
): string {
	const n = Number(limit);
	const strict = issue.inclusive === false;
	switch (issue.origin) {
		case 'string':
			if (least && n === 1 && !strict) return 'must not be empty';
			return `must be ${least ? 'at least' : 'at most'} ${strict ? (least ? n + 1 : n - 1) : n} characters long`;
		case 'array':
		case 'set':
			if (least && n === 1 && !strict) return 'must not be empty';
			return `must have ${least ? 'at least' : 'at most'} ${strict ? (least ? n + 1 : n - 1) : n} items`;
		default:
			return `must be ${least ? (strict ? 'more than' : 'at least') : strict ? 'less than' : 'at most'} ${String(limit)}`;
	}
}

/** What is wrong with the value at the issue's path, without the path. */
function problem(issue: Issue): string {
	if (!zodDefault.test(issue.message)) return issue.message;
	switch (issue.code) {
		case 'invalid_type': {
			const got = received(issue);
			if (got === 'absent') return 'is missing';
			const expected = typeWords[issue.expected] ?? issue.expected;
			return `must be ${expected}${got ? `, not ${got}` : ''}`;
		}
		case 'too_small':
			return bound(issue, issue.minimum, true);
		case 'too_big':
			return bound(issue, issue.maximum, false);
		case 'invalid_value':
			return issue.values.length === 1
				? `must be ${quoted(issue.values)}`
				: `must be one of ${quoted(issue.values)}`;
		case 'unrecognized_keys':
			return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} mqtop does not know: ${quoted(issue.keys)}`;
		case 'invalid_format':
			return `must be ${issue.format === 'regex' ? 'of the expected form' : `a valid ${issue.format}`}`;
		case 'invalid_union':
			return 'is none of the forms it may take';
		case 'not_multiple_of':
			return `must be a multiple of ${String(issue.divisor)}`;
		default:
			return 'is not valid';
	}
}

/** An issue's path as code writes it: `items[0].headers.x`, under `root` when given. */
function pathText(path: readonly PropertyKey[], root: string): string {
	return path.reduce<string>(
		(acc, part) =>
			typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part),
		root,
	);
}

/** Every issue, `<path> <problem>`, joined by `; `. */
export function describeIssues(issues: readonly Issue[], root = ''): string {
	return issues
		.map((issue) => {
			const where = pathText(issue.path, root);
			const what = problem(issue);
			// A schema's own message reads after a colon; ours read as a sentence.
			if (!zodDefault.test(issue.message)) return `${where || '(root)'}: ${what}`;
			return `${where || 'the input'} ${what}`;
		})
		.join('; ');
}
