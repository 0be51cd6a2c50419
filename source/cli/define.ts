/**
 * Everything commands share: the common flags, help, the config file and connection
 * resolution, connecting (and disconnecting), and turning failures into exit codes. A command
 * only declares its flags and does its one job.
 */
import { dialectPresetNames } from '../api/dialect.js';
import { type LoadedConfig, loadConfigFile } from '../config/file.js';
import { configFilePath, dataDirPath } from '../config/paths.js';
import { type Resolved, resolveConnection } from '../config/resolve.js';
import { envName, flagName, type SettingKey, secretKeys, settingKeys } from '../config/settings.js';
import { type FlagSpecs, formatFlagHelp, type ParsedArgs, parseFlags, UsageError } from './args.js';
import { type Command, exitCodes } from './command.js';
import {
	type Api,
	type Connection,
	describeCredentials,
	type LocalFinder,
	openConnection,
} from './connect.js';
import { describeFailure, formatFailure, wantsJson } from './failure.js';
import { type Io, processIo } from './io.js';
import type { LocalServerInfo } from './local-server.js';
import { findLocal } from './local-starter.js';
import { Output } from './output.js';
import { readSecretFiles, secretFileFlag, secretFileFlags } from './secret-files.js';

export interface CommandContext {
	args: ParsedArgs;
	out: Output;
	io: Io;
	/** `--reveal`: show secrets instead of masking them. */
	reveal: boolean;
	config: LoadedConfig;
	resolved: Resolved;
	/** The local server's data directory: its state, and how commands find it while it runs. */
	dataDir: string;
	/** Connects to the API the command declared; closed by the runner when the command ends. */
	connect(): Promise<Connection>;
	/** The local server that runs for the data directory, if one does. */
	localServer(): Promise<LocalServerInfo | undefined>;
	/** Aborted on Ctrl-C, for commands that run until stopped. */
	signal: AbortSignal;
}

export interface CommandSpec {
	/** As typed after `mqtop`, e.g. `stats mq`. */
	name: string;
	summary: string;
	/** What follows the name in the usage line, e.g. `<accountId>`. */
	usage: string;
	/** Paragraphs of help text. */
	description?: string[];
	examples?: string[];
	arguments: { min: number; max: number };
	flags?: FlagSpecs;
	/** The API the command talks to; none for commands that work offline. */
	api?: Api;
	/** Offers `--reveal`. */
	secrets?: boolean;
	/** Runs until Ctrl-C (or its own end), watching `signal`. */
	interruptible?: boolean;
	run(context: CommandContext): Promise<number | undefined>;
}

const outputFlags: FlagSpecs = {
	json: { type: 'boolean', description: 'print JSON for scripts instead of tables' },
	help: { type: 'boolean', short: 'h', description: 'show this help' },
};

const revealFlag: FlagSpecs = {
	reveal: { type: 'boolean', description: 'show tokens, keys and passwords instead of masking them' },
};

const settingPlaceholders: Record<SettingKey, string> = {
	queueUrl: '<url>',
	token: '<token>',
	managementUrl: '<url>',
	email: '<email>',
	apiKey: '<key>',
	currentSigningKey: '<key>',
	nextSigningKey: '<key>',
	headerPrefix: '<prefix>',
	tokenParam: '<name>',
	productSegment: '<segment>',
	issuer: '<name>',
	dialect: '<preset>',
	partnerWord: '<word>',
};

const connectionFlags: FlagSpecs = {
	profile: { type: 'string', value: '<name>', description: 'connection profile (also MQTOP_PROFILE)' },
	config: { type: 'string', value: '<path>', description: 'config file (also MQTOP_CONFIG)' },
	'data-dir': {
		type: 'string',
		value: '<path>',
		description: "the local server's data directory (also MQTOP_DATA_DIR; default $XDG_DATA_HOME/mqtop)",
	},
	...Object.fromEntries(
		settingKeys.map((key) => [
			flagName(key),
			{
				type: 'string',
				value: settingPlaceholders[key],
				description:
					key === 'dialect'
						? `the five names below at once: ${dialectPresetNames.join(' or ')} (the deployed service)`
						: secretKeys.has(key)
							? `${key} of the connection (others see it in ps: prefer ${envName(key)} or --${secretFileFlag(key)})`
							: `${key} of the connection`,
			},
		]),
	),
	...secretFileFlags,
};

