/**
 * Puts composeOutput in front of Ink's Output.get: frames are joined row by row, and Ink's own
 * cell-by-cell composition runs only for the frames composeOutput is not sure of.
 */
import { composeOutput, type Operation } from './compose-output.js';
import InkOutput from './ink-output.js';

interface OutputInternals {
	width: number;
	height: number;
	operations: Operation[];
}

type Get = (this: object) => { output: string; height: number };

const prototype = InkOutput.prototype as { get: Get & { stock?: Get } };

/** Ink's own composition, for comparison in tests. */
export const stockOutputGet: Get = prototype.get.stock ?? prototype.get;

export function installFastOutput(): void {
	if (prototype.get.stock) return;
	const fast: Get & { stock?: Get } = function (this: object) {
		const internals = this as unknown as OutputInternals;
		return (
			composeOutput(internals.width, internals.height, internals.operations) ?? stockOutputGet.call(this)
		);
	};
	fast.stock = stockOutputGet;
	prototype.get = fast;
}
