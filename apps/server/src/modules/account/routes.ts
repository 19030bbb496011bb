import {
  accountProfileUpdateSchema,
  accountTexts,
  billingProfileRequestSchema,
  changePasswordRequestSchema,
  profileImageResultSchema,
  profileUpdateResultSchema,
} from '@casino/contracts/account';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { readUploadedImage } from '../../http/upload.js';
import { setSessionCookie } from '../../kernel/sessions/session-cookie.js';
import type { AccountService } from './service.js';

export const accountRateLimits = {
  changePassword: { max: 10, timeWindow: '15 minutes' },
  uploadImage: { max: 20, timeWindow: '15 minutes' },
} as const;

/** A zod failure of a body chosen by hand, shaped like the route validation's 400. */
function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({ field: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  return new AppError('RequestInputValidation', issues[0]?.message, { issues });
}

/**
 * The account area: PUT /user/profile (account form, complete-profile modal and the
 * billing-details step: one path), PUT /user/changePassword, and the avatar upload and image.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; account: AccountService }> = async (app, { ctx, account }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.put(
    '/user/profile',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['account'],
        summary: "Saves the player's profile: the account form, the complete-profile modal, or the billing-details step (skipCheck true)",
        description:
          'Seed 001 section 5 rules and messages (the billing step adds its own). The account form must send gender (male, female or other); the billing step sends none and leaves it as it was. state is a state_id of GET /details/state, city one of its cities. First name, last name, date of birth and e-mail cannot change once set; an e-mail another account holds is 3007. Answers "Profile updated successfully.".',
        body: z.looseObject({ skipCheck: z.boolean().optional() }),
        response: { 200: envelope(profileUpdateResultSchema) },
      },
    },
    async (request) => {
      const schema = request.body.skipCheck === true ? billingProfileRequestSchema : accountProfileUpdateSchema;
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) throw validationError(parsed.error);
      const saved = await account.updateProfile(request.user!.id, parsed.data);
      return ok(saved, accountTexts.profileUpdated);
    },
  );

  app.put(
    '/user/changePassword',
    {
      preHandler: ctx.guards.requireUser,
      config: { rateLimit: accountRateLimits.changePassword },
      schema: {
        tags: ['account'],
        summary: 'Changes the password (old and new base64); ends every other session of the player',
        description:
          'Seed 001 section 5 rules. 3038 when the old password is wrong. The current session stays, with a new cookie token; every other session and its sockets end.',
        body: changePasswordRequestSchema,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (request, reply) => {
      const session = await account.changePassword(request.user!, request.body);
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return ok({ message: accountTexts.passwordChanged }, accountTexts.passwordChanged);
    },
  );

  app.post(
    '/user/upload-image',
    {
      preHandler: ctx.guards.requireUser,
      config: { rateLimit: accountRateLimits.uploadImage },
      schema: {
        tags: ['account'],
        summary: 'Uploads the avatar (multipart field `document`): JPEG or PNG by content, re-encoded and resized',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(profileImageResultSchema) },
      },
    },
    async (request) => {
      const bytes = await readUploadedImage(request, { field: 'document', maxBytes: ctx.config.PROFILE_IMAGE_MAX_BYTES });
      const profileImage = await account.uploadAvatar(request.user!.id, bytes);
      return ok({ status: true, profileImage }, accountTexts.imageUploaded);
    },
  );

  app.get(
    '/user/profile-image/:imageId',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['account'],
        summary: "The player's own avatar (its profileImage address); 404 for anyone else's",
        params: z.object({ imageId: z.string().regex(/^[0-9a-f]{32}$/) }),
      },
    },
    async (request, reply) => {
      const image = await account.avatar(request.user!.id, request.params.imageId);
      if (!image) throw new AppError('NotFound');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
