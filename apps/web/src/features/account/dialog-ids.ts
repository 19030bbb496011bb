/** The complete-profile modal's id in the modal queue (a file of its own: the start-up queue imports it eagerly). */
export const COMPLETE_PROFILE_DIALOG_ID = 'complete-profile';
