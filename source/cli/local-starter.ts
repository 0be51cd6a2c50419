/** Starts the embedded local service for the profile "local". */
import { ConfigError } from '../config/file.js';
import type { LocalStarter } from './connect.js';

// Until the embedded local service lands on this branch, the profile "local" cannot connect.
export const startLocal: LocalStarter = async () => {
	throw new ConfigError('the embedded local service is not part of this build; configure a profile');
};
