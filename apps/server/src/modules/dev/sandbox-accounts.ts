import type { SandboxGoogleAccount } from '@casino/contracts/auth';

/**
 * The test Google accounts the sandbox account chooser offers (any other address can be typed).
 * One has an unverified address, to exercise the 'Action Required' path (seed 000 section 2).
 * example.com is reserved for documentation: no real mailbox is ever involved.
 */
export const sandboxGoogleAccounts: SandboxGoogleAccount[] = [
  { email: 'casey.rivers@example.com', name: 'Casey Rivers', emailVerified: true },
  { email: 'jordan.lee@example.com', name: 'Jordan Lee', emailVerified: true },
  { email: 'sam.unverified@example.com', name: 'Sam Unverified', emailVerified: false },
];
