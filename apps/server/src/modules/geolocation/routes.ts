import {
  decryptGeolocationQuerySchema,
  geolocationDecisionSchema,
  geolocationLicenseSchema,
  sandboxLocateBodySchema,
  sandboxLocateResultSchema,
} from '@casino/contracts/geolocation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { SandboxGeoComply } from '../../providers/geolocation/sandbox-geocomply.js';
import type { Requester } from '../../kernel/location-gate/gate.js';
import type { GeolocationService } from './service.js';

const tags = ['geolocation'];

function requesterOf(request: FastifyRequest): Requester {
  return { userId: request.user!.id, sessionId: request.user!.sessionId, ip: request.ip };
}

/** GET /details/get-license-string and /details/decrypt-geocomply-data (seed 000 section 7). */
export const geolocationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; geolocation: GeolocationService }> = async (
  app,
  { ctx, geolocation },
) => {
  app.get(
    '/details/get-license-string',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: "The geolocation client's license (XML), bound to this login session, with the check interval and the mode",
        response: { 200: envelope(geolocationLicenseSchema) },
      },
    },
    async (request) => ok(geolocation.license(requesterOf(request))),
  );

  app.get(
    '/details/decrypt-geocomply-data',
    {
      // It records a location decision that opens or closes the gate.
      config: { changesState: true },
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'Decrypt, verify and judge a location packet; the decision is recorded and opens (or closes) the location gate',
        description:
          'A packet made for another session, from another address, altered, older than two minutes or already used is refused (3762, 3763, 3764). errorCode 0 is a pass; 604 no location, 605 a blocked state, 606 outside the US.',
        querystring: decryptGeolocationQuerySchema,
        response: { 200: envelope(geolocationDecisionSchema) },
      },
    },
    async (request) => ok(await geolocation.decrypt(requesterOf(request), request.query.token)),
  );
};

/** The sandbox vendor's own endpoint, at the root like the other sandboxes (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const sandboxGeoComplyRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGeoComply }> = async (app, { sandbox }) => {
  app.post(
    '/sandbox/geocomply/locate',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox vendor: locate the browser position sent by the client library and seal it into a packet',
        body: sandboxLocateBodySchema,
        response: { 200: envelope(sandboxLocateResultSchema) },
      },
    },
    async (request) => ok(sandbox.locate(request.body, request.ip)),
  );
};
