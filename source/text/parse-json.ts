/**
 * JSON text read as a schema says, for what was written to disk or may have been damaged
 * there: undefined when it is not JSON or not of that shape, never an exception. Pure.
 */
import type { z } from 'zod';

export function parseJsonAs<T>(text: string, schema: z.ZodType<T>): T | undefined {
	try {
		const parsed = schema.safeParse(JSON.parse(text));
		return parsed.success ? parsed.data : undefined;
	} catch {
		return undefined;
	}
}
