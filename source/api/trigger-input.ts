/**
 * Workflow trigger items as a person writes them in a JSON file, read the same way by
 * `mqtop trigger <items.json>` and by the TUI's trigger loader: a body that is not a string is
 * JSON, sent as its serialisation (WorkflowTriggerInputs).
 */
import { describeZodError, WorkflowTriggerInputs, type WorkflowTriggerItem } from './schemas.js';

/** The items of a JSON file's text, or why there are none; `label` names the file in the message. */
export function parseTriggerItems(
	text: string,
	label: string,
): { items: WorkflowTriggerItem[] } | { error: string } {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { error: `${label} is not valid JSON: ${(error as Error).message}` };
	}
	const parsed = WorkflowTriggerInputs.safeParse(json);
	if (!parsed.success) return { error: `${label}: ${describeZodError(parsed.error, 'items')}` };
	if (parsed.data.length === 0) return { error: `${label}: no items to trigger` };
	return { items: parsed.data };
}
