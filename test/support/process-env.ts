/** An app's environment for the official SDKs, which read their variables from process.env. */

/** Runs `body` with these variables in process.env, then puts process.env back as it was. */
export async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
	const before = { ...process.env };
	Object.assign(process.env, vars);
	try {
		return await body();
	} finally {
		for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
		Object.assign(process.env, before);
	}
}

/** The `NAME=value` lines of a `.env` (as `mqtop serve --env` prints them), as variables. */
export function envVariables(text: string): Record<string, string> {
	return Object.fromEntries(
		text
			.trim()
			.split('\n')
			.map((line) => line.split(/=(.*)/s, 2) as [string, string]),
	);
}
