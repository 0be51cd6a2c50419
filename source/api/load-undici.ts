/**
 * undici, loaded when the first request goes out rather than when a module that sends one is
 * imported: loading it is a good part of a process's start (the monitor draws its first frame
 * meanwhile). Every caller shares the one load.
 */
type Undici = typeof import('undici');

let loading: Promise<Undici> | undefined;

export function loadUndici(): Promise<Undici> {
	loading ??= import('undici');
	return loading;
}
