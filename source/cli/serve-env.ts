/**
 * `mqtop serve --env`, and what `mqtop serve` checks of a data directory before it starts: the
 * lines of the server that runs there, else of the identity it keeps (each region's with
 * --regions, docs/protocol/regions.md).
 */

import { keptServiceInfo } from '../local/service.js';
import { exitCodes } from './command.js';
import type { LocalStartOptions } from './connect.js';
import { ListenError } from './failure.js';
import { envLines, findLocalServer, type LocalServerInfo, readServerFile } from './local-server.js';
import type { Output } from './output.js';
import { regionDataDir, regionPort } from './regions.js';

interface EnvWhere {
	host: string;
	port: number;
	regions: readonly string[] | undefined;
	/** Why a kept identity could not be read, as the error to report. */
	startFailure: (error: unknown, where: { host: string; port: number; dataDir: string }) => Promise<Error>;
}

/**
 * Regions and a server of one region do not share a data directory: each would announce itself
 * in its server.json, and commands would find only the last.
 */
export async function refuseBesideRegions(dataDir: string, regions: boolean): Promise<void> {
	const kept = await readServerFile(dataDir);
	if (!kept || (!regions && !kept.regions) || kept.pid === process.pid) return;
	const running = await findLocalServer(dataDir);
	if (running)
		throw new ListenError(
			`the data directory ${dataDir} is in use by another mqtop (pid ${running.pid}, ${running.queueUrl})`,
			'use the server that runs, stop it first, or give this one a directory of its own (--data-dir <path>)',
		);
}

/** `--env`: the lines of the server that runs on this data directory, else of the kept identity. */
export async function printEnv(
	out: Output,
	options: LocalStartOptions & { dataDir: string },
	{ host, port, regions, startFailure }: EnvWhere,
): Promise<number> {
	const running = await findLocalServer(options.dataDir);
	let info: LocalServerInfo;
	if (running) {
		info = running;
	} else {
		const kept = async (index: number, dataDir: string) => {
			const where = { host, port: regionPort(port, index), dataDir };
			const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${where.port}`;
			try {
				return await keptServiceInfo(
					{ ...(index === 0 ? options : { dialect: options.dialect }), dataDir },
					baseUrl,
				);
			} catch (error) {
				throw await startFailure(error, where);
			}
		};
		if (regions) {
			const each = [];
			for (const [index, region] of regions.entries())
				each.push({ region, ...(await kept(index, regionDataDir(options.dataDir, region))) });
			const first = each[0] as (typeof each)[number];
			info = { ...first, pid: process.pid, keepsState: true, regions: each.map(regionOf) };
		} else info = { ...(await kept(0, options.dataDir)), pid: process.pid, keepsState: true };
	}
	if (out.json)
		out.document(Object.fromEntries(envLines(info, info.dialect).map((line) => line.split(/=(.*)/s, 2))));
	else out.lines(envLines(info, info.dialect));
	return exitCodes.ok;
}

function regionOf(
	info: { region: string } & Pick<
		LocalServerInfo,
		'queueUrl' | 'token' | 'currentSigningKey' | 'nextSigningKey'
	>,
) {
	const { region, queueUrl, token, currentSigningKey, nextSigningKey } = info;
	return { region, queueUrl, token, currentSigningKey, nextSigningKey };
}
