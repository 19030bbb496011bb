/**
 * The layers of the server, held by `npm run lint` (docs/ARCHITECTURE.md 'Code map'). Each rule
 * names a direction the code must not take; a new import that breaks one fails the build.
 */
const serverFloorsBelowFeatures =
  '^apps/server/src/(kernel|db|http|lib|money|events|jobs|providers|realtime|rgs)/|^apps/server/src/context[.]ts$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one; split out what both need. Type-only cycles are allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'floors-below-features',
      comment:
        'What every request needs (kernel/: sessions, the location gate, the responsible-play guard), the ledger, ' +
        'the game server, sockets, providers and the database sit below the features and never import one: ' +
        'features call down, and are called through events or the composition (app.ts, demo-content.ts).',
      severity: 'error',
      from: { path: serverFloorsBelowFeatures, pathNot: '[.]test[.]ts$|/test-(support|players)[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'back-office-writes-through-features',
      comment:
        "The back office changes another feature's data only through that feature's module (its service or " +
        'back-office file): outside its read-only desk reports (*-queries.ts, kept read-only by ESLint), the admin ' +
        "module imports the back office's own tables only (db/schema/admin.ts, content-versions.ts), never the schema's index.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/admin/', pathNot: '[.]test[.]ts$|/test-support[.]ts$|-queries[.]ts$' },
      to: { path: '^apps/server/src/db/schema/', pathNot: '^apps/server/src/db/schema/(admin|content-versions)[.]ts$' },
    },
    {
      name: 'kernel-below-floors',
      comment: 'The kernel knows no socket, game server or provider.',
      severity: 'error',
      from: { path: '^apps/server/src/kernel/' },
      to: { path: '^apps/server/src/(realtime|rgs|providers|jobs)/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'The contracts are shared by the web app and the server and import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app reaches the server over HTTP only; what both need lives in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
  },
};
