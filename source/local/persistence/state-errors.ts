/**
 * Why a data directory cannot be used, one class a reason. A module of its own, without
 * LevelDB, so that the monitor and the worker's parent can tell these errors apart without
 * loading LevelDB (the journal) on their thread.
 */
/** The data directory cannot be used as it is: the message says why. */
export class StateError extends Error {
	override name = 'StateError';
}

/** Another process has the directory (LevelDB's lock is held). */
export class StateInUseError extends StateError {
	override name = 'StateInUseError';
}

/** The directory cannot be written (permissions, a read-only file system). */
export class StateReadOnlyError extends StateError {
	override name = 'StateReadOnlyError';
}

/** The disk holding the directory is full. */
export class StateNoSpaceError extends StateError {
	override name = 'StateNoSpaceError';
}

/** Files of the database are missing or cannot be read: `repairState` keeps what can be. */
export class StateDamagedError extends StateError {
	override name = 'StateDamagedError';
}

/**
 * The directory holds records in a layout this version does not know (a newer mqtop wrote
 * them): refused rather than skipped, so that nothing a newer version kept is lost by this one.
 */
export class StateVersionError extends StateError {
	override name = 'StateVersionError';
}

export const stateErrors = {
	StateError,
	StateInUseError,
	StateReadOnlyError,
	StateNoSpaceError,
	StateDamagedError,
	StateVersionError,
} as const;

/** The error named `name` (from a worker thread, where only names cross), if it is one of these. */
export function stateErrorNamed(name: string | undefined, message: string): StateError | undefined {
	const make = name === undefined ? undefined : stateErrors[name as keyof typeof stateErrors];
	return make ? new make(message) : undefined;
}
