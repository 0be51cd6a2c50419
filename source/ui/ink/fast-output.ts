/**
 * Puts composeOutput in front of Ink's Output.get: frames are joined row by row, and Ink's own
 * cell-by-cell composition runs only for the frames composeOutput is not sure of. startTui
 * installs it; nothing does on import. bench/README.md says what it buys.
 */
import { composeOutput, type Operation } from './compose-output.js';
import InkOutput, { inkVersion } from './ink-output.js';

/**
 * The Ink whose private Output this was written against: another version keeps Ink's own
 * composition, and the test of this module fails until this is checked against it and moved.
 */
export const inkWrittenFor = '6.8.0';

interface OutputInternals {
	width: number;
	height: number;
	operations: Operation[];
}

type Get = (this: object) => { output: string; height: number };

/** How many frames were composed here and how many were left to Ink, since the install. */
export interface FrameCounts {
	composed: number;
	declined: number;
}

type Installed = Get & { stock?: Get; counts?: FrameCounts };

const prototype = InkOutput.prototype as { get: Installed };

/** Ink's own composition, for comparison in tests. */
export const stockOutputGet: Get = prototype.get.stock ?? prototype.get;

/** Whether Ink's Output is the one this was written for and keeps what composeOutput reads. */
export function inkOutputKnown(): boolean {
	if (inkVersion !== inkWrittenFor) return false;
	const Output = InkOutput as unknown as new (options: { width: number; height: number }) => object;
	const probe = new Output({ width: 2, height: 1 }) as Partial<OutputInternals>;
	return probe.width === 2 && probe.height === 1 && Array.isArray(probe.operations);
}

/**
 * Composes frames with composeOutput from now on, and returns the counts of frames composed and
 * declined; an Ink of another shape is left as it is (undefined). Installing twice keeps one.
 */
export function installFrameComposer(): FrameCounts | undefined {
	if (prototype.get.counts) return prototype.get.counts;
	if (!inkOutputKnown()) return undefined;
	const counts: FrameCounts = { composed: 0, declined: 0 };
	const fast: Installed = function (this: object) {
		const internals = this as unknown as OutputInternals;
		const composed = composeOutput(internals.width, internals.height, internals.operations);
		if (composed) {
			counts.composed++;
			return composed;
		}
		counts.declined++;
		return stockOutputGet.call(this);
	};
	fast.stock = stockOutputGet;
	fast.counts = counts;
	prototype.get = fast;
	return counts;
}

/** The counts of the installed composer, if one is. */
export function frameCounts(): FrameCounts | undefined {
	return prototype.get.counts;
}
