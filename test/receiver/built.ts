import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A file of the build; these tests run the compiled program, so a missing build fails them. */
export function builtFile(relative: string): string {
	const path = fileURLToPath(new URL(`../../dist/${relative}`, import.meta.url));
	if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` before these tests`);
	return path;
}
