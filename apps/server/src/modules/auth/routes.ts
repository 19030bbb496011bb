import {
  accountDetailsSchema,
  authTexts,
  emailRequestSchema,
  googleLoginRequestSchema,
  googleSignInConfigSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  userNameAvailabilityQuerySchema,
  userNameAvailabilitySchema,
  verifiedEmailSchema,
  verifyEmailQuerySchema,
} from '@casino/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { GoogleSignIn } from '../../providers/google/google-sign-in.js';
import { createAccountDiscoveryBudget } from './account-discovery-budget.js';
import type { AuthService, RequestMeta } from './service.js';
import { DEVICE_COOKIE, deviceIdOf, setDeviceCookie } from './known-devices.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../kernel/sessions/session-cookie.js';

/**
 * Request limits of the access routes, per client address unless noted.
 * Mails to one address: 3 per client address, and 10 from all addresses together, so that a
 * stranger's requests cannot use up the owner's while one mailbox still
 * cannot be flooded. Failed logins have their own limits in the database (login-throttle.ts);
 * the answers that say whether an account exists share one more (account-discovery-budget.ts).
 * All of these are off when RATE_LIMIT_ENABLED is false.
 */
export const authRateLimits = {
  signUp: { max: 10, timeWindow: '15 minutes' },
  userNameCheck: { max: 60, timeWindow: '1 minute' },
  login: { max: 30, timeWindow: '1 minute' },
  googleLogin: { max: 30, timeWindow: '1 minute' },
  verifyEmail: { max: 30, timeWindow: '15 minutes' },
  mailPerAddress: { max: 10, timeWindow: '15 minutes' },
  mailPerEmailAndAddress: { max: 3, timeWindow: '15 minutes' },
  mailPerEmail: { max: 10, timeWindow: '15 minutes' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
} as const;

const emptySchema = z.object({});

function metaOf(request: FastifyRequest): RequestMeta & { deviceId: string } {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    currentSessionToken: request.cookies[SESSION_COOKIE],
    deviceId: deviceIdOf(request.cookies[DEVICE_COOKIE]),
  };
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService; google: GoogleSignIn }> = async (
  app,
  { ctx, auth, google },
) => {
  const discovery = createAccountDiscoveryBudget(app, app.log);

  /** Limits keyed by the e-mail in the body (with and without the client address), checked once the body is parsed. */
  function perEmailLimit(purpose: string) {
    const emailOf = (request: FastifyRequest) => String((request.body as { email?: string }).email ?? '').toLowerCase();
    const perPair = app.createRateLimit({
      ...authRateLimits.mailPerEmailAndAddress,
      keyGenerator: (request) => `${purpose}:${emailOf(request)}|${request.ip}`,
    });
    const perEmail = app.createRateLimit({
      ...authRateLimits.mailPerEmail,
      keyGenerator: (request) => `${purpose}:${emailOf(request)}`,
    });
    return async (request: FastifyRequest) => {
      let result = await perPair(request);
      if (result.isAllowed || !result.isExceeded) result = await perEmail(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new AppError(
          'TooManyRequests',
          `Too many e-mails requested for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { retryAfterSeconds: result.ttlInSeconds },
        );
      }
    };
  }

  // One counter for Resend Email and the mail a login answered 3050 sends.
  const verificationMailLimit = perEmailLimit('resend');

  app.get(
    '/user/sign-up',
    {
      config: { rateLimit: authRateLimits.userNameCheck },
      preHandler: (request) => discovery.spend(request, request.query.userName),
      schema: {
        tags: ['account'],
        summary: 'Is this username taken? (ignoring case)',
        querystring: userNameAvailabilityQuerySchema,
        response: { 200: envelope(userNameAvailabilitySchema) },
      },
    },
    async (request) => ok({ isUserNameExist: await auth.isUserNameTaken(request.query.userName) }),
  );

  app.post(
    '/user/sign-up',
    {
      config: { rateLimit: authRateLimits.signUp },
      preHandler: (request) => discovery.spend(request, request.body.email),
      schema: {
        tags: ['account'],
        summary: 'Create an account (password base64); sends the verification e-mail, starts no session',
        body: signUpRequestSchema,
        response: { 200: envelope(signUpResponseSchema) },
      },
    },
    async (request) => ok(await auth.signUp(request.body, metaOf(request)), 'Verification mail has been sent to your e-mail address'),
  );

  app.post(
    '/user/login',
    {
      config: { rateLimit: authRateLimits.login },
      preHandler: (request) => discovery.spend(request, request.body.email, () => auth.hasSignedInFrom(request.body.email, request.ip)),
      schema: {
        tags: ['account'],
        summary: 'Log in with e-mail and password (base64); sets the session cookie',
        body: loginRequestSchema,
        response: { 200: envelope(accountDetailsSchema) },
      },
    },
    async (request, reply) => {
      const meta = metaOf(request);
      const { session, profile } = await auth.login(request.body, meta, () => verificationMailLimit(request));
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      setDeviceCookie(reply, ctx.config, meta.deviceId);
      return ok(profile, authTexts.loginSuccess);
    },
  );

  app.get(
    '/user/google-sign-in',
    {
      schema: {
        tags: ['account'],
        summary: 'How the sign-in screen offers Google: Google Identity Services or the sandbox account chooser',
        response: { 200: envelope(googleSignInConfigSchema) },
      },
    },
    async () => ok({ mode: google.mode, clientId: google.clientId }),
  );

  app.post(
    '/user/googleLogin',
    {
      config: { rateLimit: authRateLimits.googleLogin },
      schema: {
        tags: ['account'],
        summary: 'Sign in or create an account with a Google ID token; sets the session cookie',
        body: googleLoginRequestSchema,
        response: { 200: envelope(accountDetailsSchema) },
      },
    },
    async (request, reply) => {
      const meta = metaOf(request);
      const { session, profile } = await auth.googleLogin(request.body, meta);
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      setDeviceCookie(reply, ctx.config, meta.deviceId);
      return ok(profile, authTexts.loginSuccess);
    },
  );

  app.post(
    '/user/logout',
    {
      preHandler: ctx.guards.optionalUser,
      schema: {
        tags: ['account'],
        summary: 'End the session on the server and clear its cookie',
        response: { 200: envelope(emptySchema) },
      },
    },
    async (request, reply) => {
      if (request.user) await auth.logout(request.user.sessionId);
      clearSessionCookie(reply, ctx.config);
      return ok({}, authTexts.logoutSuccess);
    },
  );

  app.get(
    '/user/verifyEmail',
    {
      // It verifies the address and may credit a sign-up bonus: refused cross-site.
      config: { rateLimit: authRateLimits.verifyEmail, changesState: true },
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mail address with the token of the mailed link (no session needed)',
        querystring: verifyEmailQuerySchema,
        response: { 200: envelope(verifiedEmailSchema) },
      },
    },
    async (request) => ok(await auth.verifyEmail(request.query.token), authTexts.emailVerified),
  );

  app.post(
    '/user/resendVerifyEmail',
    {
      config: { rateLimit: authRateLimits.mailPerAddress },
      preHandler: [(request) => discovery.spend(request, request.body.email), verificationMailLimit],
      schema: {
        tags: ['account'],
        summary: 'Send a new verification e-mail',
        body: emailRequestSchema,
        response: { 200: envelope(emptySchema) },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return ok({}, authTexts.resendSuccess);
    },
  );

  app.post(
    '/user/forgetPassword',
    {
      config: { rateLimit: authRateLimits.mailPerAddress },
      preHandler: [(request) => discovery.spend(request, request.body.email), perEmailLimit('forgot')],
      schema: {
        tags: ['account'],
        summary: 'Send a password reset link',
        body: emailRequestSchema,
        response: { 200: envelope(emptySchema) },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok({}, authTexts.resetLinkSent);
    },
  );

  app.post(
    '/user/verifyForgetPassword',
    {
      config: { rateLimit: authRateLimits.resetPassword },
      schema: {
        tags: ['account'],
        summary: 'Set a new password (base64) with the key of the reset link; ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: envelope(emptySchema) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok({}, authTexts.passwordChanged);
    },
  );
};
