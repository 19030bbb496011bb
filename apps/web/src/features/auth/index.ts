/** The auth feature's public entry: the signed-in player, the profile, the sign-in dialogs and the account menu. */
export { AccountMenu, SidebarLogOut, SidebarProfileShortcut } from './account-menu';
export { setAfterLogin } from './after-login';
export { forgetPlayer } from './api/logout';
export { openSignUpDialog, useAuthDialog } from './auth-dialog-store';
export { AuthDialogs } from './auth-dialogs';
export { isSignedIn, useAuthStore } from './auth-store';
export { profileQueryKey, profileQueryOptions, updateProfile, useProfile } from './profile';
export { useSignedInAcrossTabs } from './signed-in-tabs';
