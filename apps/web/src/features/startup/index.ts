/** The start-up queue's public entry: the queue the layout mounts, and the shape of a feature's step. */
export type { StartupStep } from './registry';
export { StartupQueue } from './startup-queue';
