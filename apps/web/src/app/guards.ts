import { redirect } from 'react-router';
import { isSignedIn } from '../features/auth';

/** Private routes send a visitor to / (seed 000 section 2 'Redirect rules'). */
export function requireSignedIn() {
  return isSignedIn() ? null : redirect('/');
}

/** Routes only for visitors send a signed-in player to /. */
export function visitorsOnly() {
  return isSignedIn() ? redirect('/') : null;
}
