/**
 * Numbers as the deployed indexes write them: values are stored as 32-bit floats and printed
 * in the shortest decimal that reads back as the same float32 (0.6, not 0.6000000238418579),
 * so a vector upserted as [0.5, 0.6] is fetched as [0.5, 0.6] and a score reads 0.033333335.
 */

/**
 * The double nearest the shortest decimal that rounds to the same float32 as `value`.
 * Correctly rounded p-digit decimals get closer as p grows, so "reads back" is monotonic in p
 * and a binary search over 1..9 digits (9 always suffice) finds the shortest.
 */
export function shortestFloat32(value: number): number {
	const target = Math.fround(value);
	// A score beyond the float32 range (a dot product of huge vectors) is written as the double it is.
	if (!Number.isFinite(target)) return value;
	// Integers up to 2^24 are exact in float32 and print as themselves.
	if (Number.isInteger(target) && Math.abs(target) <= 16_777_216) return target;
	let low = 1;
	let high = 9;
	while (low < high) {
		const digits = (low + high) >> 1;
		if (Math.fround(Number(target.toPrecision(digits))) === target) high = digits;
		else low = digits + 1;
	}
	return Number(target.toPrecision(low));
}

/** Every value of a float32 array as shortestFloat32 prints it. */
export function shortestFloats(values: ArrayLike<number>): number[] {
	const out = new Array<number>(values.length);
	for (let i = 0; i < values.length; i++) out[i] = shortestFloat32(values[i]!);
	return out;
}
