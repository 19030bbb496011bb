/** Modal-queue ids of the bonus dialogs (enqueuing an id already queued does nothing). */
export const bonusDialogIds = { daily: 'daily-bonus', welcome: 'welcome-bonus' } as const;
