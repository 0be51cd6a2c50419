/**
 * `mqtop serve --regions`: one local service per region, each on its own port with its own
 * credentials, signing keys and state (docs/protocol/regions.md), started and stopped together
 * and described as one server whose default is the first region.
 */
import type { LocalService, StopReport } from '../local/service.js';
import type { RegionInfo } from './local-server.js';
import { regionEnvPrefix } from './regions.js';

export interface RegionalService {
	region: string;
	service: LocalService;
}

/**
 * Starts a service for each region in order; when one cannot start, those started are stopped
 * and its error is thrown: the regions run all together or not at all.
 */
export async function startRegions(
	regions: readonly string[],
	start: (region: string, index: number) => Promise<LocalService>,
): Promise<RegionalService[]> {
	const started: RegionalService[] = [];
	try {
		for (const [index, region] of regions.entries())
			started.push({ region, service: await start(region, index) });
	} catch (error) {
		await Promise.all(started.map(({ service }) => service.close().catch(() => {})));
		throw error;
	}
	return started;
}

/** What `serve --json` and server.json list of each region. */
export function regionsInfo(services: readonly RegionalService[]): RegionInfo[] {
	return services.map(({ region, service }) => ({
		region,
		queueUrl: service.queueUrl,
		// As it is now: a rotation changes it while the server runs.
		token: service.context.credentials.token,
		currentSigningKey: service.currentSigningKey,
		nextSigningKey: service.nextSigningKey,
		managementUrl: service.managementUrl,
		email: service.email,
		apiKey: service.apiKey,
		accountId: service.accountId,
	}));
}

/** Stops every region; what they leave, added up (the first region's reason when one could not save). */
export async function closeRegions(services: readonly RegionalService[]): Promise<StopReport> {
	const reports = await Promise.all(services.map(({ service }) => service.close()));
	const evicted: Record<string, number> = {};
	for (const report of reports)
		for (const [store, n] of Object.entries(report.evicted)) evicted[store] = (evicted[store] ?? 0) + n;
	const unsaved = reports
		.map((report, at) =>
			report.unsaved === undefined ? undefined : `${services[at]?.region}: ${report.unsaved}`,
		)
		.filter((text) => text !== undefined);
	return {
		pending: reports.reduce((sum, report) => sum + report.pending, 0),
		...(unsaved.length === 0 ? {} : { unsaved: unsaved.join('; ') }),
		evicted,
	};
}

/** The banner's lines for the regions: each one's address, token and keys, the default marked. */
export function regionBanner(services: readonly RegionalService[]): string {
	const rows = services.flatMap(({ region, service }, at): string[] => [
		`  ${region}${at === 0 ? ' (default: the details above)' : ''}  ${regionEnvPrefix(region)}_*`,
		`    queue URL            ${service.queueUrl}`,
		`    token (Bearer)       ${service.token}`,
		`    current signing key  ${service.currentSigningKey}`,
		`    next signing key     ${service.nextSigningKey}`,
	]);
	return (
		`Regions (each its own URL, credentials, signing keys and state; deliveries say which in their Region header):\n` +
		`${rows.join('\n')}\n\n`
	);
}
