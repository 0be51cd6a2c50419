/** Polls `probe` until it returns something other than undefined, or fails at the deadline. */
export async function waitUntil<T>(
	probe: () => T | undefined | Promise<T | undefined>,
	timeoutMs = 10_000,
	describe: string | (() => string) = 'condition not met',
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) {
			throw new Error(
				`timed out after ${timeoutMs} ms: ${typeof describe === 'string' ? describe : describe()}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}
