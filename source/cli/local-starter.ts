/** Finds the running local server for the profile "local": the one real source of findLocal. */
import type { LocalFinder } from './connect.js';
import { findLocalServer } from './local-server.js';

export const findLocal: LocalFinder = (dataDir) => findLocalServer(dataDir);
