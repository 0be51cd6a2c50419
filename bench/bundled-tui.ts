/**
 * The monitor's TUI as `mqtop` runs it: startTui of the monitor's bundle, dist/cli/monitor.bundle.js
 * (its Ink built with the bundle's changes, text measured by ui/ink/cell-width), which
 * `npm run bench` builds first. Every benchmark child that times the TUI starts it from here.
 */
import { pathToFileURL } from 'node:url';
import type { startTui } from '../source/ui/run.js';
import { distFile } from './children.js';

export async function bundledStartTui(): Promise<typeof startTui> {
	const bundle = pathToFileURL(distFile('cli/monitor.bundle.js')).href;
	const { loadTui } = (await import(bundle)) as typeof import('../source/cli/monitor.js');
	return (await loadTui()).startTui;
}
