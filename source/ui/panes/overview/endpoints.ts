/** The Overview reads the account's usage statistics, which the live rates read too (data/live). */
export { type MqStatsParams, mqStatsEndpoint, type UsageStats } from '../../data/live/endpoints.js';
