/** The start-up baseline of the TUI benchmark: a node process that reports as soon as it runs. */
const ms = performance.now();
process.send?.({ ms }, () => process.exit(0));
