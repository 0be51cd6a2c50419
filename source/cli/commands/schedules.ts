/** `mqtop schedules [ls|show|create|pause|resume|rm]`: publishes repeated on a cron expression. */
import { CronError, parseCron } from '../../api/cron.js';
import type { Liberal } from '../../api/liberal.js';
import { Schedule } from '../../api/messaging-schemas.js';
import { missing, orMissing, text } from '../../format/missing.js';
import {
	describeScheduleState,
	type LastOutcome,
	lastRun,
	lastRunCell,
	lastRunHeading,
	scheduleTiming,
} from '../../format/schedule.js';
import { formatLocalDateTime, formatRelative, formatTime, localTimeZone } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import type { StyleName } from '../../text/style.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { nameArgument, nameFlag, wholeNumberFlag } from '../common.js';
import { type CommandSpec, defineGroup } from '../define.js';
import type { Output } from '../output.js';
import { checkDestination, messageFlagSpecs, messageFromArgs } from '../publish-flags.js';
import { extraPairs, warnIssues } from '../reading.js';
import { resourceAction } from '../resource-action.js';
import type { Cell } from '../table.js';

type Read = Liberal<typeof Schedule>;

const outcomeStyles: Record<LastOutcome, StyleName | undefined> = {
	failed: 'red',
	running: 'cyan',
	succeeded: 'green',
	none: 'dim',
};

function nextCell(schedule: Read, now: number): Cell {
	if (schedule.isPaused) return { text: 'paused', style: 'yellow' };
	const { next, problem } = scheduleTiming(schedule, now, 1);
	if (next === undefined) return problem ? { text: missing, style: 'dim' } : missing;
	return `${formatLocalDateTime(next)} (${formatRelative(next, now)})`;
}

function lastCell(schedule: Read, now: number): Cell {
	const last = lastRun(schedule);
	const style = outcomeStyles[last.outcome];
	const cell = lastRunCell(last, now, ', ');
	return style ? { text: cell, style } : cell;
}

export const schedulesLs: CommandSpec = {
	name: 'schedules ls',
	summary: 'list the schedules with their next and last runs (local time)',
	usage: '',
	arguments: { min: 0, max: 0 },
	api: 'queue',
	async run({ out, connect }) {
		const { client } = await connect();
		const { data: schedules, issues } = await client.schedules.list();
		warnIssues(out, 'schedules ls', issues);
		if (out.json) return void out.document(schedules);
		if (schedules.length === 0) return void out.line('no schedules');
		const now = Date.now();
		out.table(
			[
				{ header: 'schedule' },
				{ header: 'next run' },
				{ header: 'last run' },
				{ header: 'cron' },
				{ header: 'destination' },
			],
			schedules.map((s) => [
				sanitize(s.scheduleId),
				nextCell(s, now),
				lastCell(s, now),
				text(s.cron),
				text(s.destination),
			]),
		);
	},
};

function printSchedule(out: Output, schedule: Read, runs: number): void {
	const now = Date.now();
	const timing = scheduleTiming(schedule, now, runs);
	const last = lastRun(schedule);
	const labels = schedule.labels ?? (schedule.label !== undefined ? [schedule.label] : undefined);
	const flow = schedule.flowControlKey
		? [
				sanitize(schedule.flowControlKey),
				schedule.parallelism !== undefined ? `parallelism=${schedule.parallelism}` : '',
				schedule.rate !== undefined ? `rate=${schedule.rate}` : '',
				schedule.period !== undefined ? `period=${schedule.period}s` : '',
			]
				.filter(Boolean)
				.join(' ')
		: undefined;
	const optional = (label: string, value: string | undefined): [string, Cell][] =>
		value === undefined ? [] : [[label, sanitize(value)]];
	out.pairs([
		['schedule', sanitize(schedule.scheduleId)],
		['cron', text(schedule.cron)],
		[
			'read in',
			timing.problem
				? { text: sanitize(timing.problem), style: 'yellow' }
				: timing.zoned
					? `${sanitize(timing.zone!)} (CRON_TZ)`
					: 'UTC',
		],
		[
			'state',
			schedule.isPaused === undefined
				? missing
				: schedule.isPaused
					? { text: 'paused', style: 'yellow' }
					: { text: 'active', style: 'green' },
		],
		['destination', text(schedule.destination)],
		['method', text(schedule.method)],
		...optional('queue', schedule.queueName),
		['retries', orMissing(schedule.retries, String)],
		...optional('retry delay', schedule.retryDelayExpression),
		...(schedule.delay ? ([['delay', `${schedule.delay}s`]] as [string, Cell][]) : []),
		...optional('callback', schedule.callback),
		...optional('failure callback', schedule.failureCallback),
		...optional('flow control', flow),
		...optional('labels', labels?.join(', ')),
		['created', orMissing(schedule.createdAt, formatTime)],
		['caller IP', text(schedule.callerIp ?? schedule.callerIP)],
		...Object.entries(schedule.header ?? {}).map(([name, value]): [string, Cell] => [
			`header ${sanitize(name)}`,
			sanitize(Array.isArray(value) ? value.join(', ') : value),
		]),
		[
			'body',
			schedule.bodyBase64 !== undefined
				? '(base64, see --json)'
				: schedule.body === ''
					? '(empty)'
					: text(schedule.body),
		],
		...extraPairs(Schedule, schedule),
	]);
	out.line();
	const heading = schedule.isPaused ? 'next runs once resumed' : 'next runs';
	out.line(out.style.bold(`${heading}, in your local time (${sanitize(localTimeZone())}):`));
	if (timing.runs.length === 0) out.line(`  ${missing}`);
	for (const at of timing.runs)
		out.line(`  ${formatLocalDateTime(at)}  ${out.style.dim(formatRelative(at, now))}`);
	out.line();
	out.line(out.style.bold(lastRunHeading('last run', last, now)));
	const states = Object.entries(schedule.lastScheduleStates ?? {});
	if (states.length > 0)
		out.table(
			[{ header: 'message' }, { header: 'state' }],
			states.map(([id, state]) => [
				sanitize(id),
				{
					text: sanitize(describeScheduleState(state)),
					style: state === 'FAIL' ? 'red' : state === 'SUCCESS' ? 'green' : 'cyan',
				},
			]),
		);
}