const secretsNote =
	'Secrets given as flags are visible to other users in `ps` and stay in the shell history: the MQTOP_* ' +
	'variables, a profile in the config file, or the --*-file flags (- reads standard input) are safer.';

/** `mqtop publish`, or `mqtop` for the monitor, whose name is empty. */
function commandLine(spec: Pick<CommandSpec, 'name'>): string {
	return spec.name ? `mqtop ${spec.name}` : 'mqtop';
}

export const localServiceNote =
	'With no profile configured, the command uses the local server that `mqtop serve` (or the monitor) runs ' +
	'for the data directory, and exits 3 with a hint when none runs. Point a profile at a deployment to use ' +
	'that instead.';

export const exitCodesLine =
	'Exit codes: 0 ok, 1 the service said no, 2 bad usage, 3 cannot connect (or listen). With --json a ' +
	'failure is one JSON object on stderr: {"error", "exitCode", "status"?, "hint"?}.';

export function helpText(spec: CommandSpec): string {
	const sections = [
		`Usage\n  ${commandLine(spec)}${spec.usage ? ` ${spec.usage}` : ''} [flags]`,
		spec.summary,
	];
	if (spec.description) sections.push(...spec.description);
	if (spec.flags && Object.keys(spec.flags).length > 0)
		sections.push(`Flags\n${formatFlagHelp(spec.flags).join('\n')}`);
	sections.push(
		`Output\n${formatFlagHelp({ ...outputFlags, ...(spec.secrets ? revealFlag : {}) }).join('\n')}`,
	);
	if (spec.api) {
		sections.push(
			`Connection (flags win over MQTOP_* variables, which win over the profile)\n${formatFlagHelp(connectionFlags).join('\n')}`,
		);
		sections.push(secretsNote, localServiceNote);
	} else {
		sections.push(`Connection\n${formatFlagHelp(connectionFlags).join('\n')}`, secretsNote);
	}
	if (spec.examples) sections.push(`Examples\n${spec.examples.map((e) => `  ${e}`).join('\n')}`);
	return `${sections.join('\n\n')}\n\n${exitCodesLine}\n`;
}

/** Every flag a command takes: its own, then the output and connection flags all share. */
export function commandFlags(spec: CommandSpec): FlagSpecs {
	return { ...spec.flags, ...outputFlags, ...(spec.secrets ? revealFlag : {}), ...connectionFlags };
}

export interface RunOptions {
	io?: Io;
	findLocal?: LocalFinder;
}

