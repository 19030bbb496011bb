import {
  PHONE_MESSAGES,
  sendPhoneOtpRequestSchema,
  sendPhoneOtpResponseSchema,
  verifyPhoneOtpRequestSchema,
  verifyPhoneOtpResponseSchema,
} from '@casino/contracts/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { PhoneService } from './phone-service.js';

/** Seed 001 section 7: POST /user/phone and POST /user/phoneVerify. */
export const phoneRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; phones: PhoneService }> = async (app, { ctx, phones }) => {
  app.post(
    '/user/phone',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Sends a 6-digit one-time code by SMS to a US number (+1)',
        description:
          'One code at a time per player; a new one after the resend delay (3733 before it, with details.retryAfterSeconds). 3735 when another player verified the number, 3736 when this player already verified a phone, 3737 when the number cannot receive SMS.',
        body: sendPhoneOtpRequestSchema,
        response: { 200: envelope(sendPhoneOtpResponseSchema) },
      },
    },
    async (request) => ok(await phones.sendOtp(request.user!.id, request.body.phone), PHONE_MESSAGES.otpSent),
  );

  app.post(
    '/user/phoneVerify',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Checks the one-time code and marks the number verified',
        description:
          '3730 wrong code (details.attemptsLeft), 3731 expired, 3732 too many wrong codes (the code is spent: ask for a new one), 3734 no code asked for this number, 3735 the number was verified by another player.',
        body: verifyPhoneOtpRequestSchema,
        response: { 200: envelope(verifyPhoneOtpResponseSchema) },
      },
    },
    async (request) => {
      const { phone } = await phones.verifyOtp(request.user!.id, request.body.phone, request.body.otp);
      return ok({ phone, phoneVerified: true as const }, PHONE_MESSAGES.otpVerified);
    },
  );
};
