/**
 * The data directory is used by another process (LevelDB's lock is held). A module of its own,
 * so that the monitor can tell this error without loading LevelDB (the journal) on its thread.
 */
export class StateInUseError extends Error {
	override name = 'StateInUseError';
}