/** Parses, resolves, runs and cleans up; resolves to the exit code and never throws. */
export async function runSpec(
	spec: CommandSpec,
	argv: readonly string[],
	options: RunOptions = {},
): Promise<number> {
	const io = options.io ?? processIo();
	const specs = commandFlags(spec);
	let connection: Connection | undefined;
	let resolved: Resolved | undefined;
	let json = wantsJson(argv);
	const controller = new AbortController();
	const interrupt = () => controller.abort();
	try {
		const args = await parseFlags(argv, specs);
		json = args.boolean('json');
		if (args.boolean('help')) {
			io.stdout.write(helpText(spec));
			return exitCodes.ok;
		}
		const count = args.positionals.length;
		if (count < spec.arguments.min)
			throw new UsageError(`missing argument: ${commandLine(spec)} ${spec.usage}`);
		if (count > spec.arguments.max)
			throw new UsageError(
				`too many arguments: ${JSON.stringify(args.positionals.slice(spec.arguments.max))}`,
			);
		const out = new Output(io, json);
		// A file named on the command line must exist; elsewhere a missing file is no profiles.
		const named = args.string('config');
		const configPath = named ?? configFilePath(io);
		const config = await loadConfigFile(configPath, io.platform, { mustExist: named !== undefined });
		for (const warning of config.warnings) out.warn(warning);
		const { secrets, stdinTakenBy } = await readSecretFiles(args, io);
		const commandIo: Io = stdinTakenBy ? { ...io, stdinTakenBy } : io;
		const current = resolveConnection({
			config: config.config,
			configPath,
			env: io.env,
			flags: {
				profile: args.string('profile'),
				...Object.fromEntries(settingKeys.map((key) => [key, args.string(flagName(key))])),
			},
			fileFlags: secrets,
		});
		resolved = current;
		const dataDir = args.string('data-dir') ?? dataDirPath(io);
		const findServer = options.findLocal ?? findLocal;
		if (spec.interruptible) process.once('SIGINT', interrupt);
		const code = await spec.run({
			args,
			out,
			io: commandIo,
			reveal: args.boolean('reveal'),
			config,
			resolved: current,
			dataDir,
			connect: async () => {
				if (!spec.api) throw new Error(`${spec.name} declared no API`);
				connection ??= await openConnection(current, spec.api, {
					configPath,
					dataDir,
					findLocal: findServer,
					note: (text) => {
						if (!out.json && io.stderr !== undefined && (io.stderr as { isTTY?: boolean }).isTTY)
							out.warn(text);
					},
				});
				return connection;
			},
			localServer: () => findServer(dataDir),
			signal: controller.signal,
		});
		return code ?? exitCodes.ok;
	} catch (error) {
		const failure = describeFailure(error, {
			...(resolved && spec.api ? { credentials: describeCredentials(resolved, spec.api) } : {}),
		});
		const help = `run: ${commandLine(spec)} --help`;
		const usage = failure.code === exitCodes.usage && error instanceof UsageError;
		if (json)
			io.stderr.write(formatFailure(usage && !failure.hint ? { ...failure, hint: help } : failure, true));
		else io.stderr.write(`${formatFailure(failure)}${usage ? `  ${help}\n` : ''}`);
		return failure.code;
	} finally {
		process.off('SIGINT', interrupt);
		await connection?.close().catch(() => {});
	}
}

export function defineCommand(spec: CommandSpec): Command & { spec: CommandSpec } {
	return { name: spec.name, summary: spec.summary, spec, run: (argv) => runSpec(spec, argv) };
}

/**
 * A command with subcommands, e.g. `mqtop group ls`. With `fallback`, the command with no
 * subcommand (or with only flags, e.g. `mqtop schedules --json`) runs that one.
 */
export function defineGroup(
	name: string,
	summary: string,
	subcommands: readonly CommandSpec[],
	/** `fallbackTakesArguments`: a first word that names no subcommand is the fallback's argument (`mqtop search <id>`). */
	options: { fallback?: CommandSpec; fallbackTakesArguments?: boolean } = {},
): Command & { subcommands: readonly CommandSpec[] } {
	const help = () => {
		const width = Math.max(...subcommands.map((s) => s.name.length + s.usage.length + 1));
		const list = subcommands.map((s) => `  mqtop ${`${s.name} ${s.usage}`.padEnd(width)}  ${s.summary}`);
		const bare = options.fallback ? `\n\`mqtop ${name}\` alone runs \`mqtop ${options.fallback.name}\`.` : '';
		return `Usage\n${list.join('\n')}\n${bare}\nRun \`mqtop ${name} <subcommand> --help\` for the flags of each.\n`;
	};
	return {
		name,
		summary,
		subcommands,
		run: async (argv) => {
			const [first, ...rest] = argv;
			const sub = subcommands.find((s) => s.name === `${name} ${first}`);
			if (sub) return runSpec(sub, rest);
			if (first === '--help' || first === '-h' || first === 'help') {
				process.stdout.write(help());
				return exitCodes.ok;
			}
			if (
				options.fallback &&
				(first === undefined || first.startsWith('-') || options.fallbackTakesArguments)
			)
				return runSpec(options.fallback, argv);
			const message =
				first === undefined ? `${name} needs a subcommand` : `unknown subcommand ${JSON.stringify(first)}`;
			process.stderr.write(
				wantsJson(argv)
					? formatFailure({ code: exitCodes.usage, message, hint: `run: mqtop ${name} --help` }, true)
					: `mqtop: ${message}\n\n${help()}`,
			);
			return exitCodes.usage;
		},
	};
}
