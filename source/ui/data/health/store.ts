/**
 * The health report, kept up to date as the live tracker takes in answers, and the moment it
 * turns red: a bell or a desktop notification listens for that. Outside React.
 */
import type { HealthRule } from '../../../config/health.js';
import type { LiveTracker } from '../live/tracker.js';
import { Store } from '../store.js';
import { evaluateHealth, type HealthColour, type HealthReport, type RuleResult } from './evaluate.js';
import type { NotifyPlan } from './notify.js';

export interface HealthOptions {
	rules: readonly HealthRule[];
	/** Where the rules come from, in words: `the defaults`, `config file ~/.config/mqtop/config.json`. */
	source: string;
	notify: NotifyPlan;
}

export type RedListener = (firing: readonly RuleResult[]) => void;

export class HealthStore extends Store<HealthReport> {
	private readonly redListeners = new Set<RedListener>();
	/** The last colour that was not `unknown`: red after a spell without data is not news. */
	private known: HealthColour | undefined;
	private readonly stop: () => void;

	constructor(
		readonly options: HealthOptions,
		live: LiveTracker,
		private readonly now: () => number = Date.now,
	) {
		const { rules } = options;
		super(evaluateHealth(rules, live.getSnapshot(), now()));
		this.stop = live.subscribe(() => this.take(evaluateHealth(rules, live.getSnapshot(), this.now())));
	}

	/** Called each time the line turns red from green or yellow (not when it starts red). */
	onRed(listener: RedListener): () => void {
		this.redListeners.add(listener);
		return () => this.redListeners.delete(listener);
	}

	override close(): void {
		this.stop();
		this.redListeners.clear();
		super.close();
	}

	private take(report: HealthReport): void {
		const before = this.known;
		if (report.colour !== 'unknown') this.known = report.colour;
		this.set(report);
		if (report.colour === 'red' && before !== undefined && before !== 'red') {
			const firing = report.results.filter((r) => r.state === 'firing' && r.rule.level === 'red');
			for (const listener of [...this.redListeners]) listener(firing);
		}
	}
}
