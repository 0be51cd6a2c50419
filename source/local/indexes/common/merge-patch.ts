/** RFC 7396 JSON Merge Patch: null deletes a field, objects merge, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
	if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
	const out: Record<string, unknown> =
		target !== null && typeof target === 'object' && !Array.isArray(target)
			? { ...(target as Record<string, unknown>) }
			: {};
	for (const [key, value] of Object.entries(patch)) {
		if (value === null) delete out[key];
		else out[key] = mergePatch(out[key], value);
	}
	return out;
}
