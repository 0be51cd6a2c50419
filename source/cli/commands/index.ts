import type { Command } from '../command.js';
import { configCommand } from './config.js';
import { dlqCommand } from './dlq.js';
import { flowCommand } from './flow.js';
import { groupCommand } from './group.js';
import { listenCommand } from './listen.js';
import { logsCommand } from './logs.js';
import { messageCommand } from './message.js';
import { publishCommand } from './publish.js';
import { queuesCommand } from './queues.js';
import { schedulesCommand } from './schedules.js';
import { searchCommand } from './search.js';
import { serveCommand } from './serve.js';
import { statsCommand } from './stats.js';
import { triggerCommand } from './trigger.js';
import { usersCommand } from './users.js';
import { vectorCommand } from './vector.js';
import { webhookUrlCommand } from './webhook-url.js';
import { workflowsCommand } from './workflows.js';

/** Every command of `mqtop <command>`; each lives in its own module beside this one. */
export const commands: Command[] = [
	serveCommand,
	listenCommand,
	configCommand,
	usersCommand,
	statsCommand,
	searchCommand,
	vectorCommand,
	messageCommand,
	publishCommand,
	triggerCommand,
	workflowsCommand,
	groupCommand,
	webhookUrlCommand,
	dlqCommand,
	logsCommand,
	schedulesCommand,
	queuesCommand,
	flowCommand,
];
