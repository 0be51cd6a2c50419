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

/** Whether Ink's Output keeps what composeOutput reads, as the Ink version in the lock does. */
function hasKnownShape(): boolean {
	const Output = InkOutput as unknown as new (options: { width: number; height: number }) => object;
	const probe = new Output({ width: 2, height: 1 }) as Partial<OutputInternals>;
	return probe.width === 2 && probe.height === 1 && Array.isArray(probe.operations);
}

/** Composes frames with composeOutput from now on; an Ink of another shape is left as it is. */
export function installFastOutput(): void {
	if (prototype.get.stock || !hasKnownShape()) return;
	const fast: Get & { stock?: Get } = function (this: object) {
		const internals = this as unknown as OutputInternals;
		return (
			composeOutput(internals.width, internals.height, internals.operations) ?? stockOutputGet.call(this)
		);
	};
	fast.stock = stockOutputGet;
	prototype.get = fast;
}
