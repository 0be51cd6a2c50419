/** The service reads cron expressions with the same parser the TUI and the commands use to show them. */
export { CronError, type CronSchedule, parseCron } from '../../api/cron.js';
