/** `mqtop trigger <items.json|->`: start workflow runs in one batch. */
import { parseTriggerItems } from '../../api/trigger-input.js';
import { orMissing } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../define.js';
import { readInput } from '../input.js';
import { warnIssues } from '../reading.js';

export const triggerCommand = defineCommand({
	name: 'trigger',
	summary: 'start workflow runs in a batch from a JSON file (or - for stdin)',
	usage: '<items.json|->',
	description: [
		'The file holds a JSON array of {"destination", "body"?, "headers"?}. A body that is not a string is ' +
			'JSON and is sent as its serialisation, as the workflow SDK\'s trigger({ body }) sends it ({"order":7} ' +
			'arrives as {"order":7}). Each item starts a run; an item whose run id header names a run that already ' +
			'exists is reported as deduplicated, not started again.',
	],
	examples: [`echo '[{"destination":"https://example.com/wf"}]' | mqtop trigger - --json`],
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, io, connect }) {
		const file = args.positionals[0]!;
		const label = file === '-' ? 'stdin' : file;
		const text = (await readInput(file, io, label)).toString('utf8');
		const parsed = parseTriggerItems(text, label);
		if ('error' in parsed) throw new UsageError(parsed.error);
		const items = parsed.items;
		const { client } = await connect();
		const { data: results, issues } = await client.workflows.triggerMany(items);
		warnIssues(out, 'trigger', issues);
		if (out.json) return void out.document(results);
		out.table(
			[
				{ header: '#', align: 'right' },
				{ header: 'destination' },
				{ header: 'run' },
				{ header: 'created' },
				{ header: 'outcome' },
			],
			results.map((result, i) => [
				String(i),
				sanitize(items[i]?.destination ?? '?'),
				sanitize(result.workflowRunId),
				orMissing(result.workflowCreatedAt, formatTime),
				result.deduplicated
					? { text: 'deduplicated: run exists', style: 'yellow' }
					: { text: 'started', style: 'green' },
			]),
		);
	},
});
