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