export const schedulesShow: CommandSpec = {
	name: 'schedules show',
	summary: 'a schedule in full: its options, its next runs in local time, its last run',
	usage: '<scheduleId>',
	arguments: { min: 1, max: 1 },
	flags: { runs: { type: 'string', value: '<n>', description: 'how many next runs to list (default 5)' } },
	api: 'queue',
	async run({ args, out, connect }) {
		const id = nameArgument(args, 'scheduleId');
		const runs = wholeNumberFlag(args, 'runs', 0, 100) ?? 5;
		const { client } = await connect();
		const { data: schedule, issues } = await client.schedules.get(id);
		warnIssues(out, 'schedules show', issues);
		if (out.json) return void out.document(schedule);
		printSchedule(out, schedule, runs);
	},
};

function checkedCron(args: ParsedArgs): string {
	const cron = args.string('cron');
	if (cron === undefined) throw new UsageError("give --cron, e.g. --cron '*/5 * * * *'");
	try {
		return parseCron(cron).text;
	} catch (error) {
		if (error instanceof CronError) throw new UsageError(`--cron: ${error.message}`);
		throw error;
	}
}

export const schedulesCreate: CommandSpec = {
	name: 'schedules create',
	summary: 'create a schedule (or update one with --id) that publishes on a cron expression',
	usage: "<destination> --cron '<expression>'",
	description: [
		'The destination is a full http(s) URL or a URL Group name; every run publishes to it with the ' +
			'publish flags given here, as `mqtop publish` takes them. The cron expression has 5 fields (minute ' +
			'hour day-of-month month day-of-week) read in UTC, or in the zone of a CRON_TZ= prefix; the ' +
			'embedded local service also takes 6 fields with seconds first. Every value is checked before ' +
			'anything is sent.',
	],
	examples: [
		'mqtop schedules create https://example.com/report --cron \'0 9 * * 1-5\' --body \'{"report":"daily"}\' --content-type application/json',
		"mqtop schedules create my-group --cron 'CRON_TZ=Europe/Berlin 30 7 * * *' --id morning --retries 5",
		"mqtop schedules create https://example.com/sync --cron '*/10 * * * *' --queue sync --label sync --json",
	],
	arguments: { min: 1, max: 1 },
	flags: {
		cron: { type: 'string', value: '<expression>', description: 'when it runs, e.g. "*/5 * * * *"' },
		id: {
			type: 'string',
			value: '<scheduleId>',
			description: 'create under this id, or update the schedule of this id',
		},
		...messageFlagSpecs,
	},
	api: 'queue',
	async run({ args, out, io, resolved, connect }) {
		const destination = args.positionals[0]!;
		checkDestination(destination);
		const cron = checkedCron(args);
		const scheduleId = nameFlag(args, 'id');
		const { queueName, request } = await messageFromArgs(args, io, resolved.dialect, destination);
		const { client } = await connect();
		const id = await client.schedules.create({
			...request,
			cron,
			...(scheduleId ? { scheduleId } : {}),
			...(queueName ? { queueName } : {}),
		});
		if (out.json) return void out.document({ scheduleId: id });
		const next = scheduleTiming({ cron }, Date.now(), 1).next;
		const when =
			next === undefined
				? ''
				: `; next run ${formatLocalDateTime(next)} (${formatRelative(next, Date.now())})`;
		out.line(`${scheduleId ? 'created or updated' : 'created'} schedule ${sanitize(id)}${when}`);
	},
};

export const schedulesCommand = defineGroup(
	'schedules',
	'publishes on a cron expression: ls, show, create, pause, resume, rm',
	[
		schedulesLs,
		schedulesShow,
		schedulesCreate,
		resourceAction({
			command: 'schedules pause',
			summary: 'pause a schedule: it does not run until resumed',
			argument: 'scheduleId',
			run: (client, id) => client.schedules.pause(id),
			done: (id) => ({ text: `paused schedule ${id}`, json: { scheduleId: id, paused: true } }),
		}),
		resourceAction({
			command: 'schedules resume',
			summary: 'resume a paused schedule',
			argument: 'scheduleId',
			run: (client, id) => client.schedules.resume(id),
			done: (id) => ({ text: `resumed schedule ${id}`, json: { scheduleId: id, paused: false } }),
		}),
		resourceAction({
			command: 'schedules rm',
			summary: 'delete a schedule',
			argument: 'scheduleId',
			run: (client, id) => client.schedules.delete(id),
			done: (id) => ({ text: `deleted schedule ${id}`, json: { scheduleId: id, deleted: true } }),
		}),
	],
	{ fallback: schedulesLs },
);
