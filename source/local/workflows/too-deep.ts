import { maxRequestNesting } from '../../text/json-nesting.js';
import { invalid } from '../errors.js';

/** JSON that nests deeper than the local service takes (the words of `http/body.ts`'s refusal). */
export function tooDeep(what: string) {
	return invalid(
		`${what}: the JSON nests deeper than ${maxRequestNesting} levels of arrays and objects, the most the local service takes`,
	);
}
