/** Starts the embedded local service in this process, for the profile "local". */
import { startLocalService } from '../local/service.js';
import type { LocalStarter } from './connect.js';

export const startLocal: LocalStarter = (options) => startLocalService(options);
