import type { Command } from '../command.js';
import { serveCommand } from './serve.js';

/** Every command of `mqtop <command>`; each lives in its own module beside this one. */
export const commands: Command[] = [serveCommand];
